// Layout shifts as the browser records them while a page loads: what the every-page and page-arrival checks read.
import type { Page } from "@playwright/test";

export interface Shift {
  value: number;
  /** What moved, from where to where. */
  sources: string[];
}

/** Every layout shift since the page began loading (the browser keeps them: a buffered observer sees them all). */
export async function layoutShifts(page: Page): Promise<Shift[]> {
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
