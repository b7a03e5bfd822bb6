import crypto from "node:crypto";
import { env } from "./env.server";

/** Whether the request came over HTTPS: its cookies are then sent Secure. */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

function originOf(url: string): string {
  return new URL(url).origin;
}

/**
 * The Content-Security-Policy of an HTML page: our own code, the menu embed (the owner's setting, passed in
 * from the page's data; the environment's default otherwise) and maps, nothing else.
 */
export function contentSecurityPolicy(nonce: string, menuUrls?: { embedUrl: string; url: string }): string {
  const config = env();
  const menu = [originOf(menuUrls?.embedUrl ?? config.MENU_EMBED_URL), originOf(menuUrls?.url ?? config.MENU_URL)];
  const maps = originOf(config.MAPS_EMBED_ORIGIN);
  const dev = config.NODE_ENV === "development";
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...menu, ...(dev ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", "'unsafe-inline'", ...menu],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...menu, ...(dev ? ["ws:"] : [])],
    "frame-src": ["'self'", maps, ...menu],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(" ")}`)
    .join("; ");
}

/** Headers every response carries, HTML or not. */
export const baseSecurityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

// An inline script element with its content: React escapes "</script" inside it, so the first closing tag ends it.
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * A page made once and served to many (the page cache) cannot carry a per-request nonce: everyone would
 * share it, and a nonce known in advance protects nothing. Its policy names the SHA-256 of each of its
 * inline scripts instead, and the nonce attributes leave the markup, so only these exact scripts run.
 * Returns the page and policy unchanged when the policy has no nonce.
 */
export function sharedPagePolicy(html: string, policy: string): { html: string; policy: string } {
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
  if (!nonce) return { html, policy };
  const shared = html.replaceAll(` nonce="${nonce}"`, "");
  const hashes = new Set<string>();
  for (const [, content] of shared.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${crypto.createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  // No inline script at all: 'self' alone (a bare "script-src" with the nonce gone would still be valid).
  return { html: shared, policy: policy.replace(`'nonce-${nonce}'`, [...hashes].join(" ")).replace(/ {2,}/g, " ") };
}
