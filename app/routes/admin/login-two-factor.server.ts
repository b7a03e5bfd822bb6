import { compactCode } from "~/lib/schemas/two-factor";
import { findUserById } from "~/models/users.server";
import { logger } from "~/server/logger.server";
import { issueDeviceCookie } from "~/services/device-cookie.server";
import { recordFailedSignIn } from "~/services/auth.server";
import { readPendingTwoFactor } from "~/services/pending-two-factor.server";
import { clientIp, hitRateLimit, type RateLimitRule } from "~/services/rate-limit.server";
import { accountSubject, type SessionUser, startSession } from "~/services/session.server";
import {
  redeemRecoveryCode,
  recoveryCodesLeft,
  TwoFactorSecretUnreadableError,
  verifyTotp,
} from "~/services/two-factor.server";

// The code step of /admin/login/two-factor: the password step left a pending sign-in
// (services/pending-two-factor.server.ts); a right code from the app or a recovery code turns it into a session.

/** Code attempts per account (from everywhere) and per client address, per window. */
export const TWO_FACTOR_ACCOUNT_LIMIT = 5;
export const TWO_FACTOR_IP_LIMIT = 10;
export const TWO_FACTOR_WINDOW_MS = 15 * 60 * 1000;
/** A sign-in with a recovery code says how many are left once this few remain. */
export const FEW_RECOVERY_CODES = 3;

export type TwoFactorMethod = "app" | "recovery";

export type TwoFactorSignInOutcome =
  | {
      status: "signed-in";
      user: SessionUser;
      redirectTo: string;
      setCookie: string;
      deviceCookie: string;
      /** After a recovery code: how many are left. */
      recoveryCodesLeft: number | null;
    }
  /** No pending sign-in (missing, expired, forged) or its account is gone. */
  | { status: "expired" }
  | { status: "invalid" }
  | { status: "rate-limited"; retryAfterSeconds: number }
  /** The TOTP secret cannot be decrypted (a session secret was retired too soon): recovery codes still work. */
  | { status: "unavailable" };

function codeRules(request: Request, userId: string): RateLimitRule[] {
  const window = { windowMs: TWO_FACTOR_WINDOW_MS };
  return [
    { key: `admin-two-factor-account:${userId}`, limit: TWO_FACTOR_ACCOUNT_LIMIT, ...window },
    { key: `admin-two-factor-ip:${clientIp(request)}`, limit: TWO_FACTOR_IP_LIMIT, ...window },
  ];
}

/**
 * The code step: checks a code from the app (or a recovery code) for the browser's pending sign-in and,
 * when it is right, starts the session (its sign-in recorded in the same transaction) and marks the
 * browser as a known device of the account, as attemptSignIn does after a password.
 *
 * Every attempt counts first (so parallel guesses cannot slip past) against the account, from everywhere
 * (5 per 15 minutes: six digits are guessable only if tries are few), and against the client's address
 * (10). A right code does not clear the account's count: the one who typed it is in anyway.
 */
export async function attemptTwoFactorSignIn(
  request: Request,
  input: { method: TwoFactorMethod; code: string },
  now = Date.now(),
): Promise<TwoFactorSignInOutcome> {
  const pending = await readPendingTwoFactor(request, now);
  if (!pending) return { status: "expired" };
  const found = await findUserById(pending.userId);
  if (!found) return { status: "expired" };
  const user: SessionUser = { id: found.id, email: found.email };

  const limits = await Promise.all(codeRules(request, user.id).map((rule) => hitRateLimit(rule, now)));
  const refused = limits.filter((result) => !result.allowed);
  if (refused.length > 0) {
    return { status: "rate-limited", retryAfterSeconds: Math.max(...refused.map((r) => r.retryAfterSeconds)) };
  }

  const at = new Date(now);
  let accepted: boolean;
  if (input.method === "recovery") {
    accepted = await redeemRecoveryCode(user.id, input.code, at);
  } else {
    try {
      accepted = await verifyTotp(user.id, compactCode(input.code), at);
    } catch (error) {
      if (!(error instanceof TwoFactorSecretUnreadableError)) throw error;
      // The operator's message (which secret to keep listed), without the account.
      logger.error({ reason: error.message }, "Two-factor sign-in failed");
      return { status: "unavailable" };
    }
  }
  if (!accepted) {
    await recordFailedSignIn(request, user, input.method === "recovery" ? "recovery code" : "two-factor");
    return { status: "invalid" };
  }

  const method = input.method === "recovery" ? "recovery code" : "authenticator app";
  const setCookie = await startSession(request, user.id, at, {
    activity: {
      kind: "auth.sign-in",
      actor: { ...user, ip: clientIp(request) },
      subject: accountSubject(user),
      changes: { method: { from: null, to: method } },
    },
  });
  return {
    status: "signed-in",
    user,
    redirectTo: pending.redirectTo,
    setCookie,
    deviceCookie: await issueDeviceCookie(request, user, at),
    recoveryCodesLeft: input.method === "recovery" ? await recoveryCodesLeft(user.id) : null,
  };
}
