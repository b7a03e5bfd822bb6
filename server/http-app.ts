// The Express application in front of React Router: what every request meets before any route —
// its id and log line, request-line checks, security headers, the client address, the body limit, the
// request scope — plus compression and static assets. server.ts serves it; the fuzz test drives it in process.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type NextFunction, type Request, type Response } from "express";
import onHeaders from "on-headers";
import type { Logger } from "pino";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import {
  cacheHitResponder,
  type FirstResponder,
  offerToPageCache,
  type PageCacheRender,
  prewarmThrough,
  servePageCache,
} from "./page-cache-http.ts";
import type { PageCache } from "../app/services/page-cache.server.ts";
import { chooseRequestId, loggedTarget, REQUEST_ID_HEADER, requestLogger } from "./request-log.ts";
import { setSecurityHeaders } from "./security-headers.ts";
import type { ServerEntry } from "./server-entry.ts";

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
 * Addresses that take a larger body than the limit: Admin → Menu's upload of a POS export (20 MB, the file
 * limit of app/services/catalog/pos-csv.server.ts, and the form around it), answered by its own form (also
 * as the page's data request).
 */
const LARGER_BODY_LIMITS = new Map([["/admin/menu/import", 20 * 1024 * 1024 + 64 * 1024]]);

/**
 * Caps every request body at `baseLimit` bytes (or its address's larger limit) while it streams in, chunked
 * or not: a declared length over the limit is refused at once, and a body that grows past it is cut off with
 * 413 before the excess is read. The body stream then errors, so no handler mistakes the part it read for a whole form.
 *
 * A body the handler never read (a signed-out upload answered with a redirect) is read to its end and
 * dropped once the answer is out, still within the limit: left paused, it held up the next request on
 * the same keep-alive connection until the server's timeout reset it (ECONNRESET in a proxy's pool).
 */
function limitRequestBody(baseLimit: number) {
  const limitFor = (req: Request) => Math.max(baseLimit, LARGER_BODY_LIMITS.get(req.path.replace(/\.data$/, "")) ?? 0);
  const refuse = (req: Request, res: Response, limit: number) => {
    const message = `The request is too large. The largest accepted is ${megabytes(limit)}.`;
    if (!res.headersSent) plainText(res, 413, message, { Connection: "close" });
    const stop = () => req.destroy(new RequestBodyTooLargeError());
    if (res.writableFinished || res.headersSent) stop();
    else res.once("finish", stop);
    req.pause();
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    const limit = limitFor(req);
    if (Number(req.headers["content-length"] ?? 0) > limit) {
      refuse(req, res, limit);
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
        refuse(req, res, limit);
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

/**
 * What createHttpServer needs of an app createHttpApp made: the cache-hit path that answers ahead of
 * Express, the logger for requests that never reach Express, and the page cache it pre-warms once it listens.
 */
const serverParts = new WeakMap<express.Express, { first: FirstResponder; logger: Logger; cache: PageCache }>();

/**
 * The build's files under `directory`, each sent as the brotli or gzip copy the build made beside it
 * (vite.config.ts) when the client accepts one; compression() leaves an answer that already has its
 * Content-Encoding alone.
 */
function buildFiles(directory: string, caching: { maxAge: string; immutable?: boolean }) {
  return expressStaticGzip(directory, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { ...caching, index: false },
  });
}

/**
 * Runs `files` only for addresses under one of `directory`'s own entries (/favicon.svg, /images/…): every
 * other request, a page's above all, goes on without a look at the disk (a failed stat per page was 3 % of
 * a render).
 */
function onlyUnder(directory: string, files: express.RequestHandler): express.RequestHandler {
  const entries = new Set(fs.readdirSync(directory));
  return (req, res, next) => {
    const first = req.path.slice(1).split("/", 1)[0];
    if (entries.has(first)) files(req, res, next);
    else next();
  };
}

export function createHttpApp(options: HttpAppOptions): express.Express {
  const { build, entry, buildDirectory } = options;
  const app = express();
  app.disable("x-powered-by");
  // Only a hop count or known proxy addresses: "trust everything" would let a client write its own address.
  app.set("trust proxy", options.trustProxy);
  const isTrustedProxy = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const trustsProxy = (address: string) => options.trustProxy !== false && isTrustedProxy(address, 0);
  serverParts.set(app, {
    first: cacheHitResponder(entry, trustsProxy),
    logger: entry.logger,
    cache: entry.pageCache(),
  });
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
  app.use("/assets", buildFiles(path.join(buildDirectory, "client/assets"), { immutable: true, maxAge: "1y" }));
  app.use(
    onlyUnder(path.join(buildDirectory, "client"), buildFiles(path.join(buildDirectory, "client"), { maxAge: "1h" })),
  );

  const handleRequest = createRequestHandler({
    build: options.allowedActionOrigins?.length
      ? { ...build, allowedActionOrigins: options.allowedActionOrigins }
      : build,
  });
  app.all("/{*splat}", (req, res, next) => {
    const requestId = String(req.id);
    const pageCacheRender = res.locals.pageCache as PageCacheRender | undefined;
    if (pageCacheRender) offerToPageCache(res, pageCacheRender, entry.pageCache(), () => scope, entry.logger);
    // Every line the app logs while it handles the request carries its id (see app/server/logger.server.ts).
    const started = performance.now();
    const scope = entry.runInRequestScope(() => void handleRequest(req, res, next), requestId);
    // A database outage met while answering makes the answer a 503 with a hint of when to retry, and
    // never a cached one. The body stays what the app rendered: the error page, a page without its
    // database parts, or a form's failure reply with the visitor's values and the failure message.
    onHeaders(res, function () {
      // What the answer cost the server: its database queries (how many, how long), React's render of the
      // page from the loaders' data when there was one, and the whole (the bench reads them).
      const { queries, milliseconds } = scope.database;
      const rendered = scope.render.milliseconds;
      res.setHeader(
        "Server-Timing",
        `db;desc="${queries} ${queries === 1 ? "query" : "queries"}";dur=${milliseconds.toFixed(1)}, ${rendered ? `react;dur=${rendered.toFixed(1)}, ` : ""}app;dur=${(performance.now() - started).toFixed(1)}`,
      );
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

/**
 * The Node server for the app: a request Node cannot parse (a malformed line or header) gets a plain 400.
 * Once it listens it renders the most visited pages again after each drop (`prewarm`, off in tests that
 * count renders).
 */
export function createHttpServer(app: express.Express, options: { prewarm?: boolean } = {}): http.Server {
  const parts = serverParts.get(app);
  const server = http.createServer(parts ? (req, res) => parts.first(req, res) || app(req, res) : app);
  if (parts && options.prewarm !== false) prewarmThrough(server, parts.cache);
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : "400 Bad Request";
    // Never reached Express: its id and line are written here (no method or path: the request did not parse).
    const requestId = chooseRequestId(undefined, false);
    parts?.logger.info(
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
