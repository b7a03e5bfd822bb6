// Addresses of the admin's content lists (brands, deals), whose dialogs live in the query string so they
// open and close without JavaScript.

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
