// What every public page reads and only a write changes (the owner's settings, the store hours, their
// exceptions), kept in this process until a write to its table commits: the notification that drops the
// page cache (content-changes.server.ts) drops these too, on every instance. While changes are not heard
// (no listener yet, or its connection is down) a read is kept for one request only. Five of a page's
// queries were these, on every render (issue 38).
import { isWatchingContent, onContentChange } from "./content-changes.server";
import { currentRequestScope, type RequestScope } from "./request-scope.server";

/** A table's kept reads, by key; dropped whole when the table changes. */
const kept = new Map<string, Map<string, Promise<unknown>>>();
/** More keys than any table's reads need (a day's exceptions per store): past it, a table starts over. */
const MAX_KEYS_PER_TABLE = 64;

onContentChange((event) => {
  if (event.kind === "changed" && event.table !== "*") kept.delete(event.table);
  else kept.clear();
});

/** While changes are not heard: each request's reads, by table and key, for that request only. */
const keptForRequest = new WeakMap<RequestScope, Map<string, Promise<unknown>>>();

/**
 * Forgets every kept read (and this request's): a write this process just committed is read back at once,
 * whatever the listener's delay, also by a page rendered later in the same request.
 */
export function forgetKeptReads(): void {
  kept.clear();
  const scope = currentRequestScope();
  if (scope) keptForRequest.delete(scope);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * `read()`'s value for `key`, read once and kept until a write to `table` commits (while changes are not
 * heard, for the request only; outside a request, not at all). The value is shared, so it is frozen: a
 * caller that wants to change it copies it. A failed read is not kept; a read in flight when the table
 * changes is answered to those who asked but not kept.
 */
export function readUntilChanged<T>(table: string, key: string, read: () => Promise<T>): Promise<T> {
  const scope = currentRequestScope();
  // A kept read sends no query: the request still depends on its table (the page cache drops by it).
  scope?.tablesRead.add(table);
  const watching = isWatchingContent();
  if (!watching && !scope) return read().then(deepFreeze);
  let reads: Map<string, Promise<unknown>> | undefined;
  if (watching) {
    reads = kept.get(table);
    if (!reads) kept.set(table, (reads = new Map()));
    if (reads.size >= MAX_KEYS_PER_TABLE) reads.clear();
  } else {
    reads = keptForRequest.get(scope!);
    if (!reads) keptForRequest.set(scope!, (reads = new Map()));
  }
  // One map per table while watching; one per request otherwise, so the table is part of the key there.
  const slot = watching ? key : `${table} ${key}`;
  const hit = reads.get(slot) as Promise<T> | undefined;
  if (hit) return hit;
  const pending = read().then(deepFreeze);
  reads.set(slot, pending);
  pending.catch(() => {
    if (reads.get(slot) === pending) reads.delete(slot);
  });
  return pending;
}
