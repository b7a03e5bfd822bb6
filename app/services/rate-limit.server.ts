import {
  addSlidingWindowHit,
  decrementRateLimitWindow,
  deleteRateLimitKey,
  deleteRateLimitWindowsBefore,
  incrementRateLimitWindow,
} from "~/models/rate-limits.server";

export interface RateLimitRule {
  /** What is limited, e.g. "contact:203.0.113.9" or "login-account:a@b.c". */
  key: string;
  limit: number;
  windowMs: number;
  /**
   * With this, the window slides: hits are counted in buckets this long, and a hit is allowed only while
   * fewer than `limit` were allowed in the `windowMs` before it (so never more than `limit` in any span of
   * `windowMs`, where fixed windows allow twice that across a boundary); a refused hit does not count.
   * Without it, fixed windows of `windowMs`, where every hit counts.
   */
  slidingBucketMs?: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
let hitsSincePrune = 0;

/**
 * Counts one hit against the rule, in the database so every app instance shares the count. Every few
 * hundred hits, windows older than a day are dropped so the table stays small.
 */
export async function hitRateLimit(rule: RateLimitRule, now = Date.now()): Promise<RateLimitResult> {
  const result = rule.slidingBucketMs
    ? await hitSlidingWindow(rule, rule.slidingBucketMs, now)
    : await hitFixedWindow(rule, now);
  if (++hitsSincePrune >= 500) {
    hitsSincePrune = 0;
    await deleteRateLimitWindowsBefore(new Date(now - DAY_MS));
  }
  return result;
}

async function hitFixedWindow(rule: RateLimitRule, now: number): Promise<RateLimitResult> {
  const start = new Date(Math.floor(now / rule.windowMs) * rule.windowMs);
  const hits = await incrementRateLimitWindow(rule.key, start);
  const retryAfterSeconds = Math.max(1, Math.ceil((start.getTime() + rule.windowMs - now) / 1000));
  return { allowed: hits <= rule.limit, remaining: Math.max(0, rule.limit - hits), retryAfterSeconds };
}

async function hitSlidingWindow(rule: RateLimitRule, bucketMs: number, now: number): Promise<RateLimitResult> {
  const bucketStart = new Date(Math.floor(now / bucketMs) * bucketMs);
  // From a whole window before this hit's bucket: the span counted always covers the last `windowMs`.
  const since = new Date(bucketStart.getTime() - rule.windowMs);
  const { added, buckets } = await addSlidingWindowHit({ key: rule.key, bucketStart, since, limit: rule.limit });
  const hits = buckets.reduce((sum, { hits }) => sum + hits, 0);
  if (added) return { allowed: true, remaining: rule.limit - hits, retryAfterSeconds: 0 };
  // The next hit is allowed once enough of the oldest buckets have slid out that fewer than `limit` remain.
  let counted = hits;
  let freeAt = now + rule.windowMs;
  for (const { start, hits: inBucket } of buckets) {
    counted -= inBucket;
    freeAt = start.getTime() + rule.windowMs + bucketMs;
    if (counted < rule.limit) break;
  }
  return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
}

/**
 * Takes back a hit a sliding rule allowed at `now` (a sign-in that turned out right), so the window counts
 * only what it is meant to (failed attempts). Fixed windows are forgotten whole with resetRateLimit instead.
 */
export async function takeBackSlidingHit(rule: RateLimitRule, now: number): Promise<void> {
  if (!rule.slidingBucketMs) throw new Error(`${rule.key}: only a sliding rule's hit can be taken back`);
  await decrementRateLimitWindow(rule.key, new Date(Math.floor(now / rule.slidingBucketMs) * rule.slidingBucketMs));
}

/** Forgets a key's count (e.g. after a successful sign-in). */
export async function resetRateLimit(key: string): Promise<void> {
  await deleteRateLimitKey(key);
}

/** The client address the server put on the request (server.ts sets it from the socket or trusted proxy). */
export function clientIp(request: Request): string {
  return request.headers.get("x-client-ip") ?? "unknown";
}
