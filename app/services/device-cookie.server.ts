import crypto from "node:crypto";
import { type Cookie, createCookie } from "react-router";
import { insertDeviceCookie, isDeviceCookieLive } from "~/models/device-cookies.server";
import { sessionSecrets } from "~/server/env.server";
import { isHttps } from "~/server/security.server";

/**
 * Device cookies, as OWASP's "Slow down online guessing attacks with device cookies" describes them: a
 * successful sign-in gives the browser a cookie of its own (the account, a random nonce, a signature). A
 * browser that shows a live cookie for the account it signs in to is not held to the account-wide limit that
 * closes an account under a distributed attack (see attemptSignIn): its failures count against its cookie
 * instead, and a cookie that fails too often counts as no cookie. The nonce's hash is stored, so a cookie can
 * be revoked alone, and every cookie of an account is revoked by a password change or reset and by the
 * account's removal.
 */
export const DEVICE_COOKIE_NAME = "admin_device";
/** A device cookie lives 90 days from the sign-in that issued it; every sign-in issues a new one. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
// A browser several admins share (a store's counter computer) holds a cookie for each of them, newest first.
const MAX_ACCOUNTS_PER_DEVICE = 5;
const NONCE = /^[A-Za-z0-9_-]{43}$/;

interface DeviceCookieEntry {
  /** The account, as accountKey() writes it. */
  account: string;
  nonce: string;
}

let cookie: Cookie | undefined;

/** Signed with the session secrets, so a client can neither name an account nor make up a nonce. */
function deviceCookie(): Cookie {
  cookie ??= createCookie(DEVICE_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    // "/admin" rather than "/admin/login": React Router posts the form to /admin/login.data with JavaScript on.
    path: "/admin",
    secrets: sessionSecrets(),
  });
  return cookie;
}

/** Tests: pick up changed secrets. */
export function resetDeviceCookie(): void {
  cookie = undefined;
}

/** How sign-in names an account in rate-limit keys and in the device cookie. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

function hashNonce(nonce: string): string {
  return crypto.createHash("sha256").update(nonce).digest("hex");
}

async function readEntries(request: Request): Promise<DeviceCookieEntry[]> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${DEVICE_COOKIE_NAME}=`)) return [];
  // A missing or wrong signature parses to null; so does anything that is not JSON.
  const value: unknown = await deviceCookie().parse(header);
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (entry): entry is DeviceCookieEntry =>
        typeof entry === "object" &&
        entry !== null &&
        typeof entry.account === "string" &&
        typeof entry.nonce === "string" &&
        NONCE.test(entry.nonce),
    )
    .slice(0, MAX_ACCOUNTS_PER_DEVICE);
}

/**
 * The id of this browser's device cookie for the account (the hash of its nonce) when the cookie is genuine,
 * issued to that account, unexpired and not revoked; otherwise null. Whether it is locked out is the caller's
 * count (its failures are counted under this id).
 */
export async function liveDeviceCookie(request: Request, email: string, now = new Date()): Promise<string | null> {
  const account = accountKey(email);
  const entry = (await readEntries(request)).find((candidate) => candidate.account === account);
  if (!entry) return null;
  const nonceHash = hashNonce(entry.nonce);
  return (await isDeviceCookieLive(nonceHash, account, now)) ? nonceHash : null;
}

/**
 * Issues this browser a new device cookie for the user, after a successful sign-in: a fresh nonce, stored
 * hashed; the browser's earlier cookie for the account is revoked, and its cookies for other accounts are
 * kept. Returns the Set-Cookie header.
 */
export async function issueDeviceCookie(
  request: Request,
  user: { id: string; email: string },
  now = new Date(),
): Promise<string> {
  const account = accountKey(user.email);
  const earlier = await readEntries(request);
  const nonce = crypto.randomBytes(32).toString("base64url");
  await insertDeviceCookie({
    nonceHash: hashNonce(nonce),
    userId: user.id,
    now,
    expiresAt: new Date(now.getTime() + DEVICE_COOKIE_MAX_AGE_SECONDS * 1000),
    replaces: earlier.filter((entry) => entry.account === account).map((entry) => hashNonce(entry.nonce)),
  });
  const entries = [{ account, nonce }, ...earlier.filter((entry) => entry.account !== account)];
  return deviceCookie().serialize(entries.slice(0, MAX_ACCOUNTS_PER_DEVICE), {
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    secure: isHttps(request),
  });
}
