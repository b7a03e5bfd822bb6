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

export async function deleteRateLimitKey(key: string): Promise<void> {
  await (await db()).deleteFrom("rate_limits").where("key", "=", key).execute();
}

export async function deleteRateLimitWindowsBefore(cutoff: Date): Promise<void> {
  await (await db()).deleteFrom("rate_limits").where("window_start", "<", cutoff).execute();
}
