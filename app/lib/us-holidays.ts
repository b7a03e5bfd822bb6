import { addDays } from "~/lib/dates";
import { exceptionFor, type HoursException } from "~/lib/store-hours";

// The days a US retail store plans its hours around, so the admin can be reminded to enter them. Actual dates,
// not the "observed" weekdays federal offices use: a store cares about the day itself.

export interface Holiday {
  /** "YYYY-MM-DD" */
  date: string;
  name: string;
}

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** The nth weekday (0 = Sunday) of a month (1 = January), or with n = -1 the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return iso(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const last = new Date(Date.UTC(year, month, 0)); // day 0 of the next month
  return iso(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
}

/** Easter Sunday by the anonymous Gregorian computus (Meeus/Jones/Butcher). */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const n = h + l - 7 * m + 114;
  return iso(year, Math.floor(n / 31), (n % 31) + 1);
}

/** The year's holidays in date order (Easter always falls between Presidents' Day and Memorial Day). */
export function usHolidays(year: number): Holiday[] {
  return [
    { date: iso(year, 1, 1), name: "New Year's Day" },
    { date: nthWeekday(year, 1, 1, 3), name: "Martin Luther King Jr. Day" },
    { date: nthWeekday(year, 2, 1, 3), name: "Presidents' Day" },
    { date: easter(year), name: "Easter Sunday" },
    { date: nthWeekday(year, 5, 1, -1), name: "Memorial Day" },
    { date: iso(year, 6, 19), name: "Juneteenth" },
    { date: iso(year, 7, 4), name: "Independence Day" },
    { date: nthWeekday(year, 9, 1, 1), name: "Labor Day" },
    { date: nthWeekday(year, 11, 4, 4), name: "Thanksgiving" },
    { date: iso(year, 12, 24), name: "Christmas Eve" },
    { date: iso(year, 12, 25), name: "Christmas Day" },
    { date: iso(year, 12, 31), name: "New Year's Eve" },
  ];
}

/** Holidays dated today…today+days (inclusive) that no exception covers yet: the ones still to decide. */
export function holidaysWithoutEntry(exceptions: readonly HoursException[], today: string, days = 30): Holiday[] {
  const end = addDays(today, days);
  const years: number[] = [];
  for (let year = Number(today.slice(0, 4)); year <= Number(end.slice(0, 4)); year++) years.push(year);
  return years
    .flatMap(usHolidays)
    .filter((h) => h.date >= today && h.date <= end && exceptionFor(exceptions, h.date) === null);
}
