// What every public page reads and only a write changes (the owner's settings, the store hours, their
// exceptions), kept in this process until a write to its table commits: the notification that drops the
// page cache (content-changes.server.ts) drops these too, on every instance. While changes are not heard
// (no listener yet, or its connection is down) nothing is kept and every call reads. Five of a page's
// queries were these, on every render (issue 38).
import { isWatchingContent, onContentChange } from "./content-changes.server";
import { currentRequestScope } from "./request-scope.server";

/** A table's kept reads, by key; dropped whole when the table changes. */
const kept = new Map<string, Map<string, Promise<unknown>>>();
/** More keys than any table's reads need (a day's exceptions per store): past it, a table starts over. */
const MAX_KEYS_PER_TABLE = 64;

onContentChange((event) => {
  if (event.kind === "changed" && event.table !== "*") kept.delete(event.table);
  else kept.clear();
});

/** Forgets every kept read: a write this process just committed is read back at once, whatever the listener's delay. */
export function forgetKeptReads(): void {
  kept.clear();
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * `read()`'s value for `key`, read once and kept until a write to `table` commits. The value is shared by
 * every request, so it is frozen: a caller that wants to change it copies it. A failed read is not kept; a
 * read in flight when the table changes is answered to those who asked but not kept.
 */
export function readUntilChanged<T>(table: string, key: string, read: () => Promise<T>): Promise<T> {
  // A kept read sends no query: the request still depends on its table (the page cache drops by it).
  currentRequestScope()?.tablesRead.add(table);
  if (!isWatchingContent()) return read();
  let reads = kept.get(table);
  if (!reads) kept.set(table, (reads = new Map()));
  const hit = reads.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  if (reads.size >= MAX_KEYS_PER_TABLE) reads.clear();
  const pending = read().then(deepFreeze);
  reads.set(key, pending);
  pending.catch(() => {
    if (reads.get(key) === pending) reads.delete(key);
  });
  return pending;
}
