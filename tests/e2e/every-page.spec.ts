// Every public and admin page as a person meets it, at the smallest phone, a phone, a tablet, a laptop and a
// desktop width, with JavaScript on and off, in passes that load each page at one width and then turn the window
// to others: nothing scrolls sideways (at 320 px too: WCAG 1.4.10 reflow); nothing on a public page moves while
// it loads and hydrates (issue 14: CLS 0); at the phone and desktop widths with JavaScript, no serious
// accessibility violation and every link and button big enough to tap (WCAG 2.2, 2.5.8: 24×24 px, or spaced
// so a 24 px circle fits); and with the browser's text at 200 % (WCAG 1.4.4), nothing cut off.
import type { Browser, Page } from "@playwright/test";
import {
  ADMIN_PAGES,
  discoverAdminEditPages,
  discoverMenuPages,
  MENU_PAGES,
  PUBLIC_PAGES,
  SCREEN_SIZES,
} from "../support/site-pages";
import {
  doubleTheTextSize,
  everyPublicPage,
  expect,
  seriousA11yViolations,
  signInAsAdmin,
  site,
  test,
  visitorContext,
  waitForHydration,
} from "./fixtures";
import { layoutShifts } from "./layout-shifts";

const WIDTHS = SCREEN_SIZES.map((size) => size.width);
type Width = (typeof WIDTHS)[number];
const HEIGHT = Object.fromEntries(SCREEN_SIZES.map((size) => [size.width, size.height])) as Record<Width, number>;

function openContext(browser: Browser, width: Width, javaScriptEnabled: boolean) {
  return visitorContext(browser, { width, height: HEIGHT[width], javaScriptEnabled });
}

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Links and buttons under 24×24 px whose 24 px circle overlaps another target (WCAG 2.2, 2.5.8), leaving
 * out the spec's exceptions: links inside a sentence, and native controls the browser sizes; and what an open
 * modal dialog covers, which cannot be tapped at all.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = "a[href], button, summary, [role='button'], input[type='checkbox'], input[type='radio']";
    // Behind an open modal dialog nothing can be tapped: only the dialog's own targets count then.
    const modal = document.querySelector(
      'dialog:modal, [role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]',
    );
    const targets = [...document.querySelectorAll<HTMLElement>(selector)].filter((element) => {
      if (element.closest("[inert]") || (modal && !modal.contains(element))) return false;
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

// Each pass is a test of its own, independent of the others: they spread over the workers.
test.describe.configure({ mode: "parallel" });

/**
 * A pass loads every page at one width (its layout shifts are measured there, and with JavaScript its
 * accessibility and its tap targets), then turns the window to the pass's other widths, as a person turns a
 * tablet or widens a window, and checks that nothing scrolls sideways at each. Together the passes cover every
 * width with JavaScript on and off; shifts are measured as a phone and a desktop load a page with JavaScript
 * (hydration) and as the smallest phone loads it without (fonts and images). A third of the page loads of one
 * load per width: the suite's time is mostly page loads.
 */
const PASSES: readonly { javaScriptEnabled: boolean; loadAt: Width; alsoAt: readonly Width[] }[] = [
  { javaScriptEnabled: true, loadAt: 390, alsoAt: [320, 768] },
  { javaScriptEnabled: true, loadAt: 1440, alsoAt: [1100] },
  { javaScriptEnabled: false, loadAt: 320, alsoAt: [390, 768, 1100, 1440] },
];

for (const javaScriptEnabled of [true, false]) {
  const covered = PASSES.filter((pass) => pass.javaScriptEnabled === javaScriptEnabled).flatMap((pass) => [
    pass.loadAt,
    ...pass.alsoAt,
  ]);
  if (WIDTHS.some((width) => !covered.includes(width))) {
    throw new Error(`The passes with JavaScript ${javaScriptEnabled ? "on" : "off"} leave out a screen width.`);
  }
}

/** Opens `path` in a window `width` wide, hydrated (with JavaScript) and in its web fonts. */
async function openAt(page: Page, path: string, width: Width, javaScriptEnabled: boolean) {
  if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height: HEIGHT[width] });
  await page.goto(path, { waitUntil: "load" });
  await waitForHydration(page, { javaScriptEnabled });
  await page.evaluate(() => document.fonts.ready);
}

/** Turns the window to `width` and lets the page lay out again (and, with JavaScript, run its resize handlers). */
async function turnTo(page: Page, width: Width, javaScriptEnabled: boolean) {
  await page.setViewportSize({ width, height: HEIGHT[width] });
  if (javaScriptEnabled) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
}

