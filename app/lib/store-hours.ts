import { addDays, todayInStoreZone } from "~/lib/dates";
import { fromStoreDateTimeLocal } from "~/lib/store-time";

// Store hours: the weekly schedule, dated exceptions (holidays, special hours), the live "Open now" status and
// every sentence the site shows about hours. Pure and isomorphic (no server imports): the server renders a
// status and the browser recomputes it. All wall-clock times are in the stores' zone (TIME_ZONE in
// ~/content/site, America/Chicago), through the helpers in ~/lib/dates and ~/lib/store-time.

/** 24-hour "HH:MM", 00:00–23:59. */
export type ClockTime = string;
/**
 * One day's opening. `closes` <= `opens` means the store closes after midnight (next calendar day); closes
 * "00:00" = midnight. opens === closes is invalid (rejected by `isDayHours`).
 */
export interface DayHours {
  opens: ClockTime;
  closes: ClockTime;
}
/** Index 0 = Sunday … 6 = Saturday; null = closed that weekday. Always length 7. */
export type WeeklySchedule = (DayHours | null)[];
/** A dated exception: one date (startDate === endDate) or an inclusive range, "YYYY-MM-DD" in the stores' zone. */
export interface HoursException {
  id: string;
  startDate: string;
  endDate: string;
  closed: boolean;
  opens: ClockTime | null;
  closes: ClockTime | null;
  label: string;
}

export type StoreStatus =
  | { state: "open"; text: string; label?: string; closesAt: Date }
  | { state: "closed" | "closed-today"; text: string; label?: string; opensAt: Date | null };

