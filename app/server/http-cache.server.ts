import crypto from "node:crypto";

/**
 * Public pages: browsers keep them a minute, a CDN five, and either may serve a stale copy for ten more
 * minutes while it revalidates. The HTML depends on cookies (the age gate, the signed-in footer link),
 * hence `Vary: Cookie`.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
/** Feeds and sitemaps: five minutes fresh, an hour of stale-while-revalidate. */
export const FEED_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=3600";
/** A public "not found": browsers ask again every time (a scheduled post may appear any minute), a CDN keeps it briefly. */
export const NOT_FOUND_CACHE_CONTROL = "public, max-age=0, s-maxage=60";
/** A page that must not be shared (it carries a flash message or signed-in state). */
export const PRIVATE_CACHE_CONTROL = "private, no-cache";

/** Headers for a cacheable public page: Cache-Control, Vary: Cookie and, when known, Last-Modified. */
export function publicPageHeaders(lastModified?: Date | null): Headers {
  const headers = new Headers({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL, Vary: "Cookie" });
  if (lastModified) headers.set("Last-Modified", httpDate(lastModified));
  return headers;
}

/** Headers for a public 404 page. */
export function notFoundPageHeaders(): Headers {
  return new Headers({ "Cache-Control": NOT_FOUND_CACHE_CONTROL, Vary: "Cookie" });
}

/** An HTTP date ("Sun, 22 Nov 2026 15:00:00 GMT"), to the second. */
export function httpDate(date: Date): string {
  return new Date(Math.floor(date.getTime() / 1000) * 1000).toUTCString();
}

/** The newest of some instants, or null. */
export function newest(dates: Iterable<Date | null | undefined>): Date | null {
  let result: Date | null = null;
  for (const date of dates) if (date && (!result || date > result)) result = date;
  return result;
}

/**
 * A weak validator for a body. Weak, because the same page differs per request in ways that do not
 * matter (the CSP nonce is left out of the hash) and the server may compress it.
 */
export function weakEtag(body: string | Uint8Array): string {
  return `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
}

/** Whether the response may be answered with a 304: a GET/HEAD of a publicly cacheable 200. */
export function isConditionalCandidate(request: Request, status: number, headers: Headers): boolean {
  const method = request.method.toUpperCase();
  return (
    (method === "GET" || method === "HEAD") && status === 200 && /\bpublic\b/.test(headers.get("Cache-Control") ?? "")
  );
}

/**
 * Whether the client's copy is current (RFC 9110 §13.2.2): If-None-Match decides when present (weak
 * comparison); otherwise If-Modified-Since is compared with Last-Modified.
 */
export function isNotModified(request: Request, headers: Headers): boolean {
  const etag = headers.get("ETag");
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch !== null) {
    if (!etag) return false;
    const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
    return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
  }
  const ifModifiedSince = request.headers.get("If-Modified-Since");
  const lastModified = headers.get("Last-Modified");
  if (!ifModifiedSince || !lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  const modified = Date.parse(lastModified);
  // Only the exact date we sent counts: Last-Modified can move backwards (a deleted newest post), so
  // "not newer than" would keep a stale copy.
  return Number.isFinite(since) && Number.isFinite(modified) && modified === since;
}

/**
 * The 304 for a response: its caching headers without a body. The Content-Security-Policy stays out,
 * so the browser keeps the policy stored with its copy (whose nonce matches that copy's scripts).
 */
export function notModifiedResponse(headers: Headers): Response {
  const kept = new Headers(headers);
  for (const name of ["Content-Type", "Content-Length", "Content-Encoding", "Content-Security-Policy", "Set-Cookie"]) {
    kept.delete(name);
  }
  return new Response(null, { status: 304, headers: kept });
}

/**
 * A text resource (feed, sitemap) with caching: Cache-Control, ETag, Last-Modified, and a 304 when the
 * client's copy is current.
 */
export function cachedTextResponse(
  request: Request,
  body: string,
  options: { contentType: string; cacheControl?: string; lastModified?: Date | null },
): Response {
  const headers = new Headers({
    "Content-Type": options.contentType,
    "Cache-Control": options.cacheControl ?? FEED_CACHE_CONTROL,
    ETag: weakEtag(body),
  });
  if (options.lastModified) headers.set("Last-Modified", httpDate(options.lastModified));
  if (isNotModified(request, headers)) return notModifiedResponse(headers);
  return new Response(request.method.toUpperCase() === "HEAD" ? null : body, { status: 200, headers });
}
