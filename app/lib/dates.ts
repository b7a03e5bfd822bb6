import { TIME_ZONE } from "~/content/time-zone";

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function format(options: Intl.DateTimeFormatOptions, value: Date | string): string {
  // A bare calendar day ("2026-11-22") is that day everywhere; an instant is shown in the stores' zone.
  if (typeof value === "string" && CALENDAR_DAY.test(value)) {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(new Date(`${value}T12:00:00Z`));
  }
  return new Intl.DateTimeFormat("en-US", { ...options, timeZone: TIME_ZONE }).format(new Date(value));
}

/** "November 22, 2026" */
export const formatLongDate = (value: Date | string) => format({ dateStyle: "long" }, value);

/** "Nov 22, 2026" */
export const formatShortDate = (value: Date | string) => format({ dateStyle: "medium" }, value);

/** The calendar day of an instant in the stores' time zone, as "YYYY-MM-DD". */
export function calendarDayInStoreZone(instant: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** Today in the stores' time zone, as "YYYY-MM-DD". */
export const todayInStoreZone = (now = new Date()) => calendarDayInStoreZone(now);

/** Adds whole days to a "YYYY-MM-DD" calendar day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
