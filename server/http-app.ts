// The Express application in front of React Router: what every request meets before any route —
// its id and log line, request-line checks, security headers, the client address, the body limit, the
// request scope — plus compression and static assets. server.ts serves it; the fuzz test drives it in process.
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import Negotiator from "negotiator";
import onHeaders from "on-headers";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { maskEmailAddresses } from "../app/server/mask-email.server.ts";
import type { CachedPage, PageCache } from "../app/server/page-cache.server.ts";

/** What the app's server entry (app/entry.server.tsx) gives the HTTP layer. */
export interface ServerEntry {
  baseSecurityHeaders: Record<string, string>;
  runInRequestScope: (
    handle: () => void,
    requestId?: string,
  ) => { afterResponse: Array<() => void>; databaseUnavailable: boolean; degraded: boolean };
  runWithRequestId: (requestId: string | undefined, work: () => void) => void;
  /** The app's logger: the request lines are written with it, so every line has one format and level. */
  logger: Logger;
  /** The process's page cache (app/server/page-cache.server.ts): anonymous public pages, ready to send. */
  pageCache: () => PageCache;
  /** Whether the client's copy is current (If-None-Match / If-Modified-Since against these headers). */
  isNotModified: (request: globalThis.Request, headers: Headers) => boolean;
}

export interface HttpAppOptions {
  build: ServerBuild;
  entry: ServerEntry;
  buildDirectory: string;
  trustProxy: false | number | string[];
  bodyLimitBytes: number;
  allowedActionOrigins?: string[];
}

const ALLOWED_METHODS = "GET, HEAD, POST";
/** Seconds a client should wait before retrying while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/** Marks the stream error of a body cut off at the limit, so the app does not log it as a failure. */
export class RequestBodyTooLargeError extends Error {
  constructor() {
    super("The request body is over the limit");
    this.name = "RequestBodyTooLargeError";
  }
}

export const REQUEST_ID_HEADER = "X-Request-Id";
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: the one a trusted proxy sent in X-Request-Id (so its logs and ours share it) when it
 * is well formed; otherwise, and always without TRUST_PROXY, a fresh random one. A client's own id is never
 * believed: it could forge one to blend its requests into another's, or break the log with a strange one.
 */
export function chooseRequestId(offered: string | string[] | undefined, fromTrustedProxy: boolean): string {
  if (fromTrustedProxy && typeof offered === "string" && WELL_FORMED_REQUEST_ID.test(offered)) return offered;
  return crypto.randomUUID();
}

// The query values the request line keeps: paging, filters, dialogs and row ids, never free text. Every
// other value is replaced: tokens (/admin/invite?token=…, /admin/reset/confirm?token=…, the setup link),
// e-mail addresses, search words (an admin searching inquiries types a visitor's name) and whatever else.
const LOGGED_QUERY_VALUES = new Set([
  "page",
  "status",
  "filter",
  "store",
  "show",
  "since",
  "sent",
  "dialog",
  "edit",
  "confirm-delete",
  "index",
  "_routes",
]);
const PLAIN_VALUE = /^[A-Za-z0-9._,:/-]{0,64}$/;
const PLAIN_NAME = /^[A-Za-z0-9._-]{1,40}$/;
const REDACTED = "[redacted]";
const MAX_PATH_LENGTH = 300;
const MAX_QUERY_PARAMS = 20;

/**
 * What the log keeps of a request's target: the path (an e-mail address in it masked, cut at 300
 * characters) and, when there is one, the query with every value redacted but those listed above.
 */
export function loggedTarget(target: string): { path: string; query?: string } {
  const mark = target.indexOf("?");
  const rawPath = mark === -1 ? target : target.slice(0, mark);
  const masked = maskEmailAddresses(rawPath);
  const path = masked.length > MAX_PATH_LENGTH ? `${masked.slice(0, MAX_PATH_LENGTH)}…` : masked;
  if (mark === -1 || mark === target.length - 1) return { path };
  const params = [...new URLSearchParams(target.slice(mark + 1))];
  const query = params
    .slice(0, MAX_QUERY_PARAMS)
    .map(([name, value]) => {
      if (!PLAIN_NAME.test(name)) return `${REDACTED}=${REDACTED}`;
      if (value === "") return name;
      return `${name}=${LOGGED_QUERY_VALUES.has(name) && PLAIN_VALUE.test(value) ? value : REDACTED}`;
    })
    .concat(params.length > MAX_QUERY_PARAMS ? ["…"] : [])
    .join("&");
  return { path, query };
}

