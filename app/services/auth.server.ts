import { createContext, type MiddlewareFunction, redirect, type RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { ADMIN_LOGIN_PATH } from "~/lib/admin-paths";
import { loginSchema } from "~/lib/schemas/auth";
import { ACCOUNT_PATH, TWO_FACTOR_SETUP_PATH } from "~/lib/schemas/two-factor";
import { type ActivityActor, type ActivityChanges, recordActivity } from "~/models/activity.server";
import { getSecurityPolicy } from "~/models/site-settings.server";
import { ADMIN_ROLE, findUserByEmail, updatePasswordHash, userHasRole } from "~/models/users.server";
import { afterResponse } from "~/server/after-response.server";
import { db } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/db-guards.server";
import { accountKey, issueDeviceCookie, liveDeviceCookie } from "~/services/device-cookie.server";
import { hashPassword, needsRehash, verifyAgainstDummyHash, verifyPassword } from "~/server/password.server";
import {
  clientIp,
  hitRateLimit,
  resetRateLimit,
  type RateLimitRule,
  takeBackSlidingHit,
} from "~/services/rate-limit.server";
import { accountSubject, getCurrentSession, type SessionUser, startSession } from "~/services/session.server";
import { startPendingTwoFactor } from "~/services/pending-two-factor.server";
import { isTwoFactorEnabled } from "~/services/two-factor.server";
import { logger } from "~/server/logger.server";

export type { SessionUser } from "~/services/session.server";

export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";
/** Sign-in attempts allowed per client address (all accounts together), and per account from one address. */
export const LOGIN_ATTEMPT_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Attempts checked on one account in any hour from every client without a live device cookie for it
 * (OWASP ASVS 4, V2.2.1: at most 100 failed attempts per hour): the ceiling on distributed guessing.
 */
export const LOGIN_ACCOUNT_LIMIT = 100;
export const LOGIN_ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
/** Failures one device cookie may make in any hour; past them it counts as no cookie. */
export const DEVICE_COOKIE_FAILURE_LIMIT = 10;
export const DEVICE_COOKIE_WINDOW_MS = 60 * 60 * 1000;
// The hour-long limits slide, counted in one-minute buckets.
const SLIDING_BUCKET_MS = 60 * 1000;

export class InvalidCredentialsError extends Error {
  /** The existing account whose password was wrong (for the activity log); absent for an unknown e-mail. */
  readonly account?: SessionUser;

  constructor(account?: SessionUser) {
    super(INVALID_CREDENTIALS_MESSAGE);
    this.name = "InvalidCredentialsError";
    this.account = account;
  }
}

/**
 * remix-auth's form strategy checks the e-mail and password. An unknown e-mail costs the same scrypt work
 * as a wrong password, and both end in the same error, so neither the answer nor its timing tells which.
 */
const authenticator = new Authenticator<SessionUser>().use(
  new FormStrategy(async ({ form }) => {
    const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) throw new InvalidCredentialsError();
    const { email, password } = parsed.data;
    const user = await findUserByEmail(email);
    if (!user) {
      await verifyAgainstDummyHash(password);
      throw new InvalidCredentialsError();
    }
    if (!(await verifyPassword(password, user.password_hash))) {
      throw new InvalidCredentialsError({ id: user.id, email: user.email });
    }
    if (needsRehash(user.password_hash)) await updatePasswordHash(user.id, await hashPassword(password));
    return { id: user.id, email: user.email };
  }),
  "admin-login",
);

export interface LoginCredentials {
  email: string;
  password: string;
}

/** The counts one attempt is held against (see attemptSignIn). */
function loginRules(
  request: Request,
  email: string,
): {
  ip: RateLimitRule;
  accountFromIp: RateLimitRule;
  account: RateLimitRule;
  device: (deviceId: string) => RateLimitRule;
} {
  const ip = clientIp(request);
  const account = accountKey(email);
  const window = { windowMs: LOGIN_WINDOW_MS };
  return {
    ip: { key: `admin-login-ip:${ip}`, limit: LOGIN_ATTEMPT_LIMIT, ...window },
    accountFromIp: { key: `admin-login-account-ip:${account}|${ip}`, limit: LOGIN_ATTEMPT_LIMIT, ...window },
    account: {
      key: `admin-login-account:${account}`,
      limit: LOGIN_ACCOUNT_LIMIT,
      windowMs: LOGIN_ACCOUNT_WINDOW_MS,
      slidingBucketMs: SLIDING_BUCKET_MS,
    },
    device: (deviceId) => ({
      key: `admin-login-device:${deviceId}`,
      limit: DEVICE_COOKIE_FAILURE_LIMIT,
      windowMs: DEVICE_COOKIE_WINDOW_MS,
      slidingBucketMs: SLIDING_BUCKET_MS,
    }),
  };
}

