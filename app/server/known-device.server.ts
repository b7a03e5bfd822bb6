import { type Cookie, createCookie } from "react-router";
import { sessionSecrets } from "./env.server";
import { isHttps } from "./session.server";

/**
 * The "device cookie" of OWASP's answer to account lockout: a browser where an account has signed in
 * before keeps signing in to it while strangers' failures have closed the account to new clients.
 */
export const KNOWN_DEVICE_COOKIE_NAME = "admin_device";
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
// A browser several admins share (a store's counter computer) remembers each of them, newest first.
const MAX_ACCOUNTS_PER_DEVICE = 5;

let cookie: Cookie | undefined;

/** Signed with the session secrets, so a client cannot name an account it has never signed in to. */
function knownDeviceCookie(): Cookie {
  cookie ??= createCookie(KNOWN_DEVICE_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    // "/admin" rather than "/admin/login": React Router posts the form to /admin/login.data with JavaScript on.
    path: "/admin",
    secrets: sessionSecrets(),
  });
  return cookie;
}

/** Tests: pick up changed secrets. */
export function resetKnownDeviceCookie(): void {
  cookie = undefined;
}

/** How sign-in names an account in rate-limit keys and in the device cookie. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

async function knownAccounts(request: Request): Promise<string[]> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${KNOWN_DEVICE_COOKIE_NAME}=`)) return [];
  // A missing or wrong signature parses to null.
  const value: unknown = await knownDeviceCookie().parse(header);
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is string => typeof entry === "string").slice(0, MAX_ACCOUNTS_PER_DEVICE);
}

/** Whether this browser carries a valid device cookie from an earlier sign-in to the account. */
export async function isKnownDevice(request: Request, email: string): Promise<boolean> {
  return (await knownAccounts(request)).includes(accountKey(email));
}

/** The Set-Cookie header that (re)marks this browser as known to the account, for a year. */
export async function rememberDevice(request: Request, email: string): Promise<string> {
  const account = accountKey(email);
  const accounts = [account, ...(await knownAccounts(request)).filter((known) => known !== account)];
  return knownDeviceCookie().serialize(accounts.slice(0, MAX_ACCOUNTS_PER_DEVICE), {
    maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
    secure: isHttps(request),
  });
}
