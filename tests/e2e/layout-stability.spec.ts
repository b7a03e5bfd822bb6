// Nothing on a public page moves while it loads and hydrates (issue 14: CLS 0): every layout shift the
// browser reports from the first paint until the page has settled, at a phone's, a tablet's and two desktop
// widths, with JavaScript on (hydration must not change the layout) and off.
import type { Page } from "@playwright/test";
import { everyPublicPage, expect, test, visitorContext, waitForHydration } from "./fixtures";

const WIDTHS = [390, 768, 1100, 1440];

interface Shift {
  value: number;
  /** What moved, from where to where. */
  sources: string[];
}

/** Every layout shift since the page began loading (the browser keeps them: a buffered observer sees them all). */
async function layoutShifts(page: Page): Promise<Shift[]> {
  // Synchronous (takeRecords): with JavaScript off the page runs no timers or observer callbacks.
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: "layout-shift", buffered: true });
    const entries = observer.takeRecords() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    })[];
    observer.disconnect();
    return entries
      .filter((entry) => !entry.hadRecentInput)
      .map((entry) => ({
        value: entry.value,
        sources: (entry.sources ?? []).map(
          (source) =>
            `${source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node?.nodeName)}: ` +
            `${JSON.stringify(source.previousRect)} → ${JSON.stringify(source.currentRect)}`,
        ),
      }));
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`layout stability (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.describe.configure({ timeout: 240_000 });

    test("no public page shifts while it loads, at 390, 768, 1100 and 1440 px", async ({ browser }) => {
      const paths = await everyPublicPage();
      const moved: string[] = [];
      for (const width of WIDTHS) {
        const context = await visitorContext(browser, { width, height: 900, javaScriptEnabled });
        const page = await context.newPage();
        for (const path of paths) {
          await page.goto(path, { waitUntil: "load" });
          await waitForHydration(page, { javaScriptEnabled });
          // Images in the first screen decoded, web fonts in, and a little time for effects after hydration.
          await page.evaluate(() => document.fonts.ready);
          if (javaScriptEnabled) await page.waitForTimeout(300);
          for (const shift of await layoutShifts(page)) {
            moved.push(`${path} at ${width} px: ${shift.value.toFixed(5)} ${shift.sources.join("; ")}`);
          }
        }
        await context.close();
      }
      expect(moved, "layout shifts").toEqual([]);
    });
  });
}
