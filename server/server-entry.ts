// The contract between the app's server entry and the HTTP layer: a file of its own so that every part of
// that layer (http-app, page-cache-http, security-headers) can name it without importing another.
import type { Logger } from "pino";
import type { RequestScope } from "../app/server/request-scope.server.ts";
import type { PageCache } from "../app/services/page-cache.server.ts";

/** What the app's server entry (app/entry.server.tsx) gives the HTTP layer. */
export interface ServerEntry {
  baseSecurityHeaders: Record<string, string>;
  runInRequestScope: (handle: () => void, requestId?: string) => RequestScope;
  runWithRequestId: (requestId: string | undefined, work: () => void) => void;
  /** The app's logger: the request lines are written with it, so every line has one format and level. */
  logger: Logger;
  /** The process's page cache (app/services/page-cache.server.ts): anonymous public pages, ready to send. */
  pageCache: () => PageCache;
  /** Whether the client's copy is current (If-None-Match / If-Modified-Since against these headers). */
  isNotModified: (request: globalThis.Request, headers: Headers) => boolean;
}
