// What public pages read and only a write changes (the owner's settings, the hours, the featured brands,
// the deals, the menu's lists, the posts), kept in this process until a write to a table it read commits:
// the notification that drops the page cache (content-changes.server.ts) drops these too, on every
// instance, and a write this process commits drops them at once (db-guards.server.ts). While changes are
// not heard (no listener yet, or its connection is down) a read is kept for its request only. Every query
// of a page used to be sent on every render (issue 38).
import { LRUCache } from "lru-cache";
import { isWatchingContent, onContentChange } from "./content-changes.server";
import { collectTablesRead, currentRequestScope } from "./request-scope.server";

interface KeptRead {
  value: Promise<unknown>;
  /** The public tables the read sent queries to, once it is done (a change to any of them drops it). */
  tables?: ReadonlySet<string>;
  /** When it stops being right with no write at all (a post's publish time), in ms; Infinity: never. */
  until: number;
}

/** Menu filters and pages are keys too: a crawler walking them pushes the least used out, not memory up. */
const MAX_KEPT_READS = 2_000;

// One store for the process, shared with the production build's copy of this module when tests load it in
// process: a write through either copy's driver drops what both read.
const globalForMemo = globalThis as unknown as { __keptReads?: LRUCache<string, KeptRead> };
const kept = (globalForMemo.__keptReads ??= new LRUCache<string, KeptRead>({ max: MAX_KEPT_READS }));

onContentChange((event) => {
  if (event.kind === "changed" && event.table !== "*") forgetKeptReads([event.table]);
  else kept.clear();
});

/**
 * Forgets the kept reads of `tables` (all of them without), and whatever this request kept for itself: a
 * write this process just committed is read back at once, whatever the listener's delay. A read still in
 * flight (its tables not known yet) is forgotten too: it may have read the row before the write.
 */
export function forgetKeptReads(tables?: Iterable<string>): void {
  currentRequestScope()?.keptReads.clear();
  if (!tables) return kept.clear();
  const changed = new Set(tables);
  for (const [key, read] of kept.entries()) {
    if (!read.tables || [...read.tables].some((table) => changed.has(table))) kept.delete(key);
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export interface KeepOptions {
  /** When the value stops being right with no write (null: only a write changes it), asked with the read. */
  until?: () => Promise<Date | null>;
}

/**
 * `read()`'s value for `key` (a name for what it reads and with which arguments), read once and kept until
 * a write to a public table it queried commits, or until `options.until`. While changes are not heard it is
 * kept for the request only, and outside a request not at all. The value is shared, so it is frozen: a
 * caller that wants to change it copies it. A failed read is not kept, nor one that read no public table
 * (no notification would ever drop it), nor one in flight when a change is heard (answered, not kept).
 */
export function readUntilChanged<T>(key: string, read: () => Promise<T>, options: KeepOptions = {}): Promise<T> {
  const scope = currentRequestScope();
  if (!isWatchingContent()) {
    if (!scope) return read().then(deepFreeze);
    const hit = scope.keptReads.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const pending = read().then(deepFreeze);
    scope.keptReads.set(key, pending);
    pending.catch(() => {
      if (scope.keptReads.get(key) === pending) scope.keptReads.delete(key);
    });
    return pending;
  }

  const hit = kept.get(key);
  if (hit && hit.until > Date.now()) {
    // A kept read sends no query: the request still depends on its tables (the page cache drops by them).
    return hit.value.then((value) => {
      for (const table of hit.tables ?? []) scope?.tablesRead.add(table);
      return value as T;
    });
  }
  const { done, tables } = collectTablesRead(() => Promise.all([read(), options.until?.() ?? null]));
  const fresh: KeptRead = { value: Promise.resolve(), until: Infinity };
  fresh.value = done.then(([value, until]) => {
    fresh.tables = tables;
    fresh.until = until?.getTime() ?? Infinity;
    if (kept.get(key) === fresh && tables.size === 0) kept.delete(key);
    return deepFreeze(value);
  });
  fresh.value.catch(() => {
    if (kept.get(key) === fresh) kept.delete(key);
  });
  kept.set(key, fresh);
  return fresh.value as Promise<T>;
}
