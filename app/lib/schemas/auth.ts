import { z } from "zod";

// The spec's words (section 5), shown inline by the browser (conform) and again by the server.
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address";
export const SHORT_PASSWORD_MESSAGE = "Password must be at least 6 characters";
export const LONG_PASSWORD_MESSAGE = "Password must be at most 200 characters";
export const PASSWORDS_DIFFER_MESSAGE = "Passwords do not match";
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;

/** The spec's rule is only "contains '@'"; the length cap is the database's. */
const email = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .max(254, { error: INVALID_EMAIL_MESSAGE })
  .refine((value) => value.includes("@") && !value.startsWith("@"), { error: INVALID_EMAIL_MESSAGE });

const password = z
  .string({ error: SHORT_PASSWORD_MESSAGE })
  .min(MIN_PASSWORD_LENGTH, { error: SHORT_PASSWORD_MESSAGE })
  .max(MAX_PASSWORD_LENGTH, { error: LONG_PASSWORD_MESSAGE });

/** The fields of a new password, which an answer never sends back to the browser (`hideFields`). */
export const NEW_PASSWORD_FIELDS = ["password", "confirmPassword"];

/** A new password and its confirmation, which must be equal. */
const newPassword = {
  password,
  confirmPassword: z.string({ error: PASSWORDS_DIFFER_MESSAGE }),
};

function passwordsMatch(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", message: PASSWORDS_DIFFER_MESSAGE, path: ["confirmPassword"] });
  }
}

/** /admin/login */
export const loginSchema = z.object({
  email,
  password,
  redirectTo: z.string().optional(),
});

/** /admin/reset */
export const resetRequestSchema = z.object({ email });

/** /admin/reset/confirm (the token travels in a cookie, not in the form) */
export const resetConfirmSchema = z.object(newPassword).superRefine(passwordsMatch);

/** /admin/setup: the first administrator's e-mail and password. */
export const setupSchema = z
  .object({ token: z.string().default(""), email, ...newPassword })
  .superRefine(passwordsMatch);