/** The request's line: who asked what, the answer, how long it took. Never headers, cookies, bodies, addresses. */
function requestLine(
  req: http.IncomingMessage & { id?: unknown; originalUrl?: string },
  res: http.ServerResponse,
  durationMs: number,
) {
  const { path, query } = loggedTarget(req.originalUrl ?? req.url ?? "/");
  return {
    requestId: String(req.id),
    method: req.method,
    path,
    ...(query === undefined ? {} : { query }),
    status: res.statusCode,
    durationMs,
    // The client went away before the whole answer was written.
    ...(res.writableEnded ? {} : { aborted: true }),
  };
}

/**
 * The request lines' logger: the app's, without its key redaction. A line's keys are fixed (requestLine) and
 * its values already masked (loggedTarget), so the redaction would find nothing, at a tenth of a cached
 * page's cost.
 */
const requestLineLoggers = new WeakMap<Logger, Logger>();
function requestLineLogger(logger: Logger): Logger {
  let lines = requestLineLoggers.get(logger);
  if (!lines) {
    lines = logger.child({}, { redact: [] });
    requestLineLoggers.set(logger, lines);
  }
  return lines;
}

/**
 * One line per request, once it is answered (pino-http), written with the app's logger: info, 5xx at warn
 * (the error itself, with its stack, is logged once where it was caught: the app's handleError or the
 * error handler below), and the probes' successful answers at debug so that they do not drown the rest.
 */
function requestLogger(logger: Logger) {
  return pinoHttp<Request, Response>({
    logger: requestLineLogger(logger),
    genReqId: (req) => req.id,
    // The request and response objects are not serialized at all: the line has only what requestLine says.
    wrapSerializers: false,
    serializers: { req: () => undefined, res: () => undefined },
    customLogLevel: (req, res, error) => {
      if (error || res.statusCode >= 500) return "warn";
      const { path } = loggedTarget(req.originalUrl ?? req.url);
      if ((path === "/healthz" || path === "/readyz") && res.statusCode < 400) return "debug";
      return "info";
    },
    customSuccessObject: (req, res, value: { responseTime: number }) => requestLine(req, res, value.responseTime),
    // Only a stream error of the response itself comes with an error here; a 5xx alone gets none.
    customErrorObject: (req, res, error, value: { responseTime: number; err?: Error }) => ({
      ...requestLine(req, res, value.responseTime),
      ...(error.message === `failed with status code ${res.statusCode}` ? {} : { err: error }),
    }),
    customSuccessMessage: (req, res) =>
      `${req.method} ${loggedTarget(req.originalUrl ?? req.url).path} ${res.statusCode}${res.writableEnded ? "" : " (aborted)"}`,
    customErrorMessage: (req, res) =>
      `${req.method} ${loggedTarget(req.originalUrl ?? req.url).path} ${res.statusCode}`,
  });
}

const loggers = new WeakMap<express.Express, Logger>();

function plainText(res: Response, status: number, message: string, headers: Record<string, string> = {}): void {
  res
    .status(status)
    .set({ "Cache-Control": "no-store", ...headers })
    .type("text/plain; charset=utf-8")
    .send(message);
}

/**
 * Only the methods the site uses, only origin-form targets ("/path", never "http://host/path" or
 * HTTP/0.9 without a Host), before anything else looks at the request.
 */
function checkRequestLine(req: Request, res: Response, next: NextFunction): void {
  if (!ALLOWED_METHODS.split(", ").includes(req.method)) {
    plainText(res, 405, "This method is not allowed.", { Allow: ALLOWED_METHODS });
    return;
  }
  // HTTP/1.0 may leave out the Host header (old health checkers do); HTTP/1.1 must send it.
  if (!req.headers.host && req.httpVersion === "1.0") req.headers.host = "localhost";
  if (req.httpVersionMajor < 1 || !req.url.startsWith("/") || !req.headers.host) {
    plainText(res, 400, "Bad request.", { Connection: "close" });
    return;
  }
  next();
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

/**
 * Caps every request body at `limit` bytes while it streams in, chunked or not: a declared length over
 * the limit is refused at once, and a body that grows past it is cut off with 413 before the excess is
 * read. The body stream then errors, so no handler mistakes the part it read for a whole form.
 *
 * A body the handler never read (a signed-out upload answered with a redirect) is read to its end and
 * dropped once the answer is out, still within the limit: left paused, it held up the next request on
 * the same keep-alive connection until the server's timeout reset it (ECONNRESET in a proxy's pool).
 */
function limitRequestBody(limit: number) {
  const message = `The request is too large. The largest accepted is ${megabytes(limit)}.`;
  const refuse = (req: Request, res: Response) => {
    if (!res.headersSent) plainText(res, 413, message, { Connection: "close" });
    const stop = () => req.destroy(new RequestBodyTooLargeError());
    if (res.writableFinished || res.headersSent) stop();
    else res.once("finish", stop);
    req.pause();
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    if (Number(req.headers["content-length"] ?? 0) > limit) {
      refuse(req, res);
      return;
    }
    if (!req.headers["transfer-encoding"] && !Number(req.headers["content-length"] ?? 0)) {
      next();
      return;
    }
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        req.off("data", count);
        refuse(req, res);
      }
    };
    req.on("data", count);
    // Listening switched the stream to flowing; paused, it waits for the handler that reads it.
    req.pause();
    res.once("finish", () => {
      if (req.readableEnded || req.destroyed || received > limit) return;
      // Only the counter keeps listening (the handler's reader is done with it), and the rest flows away.
      for (const listener of req.listeners("data")) if (listener !== count) req.off("data", listener as () => void);
      req.resume();
    });
    next();
  };
}

