// When a patient may pick up an order the store keeps itself (issue 39): half-hour windows inside the
// store's real openings in America/Chicago, none sooner than the store's lead time, none on a day the store
// is closed, and none on a holiday the owner has not set hours for (an undecided holiday is not promised).
// Windows are real instants, 30 real minutes apart, so a closing after midnight and the two daylight-saving
// Sundays come out right; each is named by its wall-clock times.
import { addDays, formatLongDate, todayInStoreZone } from "~/lib/dates";
import { exceptionFor, formatClockSpaced, type HoursException, openingsFrom, type WeeklySchedule } from "./store-hours";
import { toStoreDateTimeLocal } from "./store-time";
import { usHolidays } from "./us-holidays";

export const PICKUP_WINDOW_MINUTES = 30;
const WINDOW_MS = PICKUP_WINDOW_MINUTES * 60_000;

export interface PickupWindow {
  /** The window's start, in ms: the value a form sends back. */
  start: number;
  end: number;
  /** "YYYY-MM-DD" in the stores' zone, the day the opening began (a 1 AM window belongs to the night before). */
  date: string;
  /** "9:30 PM – 10 PM". */
  label: string;
}

export interface PickupWindowOptions {
  /** The soonest a window may start after now, in minutes (Settings → Ordering). */
  leadMinutes: number;
  /** How many days, today first, windows are offered for. */
  days?: number;
}

const clock = (instant: number) => formatClockSpaced(toStoreDateTimeLocal(instant).slice(11, 16));

/** A window's wall-clock times in the stores' zone, "9:30 PM – 10 PM" (the form, the order's page, the admin). */
export const windowTimes = (start: number, end: number) => `${clock(start)} – ${clock(end)}`;

/** "November 29, 2026, 9:30 PM – 10 PM": an order's pickup window as the patient and the staff read it. */
export const pickupWhen = (start: Date, end: Date) =>
  `${formatLongDate(start)}, ${windowTimes(start.getTime(), end.getTime())}`;

/** The pickup windows a store offers from `now`, soonest first. */
export function pickupWindows(
  schedule: WeeklySchedule,
  exceptions: readonly HoursException[],
  now: Date,
  { leadMinutes, days = 3 }: PickupWindowOptions,
): PickupWindow[] {
  const today = todayInStoreZone(now);
  const undecided = new Set(
    [Number(today.slice(0, 4)), Number(today.slice(0, 4)) + 1]
      .flatMap(usHolidays)
      .map((holiday) => holiday.date)
      .filter((date) => exceptionFor(exceptions, date) === null),
  );
  const soonest = now.getTime() + leadMinutes * 60_000;
  const last = addDays(today, days - 1);
  const windows: PickupWindow[] = [];
  for (const opening of openingsFrom(schedule, exceptions, today, days)) {
    if (undecided.has(opening.date) || opening.date > last) continue;
    for (let start = opening.start; start + WINDOW_MS <= opening.end; start += WINDOW_MS) {
      if (start < soonest) continue;
      windows.push({
        start,
        end: start + WINDOW_MS,
        date: opening.date,
        label: windowTimes(start, start + WINDOW_MS),
      });
    }
  }
  return windows;
}

/** Whether `start` is one of the windows offered now (a form's value is never trusted as it comes). */
export function isOfferedWindow(
  start: number,
  schedule: WeeklySchedule,
  exceptions: readonly HoursException[],
  now: Date,
  options: PickupWindowOptions,
): boolean {
  return pickupWindows(schedule, exceptions, now, options).some((window) => window.start === start);
}
