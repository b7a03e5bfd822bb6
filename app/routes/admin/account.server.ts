// The account page's action steps: turn two-factor sign-in on (start, confirm), turn it off, and make new
// recovery codes. Recovery codes are only ever in the answer that shows them: never stored in plain text,
// never in a redirect or a flash message.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from "remix-toast";
import { ACCOUNT_PATH, compactCode, totpCodeSchema, WRONG_CODE_MESSAGE } from "~/lib/schemas/two-factor";
import type { AdminUser } from "~/services/auth.server";
import { readFormOrThrow } from "~/server/form-body.server";
import {
  confirmEnrolment,
  disableTwoFactor,
  type Enrolment,
  pendingEnrolment,
  regenerateRecoveryCodes,
  startEnrolment,
  TwoFactorSecretUnreadableError,
} from "~/services/two-factor.server";
import { logger } from "~/server/logger.server";

export const ACCOUNT_INTENTS = ["start", "confirm", "disable", "regenerate"] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export const SECRET_UNREADABLE_MESSAGE =
  "Your two-factor secret cannot be read on this server (its session secret changed). Ask another administrator or the site's operator for help.";
export const ENROLMENT_EXPIRED_MESSAGE = "That setup is no longer current. Please turn on two-factor sign-in again.";

/** What the enrolment step shows (the otpauth URI stays on the server: the QR code carries it). */
type ShownEnrolment = Pick<Enrolment, "secret" | "qrSvg">;

export type AccountActionData =
  /** The enrolment step: the QR code, the secret as text and the code field (with the last error). */
  | { step: "enrol"; intent: "start" | "confirm"; enrolment: ShownEnrolment; result?: SubmissionResult<string[]> }
  /** Recovery codes, shown once: just turned on, or replaced. */
  | { step: "codes"; intent: "confirm" | "regenerate"; recoveryCodes: string[] }
  /** A turn-off or new-codes form sent back with its error. */
  | { step: "manage"; intent: "disable" | "regenerate"; result: SubmissionResult<string[]> };

function intentOf(value: FormDataEntryValue | null): AccountIntent | null {
  return ACCOUNT_INTENTS.find((intent) => intent === value) ?? null;
}

function shown(enrolment: Enrolment): ShownEnrolment {
  return { secret: enrolment.secret, qrSvg: enrolment.qrSvg };
}

const alreadyOn = () => redirectWithInfo(ACCOUNT_PATH, "Two-factor sign-in is already on.");

export async function accountAction(request: Request, user: AdminUser) {
  const formData = await readFormOrThrow(request);
  const intent = intentOf(formData.get("intent"));
  if (!intent) return redirect(ACCOUNT_PATH);

  if (intent === "start") {
    const started = await startEnrolment(user.id, user.email);
    if (started.status === "already-enabled") return alreadyOn();
    return data<AccountActionData>({ step: "enrol", intent, enrolment: shown(started) });
  }

  const submission = parseWithZod(formData, { schema: totpCodeSchema });
  // A code is never sent back into the form: it is spent, or wrong.
  const hideFields = ["code"];

  if (intent === "confirm") {
    // The same secret and QR code again after a mistyped code: no new scan.
    const again = async (result: SubmissionResult<string[]>, status: number) => {
      const enrolment = await pendingEnrolment(user.id, user.email);
      if (!enrolment) return redirectWithError(ACCOUNT_PATH, ENROLMENT_EXPIRED_MESSAGE);
      return data<AccountActionData>({ step: "enrol", intent, enrolment: shown(enrolment), result }, { status });
    };
    if (submission.status !== "success") return again(submission.reply({ hideFields }), 400);
    let confirmed: Awaited<ReturnType<typeof confirmEnrolment>>;
    try {
      confirmed = await confirmEnrolment(user, compactCode(submission.value.code));
    } catch (error) {
      if (!(error instanceof TwoFactorSecretUnreadableError)) throw error;
      logger.error({ reason: error.message }, "Two-factor enrolment failed");
      return redirectWithError(ACCOUNT_PATH, ENROLMENT_EXPIRED_MESSAGE);
    }
    if (confirmed.status === "enabled") {
      return data<AccountActionData>({ step: "codes", intent, recoveryCodes: confirmed.recoveryCodes });
    }
    if (confirmed.status === "already-enabled") return alreadyOn();
    if (confirmed.status === "not-started") return redirectWithError(ACCOUNT_PATH, ENROLMENT_EXPIRED_MESSAGE);
    return again(submission.reply({ fieldErrors: { code: [WRONG_CODE_MESSAGE] }, hideFields }), 400);
  }

  // disable, regenerate: each needs a fresh code from the app.
  const refused = (result: SubmissionResult<string[]>, status: number) =>
    data<AccountActionData>({ step: "manage", intent, result }, { status });
  if (submission.status !== "success") return refused(submission.reply({ hideFields }), 400);
  const code = compactCode(submission.value.code);
  try {
    if (intent === "disable") {
      if (await disableTwoFactor(user, code)) {
        return redirectWithSuccess(ACCOUNT_PATH, {
          message: "Two-factor sign-in is off.",
          description: "Your recovery codes no longer work.",
        });
      }
    } else {
      const recoveryCodes = await regenerateRecoveryCodes(user, code);
      if (recoveryCodes) return data<AccountActionData>({ step: "codes", intent, recoveryCodes });
    }
  } catch (error) {
    if (!(error instanceof TwoFactorSecretUnreadableError)) throw error;
    logger.error({ reason: error.message }, "Two-factor change failed");
    return refused(submission.reply({ formErrors: [SECRET_UNREADABLE_MESSAGE], hideFields }), 503);
  }
  return refused(submission.reply({ fieldErrors: { code: [WRONG_CODE_MESSAGE] }, hideFields }), 400);
}
