/** Page numbers of a paged list (blog list, category and tag pages, the admin's lists). */

/**
 * The highest page number any list reads. Far past any real list (a billion pages), and small enough that
 * the offset, (page − 1) × page size, stays an exact integer well inside Postgres's bigint for any page size
 * up to a million: a page number can never turn into a float like 5e+21 in SQL.
 */
export const MAX_PAGE = 1_000_000_000;

/**
 * A page parameter's value as a page number: ASCII digits only (no sign, point, exponent, spaces or other
 * characters), from 1 to {@link MAX_PAGE}; otherwise null (malformed). "007" is page 7.
 * The one parser of every paged list, public and admin.
 */
export function parsePageParam(raw: string): number | null {
  if (!/^[0-9]+$/.test(raw)) return null;
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 && page <= MAX_PAGE ? page : null;
}

/** The page a list URL asks for in `name`: 1 when the parameter is absent, null when it is malformed. */
export function requestedPage(params: URLSearchParams, name = "page"): number | null {
  const raw = params.get(name);
  return raw === null ? 1 : parsePageParam(raw);
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
