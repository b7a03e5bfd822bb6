// The site_settings table beneath the owner's settings (site-settings.server.ts) and the store hours
// (store-hours-settings.server.ts): one JSON section per key, read once and kept until the table changes
// (once per request while changes are not heard), and saved in a transaction after which it is read again.
import { type DB, db } from "~/server/db.server";
import { isWatchingContent } from "~/server/content-changes.server";
import { forgetKeptReads, readUntilChanged } from "~/server/content-memo.server";
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

/** Per request, while changes are not heard: the settings and hours are read once however many components ask. */
const requestMemo = new WeakMap<object, Map<string, Promise<unknown>>>();
function memoizedForRequest<T>(key: string, read: () => Promise<T>): Promise<T> {
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
 * A read of `table` (site_settings or store_hours_exceptions) that every page makes: kept by the process
 * until the table changes (content-memo.server.ts), or, while changes are not heard, once per request.
 * The value is frozen (shared by every request).
 */
export function memoized<T>(table: "site_settings" | "store_hours_exceptions", key: string, read: () => Promise<T>) {
  return isWatchingContent() ? readUntilChanged(table, key, read) : memoizedForRequest(key, read);
}

/**
 * Runs a save in one transaction (the write and its activity log row commit together), then forgets what
 * was read before it, so a page rendered after the save (in the same request or the next) sees the change.
 */
export async function saveInTransaction<T>(save: (trx: DB) => Promise<T>): Promise<T> {
  const result = await (await db()).transaction().execute(save);
  forgetKeptReads();
  const scope = currentRequestScope();
  if (scope) requestMemo.delete(scope);
  return result;
}
