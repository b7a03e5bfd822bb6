/** Page numbers of a paged list (blog list, category and tag pages). */

/** A `?page=` value as a page number: digits only and at least 1, otherwise null (malformed). */
export function parsePageParam(raw: string): number | null {
  if (!/^\d+$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 1 ? page : null;
}

/** How many pages `total` items fill; an empty list still has its one (empty) page. */
export function pageCountFor(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export type PageItem = number | "gap";

/**
 * The numbered links to show: the first and last pages, and the pages around the current one;
 * a run of hidden pages becomes one "gap". E.g. 1 … 499 500 501 … 834.
 */
export function pageItems(current: number, pageCount: number, around = 1): PageItem[] {
  const shown = new Set<number>([1, pageCount]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= pageCount) shown.add(p);
  // A gap of exactly one page is clearer as the page itself.
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const [i, page] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push("gap");
    items.push(page);
  }
  return items;
}

/** The URL of one page of a list, keeping its other query parameters (e.g. the search). */
export function pageHref(pathname: string, params: Record<string, string | null | undefined>, page: number): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}