/** The headers every answer carries (those the app did not set itself), and HSTS over HTTPS. */
function setSecurityHeaders(res: http.ServerResponse, entry: ServerEntry, secure: boolean): void {
  for (const [name, value] of Object.entries(entry.baseSecurityHeaders)) {
    if (!res.hasHeader(name)) res.setHeader(name, value);
  }
  if (secure && !res.hasHeader(HSTS[0])) res.setHeader(HSTS[0], HSTS[1]);
}

const HSTS = ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as const;

const ENCODINGS = ["br", "gzip", "identity"] as const;
type Encoding = (typeof ENCODINGS)[number];
export const CACHE_STATUS_HEADER = "X-Cache";

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
      res.setHeader(CACHE_STATUS_HEADER, "HIT");
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
  res.writeHead(200, [...answerHeaders(page, encoding, entry), CACHE_STATUS_HEADER, "HIT", ...extraHeaders]);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Answers from the page cache when it holds the page for this request; otherwise marks a request the
 * cache may keep the answer of (X-Cache: MISS) and goes on. What is cacheable is the cache's decision.
 */
function servePageCache(entry: ServerEntry) {
  const cache = entry.pageCache();
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
    res.setHeader(CACHE_STATUS_HEADER, "MISS");
    if (req.method === "GET") res.locals.pageCacheKey = key;
    next();
  };
}

/** HTTPS, directly or (from a trusted proxy) as X-Forwarded-Proto says, as Express's req.secure reads it. */
function isSecure(req: http.IncomingMessage, fromTrustedProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const forwarded = req.headers["x-forwarded-proto"];
  return fromTrustedProxy && typeof forwarded === "string" && forwarded.split(",")[0].trim() === "https";
}

type FirstResponder = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

/**
 * The shortest path for a page-cache hit, ahead of Express: a GET or HEAD without a body whose page the cache
 * holds is answered here with what the chain would give it (its id, the security headers, its request line)
 * and nothing else; anything else (a miss, a body, an odd request line) goes on to the app, where the cache
 * marks a miss and keeps its answer. Through the whole chain a hit cost five times what Node itself needs.
 */
function cacheHitResponder(entry: ServerEntry, trustsProxy: (address: string) => boolean): FirstResponder {
  const cache = entry.pageCache();
  const logger = requestLineLogger(entry.logger);
  return (req, res) => {
    const { method, url, headers } = req;
    if ((method !== "GET" && method !== "HEAD") || !url?.startsWith("/") || req.httpVersionMajor < 1) return false;
    if (!headers.host || headers["transfer-encoding"] || Number(headers["content-length"] ?? 0) > 0) return false;
    const key = cache.keyFor({ method, url, cookie: headers.cookie });
    const page = key === undefined ? undefined : cache.lookup(key);
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
    sendCachedPage(req, res, page, entry, extra);
    return true;
  };
}

const firstResponders = new WeakMap<express.Express, FirstResponder>();

/**
 * Keeps a copy of what the app writes (before compression) and, once the answer is sent, offers it to the
 * cache — unless part of it was made without the database. The cache decides whether to keep it.
 */
function offerToPageCache(
  res: Response,
  key: string,
  cache: PageCache,
  scopeOf: () => { databaseUnavailable: boolean; degraded: boolean },
  logger: Logger,
): void {
  const renderedIn = cache.beginRender();
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
    cache
      .store(key, renderedIn, { status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) })
      .catch((error: unknown) => logger.debug({ err: error }, "A page was not cached"));
  });
}

