import { AsyncLocalStorage } from "node:async_hooks";

/** What the server keeps about the request being handled, across every await of its handling. */
export interface RequestScope {
  /** Work to run once the response has been sent (see after-response.server.ts). */
  afterResponse: Array<() => void>;
  /** A database call failed because the database could not be reached: the answer becomes a 503. */
  databaseUnavailable: boolean;
  /** Part of the answer was made without the database (the last facts read): correct enough, never cached. */
  degraded: boolean;
  /** The request's id (X-Request-Id): on every log line written while it is handled. */
  requestId?: string;
  /** Queries sent to the database while handling it, and their time (the Server-Timing header). */
  database: { queries: number; milliseconds: number };
  /** How long React took to render its page from the loaders' data (0: no page), for Server-Timing. */
  render: { milliseconds: number };
  /** The public-content tables its answer was made from (query-tables.server.ts): what drops it from the page cache. */
  tablesRead: Set<string>;
  /** Reads kept for this request alone while content changes are not heard (content-memo.server.ts). */
  keptReads: Map<string, Promise<unknown>>;
}

// Shared with the production build's copy of this module when tests load it in process: the database the
// test opened (its own copy of the models) counts queries and tables for the build's requests.
const globalForScope = globalThis as unknown as {
  __requestScopes?: AsyncLocalStorage<RequestScope>;
  __requestIds?: AsyncLocalStorage<string>;
};
const storage = (globalForScope.__requestScopes ??= new AsyncLocalStorage<RequestScope>());
// The id alone, apart from the scope: work queued for after the response is run by the server once the
// response has closed, and its log lines carry the request's id too.
const requestIds = (globalForScope.__requestIds ??= new AsyncLocalStorage<string>());

/** The scope of the request being handled, or undefined outside one (tests, scripts, start-up). */
export function currentRequestScope(): RequestScope | undefined {
  return storage.getStore();
}

/** The id of the request being handled (or whose after-response work is running), for log lines. */
export function currentRequestId(): string | undefined {
  return requestIds.getStore() ?? storage.getStore()?.requestId;
}

/**
 * server/http-app.ts: handles one request inside a fresh scope. Returns the scope, which the server reads
 * when it writes the response's head (database outage → 503) and once the response has been sent (queued
 * work). `requestId` is the request's X-Request-Id, carried by every log line written while it is handled.
 */
export function runInRequestScope(handle: () => void, requestId?: string): RequestScope {
  const scope = newScope(requestId);
  if (requestId) requestIds.run(requestId, () => storage.run(scope, handle));
  else storage.run(scope, handle);
  return scope;
}

function newScope(requestId?: string): RequestScope {
  return {
    afterResponse: [],
    databaseUnavailable: false,
    degraded: false,
    requestId,
    database: { queries: 0, milliseconds: 0 },
    render: { milliseconds: 0 },
    tablesRead: new Set(),
    keptReads: new Map(),
  };
}

/**
 * Runs `work` noting apart the public tables it queries (content-memo.server.ts keeps a read by them); the
 * request, if any, still counts them, its queries, and an outage met.
 */
export function collectTablesRead<T>(work: () => Promise<T>): { done: Promise<T>; tables: Set<string> } {
  const request = storage.getStore();
  const tables = new Set<string>();
  const own: RequestScope = { ...(request ?? newScope()), tablesRead: tables };
  const done = storage.run(own, work).finally(() => {
    if (!request) return;
    for (const table of tables) request.tablesRead.add(table);
    if (own.databaseUnavailable) request.databaseUnavailable = true;
    if (own.degraded) request.degraded = true;
  });
  return { done, tables };
}

/** server/http-app.ts: runs a request's after-response work with the request's id on its log lines. */
export function runWithRequestId(requestId: string | undefined, work: () => void): void {
  if (requestId) requestIds.run(requestId, work);
  else work();
}

/**
 * Runs `work` in a scope of its own: it shares the request's queued work, but a database outage it meets
 * does not mark the request (its caller has a fallback, see unlessDatabaseUnavailable). A copy, not a
 * saved-and-restored flag: loaders run side by side, and another one's outage must still count.
 */
export function runDetachedFromOutage<T>(work: () => Promise<T>): Promise<T> {
  const scope = storage.getStore();
  if (!scope) return work();
  return storage.run({ ...scope, databaseUnavailable: false }, work);
}
