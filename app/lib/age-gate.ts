/** The age gate's record: a cookie holding the millisecond time the visitor confirmed. */
export const AGE_COOKIE_NAME = "ageVerified";
export const AGE_VERIFICATION_DAYS = 30;
export const AGE_VERIFICATION_MS = AGE_VERIFICATION_DAYS * 24 * 60 * 60 * 1000;

/** Reads one cookie's value from a Cookie header. */
export function readCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** True when the stored confirmation is present, parsable, not in the future and younger than 30 days. */
export function isAgeVerified(value: string | undefined, now = Date.now()): boolean {
  if (!value || !/^\d{1,16}$/.test(value)) return false;
  const confirmedAt = Number(value);
  return confirmedAt <= now + 60_000 && now - confirmedAt < AGE_VERIFICATION_MS;
}

/** Whether the gate is rendered for this request. */
export function shouldShowAgeGate(request: Request, now = Date.now()): boolean {
  const url = new URL(request.url);
  return ageGateShownFor(url.pathname + url.search, request.headers.get("Cookie"), now);
}

/** Whether the gate is rendered for a path (with its query) and Cookie header: the page cache keys on it. */
export function ageGateShownFor(pathAndQuery: string, cookieHeader: string | null, now = Date.now()): boolean {
  // A visitor who confirmed never gets it: asked first, so their requests (most cache hits) parse no URL.
  if (isAgeVerified(readCookie(cookieHeader, AGE_COOKIE_NAME), now)) return false;
  const url = new URL(pathAndQuery, "http://site.invalid");
  if (url.searchParams.get("preview") === "1") return false;
  // Terms and privacy stay readable without confirming.
  return url.pathname !== "/terms" && url.pathname !== "/privacy";
}

export function ageCookieHeader(now = Date.now(), secure = false): string {
  return [
    `${AGE_COOKIE_NAME}=${now}`,
    "Path=/",
    `Max-Age=${AGE_VERIFICATION_DAYS * 24 * 60 * 60}`,
    "SameSite=Lax",
    "HttpOnly",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
