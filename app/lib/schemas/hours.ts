import { z } from "zod";
import { STORE_IDS, type StoreId } from "~/content/stores";
import { listHref } from "~/lib/admin-list";
import type { FormActionData } from "~/lib/form-result";
import type { WeeklySchedule } from "~/lib/store-hours";
import { isCalendarDay } from "./admin-fields";

// The two forms of Admin → Hours: a store's weekly hours (one row per weekday) and a dated exception
// (a holiday closure or special hours, for one date or a range). Times are what <input type="time"> sends.

export const HOURS_PATH = "/admin/hours";

/** The hours page's address with some parameters changed, never keeping a holiday's prefill (?date, ?label). */
export function hoursListHref(search: string, changes: Record<string, string | null> = {}) {
  return listHref(HOURS_PATH, search, { date: null, label: null, ...changes });
}

export const hoursLimits = { label: 60, rangeDays: 366 } as const;

/** Sunday first, as the site's timetables read ("Sunday–Thursday: 9 AM – 10 PM"); index = field number. */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const DAY_FIELDS = ["d0", "d1", "d2", "d3", "d4", "d5", "d6"] as const;
/** The weekly form's fields per day: d0 (Sunday) … d6 (Saturday). */
export const dayField = (day: number): (typeof DAY_FIELDS)[number] => DAY_FIELDS[day];
/** The day 'Copy Monday to all days' copies. */
export const COPY_SOURCE_DAY = 1;

export const WEEKLY_INTENTS = ["save-week", "copy-monday"] as const;
export type WeeklyIntent = (typeof WEEKLY_INTENTS)[number];

export const HOURS_FIELD_MESSAGES = {
  opensRequired: "Enter an opening time",
  closesRequired: "Enter a closing time",
  badTime: "Enter a time such as 9:00 AM",
  sameTime: "Opening and closing can't be the same time",
  store: "Choose a store",
  startRequired: "Enter the first date",
  badDate: "Enter a valid date",
  endBeforeStart: "The last date must be on or after the first date",
  rangeTooLong: `A date range can cover at most ${hoursLimits.rangeDays} days`,
  kind: "Choose 'Closed all day' or 'Special hours'",
  labelRequired: "Enter a label, e.g. Thanksgiving",
  labelTooLong: `The label must be at most ${hoursLimits.label} characters`,
} as const;

/** "HH:MM" from a time input ("21:30", or "21:30:00" when a browser adds seconds), else null. */
export function clockFromInput(value: string | undefined): string | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::00(?:\.0+)?)?$/.exec(value ?? "");
  return match ? `${match[1]}:${match[2]}` : null;
}

type TimeIssue = { path: (string | number)[]; message: string };

/** What is wrong with an opening's two times (both required, real times, not equal), as field issues. */
function timeIssues(opens: string | undefined, closes: string | undefined, prefix: (string | number)[]): TimeIssue[] {
  const issues: TimeIssue[] = [];
  const open = clockFromInput(opens);
  const close = clockFromInput(closes);
  if (!opens) issues.push({ path: [...prefix, "opens"], message: HOURS_FIELD_MESSAGES.opensRequired });
  else if (!open) issues.push({ path: [...prefix, "opens"], message: HOURS_FIELD_MESSAGES.badTime });
  if (!closes) issues.push({ path: [...prefix, "closes"], message: HOURS_FIELD_MESSAGES.closesRequired });
  else if (!close) issues.push({ path: [...prefix, "closes"], message: HOURS_FIELD_MESSAGES.badTime });
  if (open && close && open === close) {
    issues.push({ path: [...prefix, "closes"], message: HOURS_FIELD_MESSAGES.sameTime });
  }
  return issues;
}

const storeField = z.enum(STORE_IDS as [StoreId, ...StoreId[]], { error: HOURS_FIELD_MESSAGES.store });

// A day whose three inputs are all empty (an open day not filled in) reaches the schema as undefined.
const dayFields = z
  .object({
    closed: z.boolean().optional().default(false),
    opens: z.string().trim().optional(),
    closes: z.string().trim().optional(),
  })
  .optional()
  .transform((day) => day ?? { closed: false, opens: undefined, closes: undefined });

/**
 * The weekly form: for each weekday a 'Closed' box and two times; an open day needs both, different (a
 * closing time earlier than the opening time means after midnight). 'Copy Monday to all days' (intent
 * copy-monday) only needs Monday to be right: it fills the other rows from it.
 */
export const weeklyHoursSchema = z
  .object({
    store: storeField,
    intent: z.enum(WEEKLY_INTENTS).optional().default("save-week"),
    d0: dayFields,
    d1: dayFields,
    d2: dayFields,
    d3: dayFields,
    d4: dayFields,
    d5: dayFields,
    d6: dayFields,
  })
  .superRefine(
    (value, context) => {
      const checked = value.intent === "copy-monday" ? [COPY_SOURCE_DAY] : WEEKDAYS.map((_, day) => day);
      for (const day of checked) {
        const fields = value[dayField(day)];
        if (!fields || fields.closed) continue;
        for (const issue of timeIssues(fields.opens, fields.closes, [dayField(day)])) {
          context.addIssue({ code: "custom", ...issue });
        }
      }
    },
    // Also when the store is wrong, so every error shows at once.
    { when: () => true },
  );