export interface OpeningHoursSpecification {
  "@type": "OpeningHoursSpecification";
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

export interface SpecialOpeningHoursSpecification {
  "@type": "OpeningHoursSpecification";
  validFrom: string;
  validThrough: string;
  opens: string;
  closes: string;
}

export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
export const DAY_ABBREVIATIONS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead the status looks for the next opening. */
const SEARCH_DAYS = 366;

// ---------------------------------------------------------------------------------------------------------------
// Validation

export function isClockTime(text: unknown): text is ClockTime {
  return typeof text === "string" && CLOCK_TIME.test(text);
}

export function isDayHours(value: unknown): value is DayHours {
  if (typeof value !== "object" || value === null) return false;
  const { opens, closes } = value as Record<string, unknown>;
  // Equal times would mean either "closed" or "open 24 hours": ambiguous, so neither is allowed.
  return isClockTime(opens) && isClockTime(closes) && opens !== closes;
}

/** A weekly schedule read from stored JSON, or null when it is not one (wrong length, bad times…). */
export function parseWeeklySchedule(value: unknown): WeeklySchedule | null {
  if (!Array.isArray(value) || value.length !== 7) return null;
  const schedule: WeeklySchedule = [];
  for (const day of value) {
    if (day === null) schedule.push(null);
    else if (isDayHours(day))
      schedule.push({ opens: day.opens, closes: day.closes }); // drops stray keys
    else return null;
  }
  return schedule;
}

/** An exception the engine can use: real dates in order, and hours when it is not a closure. */
function isUsable(e: HoursException): boolean {
  return (
    CALENDAR_DAY.test(e.startDate) &&
    CALENDAR_DAY.test(e.endDate) &&
    e.startDate <= e.endDate &&
    (e.closed || isDayHours({ opens: e.opens, closes: e.closes }))
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Calendar helpers ("YYYY-MM-DD" strings compare correctly as text)

const toMinutes = (time: ClockTime) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
const instant = (date: string, time: ClockTime) => fromStoreDateTimeLocal(`${date}T${time}`)!.getTime();
export const sameHours = (a: DayHours | null, b: DayHours | null) =>
  a === b || (a !== null && b !== null && a.opens === b.opens && a.closes === b.closes);

// A calendar day is the same everywhere: format it in UTC so the visitor's zone cannot shift it.
const shortDateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
/** "2026-12-01" → "Dec 1" */
const shortDate = (date: string) => shortDateFormat.format(new Date(`${date}T12:00:00Z`));

// ---------------------------------------------------------------------------------------------------------------
// Exceptions and the hours of a date

/**
 * The exception in force on a date, or null. When several cover the date, the one covering the fewest days
 * wins (the more specific one: "Christmas Day" inside a "Holiday week" range); on a tie the one later in the
 * array wins — callers pass exceptions oldest first, so the newest entry wins. Malformed entries are ignored.
 */
export function exceptionFor(exceptions: readonly HoursException[], date: string): HoursException | null {
  let best: HoursException | null = null;
  let bestSpan = Infinity;
  for (const e of exceptions) {
    if (!isUsable(e) || date < e.startDate || date > e.endDate) continue;
    const span = daysBetween(e.startDate, e.endDate);
    if (span <= bestSpan) {
      best = e;
      bestSpan = span;
    }
  }
  return best;
}

/** The hours of one date ("YYYY-MM-DD"): the exception's when one applies, else the weekday's. */
export function hoursOn(
  schedule: WeeklySchedule,
  exceptions: readonly HoursException[],
  date: string,
): { hours: DayHours | null; exception: HoursException | null } {
  const exception = exceptionFor(exceptions, date);
  if (!exception) return { hours: schedule[weekday(date)] ?? null, exception: null };
  return { hours: exception.closed ? null : { opens: exception.opens!, closes: exception.closes! }, exception };
}

/** One opening as real instants (ms): starts on `date`, ends that day or, past midnight, the next. */
interface Shift {
  date: string;
  hours: DayHours;
  exception: HoursException | null;
  start: number;
  end: number;
}

function shiftOn(schedule: WeeklySchedule, exceptions: readonly HoursException[], date: string): Shift | null {
  const { hours, exception } = hoursOn(schedule, exceptions, date);
  if (!hours) return null;
  const endDate = toMinutes(hours.closes) <= toMinutes(hours.opens) ? addDays(date, 1) : date;
  // Via fromStoreDateTimeLocal, so a shift across a DST change lasts its real length.
  const start = instant(date, hours.opens);
  const end = instant(endDate, hours.closes);
  // Gap times move an hour later, so on the spring-forward day 02:30–03:00 becomes 03:30–03:00: no time at all.
  return end > start ? { date, hours, exception, start, end } : null;
}

/**
 * The openings that start on `days` dates from `fromDate` on, as real instants (ms): a day's exception
 * wins over its weekday, a closing after midnight ends the next day, and a shift across a DST change lasts
 * its real length. Yesterday's shift is included when it runs past midnight into `fromDate`.
 */
export function openingsFrom(
  schedule: WeeklySchedule,
  exceptions: readonly HoursException[],
  fromDate: string,
  days: number,
): { date: string; start: number; end: number }[] {
  const openings = [];
  for (let d = -1; d < days; d++) {
    const shift = shiftOn(schedule, exceptions, addDays(fromDate, d));
    if (shift && (d >= 0 || shift.end > instant(fromDate, "00:00"))) {
      openings.push({ date: shift.date, start: shift.start, end: shift.end });
    }
  }
  return openings;
}

// ---------------------------------------------------------------------------------------------------------------
// Live status

const labelOf = (exception: HoursException | null) => (exception?.label ? { label: exception.label } : {});

/**
 * The store's status at an instant, in the stores' wall-clock time:
 * "Open now · closes 10 PM", "Closed · opens 9 AM [tomorrow | Monday | Dec 1]", "Closed today (Thanksgiving)"
 * or "Closed". `label` is the label of the exception whose hours the text talks about (the current opening,
 * the next opening, or today's closure), so a caller may add "(Christmas Eve hours)".
 */
export function storeStatus(schedule: WeeklySchedule, exceptions: readonly HoursException[], now: Date): StoreStatus {
  const t = now.getTime();
  const today = todayInStoreZone(now);

  // Yesterday's shift may still be running after midnight, even on a day an exception closes.
  for (const date of [addDays(today, -1), today]) {
    const shift = shiftOn(schedule, exceptions, date);
    if (!shift || t < shift.start || t >= shift.end) continue;
    // A next shift opening before this one closes (01:00 after a 02:00 close) makes one long opening.
    let last = shift;
    for (let d = 1; d <= SEARCH_DAYS; d++) {
      const next = shiftOn(schedule, exceptions, addDays(shift.date, d));
      if (!next || next.start > last.end) break;
      if (next.end > last.end) last = next;
    }
    return {
      state: "open",
      text: `Open now · closes ${statusClock(last.hours.closes)}`,
      closesAt: new Date(last.end),
      ...labelOf(shift.exception),
    };
  }

  let next: Shift | null = null;
  for (let d = 0; d <= SEARCH_DAYS && !next; d++) {
    const shift = shiftOn(schedule, exceptions, addDays(today, d));
    if (shift && shift.start > t) next = shift;
  }
  const opensAt = next ? new Date(next.start) : null;

  // A closure of the whole day says why, rather than when the store opens next.
  const todayException = exceptionFor(exceptions, today);
  if (todayException?.closed) {
    const why = todayException.label ? ` (${todayException.label})` : "";
    return { state: "closed-today", text: `Closed today${why}`, opensAt, ...labelOf(todayException) };
  }
  if (!next) return { state: "closed", text: "Closed", opensAt };

  const days = daysBetween(today, next.date);
  // Within six days a weekday name is unambiguous; a week or more away it would name this weekday again.
  const when =
    days === 0
      ? ""
      : days === 1
        ? " tomorrow"
        : days <= 6
          ? ` ${DAY_NAMES[weekday(next.date)]}`
          : ` ${shortDate(next.date)}`;
  return {
    state: "closed",
    text: `Closed · opens ${statusClock(next.hours.opens)}${when}`,
    opensAt,
    ...labelOf(next.exception),
  };
}

/**
 * The next instant the status text can change: the next opening or closing, or the next midnight in the stores'
 * zone ("tomorrow" becomes "today", "Closed today" ends), whichever comes first. Re-render then.
 */
export function nextStatusChange(schedule: WeeklySchedule, exceptions: readonly HoursException[], now: Date): Date {
  const t = now.getTime();
  const today = todayInStoreZone(now);
  let next = instant(addDays(today, 1), "00:00");
  // Tomorrow's shifts start at or after that midnight, so yesterday's and today's are all that can come first.
  for (const date of [addDays(today, -1), today]) {
    const shift = shiftOn(schedule, exceptions, date);
    for (const edge of shift ? [shift.start, shift.end] : []) {
      if (edge > t && edge < next) next = edge;
    }
  }
  return new Date(next);
}

// ---------------------------------------------------------------------------------------------------------------
// Clock formatting
//
// Two styles, one for each kind of text:
// - spaced ("9 AM", "10:30 PM") for timetables and the status line. By default midnight and noon read "12 AM"
//   and "12 PM", as a timetable prints them ("Friday–Saturday: 9 AM – 12 AM"); with { words: true } they read
//   "midnight" and "noon", as a sentence says them ("Open now · closes midnight").
// - compact ("9AM", "10:30PM") for summaries and badges; midnight and noon always read "midnight" and "noon".

function clockParts(time: ClockTime) {
  const hour = Number(time.slice(0, 2)) % 24; // tolerates "24:00" from older content
  const minute = Number(time.slice(3, 5));
  return {
    hour,
    minute,
    digits: `${hour % 12 === 0 ? 12 : hour % 12}${minute ? `:${String(minute).padStart(2, "0")}` : ""}`,
    suffix: hour < 12 ? "AM" : "PM",
    word: minute === 0 && hour === 0 ? "midnight" : minute === 0 && hour === 12 ? "noon" : null,
  };
}

/** "22:00" → "10 PM", "22:30" → "10:30 PM", "00:00" → "12 AM" ("midnight" with { words: true }). */
export function formatClockSpaced(time: ClockTime, options: { words?: boolean } = {}): string {
  const c = clockParts(time);
  return (options.words && c.word) || `${c.digits} ${c.suffix}`;
}

/** "22:00" → "10PM", "22:30" → "10:30PM", "00:00" → "midnight", "12:00" → "noon". */
export function formatClockCompact(time: ClockTime): string {
  const c = clockParts(time);
  return c.word ?? `${c.digits}${c.suffix}`;
}

const statusClock = (time: ClockTime) => formatClockSpaced(time, { words: true });

/** Days with identical hours (null = closed), in order of their first day, Sunday first. */
export function groupByHours(schedule: WeeklySchedule, same = sameHours): { days: number[]; hours: DayHours | null }[] {
  const groups: { days: number[]; hours: DayHours | null }[] = [];
  schedule.forEach((hours, day) => {
    const group = groups.find((g) => same(g.hours, hours));
    if (group) group.days.push(day);
    else groups.push({ days: [day], hours });
  });
  return groups;
}

// ---------------------------------------------------------------------------------------------------------------
// schema.org JSON-LD

/**
 * openingHoursSpecification for a store: days with identical hours grouped, closed days omitted. Times stay
 * "HH:MM"; a closing time at or before the opening (e.g. "00:00") means the next day, as schema.org reads it.
 */
export function openingHoursSpecification(schedule: WeeklySchedule): OpeningHoursSpecification[] {
  return groupByHours(schedule).flatMap(({ days, hours }) =>
    hours
      ? [
          {
            "@type": "OpeningHoursSpecification" as const,
            dayOfWeek: days.map((d) => DAY_NAMES[d]),
            opens: hours.opens,
            closes: hours.closes,
          },
        ]
      : [],
  );
}

/**
 * specialOpeningHoursSpecification: one entry per exception not yet over (endDate >= today). A closure is
 * opens "00:00" and closes "00:00", Google's documented way to state a closed day.
 */
export function specialOpeningHoursSpecification(
  exceptions: readonly HoursException[],
  today: string,
): SpecialOpeningHoursSpecification[] {
  return exceptions
    .filter((e) => isUsable(e) && e.endDate >= today)
    .map((e) => ({
      "@type": "OpeningHoursSpecification" as const,
      validFrom: e.startDate,
      validThrough: e.endDate,
      opens: e.closed ? "00:00" : e.opens!,
      closes: e.closed ? "00:00" : e.closes!,
    }));
}

// Every sentence about a week (timetables, summaries, badges, the FAQ) is in ~/lib/hours-sentences.
