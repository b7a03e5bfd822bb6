import { sql } from "kysely";
import { db } from "~/server/db.server";

/** Adds one hit to a key's window and returns the window's count (one upsert: concurrent hits are never lost). */
export async function incrementRateLimitWindow(key: string, windowStart: Date): Promise<number> {
  const row = await (
    await db()
  )
    .insertInto("rate_limits")
    .values({ key, window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
    .returning("hits")
    .executeTakeFirstOrThrow();
  return row.hits;
}

/**
 * Adds a hit to the key's bucket at `bucketStart` only while fewer than `limit` hits are counted in the
 * buckets from `since` on; answers whether it was added and the buckets counted (oldest first, this hit
 * included). Under a lock per key, so concurrent hits are counted one after the other: exactly `limit` of
 * a burst get through, on every instance.
 */
export async function addSlidingWindowHit(input: {
  key: string;
  bucketStart: Date;
  since: Date;
  limit: number;
}): Promise<{ added: boolean; buckets: Array<{ start: Date; hits: number }> }> {
  return (await db()).transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`rate-limit:${input.key}`}))`.execute(trx);
    const rows = await trx
      .selectFrom("rate_limits")
      .select(["window_start", "hits"])
      .where("key", "=", input.key)
      .where("window_start", ">=", input.since)
      .orderBy("window_start")
      .execute();
    const buckets = rows.map((row) => ({ start: new Date(row.window_start), hits: row.hits }));
    if (buckets.reduce((sum, { hits }) => sum + hits, 0) >= input.limit) return { added: false, buckets };
    await trx
      .insertInto("rate_limits")
      .values({ key: input.key, window_start: input.bucketStart, hits: 1 })
      .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
      .execute();
    const current = buckets.find((bucket) => bucket.start.getTime() === input.bucketStart.getTime());
    if (current) current.hits += 1;
    else buckets.push({ start: input.bucketStart, hits: 1 });
    return { added: true, buckets };
  });
}

/** Takes one hit back from a key's window (never below zero). */
export async function decrementRateLimitWindow(key: string, windowStart: Date): Promise<void> {
  await (
    await db()
  )
    .updateTable("rate_limits")
    .set({ hits: sql`greatest(rate_limits.hits - 1, 0)` })
    .where("key", "=", key)
    .where("window_start", "=", windowStart)
    .execute();
}

export async function deleteRateLimitKey(key: string): Promise<void> {
  await (await db()).deleteFrom("rate_limits").where("key", "=", key).execute();
}

export async function deleteRateLimitWindowsBefore(cutoff: Date): Promise<void> {
  await (await db()).deleteFrom("rate_limits").where("window_start", "<", cutoff).execute();
}