export type WeeklyHoursSubmission = z.output<typeof weeklyHoursSchema>;

/** The schedule a valid weekly form describes (conform cannot read a schema transformed at its root). */
export function weekOf(value: WeeklyHoursSubmission): WeeklySchedule {
  return WEEKDAYS.map((_, day) => {
    const fields = value[dayField(day)];
    const opens = clockFromInput(fields.opens);
    const closes = clockFromInput(fields.closes);
    return fields.closed || !opens || !closes ? null : { opens, closes };
  });
}

/** What the weekly form's action answers when it does not redirect (errors, or the copied rows). */
export type WeeklyHoursActionData = FormActionData & { intent: WeeklyIntent };

export function isWeeklyIntent(value: unknown): value is WeeklyIntent {
  return WEEKLY_INTENTS.includes(value as WeeklyIntent);
}

/** The exception dialog's choice: the store is shut all day, or it keeps other hours that day. */
export const EXCEPTION_KINDS = [
  { value: "closed", label: "Closed all day" },
  { value: "special", label: "Special hours" },
] as const;

const optionalDate = z.string().trim().optional();

/** Days from one calendar day to another ("YYYY-MM-DD"). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * The exception dialog ('Add holiday or special hours' / 'Edit exception'): the first date, an optional
 * last date (blank = the same day), closed all day or special hours, and a label the site shows
 * ("Closed today (Thanksgiving)").
 */
export const hoursExceptionSchema = z
  .object({
    store: storeField,
    start_date: z
      .string({ error: HOURS_FIELD_MESSAGES.startRequired })
      .trim()
      .min(1, { error: HOURS_FIELD_MESSAGES.startRequired, abort: true })
      .refine(isCalendarDay, HOURS_FIELD_MESSAGES.badDate),
    end_date: optionalDate.refine((day) => day === undefined || isCalendarDay(day), HOURS_FIELD_MESSAGES.badDate),
    kind: z.enum(["closed", "special"], { error: HOURS_FIELD_MESSAGES.kind }),
    opens: z.string().trim().optional(),
    closes: z.string().trim().optional(),
    label: z
      .string({ error: HOURS_FIELD_MESSAGES.labelRequired })
      .trim()
      .min(1, HOURS_FIELD_MESSAGES.labelRequired)
      .max(hoursLimits.label, HOURS_FIELD_MESSAGES.labelTooLong),
  })
  .superRefine(
    (value, context) => {
      const { start_date: start, end_date: end } = value;
      if (typeof start === "string" && isCalendarDay(start) && typeof end === "string" && isCalendarDay(end)) {
        if (end < start) {
          context.addIssue({ code: "custom", path: ["end_date"], message: HOURS_FIELD_MESSAGES.endBeforeStart });
        } else if (daysBetween(start, end) + 1 > hoursLimits.rangeDays) {
          context.addIssue({ code: "custom", path: ["end_date"], message: HOURS_FIELD_MESSAGES.rangeTooLong });
        }
      }
      if (value.kind === "special") {
        for (const issue of timeIssues(value.opens, value.closes, [])) context.addIssue({ code: "custom", ...issue });
      }
    },
    // Also when another field is wrong (say, no label), so every error shows at once.
    { when: () => true },
  );

export type HoursExceptionSubmission = z.output<typeof hoursExceptionSchema>;

/** The exception a valid dialog describes: no end date is the same day; a closure keeps no times. */
export function exceptionOf(value: HoursExceptionSubmission) {
  const closed = value.kind === "closed";
  return {
    store: value.store,
    startDate: value.start_date,
    endDate: value.end_date ?? value.start_date,
    closed,
    opens: closed ? null : clockFromInput(value.opens),
    closes: closed ? null : clockFromInput(value.closes),
    label: value.label,
  };
}

export const HOURS_MESSAGES = {
  saved: "Hours saved",
  saveHoursFailed: "Failed to save hours",
  hoursNotSaved: "The hours could not be saved. Please try again.",
  copied: "Monday's hours copied to every day",
  copiedHint: "Check the days, then press 'Save hours' to put them on the website.",
  closureAdded: "Closure added",
  specialAdded: "Special hours added",
  // The building block's words (ListMessages); a new exception's toast is one of the two above.
  created: "Exception added",
  updated: "Exception updated",
  deleted: "Exception deleted",
  createFailed: "Failed to add exception",
  updateFailed: "Failed to update exception",
  deleteFailed: "Failed to delete exception",
  confirmDelete: "Are you sure you want to delete this exception? The weekly hours apply again on its dates.",
  gone: "This exception no longer exists.",
  saveFailed: "The exception could not be saved. Please try again.",
} as const;
