// Every public and admin page as a person meets it, at a phone, a tablet, a laptop and a desktop width,
// with JavaScript on and off: nothing scrolls sideways, no serious accessibility violation, and every
// link and button is big enough to tap (WCAG 2.2, 2.5.8: 24×24 px, or spaced so a 24 px circle fits).
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { ADMIN_PAGES, PUBLIC_PAGES, SCREEN_SIZES } from "../support/site-pages";
import { expect, signInAsAdmin, test, visitorContext } from "./fixtures";

const WIDTHS = SCREEN_SIZES.map((size) => size.width);
type Width = (typeof WIDTHS)[number];
const HEIGHT = Object.fromEntries(SCREEN_SIZES.map((size) => [size.width, size.height])) as Record<Width, number>;

function openContext(browser: Browser, width: Width, javaScriptEnabled: boolean) {
  return visitorContext(browser, { width, height: HEIGHT[width], javaScriptEnabled });
}

/** A post, a tag page: real addresses from the blog itself. */
async function discoveredPages(page: Page): Promise<string[]> {
  await page.goto("/blog");
  const post = await page
    .locator("main a[href^='/blog/']:not([href*='/category/']):not([href*='/tag/'])")
    .first()
    .getAttribute("href");
  await page.goto(post!);
  const terms = [];
  for (const kind of ["category", "tag"]) {
    const link = page.locator(`main a[href^='/blog/${kind}/']`).first();
    if (await link.count()) terms.push((await link.getAttribute("href"))!);
  }
  return [post!, ...terms];
}

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Links and buttons under 24×24 px whose 24 px circle overlaps another target (WCAG 2.2, 2.5.8), leaving
 * out the spec's exceptions: links inside a sentence, and native controls the browser sizes.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = "a[href], button, summary, [role='button'], input[type='checkbox'], input[type='radio']";
    const targets = [...document.querySelectorAll<HTMLElement>(selector)].filter((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return style.visibility !== "hidden" && style.display !== "none" && box.width > 0 && box.height > 0;
    });
    const inSentence = (element: HTMLElement) => {
      if (element.tagName !== "A") return false;
      const block = element.closest("p, li, dd, td, figcaption, blockquote, label, small");
      if (!block) return false;
      const text = (block.textContent ?? "").replace(element.textContent ?? "", "").trim();
      return text.length > 1;
    };
    const boxes = targets.map((element) => ({ element, box: element.getBoundingClientRect() }));
    const centre = (box: DOMRect) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
    const problems: string[] = [];
    for (const { element, box } of boxes) {
      if (box.width >= 24 && box.height >= 24) continue;
      if (inSentence(element)) continue;
      const c = centre(box);
      const crowded = boxes.some(({ element: other, box: otherBox }) => {
        if (other === element || other.contains(element) || element.contains(other)) return false;
        // The distance from this target's centre to the other target's box: under 12 px, circles overlap it.
        const dx = Math.max(otherBox.left - c.x, 0, c.x - otherBox.right);
        const dy = Math.max(otherBox.top - c.y, 0, c.y - otherBox.bottom);
        if (Math.hypot(dx, dy) < 12) return true;
        // Two undersized targets: their 24 px circles must not overlap.
        if (otherBox.width < 24 || otherBox.height < 24) {
          const o = centre(otherBox);
          return Math.hypot(o.x - c.x, o.y - c.y) < 24;
        }
        return false;
      });
      if (crowded) {
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40);
        problems.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return problems;
  });
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of WIDTHS) {
    test(`no page scrolls sideways at ${width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const context = await openContext(browser, width, javaScriptEnabled);
      const page = await context.newPage();
      const problems: string[] = [];
      for (const path of [...PUBLIC_PAGES, ...(await discoveredPages(page))]) {
        await page.goto(path);
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) problems.push(`${path}: ${overflow} px too wide`);
      }
      await signInAsAdmin(page);
      for (const path of ADMIN_PAGES) {
        await page.goto(path);
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) problems.push(`${path}: ${overflow} px too wide`);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
}

for (const width of [390, 1440] as const) {
  test(`every page has no serious accessibility violation and tappable targets at ${width} px`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await openContext(browser, width, true);
    const page = await context.newPage();
    const violations: string[] = [];
    const small: string[] = [];
    const check = async (path: string) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      for (const v of await seriousAxeViolations(page)) violations.push(`${path} ${v}`);
      for (const t of await smallTargets(page)) small.push(`${path} ${t}`);
    };
    for (const path of [...PUBLIC_PAGES, ...(await discoveredPages(page))]) await check(path);
    await signInAsAdmin(page);
    for (const path of ADMIN_PAGES) await check(path);
    expect(violations).toEqual([]);
    expect(small).toEqual([]);
    await context.close();
  });
}
