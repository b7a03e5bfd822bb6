import { z } from "zod";

// Two-factor sign-in: the code step of the login (/admin/login/two-factor) and the account page's
// enrolment, turn-off and new-recovery-codes forms (/admin/account). Shared by the browser and the server.

export const TWO_FACTOR_LOGIN_PATH = "/admin/login/two-factor";
export const ACCOUNT_PATH = "/admin/account";
/** Where the require-two-factor policy sends an admin who has not set it up. */
export const TWO_FACTOR_SETUP_PATH = `${ACCOUNT_PATH}?setup=two-factor`;

export const ENTER_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app";
export const ENTER_RECOVERY_CODE_MESSAGE = "Enter one of your recovery codes";
export const INVALID_CODE_MESSAGE = "Invalid code";
export const WRONG_CODE_MESSAGE = "That code is not right. Check the time on your phone and try again.";
export const SIGN_IN_EXPIRED_MESSAGE = "Your sign-in expired. Please sign in again.";
export const TWO_FACTOR_UNAVAILABLE_MESSAGE =
  "Two-factor sign-in is unavailable. Use a recovery code or ask another administrator.";
export const POLICY_REQUIRES_TWO_FACTOR_MESSAGE =
  "Your administrator requires two-factor sign-in. Set it up to continue.";

/** Six digits; a space or dash in the middle (as apps show them) and around is fine. */
const totpCode = z
  .string({ error: ENTER_CODE_MESSAGE })
  .trim()
  .regex(/^\d{3}[\s-]?\d{3}$/, { error: ENTER_CODE_MESSAGE });

/** A recovery code as printed ("abcd-efgh-jk"); the server normalises case, spaces and dashes. */
const recoveryCode = z
  .string({ error: ENTER_RECOVERY_CODE_MESSAGE })
  .trim()
  .min(1, { error: ENTER_RECOVERY_CODE_MESSAGE })
  .max(40, { error: ENTER_RECOVERY_CODE_MESSAGE });

/** A code from the authenticator app (the login's code step, and every account-page change). */
export const totpCodeSchema = z.object({ code: totpCode });

/** The login's code step with a recovery code instead. */
export const recoveryCodeSchema = z.object({ recoveryCode });

/** The code with a space or dash taken out ("123 456" → "123456"). */
export function compactCode(code: string): string {
  return code.replace(/[\s-]/g, "");
}

/** "ABCD EFGH IJKL …": a secret in groups of four, as a person types it into an app. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}
