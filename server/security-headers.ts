// The security headers every answer carries, whichever path answered it (the chain or a cache hit).
import type http from "node:http";
import type { ServerEntry } from "./server-entry.ts";

/** The headers every answer carries (those the app did not set itself), and HSTS over HTTPS. */
export function setSecurityHeaders(res: http.ServerResponse, entry: ServerEntry, secure: boolean): void {
  for (const [name, value] of Object.entries(entry.baseSecurityHeaders)) {
    if (!res.hasHeader(name)) res.setHeader(name, value);
  }
  if (secure && !res.hasHeader(HSTS[0])) res.setHeader(HSTS[0], HSTS[1]);
}

export const HSTS = ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as const;

/** HTTPS, directly or (from a trusted proxy) as X-Forwarded-Proto says, as Express's req.secure reads it. */
export function isSecure(req: http.IncomingMessage, fromTrustedProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const forwarded = req.headers["x-forwarded-proto"];
  return fromTrustedProxy && typeof forwarded === "string" && forwarded.split(",")[0].trim() === "https";
}
