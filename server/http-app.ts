// The Express application in front of React Router: what every request meets before any route —
// request-line checks, security headers, the client address, the body limit, the request scope —
// plus compression and static assets. server.ts serves it; the fuzz test drives it in process.
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import onHeaders from "on-headers";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";

/** What the app's server entry (app/entry.server.tsx) gives the HTTP layer. */
export interface ServerEntry {
  baseSecurityHeaders: Record<string, string>;
  runInRequestScope: (handle: () => void) => { afterResponse: Array<() => void>; databaseUnavailable: boolean };
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
    next();
  };
}

export function createHttpApp(options: HttpAppOptions): express.Express {
  const { build, entry, buildDirectory } = options;
  const app = express();
  app.disable("x-powered-by");
  // Only a hop count or known proxy addresses: "trust everything" would let a client write its own address.
  app.set("trust proxy", options.trustProxy);
  app.use(checkRequestLine);
  app.use((req, res, next) => {
    // Set as the head is written, and only where the app set none: one value each, never two.
    onHeaders(res, function () {
      for (const [name, value] of Object.entries(entry.baseSecurityHeaders)) {
        if (!res.hasHeader(name)) res.setHeader(name, value);
      }
      if (req.secure && !res.hasHeader("Strict-Transport-Security")) {
        res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      }
    });
    // The client address the app sees (rate limits); never taken from the request itself.
    req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
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
    const scope = entry.runInRequestScope(() => void handleRequest(req, res, next));
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
      for (const task of scope.afterResponse.splice(0)) task();
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
    console.error(`Unhandled error for ${req.method} ${req.path}:`, error);
    plainText(res, 500, "Something went wrong. Please try again in a moment.");
  });
  return app;
}

/** The Node server for the app: a request Node cannot parse (a malformed line or header) gets a plain 400. */
export function createHttpServer(app: express.Express): http.Server {
  const server = http.createServer(app);
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : "400 Bad Request";
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\nBad request.`,
    );
  });
  return server;
}
