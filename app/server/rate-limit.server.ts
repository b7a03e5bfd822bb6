import {
  deleteRateLimitKey,
  deleteRateLimitWindowsBefore,
  incrementRateLimitWindow,
} from "~/models/rate-limits.server";

export interface RateLimitRule {
  /** What is limited, e.g. "contact:203.0.113.9" or "login-account:a@b.c". */
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
let hitsSincePrune = 0;

/**
 * Counts one hit against a fixed window, in the database so every app instance shares the count.
 * Every few hundred hits, windows older than a day are dropped so the table stays small.
 */
export async function hitRateLimit(rule: RateLimitRule, now = Date.now()): Promise<RateLimitResult> {
  const start = new Date(Math.floor(now / rule.windowMs) * rule.windowMs);
  const hits = await incrementRateLimitWindow(rule.key, start);
  if (++hitsSincePrune >= 500) {
    hitsSincePrune = 0;
    await deleteRateLimitWindowsBefore(new Date(now - DAY_MS));
  }
  const retryAfterSeconds = Math.max(1, Math.ceil((start.getTime() + rule.windowMs - now) / 1000));
  return { allowed: hits <= rule.limit, remaining: Math.max(0, rule.limit - hits), retryAfterSeconds };
}

/** Forgets a key's count (e.g. after a successful sign-in). */
export async function resetRateLimit(key: string): Promise<void> {
  await deleteRateLimitKey(key);
}

/** The client address the server put on the request (server.ts sets it from the socket or trusted proxy). */
export function clientIp(request: Request): string {
  return request.headers.get("x-client-ip") ?? "unknown";
}
