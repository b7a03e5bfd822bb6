// Request ids and the one log line per request (server/http-app.ts for the chain, server/page-cache-http.ts
// for a cache hit): who asked what, the answer and how long it took; never headers, cookies, bodies, addresses.
import crypto from "node:crypto";
import type http from "node:http";
import type { Request, Response } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { maskEmailAddresses } from "../app/server/mask-email.server.ts";

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

/**
 * loggedTarget, remembered for the last 1,000 targets (forgotten together): cached pages are asked for by
 * a few hundred addresses over and over, and each line would mask and split the same one again.
 */
const loggedTargets = new Map<string, ReturnType<typeof loggedTarget>>();
function rememberedLoggedTarget(target: string): ReturnType<typeof loggedTarget> {
  let logged = loggedTargets.get(target);
  if (!logged) {
    logged = loggedTarget(target);
    if (loggedTargets.size >= 1000) loggedTargets.clear();
    loggedTargets.set(target, logged);
  }
  return logged;
}

/** The request's line: who asked what, the answer, how long it took. Never headers, cookies, bodies, addresses. */
export function requestLine(
  req: http.IncomingMessage & { id?: unknown; originalUrl?: string },
  res: http.ServerResponse,
  durationMs: number,
) {
  const { path, query } = rememberedLoggedTarget(req.originalUrl ?? req.url ?? "/");
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
export function requestLineLogger(logger: Logger): Logger {
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
export function requestLogger(logger: Logger) {
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
