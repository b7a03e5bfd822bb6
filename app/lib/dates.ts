import { TIME_ZONE } from "~/content/time-zone";
import { toStoreDateTimeLocal } from "~/lib/store-time";

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date formatter, its two Intl formatters made once (making one costs far more than using it): a bare
 * calendar day ("2026-11-22") is that day everywhere; an instant is shown in the stores' zone.
 */
function dateFormat(options: Intl.DateTimeFormatOptions): (value: Date | string) => string {
  const calendarDay = new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
  const inStoreZone = new Intl.DateTimeFormat("en-US", { ...options, timeZone: TIME_ZONE });
  return (value) =>
    typeof value === "string" && CALENDAR_DAY.test(value)
      ? calendarDay.format(new Date(`${value}T12:00:00Z`))
      : inStoreZone.format(new Date(value));
}

/** "November 22, 2026" */
export const formatLongDate = dateFormat({ dateStyle: "long" });

/** "Nov 22, 2026" */
export const formatShortDate = dateFormat({ dateStyle: "medium" });

/** The calendar day of an instant in the stores' time zone, as "YYYY-MM-DD". */
export function calendarDayInStoreZone(instant: Date): string {
  return toStoreDateTimeLocal(instant).slice(0, 10);
}

/** Today in the stores' time zone, as "YYYY-MM-DD". */
export const todayInStoreZone = (now = new Date()) => calendarDayInStoreZone(now);

/** Adds whole days to a "YYYY-MM-DD" calendar day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
