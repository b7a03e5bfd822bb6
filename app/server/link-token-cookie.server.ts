import { createCookie } from "react-router";
import { isHttps } from "~/server/security.server";

/**
 * Carries a mailed or printed link's token (password reset, first-admin setup) from the link to the form
 * that uses it: the page answers the link with a redirect to its bare address that sets this cookie, so
 * the token leaves the address bar (and with it history and any Referer), and the page keeps the site's
 * usual Referrer-Policy, under which a form without JavaScript posts a real Origin. httpOnly, and scoped
 * to the pages that use it (a path prefix: with JavaScript a form posts to "<page>.data").
 *
 * Not signed: the value is the raw token, itself a 256-bit secret that is only ever checked against its
 * hash, so a forged cookie is worth exactly as much as a guessed link — nothing.
 */
export function linkTokenCookie(name: string, path: string) {
  const cookie = createCookie(name, { httpOnly: true, sameSite: "lax", path });
  return {
    /** The Set-Cookie header that hands the token to the form until `expiresAt` (or for the session). */
    store(request: Request, token: string, expiresAt?: Date, now = new Date()): Promise<string> {
      const maxAge = expiresAt ? Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)) : undefined;
      return cookie.serialize(token, { maxAge, secure: isHttps(request) });
    },
    /** The token this browser was handed by a link, or null. */
    async read(request: Request): Promise<string | null> {
      const header = request.headers.get("Cookie");
      if (!header?.includes(`${name}=`)) return null;
      const value: unknown = await cookie.parse(header);
      return typeof value === "string" && value !== "" ? value : null;
    },
    /** The Set-Cookie header that forgets the token (once it is spent). */
    clear(request: Request): Promise<string> {
      return cookie.serialize("", { maxAge: 0, expires: new Date(0), secure: isHttps(request) });
    },
  };
}
