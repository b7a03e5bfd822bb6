import { type Cookie, createCookie } from "react-router";
import { ADMIN_LOGIN_PATH } from "~/lib/admin-paths";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { compactCode } from "~/lib/schemas/two-factor";
import { type ActivityActor, type ActivityChanges, recordActivity } from "~/models/activity.server";
import { findUserById } from "~/models/users.server";
import { db } from "./db.server";
import { sessionSecrets } from "./env.server";
import { issueDeviceCookie } from "./device-cookie.server";
import { clientIp, hitRateLimit, type RateLimitRule } from "./rate-limit.server";
import { accountSubject, isHttps, type SessionUser, startSession } from "./session.server";
import { redeemRecoveryCode, recoveryCodesLeft, TwoFactorSecretUnreadableError, verifyTotp } from "./two-factor.server";
import { logger } from "./logger.server";

// The second step of signing in, for an account with two-factor sign-in on. The password step does not
// start a session: it hands the browser a short-lived signed cookie saying "this account's password was
// right at <time>", and this step turns it into a session once a code from the app (or a recovery code)
// is right.

export const PENDING_TWO_FACTOR_COOKIE_NAME = "admin_two_factor";
/** How long the code step waits after the password was right. */
export const PENDING_TWO_FACTOR_TTL_MS = 5 * 60 * 1000;
/** Code attempts per account (from everywhere) and per client address, per window. */
export const TWO_FACTOR_ACCOUNT_LIMIT = 5;
export const TWO_FACTOR_IP_LIMIT = 10;
export const TWO_FACTOR_WINDOW_MS = 15 * 60 * 1000;
/** A sign-in with a recovery code says how many are left once this few remain. */
export const FEW_RECOVERY_CODES = 3;

export interface PendingTwoFactor {
  userId: string;
  redirectTo: string;
  /** When the password was right (ms since the epoch). */
  issued: number;
}

let cookie: Cookie | undefined;

/** Signed with the session secrets: a browser cannot name an account whose password it did not give. */
function pendingCookie(): Cookie {
  cookie ??= createCookie(PENDING_TWO_FACTOR_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    // Covers /admin/login/two-factor and its data requests (/admin/login/two-factor.data) with JavaScript.
    path: ADMIN_LOGIN_PATH,
    secrets: sessionSecrets(),
  });
  return cookie;
}

/** The Set-Cookie header that starts the code step for `userId` (the password was right at `now`). */
export function startPendingTwoFactor(
  request: Request,
  pending: { userId: string; redirectTo: string },
  now = Date.now(),
): Promise<string> {
  const value: PendingTwoFactor = { userId: pending.userId, redirectTo: pending.redirectTo, issued: now };
  return pendingCookie().serialize(value, {
    maxAge: PENDING_TWO_FACTOR_TTL_MS / 1000,
    secure: isHttps(request),
  });
}

/** The pending sign-in of this browser, or null when there is none or it is older than five minutes. */
export async function readPendingTwoFactor(request: Request, now = Date.now()): Promise<PendingTwoFactor | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${PENDING_TWO_FACTOR_COOKIE_NAME}=`)) return null;
  // A missing or wrong signature parses to null.
  const value: unknown = await pendingCookie().parse(header);
  if (!value || typeof value !== "object") return null;
  const { userId, redirectTo, issued } = value as Record<string, unknown>;
  if (typeof userId !== "string" || typeof issued !== "number") return null;
  // The cookie's own Max-Age is the browser's business; the signed time is ours.
  if (issued > now || now - issued >= PENDING_TWO_FACTOR_TTL_MS) return null;
  return { userId, redirectTo: safeRedirectPath(typeof redirectTo === "string" ? redirectTo : null, "/admin"), issued };
}

/** The Set-Cookie header that forgets the pending sign-in. */
export function clearPendingTwoFactor(request: Request): Promise<string> {
  return pendingCookie().serialize("", { maxAge: 0, expires: new Date(0), secure: isHttps(request) });
}

/** The account of a pending sign-in, or null when it has expired or the account has been removed since. */
export async function pendingTwoFactorUser(request: Request, now = Date.now()): Promise<SessionUser | null> {
  const pending = await readPendingTwoFactor(request, now);
  if (!pending) return null;
  const user = await findUserById(pending.userId);
  return user ? { id: user.id, email: user.email } : null;
}

/**
 * A failed sign-in of an existing account, recorded in the activity log with that account as the actor
 * (an e-mail that matches no account is never recorded). `step` says which step failed, when not the password.
 */
export async function recordFailedSignIn(
  request: Request,
  account: SessionUser,
  step?: "two-factor" | "recovery code",
): Promise<void> {
  const changes: ActivityChanges | null = step ? { step: { from: null, to: step } } : null;
  const actor: ActivityActor = { ...account, ip: clientIp(request) };
  await recordActivity(await db(), { kind: "auth.sign-in-failed", actor, subject: accountSubject(account), changes });
}

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
