// The site_settings table beneath the owner's settings (site-settings.server.ts) and the store hours
// (store-hours-settings.server.ts): one JSON section per key, read through readUntilChanged (kept until the
// table changes) and saved in a transaction after which it is read again.
import { type DB, db } from "~/server/db.server";

export async function readSetting(key: string, executor?: DB): Promise<unknown> {
  const row = await (executor ?? (await db()))
    .selectFrom("site_settings")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  return row?.value;
}

/** Writes one section; pass the transaction that also records the change in the activity log. */
export async function writeSetting(key: string, value: unknown, executor?: DB): Promise<void> {
  await (executor ?? (await db()))
    .insertInto("site_settings")
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value), updated_at: new Date() }))
    .execute();
}

/**
 * Runs a save in one transaction: the write and its activity log row commit together, and as it commits the
 * reads kept from site_settings are dropped (db-guards.server.ts), so the next page sees the change.
 */
export async function saveInTransaction<T>(save: (trx: DB) => Promise<T>): Promise<T> {
  return (await db()).transaction().execute(save);
}
