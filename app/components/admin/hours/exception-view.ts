import type { StoreId } from "~/content/stores";
import { formatClockSpaced, type HoursException } from "~/lib/store-hours";

// A holiday or special hours (an exception to the weekly hours) as Admin → Hours shows it, and how its dates
// and hours read there and in its toasts.

/** An exception as the hours engine reads it, and which store it belongs to. */
export type ExceptionView = HoursException & { store: StoreId };

// A calendar day reads the same everywhere: format it in UTC so no zone can shift it.
const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Thu, Nov 26, 2026". */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));

/** "Thu, Nov 26, 2026" or "Thu, Dec 24, 2026 – Sat, Dec 26, 2026". */
export function dateRangeText(start: string, end: string): string {
  return start === end ? formatDay(start) : `${formatDay(start)} – ${formatDay(end)}`;
}

/** "9:00 AM – 2:00 AM (next day)", or "Closed all day". */
export function hoursText(exception: Pick<ExceptionView, "closed" | "opens" | "closes">): string {
  if (exception.closed || !exception.opens || !exception.closes) return "Closed all day";
  const overnight = exception.closes <= exception.opens ? " (next day)" : "";
  return `${formatClockSpaced(exception.opens)} – ${formatClockSpaced(exception.closes)}${overnight}`;
}