/**
 * The request remix-auth reads: same address and headers, and a body of the fields the route has already
 * read and validated (the original body can be read only once, and may have been multipart).
 */
function credentialsRequest(request: Request, credentials: LoginCredentials): Request {
  const headers = new Headers(request.headers);
  headers.delete("Content-Length");
  headers.delete("Transfer-Encoding");
  headers.set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8");
  return new Request(request.url, {
    method: "POST",
    headers,
    body: new URLSearchParams({ email: credentials.email, password: credentials.password }),
  });
}

export type SignInOutcome =
  | { status: "signed-in"; user: SessionUser; setCookie: string; deviceCookie: string }
  /** The password was right and the account has two-factor sign-in on: no session yet, the code step next. */
  | { status: "two-factor"; user: SessionUser; setCookie: string }
  | { status: "invalid" }
  | { status: "rate-limited"; retryAfterSeconds: number };

/**
 * Checks an e-mail and password the route has read from the form and, when they are right, starts a
 * session and gives the browser a new device cookie for the account (device-cookie.server.ts).
 *
 * Every attempt counts before the password is checked, so a burst of parallel guesses cannot slip past:
 * - against the client's address (10 per 15 minutes, whatever the accounts) and the account from that
 *   address (10), always;
 * - then, when the browser shows a live device cookie for the account, against that cookie (10 in any hour);
 * - otherwise, or once the cookie has used its ten, against the account from every such client (100 in any
 *   hour, ASVS V2.2.1).
 * So guessing stays slow per address, per cookie and per account, yet strangers failing on the admin's
 * e-mail cannot keep out a browser the admin has signed in with before, and a copied cookie buys ten
 * guesses an hour, not a way round the ceiling. A successful sign-in clears this client's two address counts,
 * takes back its own hit from the hourly count it was held to (those count failed attempts: an admin signing
 * in often never closes their own account) and replaces its cookie; the other attempts stay counted, or one
 * right password would hand a distributed guesser a fresh hundred. Unknown e-mails are counted the same way, so no answer tells them apart, and the
 * answer never says which count refused.
 *
 * An account with two-factor sign-in on gets no session here: the answer carries the cookie of the code
 * step instead (see services/pending-two-factor.server.ts), which ends where `redirectTo` says. A sign-in and a wrong
 * password of an existing account are recorded in the activity log (the sign-in in the session's
 * transaction, the failure after the answer has been sent); unknown e-mails never are.
 */
export async function attemptSignIn(
  request: Request,
  credentials: LoginCredentials,
  now = Date.now(),
  redirectTo = "/admin",
): Promise<SignInOutcome> {
  const rules = loginRules(request, credentials.email);
  const byClient = await Promise.all([hitRateLimit(rules.ip, now), hitRateLimit(rules.accountFromIp, now)]);
  const refused = byClient.filter((result) => !result.allowed);
  if (refused.length > 0) {
    return { status: "rate-limited", retryAfterSeconds: Math.max(...refused.map((r) => r.retryAfterSeconds)) };
  }
  // Only attempts the client's own limits let through reach the cookie's and the account-wide counts:
  // otherwise one address, refused after ten, could fill the ceiling alone by hammering on.
  const deviceId = await liveDeviceCookie(request, credentials.email, new Date(now));
  const trustedDevice = deviceId !== null && (await hitRateLimit(rules.device(deviceId), now)).allowed;
  if (!trustedDevice) {
    const byAccount = await hitRateLimit(rules.account, now);
    if (!byAccount.allowed) return { status: "rate-limited", retryAfterSeconds: byAccount.retryAfterSeconds };
  }
  let user: SessionUser;
  try {
    user = await authenticator.authenticate("admin-login", credentialsRequest(request, credentials));
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
    // Recorded once the answer is out: an insert only for existing accounts would show in the timing.
    const account = error.account;
    if (account) afterResponse(() => recordFailedSignIn(request, account), "Recording a failed sign-in");
    return { status: "invalid" };
  }
  // The right password gives back its own place in the hourly counts (they count failures), and clears
  // this client's address counts; the other attempts on the account stay counted.
  await Promise.all([
    resetRateLimit(rules.ip.key),
    resetRateLimit(rules.accountFromIp.key),
    takeBackSlidingHit(trustedDevice ? rules.device(deviceId!) : rules.account, now),
  ]);
  if (await isTwoFactorEnabled(user.id)) {
    return {
      status: "two-factor",
      user,
      setCookie: await startPendingTwoFactor(request, { userId: user.id, redirectTo }, now),
    };
  }
  const setCookie = await startSession(request, user.id, new Date(now), {
    activity: { kind: "auth.sign-in", actor: { ...user, ip: clientIp(request) }, subject: accountSubject(user) },
  });
  return { status: "signed-in", user, setCookie, deviceCookie: await issueDeviceCookie(request, user, new Date(now)) };
}

