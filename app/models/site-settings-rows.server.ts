// The site_settings table beneath the owner's settings (site-settings.server.ts) and the store hours
// (store-hours-settings.server.ts): one JSON section per key, read once per request however many
// components ask, and saved in a transaction after which the request reads again.
import { type DB, db } from "~/server/db.server";
import { currentRequestScope } from "~/server/request-scope.server";

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

/** Per request: the settings and hours are read once however many components ask. */
const requestMemo = new WeakMap<object, Map<string, Promise<unknown>>>();
export function memoized<T>(key: string, read: () => Promise<T>): Promise<T> {
  const scope = currentRequestScope();
  if (!scope) return read();
  let entries = requestMemo.get(scope);
  if (!entries) requestMemo.set(scope, (entries = new Map()));
  let pending = entries.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = read();
    entries.set(key, pending);
    // A failed read (database outage) is not remembered.
    pending.catch(() => entries.delete(key));
  }
  return pending;
}

/**
 * Runs a save in one transaction (the write and its activity log row commit together), then forgets what
 * this request read, so a page rendered after the save in the same request sees the change.
 */
export async function saveInTransaction<T>(save: (trx: DB) => Promise<T>): Promise<T> {
  const result = await (await db()).transaction().execute(save);
  const scope = currentRequestScope();
  if (scope) requestMemo.delete(scope);
  return result;
}
