import { z } from "zod";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "~/lib/image-rules";

// Fields shared by the admin's content forms (brands, deals).

export const SORT_ORDER_MESSAGE = "Sort order must be a whole number";
export const SORT_ORDER_LIMIT = 1_000_000;

/** A whole number, optionally signed; blank means 0 (the spec's default). */
export function sortOrderField() {
  return z
    .string()
    .trim()
    .regex(/^[-+]?\d+$/, SORT_ORDER_MESSAGE)
    .transform(Number)
    .refine(
      (value) => Math.abs(value) <= SORT_ORDER_LIMIT,
      `Sort order must be between -${SORT_ORDER_LIMIT.toLocaleString("en-US")} and ${SORT_ORDER_LIMIT.toLocaleString("en-US")}`,
    )
    .optional()
    .transform((value) => value ?? 0);
}

/**
 * An optional image upload. Only the size is checked here (the browser's claimed type is not trusted):
 * the server checks the type by the file's content when it stores it.
 */
export function imageUploadField() {
  return z.file().max(MAX_IMAGE_BYTES, IMAGE_TOO_LARGE).optional();
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written "YYYY-MM-DD" (what `<input type="date">` sends). */
export function isCalendarDay(value: string): boolean {
  const match = CALENDAR_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 9999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** An optional date field; blank becomes undefined. */
export function optionalDayField(label: string) {
  return z.string().trim().refine(isCalendarDay, `${label} must be a valid date`).optional();
}
