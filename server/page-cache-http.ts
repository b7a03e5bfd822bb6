// The page cache at the HTTP layer: a hit answered ahead of Express with its headers made once per page,
// a miss marked and its answer offered to the cache (app/services/page-cache.server.ts decides what is kept).
import http from "node:http";
import type { NextFunction, Request, Response } from "express";
import Negotiator from "negotiator";
import type { Logger } from "pino";
import type { RequestScope } from "../app/server/request-scope.server.ts";
import type { CachedPage, CacheableRequest, PageCache } from "../app/services/page-cache.server.ts";
import type { ServerEntry } from "./server-entry.ts";
import { chooseRequestId, REQUEST_ID_HEADER, requestLine, requestLineLogger } from "./request-log.ts";
import { HSTS, isSecure, setSecurityHeaders } from "./security-headers.ts";

const ENCODINGS = ["br", "gzip", "identity"] as const;
type Encoding = (typeof ENCODINGS)[number];
const CACHE_STATUS_HEADER = "X-Cache";

/**
 * The encoding a client takes best, by Negotiator, remembered per Accept-Encoding value: browsers send a
 * handful of values, and a hit need not parse the same one again (at most 64 kept, forgotten together).
 */
const negotiatedEncodings = new Map<string, Encoding>();
function preferredEncoding(req: http.IncomingMessage): Encoding {
  const accepted = req.headers["accept-encoding"] ?? "";
  let encoding = negotiatedEncodings.get(accepted);
  if (encoding === undefined) {
    encoding = (new Negotiator(req).encoding([...ENCODINGS]) as Encoding | undefined) ?? "identity";
    if (negotiatedEncodings.size >= 64) negotiatedEncodings.clear();
    negotiatedEncodings.set(accepted, encoding);
  }
  return encoding;
}

/**
 * A kept page's answer headers in one encoding, as a flat [name, value, …] list for one writeHead: the
 * page's own, the security headers it did not set, its encoding and length. Made once per page and encoding
 * (a hit then costs one header validation each, not a setHeader and a lookup per header).
 */
const pageAnswerHeaders = new WeakMap<CachedPage, Partial<Record<Encoding, string[]>>>();
function answerHeaders(page: CachedPage, encoding: Encoding, entry: ServerEntry): string[] {
  let byEncoding = pageAnswerHeaders.get(page);
  if (!byEncoding) {
    byEncoding = {};
    pageAnswerHeaders.set(page, byEncoding);
  }
  let headers = byEncoding[encoding];
  if (!headers) {
    const own = Object.entries(page.headers);
    const has = new Set(own.map(([name]) => name.toLowerCase()));
    const security = Object.entries(entry.baseSecurityHeaders).filter(([name]) => !has.has(name.toLowerCase()));
    const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
    headers = [...own, ...security].flat();
    if (encoding !== "identity") headers.push("Content-Encoding", encoding);
    headers.push("Content-Length", String(body.length));
    byEncoding[encoding] = headers;
  }
  return headers;
}