export function createHttpApp(options: HttpAppOptions): express.Express {
  const { build, entry, buildDirectory } = options;
  const app = express();
  loggers.set(app, entry.logger);
  app.disable("x-powered-by");
  // Only a hop count or known proxy addresses: "trust everything" would let a client write its own address.
  app.set("trust proxy", options.trustProxy);
  const isTrustedProxy = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const trustsProxy = (address: string) => options.trustProxy !== false && isTrustedProxy(address, 0);
  firstResponders.set(app, cacheHitResponder(entry, trustsProxy));
  // First of all, so that every answer (a refused method, a 413, a static file) has its id and its line.
  app.use((req, res, next) => {
    const peer = req.socket.remoteAddress;
    req.id = chooseRequestId(req.headers["x-request-id"], peer !== undefined && trustsProxy(peer));
    res.setHeader(REQUEST_ID_HEADER, req.id);
    next();
  });
  app.use(requestLogger(entry.logger));
  app.use(checkRequestLine);
  app.use((req, res, next) => {
    // Set as the head is written, and only where the app set none: one value each, never two.
    onHeaders(res, () => setSecurityHeaders(res, entry, req.secure));
    // The client address the app sees (rate limits); never taken from the request itself.
    req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
  // Before compression and the static files: a kept page is sent as it is, already compressed.
  app.use(servePageCache(entry));
  app.use(limitRequestBody(options.bodyLimitBytes));
  app.use(compression());
  app.use(
    "/assets",
    express.static(path.join(buildDirectory, "client/assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  app.use(express.static(path.join(buildDirectory, "client"), { maxAge: "1h", index: false }));

  const handleRequest = createRequestHandler({
    build: options.allowedActionOrigins?.length
      ? { ...build, allowedActionOrigins: options.allowedActionOrigins }
      : build,
  });
  app.all("/{*splat}", (req, res, next) => {
    const requestId = String(req.id);
    const pageCacheKey = res.locals.pageCacheKey as string | undefined;
    if (pageCacheKey !== undefined) offerToPageCache(res, pageCacheKey, entry.pageCache(), () => scope, entry.logger);
    // Every line the app logs while it handles the request carries its id (see app/server/logger.server.ts).
    const scope = entry.runInRequestScope(() => void handleRequest(req, res, next), requestId);
    // A database outage met while answering makes the answer a 503 with a hint of when to retry, and
    // never a cached one. The body stays what the app rendered: the error page, a page without its
    // database parts, or a form's failure reply with the visitor's values and the failure message.
    onHeaders(res, function () {
      const failedOrDegraded = res.statusCode >= 500 || res.statusCode < 300;
      if (scope.databaseUnavailable && failedOrDegraded) res.statusCode = 503;
      if (res.statusCode === 503 && !res.hasHeader("Retry-After")) {
        res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
        res.setHeader("Cache-Control", "no-store");
      }
    });
    res.once("close", () => {
      entry.runWithRequestId(requestId, () => {
        for (const task of scope.afterResponse.splice(0)) task();
      });
    });
  });

  // Whatever escaped the app (it renders its own errors): a plain answer, never a stack trace.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof RequestBodyTooLargeError || res.headersSent) {
      if (!res.writableEnded) res.destroy();
      return;
    }
    // An address React Router cannot decode (invalid percent-escapes in a path parameter) or parse.
    if (error instanceof URIError || (error instanceof TypeError && /Invalid URL/i.test(error.message))) {
      plainText(res, 400, "Bad request.");
      return;
    }
    entry.logger.error(
      { err: error, requestId: String(req.id), method: req.method, path: loggedTarget(req.originalUrl).path },
      "Unhandled error",
    );
    plainText(res, 500, "Something went wrong. Please try again in a moment.");
  });
  return app;
}

/** The Node server for the app: a request Node cannot parse (a malformed line or header) gets a plain 400. */
export function createHttpServer(app: express.Express): http.Server {
  const first = firstResponders.get(app);
  const server = http.createServer(first ? (req, res) => first(req, res) || app(req, res) : app);
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : "400 Bad Request";
    // Never reached Express: its id and line are written here (no method or path: the request did not parse).
    const requestId = chooseRequestId(undefined, false);
    loggers
      .get(app)
      ?.info(
        { requestId, status: Number.parseInt(status), reason: error.code },
        "Refused a request that did not parse",
      );
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\n${REQUEST_ID_HEADER}: ${requestId}\r\n` +
        `Connection: close\r\n\r\nBad request.`,
    );
  });
  return server;
}
