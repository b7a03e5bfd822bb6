import { TIME_ZONE } from "~/content/time-zone";
import { wallClockInStoreZone } from "~/lib/store-time";

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

// Formatters made once per set of options and zone: making one costs far more than using it.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    formatters.set(key, made);
  }
  return made;
}

function format(options: Intl.DateTimeFormatOptions, value: Date | string): string {
  // A bare calendar day ("2026-11-22") is that day everywhere; an instant is shown in the stores' zone.
  if (typeof value === "string" && CALENDAR_DAY.test(value)) {
    return formatter(options, "UTC").format(new Date(`${value}T12:00:00Z`));
  }
  return formatter(options, TIME_ZONE).format(new Date(value));
}

/** "November 22, 2026" */
export const formatLongDate = (value: Date | string) => format({ dateStyle: "long" }, value);

/** "Nov 22, 2026" */
export const formatShortDate = (value: Date | string) => format({ dateStyle: "medium" }, value);

/** The calendar day of an instant in the stores' time zone, as "YYYY-MM-DD". */
export function calendarDayInStoreZone(instant: Date): string {
  const { year, month, day } = wallClockInStoreZone(instant.getTime());
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Today in the stores' time zone, as "YYYY-MM-DD". */
export const todayInStoreZone = (now = new Date()) => calendarDayInStoreZone(now);

/** Adds whole days to a "YYYY-MM-DD" calendar day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
