import { env } from "./env.server";

/** ALLOWED_ACTION_ORIGINS: the hosts (wildcards allowed, e.g. "*.example.com") a proxy may present as Origin. */
export function allowedActionOrigins(): string[] {
  return (env().ALLOWED_ACTION_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
}

// The same host patterns React Router accepts for its own action check: "*" is one label, "**" any number.
function matchesHostPattern(host: string, pattern: string): boolean {
  if (host === pattern) return true;
  const hostParts = host.split(".");
  const patternParts = pattern.split(".");
  while (patternParts.length) {
    const patternPart = patternParts.pop();
    const hostPart = hostParts.pop();
    if (patternPart === "**") return patternParts.length === 0 && hostPart !== undefined;
    if (patternPart === "*") {
      if (!hostPart) return false;
      continue;
    }
    if (!patternPart || hostPart !== patternPart) return false;
  }
  return hostParts.length === 0;
}

/**
 * True when a browser sent this request from another site: its Origin is neither this server's origin nor
 * an allowed one, or (without an Origin) Sec-Fetch-Site says cross-site. A request with neither header
 * does not come from a browser's cross-site form, so it passes (as in React Router's own check).
 */
export function isCrossSiteRequest(request: Request, allowed = allowedActionOrigins()): boolean {
  const origin = request.headers.get("Origin");
  if (origin === null) return request.headers.get("Sec-Fetch-Site") === "cross-site";
  if (origin === "null") return true;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return true;
  }
  if (originUrl.origin === new URL(request.url).origin) return false;
  return !allowed.some((pattern) => matchesHostPattern(originUrl.host, pattern));
}

/**
 * React Router refuses cross-site POSTs to page routes, but not to resource routes (no UI): their actions
 * call this first.
 */
export function requireSameOriginAction(request: Request): void {
  if (isCrossSiteRequest(request)) {
    throw new Response("Cross-site requests are not allowed.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
