import { type Cookie, createCookie } from "react-router";
import { ADMIN_LOGIN_PATH } from "~/lib/admin-paths";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { findUserById } from "~/models/users.server";
import { sessionSecrets } from "~/server/env.server";
import { isHttps } from "~/server/security.server";
import type { SessionUser } from "~/services/session.server";

// The second step of signing in, for an account with two-factor sign-in on. The password step does not
// start a session: it hands the browser a short-lived signed cookie saying "this account's password was
// right at <time>", and this step turns it into a session once a code from the app (or a recovery code)
// is right (routes/admin/login-two-factor.server.ts).

export const PENDING_TWO_FACTOR_COOKIE_NAME = "admin_two_factor";
/** How long the code step waits after the password was right. */
export const PENDING_TWO_FACTOR_TTL_MS = 5 * 60 * 1000;

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
