import crypto from "node:crypto";
import { type Cookie, createCookie } from "react-router";
import type { ActivityEntry } from "~/models/activity.server";
import {
  deleteExpiredSessions,
  deleteSession,
  findSessionWithUser,
  insertSession,
  touchSession,
} from "~/models/sessions.server";
import { sessionSecrets } from "~/server/env.server";
import { isHttps } from "~/server/security.server";
import { clientIp } from "~/services/rate-limit.server";
import { SESSION_COOKIE_NAME } from "~/lib/session-cookie";

/** A session ends after a week without use, and a month after sign-in whatever happens. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
// last_seen_at is written at most this often, not on every request.
const TOUCH_INTERVAL_MS = 60 * 1000;
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export interface SessionUser {
  id: string;
  email: string;
}

export interface CurrentSession {
  user: SessionUser;
  idHash: string;
  /** Whether the user has two-factor sign-in on (the guard's policy check needs no query of its own). */
  twoFactorEnabled: boolean;
}

let cookie: Cookie | undefined;

/** The signed cookie that carries only the random session id. */
function sessionCookie(): Cookie {
  cookie ??= createCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: sessionSecrets(),
  });
  return cookie;
}

/** Tests: pick up changed secrets. */
export function resetSessionCookie(): void {
  cookie = undefined;
}

export function hashSessionId(id: string): string {
  return crypto.createHash("sha256").update(id).digest("hex");
}

/** Cookies are marked Secure when the site is served over https. */
async function readSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${SESSION_COOKIE_NAME}=`)) return null;
  const value: unknown = await sessionCookie().parse(header);
  return typeof value === "string" && SESSION_ID.test(value) ? value : null;
}

/** Whether a session that was last used and created at these times is still valid at `now`. */
export function isSessionLive(session: { lastSeenAt: Date; expiresAt: Date }, now: Date): boolean {
  return session.expiresAt.getTime() > now.getTime() && now.getTime() - session.lastSeenAt.getTime() < SESSION_IDLE_MS;
}

// One lookup per request, however many loaders ask (root, admin layout, page).
const lookups = new WeakMap<Request, Promise<CurrentSession | null>>();

/** The signed-in user of this request, or null. An expired session is deleted on sight. */
export function getCurrentSession(request: Request, now = new Date()): Promise<CurrentSession | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUpSession(request, now);
    lookups.set(request, lookup);
  }
  return lookup;
}

async function lookUpSession(request: Request, now: Date): Promise<CurrentSession | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const idHash = hashSessionId(id);
  const session = await findSessionWithUser(idHash);
  if (!session) return null;
  if (!isSessionLive(session, now)) {
    await deleteSession(idHash);
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(idHash, now);
  return { user: { id: session.userId, email: session.email }, idHash, twoFactorEnabled: session.twoFactorEnabled };
}

/**
 * Signs the user in: a brand-new random id (never reused from before sign-in), stored hashed, and the
 * Set-Cookie header that hands it to the browser. The browser's previous session, if any, ends. With
 * `activity` (the sign-in event) the session and its log row are written in one transaction.
 */
export async function startSession(
  request: Request,
  userId: string,
  now = new Date(),
  options: { activity?: ActivityEntry } = {},
): Promise<string> {
  const previous = await readSessionId(request);
  if (previous) await deleteSession(hashSessionId(previous));
  await deleteExpiredSessions(now, new Date(now.getTime() - SESSION_IDLE_MS));
  const id = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await insertSession(
    {
      idHash: hashSessionId(id),
      userId,
      now,
      expiresAt,
      userAgent: request.headers.get("User-Agent"),
      ip: clientIp(request),
    },
    options.activity,
  );
  return sessionCookie().serialize(id, { maxAge: SESSION_ABSOLUTE_MS / 1000, secure: isHttps(request) });
}

/**
 * Signs out: deletes the session row, recording the sign-out in the activity log (in the same transaction)
 * when it was a live session, and returns the Set-Cookie header that clears the cookie.
 */
export async function endSession(request: Request): Promise<string> {
  const session = await getCurrentSession(request);
  if (session) {
    const actor = { ...session.user, ip: clientIp(request) };
    await deleteSession(session.idHash, { kind: "auth.sign-out", actor, subject: accountSubject(session.user) });
  } else {
    // An expired or unknown id: nothing to record, but the row (if any) goes.
    const id = await readSessionId(request);
    if (id) await deleteSession(hashSessionId(id));
  }
  lookups.delete(request);
  return clearSessionCookie(request);
}

export function clearSessionCookie(request: Request): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0), secure: isHttps(request) });
}

/** How the activity log names the account a sign-in event is about. */
export function accountSubject(user: SessionUser): { type: string; id: string; title: string } {
  return { type: "user", id: user.id, title: user.email };
}
