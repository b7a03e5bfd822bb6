// The app's one logger: structured JSON lines (pino) in production, readable lines in development.
// Every line written while a request is handled carries that request's id (see request-scope.server.ts).
import pino from "pino";
import { currentRequestScope } from "./request-scope.server";

function level(): string {
  if (process.env.LOG_LEVEL) return process.env.LOG_LEVEL;
  return process.env.NODE_ENV === "test" ? "warn" : "info";
}

/** LOG_FORMAT=pretty|json; by default readable in development, JSON everywhere else. */
function pretty(): boolean {
  const format = process.env.LOG_FORMAT?.toLowerCase();
  if (format === "pretty") return true;
  if (format === "json") return false;
  return process.env.NODE_ENV === "development";
}

export const logger = pino({
  level: level(),
  base: undefined,
  mixin() {
    const requestId = currentRequestScope()?.requestId;
    return requestId ? { requestId } : {};
  },
  ...(pretty()
    ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } } }
    : {}),
});
