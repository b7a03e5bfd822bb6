// Shared by the admin applications and inquiries pages: search text, page cursors, dates.
import { TIME_ZONE } from "~/content/time-zone";
import { isRowId } from "~/lib/admin-list";

/** Longer search text than any name or e-mail is cut rather than sent to the database. */
export const SUBMISSIONS_SEARCH_MAX_LENGTH = 100;
/** The spec's skeleton rows for the applications and inquiries tables. */
export const SUBMISSIONS_SKELETON_COUNT = 5;

/** Where a page starts: just after (older than) or just before (newer than) the row with this id. */
export type PageCursor = { direction: "after" | "before"; id: string } | null;

/** The search box's text: one line (control characters become spaces), trimmed, at most 100 characters. */
export function normalizeSubmissionSearch(raw: string | null): string {
  return (raw ?? "")
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, SUBMISSIONS_SEARCH_MAX_LENGTH)
    .trim();
}

/** `?after=<id>` (the next, older page) or `?before=<id>` (the previous, newer page); anything else is page one. */
export function parsePageCursor(params: URLSearchParams): PageCursor {
  const after = params.get("after");
  if (after && isRowId(after)) return { direction: "after", id: after.toLowerCase() };
  const before = params.get("before");
  if (before && isRowId(before)) return { direction: "before", id: before.toLowerCase() };
  return null;
}

/** A list or export URL with its non-empty parameters (e.g. the search and the filter), in this order. */
export function submissionsHref(pathname: string, params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

const displayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});

/** "Nov 22, 2026, 2:05 PM", in the stores' time zone. Formatted on the server, so the browser shows the same. */
export function formatSubmittedAt(instant: Date): string {
  return displayFormat.format(instant).replace(/\u202f/g, " ");
}

const exportParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * "2026-11-22 14:05", the stores' local time (America/Chicago) for the CSV's Date column: spreadsheets read
 * it as a date and time, and it sorts as text.
 */
export function formatExportDate(instant: Date): string {
  const parts = exportParts.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}`;
}

export const APPLICATIONS_PATH = "/admin/applications";
export const APPLICATIONS_EXPORT_PATH = "/admin/applications/export.csv";
export const INQUIRIES_PATH = "/admin/inquiries";
export const INQUIRIES_EXPORT_PATH = "/admin/inquiries/export.csv";

/** Where an admin downloads an application's resume. */
export function resumePath(applicationId: string): string {
  return `${APPLICATIONS_PATH}/${encodeURIComponent(applicationId)}/resume`;
}
