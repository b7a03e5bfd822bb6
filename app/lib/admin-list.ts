// Addresses of the admin's content lists (brands, deals), whose dialogs live in the query string so they
// open and close without JavaScript.
import { redirect } from "react-router";
import { requestedPage } from "./pagination";

/** The query parameters that open a dialog over a list. */
export const DIALOG_PARAMS = ["dialog", "edit", "confirm-delete"] as const;

export const ADMIN_LIST_PAGE_SIZE = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row id as the database writes it; anything else names no row (and must not reach a uuid column). */
export function isRowId(value: string | null | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}

/**
 * The list's address with some query parameters changed (null removes one). Dialog parameters are dropped
 * unless `changes` sets one, so the result is "the list as it was, plus this".
 */
export function listHref(
  pathname: string,
  search: string | URLSearchParams,
  changes: Record<string, string | null | undefined> = {},
): string {
  const params = new URLSearchParams(search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The page an admin list's URL asks for in `name` (default `page`); 1 when absent. A malformed page (see
 * `parsePageParam`) redirects to the list without it, keeping its other parameters (search, filters).
 */
export function listPage(url: URL, pathname: string, name = "page"): number {
  const page = requestedPage(url.searchParams, name);
  if (page === null) throw redirect(listHref(pathname, url.search, { [name]: null }));
  return page;
}

/** A page past the end (e.g. after deleting the last row of the last page) redirects to the last page. */
export function redirectPastLastPage(url: URL, pathname: string, page: number, pageCount: number, name = "page") {
  if (page > pageCount) {
    throw redirect(listHref(pathname, url.search, { [name]: pageCount > 1 ? String(pageCount) : null }));
  }
}