/** A kept page, in the encoding the client takes best, or a 304 when its copy is current. */
function sendCachedPage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  page: CachedPage,
  entry: ServerEntry,
  extraHeaders: readonly string[] = [],
  cacheStatus: "HIT" | "STALE" = "HIT",
): void {
  if (req.headers["if-none-match"] !== undefined || req.headers["if-modified-since"] !== undefined) {
    const conditional = new globalThis.Request("http://cache.invalid/", {
      headers: {
        ...(req.headers["if-none-match"] ? { "If-None-Match": String(req.headers["if-none-match"]) } : {}),
        ...(req.headers["if-modified-since"] ? { "If-Modified-Since": String(req.headers["if-modified-since"]) } : {}),
      },
    });
    if (entry.isNotModified(conditional, new Headers(page.headers))) {
      // The policy stays out of a 304: the browser keeps the one stored with its copy.
      for (const name of ["cache-control", "vary", "etag", "last-modified"]) {
        if (page.headers[name]) res.setHeader(name, page.headers[name]);
      }
      res.setHeader(CACHE_STATUS_HEADER, cacheStatus);
      for (let index = 0; index < extraHeaders.length; index += 2) {
        res.setHeader(extraHeaders[index], extraHeaders[index + 1]);
      }
      setSecurityHeaders(res, entry, false);
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  const encoding = preferredEncoding(req);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  // Headers set before (the id; in the chain, others) stay: writeHead adds these to them, one by one then.
  res.writeHead(200, [...answerHeaders(page, encoding, entry), CACHE_STATUS_HEADER, cacheStatus, ...extraHeaders]);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** How long a request waits for another one's render of its page before rendering it itself. */
const LONGEST_WAIT_MS = 10_000;

/** The render of a page this request is making for the cache (res.locals.pageCache), and its keeping. */
export interface PageCacheRender {
  key: string;
  renderedIn: number;
  /** Set by offerToPageCache once the answer is sent: the cache keeping it (or refusing to). */
  stored?: Promise<unknown>;
}

/**
 * Answers from the page cache when it holds the page for this request. Otherwise the cache says what to
 * do (PageCache.missed): render it, marked X-Cache: MISS, for the cache to keep (res.locals.pageCache);
 * send the copy from before the last drop while another request renders it (X-Cache: STALE); or wait for
 * that render and send what it kept (a HIT), rendering it here only if it kept nothing.
 */
export function servePageCache(entry: ServerEntry) {
  const cache = entry.pageCache();
  const render = (req: Request, res: Response, next: NextFunction, claim?: PageCacheRender) => {
    res.setHeader(CACHE_STATUS_HEADER, "MISS");
    if (claim) {
      res.locals.pageCache = claim;
      // The render ends once its answer is kept or refused, or when none came to be kept (the client went
      // away, a build file or a refused body answered first): its waiters then look again.
      res.once("close", () => {
        void Promise.resolve(claim.stored).finally(() => cache.endRender(claim.key, claim.renderedIn));
      });
    }
    next();
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    const key = cache.keyFor({ method: req.method, url: req.url, cookie: req.headers.cookie });
    if (key === undefined) {
      next();
      return;
    }
    const page = cache.lookup(key);
    if (page) {
      sendCachedPage(req, res, page, entry);
      return;
    }
    const missed = cache.missed(key, req.method === "GET");
    if (missed.action === "stale") {
      sendCachedPage(req, res, missed.page, entry, [], "STALE");
      return;
    }
    if (missed.action === "render") {
      render(req, res, next, req.method === "GET" ? { key, renderedIn: missed.renderedIn } : undefined);
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, LONGEST_WAIT_MS)));
    void Promise.race([missed.until, waited]).then(() => {
      clearTimeout(timer);
      if (req.socket.destroyed) return;
      const rendered = cache.lookup(key);
      if (rendered) sendCachedPage(req, res, rendered, entry);
      else render(req, res, next);
    });
  };
}

export type FirstResponder = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

/**
 * The shortest path for a page-cache hit, ahead of Express: a GET or HEAD without a body whose page the cache
 * holds is answered here with what the chain would give it (its id, the security headers, its request line)
 * and nothing else; anything else (a miss, a body, an odd request line) goes on to the app, where the cache
 * marks a miss and keeps its answer. Through the whole chain a hit cost five times what Node itself needs.
 */
export function cacheHitResponder(entry: ServerEntry, trustsProxy: (address: string) => boolean): FirstResponder {
  const cache = entry.pageCache();
  const logger = requestLineLogger(entry.logger);
  return (req, res) => {
    const { method, url, headers } = req;
    if ((method !== "GET" && method !== "HEAD") || !url?.startsWith("/") || req.httpVersionMajor < 1) return false;
    if (!headers.host || headers["transfer-encoding"] || Number(headers["content-length"] ?? 0) > 0) return false;
    const key = cache.keyFor({ method, url, cookie: headers.cookie });
    if (key === undefined) return false;
    const fresh = cache.lookup(key);
    const page = fresh ?? cache.staleWhileRendering(key);
    if (!page) return false;
    const started = Date.now();
    const peer = req.socket.remoteAddress;
    const fromTrustedProxy = peer !== undefined && trustsProxy(peer);
    const id = chooseRequestId(headers["x-request-id"], fromTrustedProxy);
    // The id, and HSTS over HTTPS; the page's headers bring the other security headers (answerHeaders).
    const extra = [REQUEST_ID_HEADER, id];
    if (isSecure(req, fromTrustedProxy) && page.headers["strict-transport-security"] === undefined) {
      extra.push(...HSTS);
    }
    res.once("close", () => {
      const line = requestLine(Object.assign(req, { id }), res, Date.now() - started);
      logger.info(line, `${method} ${line.path} ${res.statusCode}${res.writableEnded ? "" : " (aborted)"}`);
    });
    sendCachedPage(req, res, page, entry, extra, fresh ? "HIT" : "STALE");
    return true;
  };
}

/**
 * Keeps a copy of what the app writes (before compression) and, once the answer is sent, offers it to the
 * cache — unless part of it was made without the database. The cache decides whether to keep it
 * (`render.stored`, which ends the render for the requests waiting on it, see servePageCache).
 */
export function offerToPageCache(
  res: Response,
  render: PageCacheRender,
  cache: PageCache,
  scopeOf: () => Pick<RequestScope, "databaseUnavailable" | "degraded" | "tablesRead">,
  logger: Logger,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function" || size > 4 * 1024 * 1024) return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    size += buffer.length;
    chunks.push(buffer);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
  } as Response["end"];
  res.once("finish", () => {
    const scope = scopeOf();
    if (scope.databaseUnavailable || scope.degraded || size > 4 * 1024 * 1024) return;
    render.stored = cache
      .store(
        render.key,
        render.renderedIn,
        { status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) },
        scope.tablesRead,
      )
      .catch((error: unknown) => logger.debug({ err: error }, "A page was not cached"));
  });
}

/** The longest a page rendered ahead of its visitors may take before the next one is started. */
const PREWARM_TIMEOUT_MS = 10_000;

/**
 * Once `server` listens, the cache's most visited pages are rendered again after each drop by requests to
 * the server itself, through the whole chain as a visitor's would go (app/services/page-cache.server.ts
 * picks them; each is written in the log like any request).
 */
export function prewarmThrough(server: http.Server, cache: PageCache): void {
  if (server.listening) start();
  else server.once("listening", start);
  function start() {
    const address = server.address();
    if (!address || typeof address === "string") return;
    const host = address.address === "0.0.0.0" ? "127.0.0.1" : address.address === "::" ? "::1" : address.address;
    cache.prewarmWith(
      (request: CacheableRequest) =>
        new Promise<void>((resolve, reject) => {
          const get = http.get(
            {
              host,
              port: address.port,
              path: request.url,
              headers: { "accept-encoding": "identity", ...(request.cookie ? { cookie: request.cookie } : {}) },
              timeout: PREWARM_TIMEOUT_MS,
            },
            (response) => {
              response.resume();
              response.once("end", resolve);
              response.once("error", reject);
            },
          );
          get.once("timeout", () => get.destroy(new Error("timed out")));
          get.once("error", reject);
        }),
    );
  }
}
