// The app's one logger (pino): one JSON object per line in production, readable lines for a person.
// Every line written while a request is handled carries that request's id (see request-scope.server.ts;
// server/http-app.ts sets it and logs one line per request with the same logger).
//
// Never log secrets or personal data: passwords, tokens or links holding them, e-mail addresses, names,
// phone numbers, form bodies, cookies, headers, client addresses. Errors go under `err` (their stack, and
// only the fields listed below: a database error's `detail` can quote a row's values).
// Imports name their .ts file: data-dir-lock.server.ts imports this module and runs under bare Node too.
import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";
import { maskEmailAddresses } from "./mask-email.server.ts";
import { currentRequestId } from "./request-scope.server.ts";

export type { Logger };

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const FORMATS = ["json", "pretty"];

export interface LogSettings {
  level: string;
  format: "json" | "pretty";
  /** Values that were not understood (and replaced by the default), for a warning once the logger exists. */
  problems: string[];
}

/**
 * LOG_LEVEL (default info; warn under tests) and LOG_FORMAT=json|pretty (default: pretty in development
 * or when the output is a terminal, JSON everywhere else: containers, process managers, files).
 */
export function logSettings(
  variables: NodeJS.ProcessEnv = process.env,
  isTerminal = Boolean(process.stdout.isTTY),
): LogSettings {
  const problems: string[] = [];
  const defaultLevel = variables.NODE_ENV === "test" ? "warn" : "info";
  let level = variables.LOG_LEVEL?.trim().toLowerCase() || defaultLevel;
  if (!LEVELS.includes(level)) {
    problems.push(`LOG_LEVEL=${variables.LOG_LEVEL} is not one of ${LEVELS.join(", ")}; using ${defaultLevel}.`);
    level = defaultLevel;
  }
  const defaultFormat =
    variables.NODE_ENV === "development" || (isTerminal && variables.NODE_ENV !== "test") ? "pretty" : "json";
  let format = variables.LOG_FORMAT?.trim().toLowerCase() || defaultFormat;
  if (!FORMATS.includes(format)) {
    problems.push(`LOG_FORMAT=${variables.LOG_FORMAT} is not one of ${FORMATS.join(", ")}; using ${defaultFormat}.`);
    format = defaultFormat;
  }
  return { level, format: format as LogSettings["format"], problems };
}

// What an error may show besides its type, message and stack: codes and names, never values.
const ERROR_FIELDS = [
  "code",
  "errno",
  "syscall",
  "status",
  "statusCode",
  "severity",
  "constraint",
  "table",
  "column",
  "routine",
] as const;

/** The `err` of a log line: type, message and stack (e-mail addresses masked), codes, and its causes. */
export function serializeError(value: unknown, depth = 0): Record<string, unknown> {
  if (!(value instanceof Error)) {
    const object = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
    return {
      type: object ? (object.constructor?.name ?? "Object") : typeof value,
      message: maskEmailAddresses(String(object && typeof object.message === "string" ? object.message : value)),
      ...(object && typeof object.status === "number" ? { status: object.status } : {}),
    };
  }
  const fields = value as unknown as Record<string, unknown>;
  const serialized: Record<string, unknown> = {
    // The class when it is a subclass (pg's DatabaseError is named "error"), else the name.
    type:
      value.constructor?.name && value.constructor.name !== "Error" ? value.constructor.name : value.name || "Error",
    message: maskEmailAddresses(value.message),
    stack: value.stack ? maskEmailAddresses(value.stack) : undefined,
  };
  for (const field of ERROR_FIELDS) {
    const fieldValue = fields[field];
    if (typeof fieldValue === "string" || typeof fieldValue === "number") serialized[field] = fieldValue;
  }
  if (depth < 3) {
    if (value.cause !== undefined) serialized.cause = serializeError(value.cause, depth + 1);
    if (value instanceof AggregateError) {
      serialized.errors = value.errors.slice(0, 5).map((error: unknown) => serializeError(error, depth + 1));
    }
  }
  return serialized;
}

// A second net under the rule above: these keys are masked wherever a line carries them by mistake.
const REDACTED_KEYS = ["password", "token", "email", "phone", "cookie", "headers", "authorization"];

let lastTimeMs = 0;
let lastTime = "";
/**
 * pino's isoTime (`,"time":"2026-11-29T12:00:00.000Z"`), formatted once per millisecond: a busy server
 * writes many lines in one, and formatting the date was a twentieth of a cached page's cost.
 */
function isoTimeOncePerMillisecond(): string {
  const now = Date.now();
  if (now !== lastTimeMs) {
    lastTimeMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

/** The logger's options (tests build one on a destination of their own with the same options). */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: undefined,
    timestamp: isoTimeOncePerMillisecond,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: (error: unknown) => serializeError(error) },
    redact: { paths: [...REDACTED_KEYS, ...REDACTED_KEYS.map((key) => `*.${key}`)], censor: "[redacted]" },
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
}

/** Readable lines for a person (pino-pretty, loaded only for them; otherwise pino's JSON on standard output). */
function prettyDestination(): DestinationStream {
  const require = createRequire(import.meta.url);
  const pretty = require("pino-pretty") as (options: Record<string, unknown>) => DestinationStream;
  // Synchronous: a line printed just before the process exits is not lost.
  return pretty({ sync: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" });
}

/**
 * JSON lines on standard output, written in batches: a request line was a write(2) of its own, a third of a
 * cached page's cost (issue 38). Written when 4 KB gather or a quarter second passes, synchronously (a
 * write through libuv's thread pool cost more than it saved), and at once as the process exits, so no
 * line is dropped. 4 KB rather than 8: sonic-boom measures the pending text at every line, so a line cost
 * 2.9 µs with 8 KB pending and 2.1 µs with 4 KB.
 */
function jsonDestination(): DestinationStream {
  const destination = pino.destination({ dest: 1, sync: true, minLength: 4096, periodicFlush: 250 });
  process.once("exit", () => destination.flushSync());
  return destination;
}

const settings = logSettings();

export const logger: Logger = pino(
  loggerOptions(settings.level),
  settings.format === "pretty" ? prettyDestination() : jsonDestination(),
);
for (const problem of settings.problems) logger.warn(problem);