/** "Too many sign-in attempts. Please try again in 15 minutes." */
export function tooManyAttemptsMessage(retryAfterSeconds: number, what = "sign-in attempts"): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** The signed-in user, admin or not, or null. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await getCurrentSession(request))?.user ?? null;
}

/** For the footer's Admin link: any signed-in user. Never throws (a public page must not fail on it). */
export async function isSignedIn(request: Request): Promise<boolean> {
  try {
    return (await getCurrentSession(request)) !== null;
  } catch (error) {
    logger.error({ err: error }, "Session lookup failed");
    return false;
  }
}

/** The spec's admin check: a user_roles row with role admin. A failed lookup is logged and counts as "not admin". */
export async function isAdmin(userId: string): Promise<boolean> {
  try {
    return await userHasRole(userId, ADMIN_ROLE);
  } catch (error) {
    // An outage is not "not an admin": the request answers 503 instead of sending an admin home.
    if (isDatabaseUnavailable(error)) throw error;
    logger.error({ err: error }, "Admin role lookup failed");
    return false;
  }
}

/**
 * The path and query the visitor asked for, as a browser address: React Router's data requests
 * ("/admin/brands.data?_routes=…") are mapped back to the page they load.
 */
export function requestedPath(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname;
  if (pathname.endsWith(".data")) {
    pathname = pathname.slice(0, -".data".length);
    if (pathname === "/_root") pathname = "/";
  }
  // The query as the browser wrote it, less React Router's own parameters.
  const query = url.search
    .slice(1)
    .split("&")
    .filter((pair) => pair && !/^(_routes|index)(=|$)/.test(pair))
    .join("&");
  return pathname + (query ? `?${query}` : "");
}

// A longer address is not remembered: echoed into the Location header (encoded twice over), it would
// make a response head that clients and proxies refuse (undici and nginx stop at 8–16 KB).
const MAX_REMEMBERED_PATH = 2000;

/** /admin/login?redirectTo=<where the visitor was going> (only a path of reasonable length is kept). */
export function loginPathFor(request: Request): string {
  const path = requestedPath(request);
  if (path.length > MAX_REMEMBERED_PATH) return ADMIN_LOGIN_PATH;
  return `${ADMIN_LOGIN_PATH}?${new URLSearchParams({ redirectTo: path })}`;
}

/**
 * The signed-in admin as the activity log records them: who, and from which client address. Pass it to a
 * model's write so the change and its log row commit together.
 */
export interface AdminUser extends SessionUser {
  ip: string | null;
}

/**
 * The admin guard. Every admin loader and every admin action calls it first and gets the signed-in admin
 * back. Signed out: a redirect to the login page that remembers the requested page. Signed in without the
 * admin role: a redirect to the home page. While the site requires two-factor sign-in, an admin who has not
 * turned it on is sent to set it up (/admin/account?setup=two-factor), except on the account page itself.
 *
 * The policy costs one query, and only for an admin without two-factor sign-in (the session lookup says
 * whether it is on).
 */
export async function requireAdmin(request: Request): Promise<AdminUser> {
  const session = await getCurrentSession(request);
  if (!session) throw redirect(loginPathFor(request));
  if (!(await isAdmin(session.user.id))) throw redirect("/");
  if (!session.twoFactorEnabled && !isAccountPage(request)) {
    if ((await getSecurityPolicy()).requireTwoFactor) throw redirect(TWO_FACTOR_SETUP_PATH);
  }
  return { ...session.user, ip: clientIp(request) };
}

const signedInAdminContext = createContext<AdminUser>();

/**
 * The admin area's guard, the middleware of routes/admin/layout.tsx: it runs before every loader and
 * action below that layout (pages, their data requests and the CSV and file resources), so none of them
 * runs for anyone but a signed-in admin. What it found is theirs through signedInAdmin(context).
 */
export const adminGuard: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(signedInAdminContext, await requireAdmin(request));
};

/** The admin the guard let in. Throws outside the guarded area: a route there has no admin to act as. */
export function signedInAdmin(context: Readonly<RouterContextProvider>): AdminUser {
  return context.get(signedInAdminContext);
}

/**
 * Whether the request loads or posts to the account page, the one page where an admin can set up
 * two-factor sign-in: its own loader and action, and the admin layout's loader around it, let them through.
 */
function isAccountPage(request: Request): boolean {
  return requestedPath(request).split("?")[0] === ACCOUNT_PATH;
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
