import { sql } from "kysely";
import { db } from "./db.server";

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

function windowStart(now: number, windowMs: number): Date {
  return new Date(Math.floor(now / windowMs) * windowMs);
}

/**
 * Counts one hit against a fixed window, in the database so every app instance shares the count.
 * The increment is a single upsert, so concurrent hits are never lost.
 */
export async function hitRateLimit(rule: RateLimitRule, now = Date.now()): Promise<RateLimitResult> {
  const start = windowStart(now, rule.windowMs);
  const row = await (
    await db()
  )
    .insertInto("rate_limits")
    .values({ key: rule.key, window_start: start, hits: 1 })
    .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
    .returning("hits")
    .executeTakeFirstOrThrow();
  const retryAfterSeconds = Math.max(1, Math.ceil((start.getTime() + rule.windowMs - now) / 1000));
  return { allowed: row.hits <= rule.limit, remaining: Math.max(0, rule.limit - row.hits), retryAfterSeconds };
}

/** Reads the count without adding a hit (e.g. to refuse a sign-in before checking the password). */
export async function peekRateLimit(rule: RateLimitRule, now = Date.now()): Promise<RateLimitResult> {
  const start = windowStart(now, rule.windowMs);
  const row = await (
    await db()
  )
    .selectFrom("rate_limits")
    .select("hits")
    .where("key", "=", rule.key)
    .where("window_start", "=", start)
    .executeTakeFirst();
  const hits = row?.hits ?? 0;
  const retryAfterSeconds = Math.max(1, Math.ceil((start.getTime() + rule.windowMs - now) / 1000));
  return { allowed: hits < rule.limit, remaining: Math.max(0, rule.limit - hits), retryAfterSeconds };
}

/** Forgets a key's count in the current window (e.g. after a successful sign-in). */
export async function resetRateLimit(key: string): Promise<void> {
  await (await db()).deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** Drops windows older than a day; called now and then so the table stays small. */
export async function pruneRateLimits(now = Date.now()): Promise<void> {
  await (
    await db()
  )
    .deleteFrom("rate_limits")
    .where("window_start", "<", new Date(now - 24 * 60 * 60 * 1000))
    .execute();
}

/** The client address the server put on the request (server.ts sets it from the socket or trusted proxy). */
export function clientIp(request: Request): string {
  return request.headers.get("x-client-ip") ?? "unknown";
}