for (const { javaScriptEnabled, loadAt, alsoAt } of PASSES) {
  // Every pass with JavaScript loads at the phone's or the desktop's width: axe and tap targets there.
  const axe = javaScriptEnabled;
  const turnedTo = new Intl.ListFormat("en", { type: "conjunction" }).format(alsoAt.map(String));
  const checks = axe
    ? "nothing scrolls sideways or shifts, no serious axe violation, tappable targets"
    : "nothing scrolls sideways or shifts";
  test(`every page at ${loadAt} px, then turned to ${turnedTo} px, JavaScript ${javaScriptEnabled ? "on" : "off"}: ${checks}`, async ({
    browser,
  }) => {
    test.setTimeout(axe ? 300_000 : 180_000);
    const context = await openContext(browser, loadAt, javaScriptEnabled);
    const page = await context.newPage();
    const wide: string[] = [];
    const moved: string[] = [];
    const violations: string[] = [];
    const small: string[] = [];
    const check = async (path: string, options: { shifts: boolean }) => {
      await openAt(page, path, loadAt, javaScriptEnabled);
      // A little time for effects after hydration.
      if (javaScriptEnabled) await page.waitForTimeout(300);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) wide.push(`${path} at ${loadAt} px: ${overflow} px too wide`);
      if (options.shifts) {
        for (const shift of await layoutShifts(page)) {
          moved.push(`${path}: ${shift.value.toFixed(5)} ${shift.sources.join("; ")}`);
        }
      }
      if (axe) {
        await page.waitForLoadState("networkidle");
        for (const v of await seriousA11yViolations(page)) violations.push(`${path} ${v}`);
        for (const t of await smallTargets(page)) small.push(`${path} ${t}`);
      }
      for (const width of alsoAt) {
        await turnTo(page, width, javaScriptEnabled);
        const overflowThere = await sidewaysOverflow(page);
        if (overflowThere > 0) wide.push(`${path} at ${width} px: ${overflowThere} px too wide`);
      }
    };
    const publicPaths = [...(await everyPublicPage()), ...MENU_PAGES, ...(await discoverMenuPages(site().url))];
    for (const path of new Set([...publicPaths, ...PUBLIC_PAGES])) {
      await check(path, { shifts: publicPaths.includes(path) });
    }
    await signInAsAdmin(page);
    for (const path of [...ADMIN_PAGES, ...(await discoverAdminEditPages(page))]) await check(path, { shifts: false });
    expect(wide, "pages wider than the window").toEqual([]);
    expect(moved, "layout shifts while a public page loads").toEqual([]);
    expect(violations, "serious accessibility violations").toEqual([]);
    expect(small, "targets under 24 px").toEqual([]);
    await context.close();
  });
}

/**
 * Text cut off: an element that clips its overflow (hidden or clip) with text inside and more content than
 * room, leaving out what hides text on purpose (visually hidden labels, a carousel's slides off to the side,
 * a scrolling region, which shows the rest on scroll, an excerpt clamped to a few lines with an ellipsis,
 * whose whole text is one click away, and a toggle's label shortened with an ellipsis, shown whole once open).
 */
async function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      const style = getComputedStyle(element);
      const clipsX = style.overflowX === "hidden" || style.overflowX === "clip";
      const clipsY = style.overflowY === "hidden" || style.overflowY === "clip";
      if (!clipsX && !clipsY) continue;
      if (element.clientWidth <= 2 || element.clientHeight <= 2) continue;
      if (element.closest("[aria-roledescription='carousel'], .visually-hidden, dialog:not([open])")) continue;
      if (style.display === "none" || style.visibility === "hidden" || !(element.textContent ?? "").trim()) continue;
      if (style.webkitLineClamp !== "none" && style.webkitLineClamp !== "") continue;
      // An e-mail address shortened with an ellipsis in the account menu's button: the open menu shows it whole.
      if (style.textOverflow === "ellipsis" && element.closest("summary")) continue;
      const overX = clipsX && element.scrollWidth > element.clientWidth + 1;
      const overY = clipsY && element.scrollHeight > element.clientHeight + 1;
      if (overX || overY) {
        const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(" ")[0]}` : ""}`;
        found.push(
          `${name} ${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight}`,
        );
      }
    }
    return found;
  });
}

test("every page at 320 and 1440 px with the text at 200 %: nothing scrolls sideways or is cut off", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await openContext(browser, 320, true);
  const page = await context.newPage();
  await doubleTheTextSize(page);
  const problems: string[] = [];
  const checkAt = async (path: string, width: Width) => {
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) problems.push(`${path} at ${width} px: ${overflow} px too wide`);
    for (const clipped of await clippedText(page)) problems.push(`${path} at ${width} px: ${clipped}`);
  };
  // Loaded on the smallest phone, then the window widened to the desktop's: each page is loaded once.
  const check = async (path: string) => {
    await openAt(page, path, 320, true);
    await checkAt(path, 320);
    await turnTo(page, 1440, true);
    await checkAt(path, 1440);
  };
  const menuPaths = await discoverMenuPages(site().url);
  for (const path of new Set([...(await everyPublicPage()), ...menuPaths, ...PUBLIC_PAGES])) await check(path);
  await signInAsAdmin(page);
  for (const path of [...ADMIN_PAGES, ...(await discoverAdminEditPages(page))]) await check(path);
  expect(problems, "pages at 200 % text").toEqual([]);
  await context.close();
});
