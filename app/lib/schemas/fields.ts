import { z } from "zod";

// Conform hands the schema `undefined` for an empty field, so "required" is the missing-value message.

/** A required free-text answer, trimmed, at most `max` characters. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`);
}

/** An optional free-text answer, trimmed; blank becomes undefined. */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));
}

/** A required e-mail address, trimmed. */
export function emailField(max = 254) {
  return z
    .string({ error: "Email is required" })
    .trim()
    .min(1, { error: "Email is required", abort: true })
    .max(max, { error: `Email must be at most ${max} characters`, abort: true })
    .pipe(z.email("Please enter a valid email address"));
}

const PHONE_CHARACTERS = /^[0-9+().\-\s]+$/;
export const PHONE_MESSAGE = "Please enter a valid phone number";

function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return PHONE_CHARACTERS.test(value) && digits >= 7 && digits <= 15;
}

/** A required phone number: digits with the usual separators, 7 to 15 digits. */
export function requiredPhone(max = 40) {
  return z
    .string({ error: "Phone is required" })
    .trim()
    .min(1, { error: "Phone is required", abort: true })
    .max(max, { error: `Phone must be at most ${max} characters`, abort: true })
    .refine(isPhoneNumber, PHONE_MESSAGE);
}

/** An optional phone number; blank becomes undefined. */
export function optionalPhone(max = 40) {
  return z
    .string()
    .trim()
    .max(max, { error: `Phone must be at most ${max} characters`, abort: true })
    .refine((value) => value === "" || isPhoneNumber(value), PHONE_MESSAGE)
    .optional()
    .transform((value) => (value ? value : undefined));
}
