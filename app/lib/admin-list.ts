// Addresses of the admin's lists (brands, deals, posts, submissions): dialogs that live in the query string so
// they open and close without JavaScript, paging, moving rows, and the filters the dashboard links to.
import { redirect } from "react-router";
import { addDays, todayInStoreZone } from "./dates";
import { requestedPage } from "./pagination";
import { fromStoreDateTimeLocal } from "./store-time";

/** The query parameters that open a dialog over a list. */
export const DIALOG_PARAMS = ["dialog", "edit", "confirm-delete"] as const;

export const ADMIN_LIST_PAGE_SIZE = 50;

/** The dialog open over a list: a new row, editing one, or confirming a delete (without JavaScript). */
export type DialogState<Row> = { mode: "new" } | { mode: "edit"; row: Row } | { mode: "confirm-delete"; row: Row };

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

/**
 * One page of an ordered list, each row marked first or last of the whole list (not just of this page):
 * its move buttons cannot go further that way.
 */
export function withListEdges<Row>(rows: Row[], page: number, total: number, pageSize = ADMIN_LIST_PAGE_SIZE) {
  const offset = (page - 1) * pageSize;
  return rows.map((row, index) => ({ ...row, isFirst: offset + index === 0, isLast: offset + index === total - 1 }));
}

/** Moving a row of an ordered list (brands, deals) one place up or down, from a small form. */
export type MoveDirection = "up" | "down";

/** The form intent of a move button ("move-up" / "move-down"), or null for any other intent. */
export function moveDirection(intent: FormDataEntryValue | null): MoveDirection | null {
  return intent === "move-up" ? "up" : intent === "move-down" ? "down" : null;
}

/** How many days ahead the deals list's "Ending soon" filter and the dashboard look. */
export const DEAL_ENDING_SOON_DAYS = 7;

/**
 * Deal filters beyond the spec's All / Active / Upcoming / Expired that the dashboard links to: active
 * deals that end within the next week, and deals past their end date that are still marked active.
 */
export const DEAL_ATTENTION_FILTERS = [
  { value: "ending-soon", label: `Ending within ${DEAL_ENDING_SOON_DAYS} days` },
  { value: "expired-active", label: "Ended, still active" },
] as const;

export type DealAttentionFilter = (typeof DEAL_ATTENTION_FILTERS)[number]["value"];

export function parseDealAttentionFilter(value: string | null): DealAttentionFilter | null {
  return DEAL_ATTENTION_FILTERS.find((f) => f.value === value)?.value ?? null;
}

/** The applications list's `?since=7d`: the last N calendar days (today included), or null for all time. */
export function parseSinceDays(value: string | null): number | null {
  const match = /^(\d{1,3})d$/.exec(value ?? "");
  const days = match ? Number(match[1]) : 0;
  return days >= 1 && days <= 366 ? days : null;
}

/** The days the dashboard counts applications over (and links to with `?since=7d`). */
export const RECENT_APPLICATION_DAYS = 7;
/** The dashboard\'s Activity Log card counts the events of this many days. */
export const RECENT_ACTIVITY_DAYS = 7;

/** The first instant (midnight, stores' time) of the last `days` calendar days, today being one of them. */
export function startOfRecentDays(days: number, now = new Date()): Date {
  const first = addDays(todayInStoreZone(now), 1 - days);
  // Midnight always exists in America/Chicago (its clocks change at 2 AM).
  return fromStoreDateTimeLocal(`${first}T00:00`)!;
}

export type MoveOutcome = "moved" | "edge" | "missing";

/**
 * How to move the row `id` one place in `rows` (the list in its display order): the sort_order values to
 * write. Two neighbours whose numbers are theirs alone swap numbers; where numbers are shared (ties broken by
 * name or date), swapping would not be enough, so the whole list is renumbered 0, 1, 2… in its new order.
 */
export function planMove(
  rows: readonly { id: string; sort_order: number }[],
  id: string,
  direction: MoveDirection,
): { outcome: MoveOutcome; updates: { id: string; sortOrder: number }[] } {
  const index = rows.findIndex((row) => row.id === id);
  if (index === -1) return { outcome: "missing", updates: [] };
  const other = direction === "up" ? index - 1 : index + 1;
  if (other < 0 || other >= rows.length) return { outcome: "edge", updates: [] };
  const [a, b] = [rows[index], rows[other]];
  const shared = (value: number) => rows.filter((row) => row.sort_order === value).length > 1;
  if (a.sort_order !== b.sort_order && !shared(a.sort_order) && !shared(b.sort_order)) {
    return {
      outcome: "moved",
      updates: [
        { id: a.id, sortOrder: b.sort_order },
        { id: b.id, sortOrder: a.sort_order },
      ],
    };
  }
  const order = [...rows];
  [order[index], order[other]] = [order[other], order[index]];
  return {
    outcome: "moved",
    updates: order.flatMap((row, position) =>
      row.sort_order === position ? [] : [{ id: row.id, sortOrder: position }],
    ),
  };
}

/** The toasts of a move, for a "Brand" or a "Deal". */
export const MOVE_MESSAGES = {
  moved: (what: string, direction: MoveDirection) => `${what} moved ${direction}`,
  edge: (what: string, direction: MoveDirection) =>
    `This ${what.toLowerCase()} is already ${direction === "up" ? "first" : "last"}`,
  failed: (what: string) => `Error moving ${what.toLowerCase()}`,
} as const;
