// A page whose HTML arrives in pieces (a slow network, a busy phone: the browser paints what it has read so
// far) is painted whole: no frame shows a half-read page, so nothing moves as the rest lands (issue 14: CLS 0).
// Without that, the header's menu toggle showed for a frame as the browser's default "Details" summary, and
// the "Shop Live Menu" button beside it moved when the real toggle arrived.
import type { Browser } from "@playwright/test";
import { startSlowHtmlProxy, type SlowHtmlProxy } from "../support/slow-html-proxy";
import { AGE_COOKIE_NAME } from "../../app/lib/age-gate";
import { expect, site, test, waitForHydration } from "./fixtures";
import { layoutShifts } from "./layout-shifts";

/**
 * Cuts where the page's body begins (a first visit's age gate comes next), in the middle of the header, after
 * the page's heading, after its main content and after the footer.
 */
const CUTS = ['<body data-area="site">', '<details class="site-drawer">', "</h1>", "</main>", "</footer>"];
const PAUSE_MS = 300;

let proxy: SlowHtmlProxy;
test.beforeAll(async () => {
  proxy = await startSlowHtmlProxy(site().url, { cutsAfter: CUTS, pauseMs: PAUSE_MS });
});
test.afterAll(async () => {
  await proxy.close();
});

async function openPage(browser: Browser, width: number, javaScriptEnabled: boolean, ageConfirmed: boolean) {
  const context = await browser.newContext({
    baseURL: proxy.url,
    viewport: { width, height: 900 },
    javaScriptEnabled,
    reducedMotion: "reduce",
  });
  if (ageConfirmed) await context.addCookies([{ name: AGE_COOKIE_NAME, value: String(Date.now()), url: proxy.url }]);
  // Before the page's own scripts: each frame the browser renders notes what the page held then. A browser
  // runs animation frames only for a document it renders, so a frame here is a frame painted.
  await context.addInitScript(() => {
    const frames: { footer: boolean; ageGate: boolean }[] = [];
    (window as unknown as { framesSeen: typeof frames }).framesSeen = frames;
    const note = () => {
      frames.push({
        footer: document.getElementById("site-footer") !== null,
        ageGate: document.querySelector("dialog.age-gate") !== null,
      });
      if (document.readyState === "loading") requestAnimationFrame(note);
    };
    requestAnimationFrame(note);
  });
  return { context, page: await context.newPage() };
}

for (const width of [390, 768]) {
  for (const javaScriptEnabled of [true, false]) {
    test(`at ${width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}: a page that arrives in pieces is painted whole, nothing moves`, async ({
      browser,
    }) => {
      const { context, page } = await openPage(browser, width, javaScriptEnabled, true);
      const moved: string[] = [];
      for (const path of ["/", "/reviews", "/contact"]) {
        await page.goto(path, { waitUntil: "load" });
        await waitForHydration(page, { javaScriptEnabled });
        await page.evaluate(() => document.fonts.ready);
        if (javaScriptEnabled) {
          const frames = await page.evaluate(
            () => (window as unknown as { framesSeen: { footer: boolean }[] }).framesSeen,
          );
          expect(frames.length, `${path}: frames while it loaded`).toBeGreaterThan(0);
          expect(
            frames.filter((frame) => !frame.footer),
            `${path}: frames painted before the footer arrived`,
          ).toEqual([]);
        }
        for (const shift of await layoutShifts(page)) {
          moved.push(`${path}: ${shift.value.toFixed(5)} ${shift.sources.join("; ")}`);
        }
        // The page did paint, whole: the toggle (phone, tablet) is its own 44 px, where a person can press it.
        const toggle = page.locator(".site-drawer__toggle");
        await expect(toggle).toBeVisible();
        const box = (await toggle.boundingBox())!;
        expect([box.width, box.height]).toEqual([44, 44]);
        const hit = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest(".site-drawer__toggle") !== null,
          { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        );
        expect(hit, `${path}: the menu toggle takes a tap`).toBe(true);
      }
      expect(moved, "layout shifts while the page arrived").toEqual([]);
      await context.close();
    });
  }
}

test("a first visit's page is painted with its age gate: no frame shows the site without the question", async ({
  browser,
}) => {
  const { context, page } = await openPage(browser, 390, true, false);
  await page.goto("/reviews", { waitUntil: "load" });
  await expect(page.getByRole("dialog", { name: /Welcome to/ })).toBeVisible();
  const frames = await page.evaluate(() => (window as unknown as { framesSeen: { ageGate: boolean }[] }).framesSeen);
  expect(frames.length, "frames while it loaded").toBeGreaterThan(0);
  expect(
    frames.filter((frame) => !frame.ageGate),
    "frames painted before the age gate arrived",
  ).toEqual([]);
  await context.close();
});
