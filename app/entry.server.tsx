import { Writable } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceContext } from "~/components/ui/nonce";
import { SiteFallbackContext } from "~/components/ui/use-root-data";
import { isAdminPath } from "~/lib/admin-paths";
import { scheduleDailyPruning, stopDailyPruning } from "~/services/daily-pruning.server";
import { ensureFirstAdmin } from "~/services/admin-setup.server";
import { settleBackgroundTasks } from "~/server/after-response.server";
import { startBackupSocket, stopBackupSocket } from "~/server/backup-socket.server";
import { prepareDatabase } from "~/services/database-startup.server";
import { closeDatabase, underStartupLock } from "~/server/db.server";
import { maintainEmbeddedDatabase } from "~/server/db-maintenance.server";
import { startMailWorker, stopMailWorker } from "~/services/mail-queue.server";
import { scheduleMenuSync, stopMenuSync } from "~/services/catalog/menu-sync.server";
import { startCampaignSender, stopCampaignSender } from "~/services/campaigns/campaign-sender.server";
import { env, sessionSecrets } from "~/server/env.server";
import { lastKnownPublicSite } from "~/models/site-settings.server";
import {
  isConditionalCandidate,
  isNotModified,
  notModifiedResponse,
  PRIVATE_CACHE_CONTROL,
  publicPageHeaders,
  weakEtag,
} from "~/server/http-cache.server";
import { isDatabaseUnavailable } from "~/server/db-guards.server";
import { logger } from "~/server/logger.server";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce } from "~/server/security.server";
import { checkStorage } from "~/server/storage.server";
import { currentRequestScope } from "~/server/request-scope.server";

export const streamTimeout = 5_000;

// The dev server has no start-up step: the database is prepared as it loads this module, on its first
// request (the production server does it in prepareServer, before it listens). The notification mail worker
// starts once it is ready.
if (import.meta.env.DEV)
  void prepareDatabase()
    .then(() => startMailWorker())
    .catch(() => {});

/**
 * Called by server.ts before it listens: checks the session secret, opens, migrates and seeds the database,
 * then makes sure an administrator exists or can be created (ADMIN_EMAIL/ADMIN_PASSWORD or the setup link),
 * and starts the activity log's daily pruning, the notification mail worker and the menu provider's sync.
 */
export async function prepareServer(): Promise<{ databaseKind: string }> {
  sessionSecrets();
  await checkStorage();
  const database = await prepareDatabase();
  await underStartupLock(database, ensureFirstAdmin);
  await maintainEmbeddedDatabase(database);
  // `npm run backup` asks the running server for its snapshot (the embedded database is locked to it).
  if (database.kind === "pglite") await startBackupSocket();
  scheduleDailyPruning();
  startMailWorker();
  startCampaignSender();
  scheduleMenuSync();
  return { databaseKind: database.kind };
}

/** Called by server.ts on SIGTERM/SIGINT after in-flight requests finish. */
export async function shutdownServer(): Promise<void> {
  stopDailyPruning();
  stopMenuSync();
  // Lets a send in flight finish and be marked (or leaves it to its lease) before the database closes.
  await stopMailWorker();
  await stopCampaignSender();
  await stopBackupSocket();
  await settleBackgroundTasks();
  await closeDatabase();
}

export { baseSecurityHeaders, env, isNotModified };
export { pageCache } from "~/services/page-cache.server";
export { runInRequestScope, runWithRequestId } from "~/server/request-scope.server";
export { logger };
export { runCommand } from "~/server/commands.server";
export { settleBackgroundTasks };

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  // A public page whose route says nothing about caching is like the blog's: browsers keep it a minute
  // (the page cache and CDNs longer, see http-cache.server.ts). A page showing a flash message or signed-in
  // state is never shared, whatever its route said.
  if (
    responseStatusCode === 200 &&
    !responseHeaders.has("Cache-Control") &&
    !isAdminPath(new URL(request.url).pathname)
  ) {
    for (const [name, value] of publicPageHeaders()) responseHeaders.set(name, value);
  }
  const root = routerContext.staticHandlerContext.loaderData?.root as
    { toast?: unknown; isSignedIn?: unknown; site?: { menu?: { embedUrl: string; url: string } } } | undefined;
  if ((root?.toast || root?.isSignedIn) && /\bpublic\b/.test(responseHeaders.get("Cache-Control") ?? "")) {
    responseHeaders.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = createNonce();
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, root?.site?.menu));

  // An error thrown while rendering goes back to React Router, which renders the error boundary instead.
  const html = await renderDocument(
    <NonceContext.Provider value={nonce}>
      <SiteFallbackContext.Provider value={lastKnownPublicSite}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </SiteFallbackContext.Provider>
    </NonceContext.Provider>,
    nonce,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (isConditionalCandidate(request, responseStatusCode, responseHeaders)) {
    // A cacheable page gets an ETag (hashed without the per-request nonce); a matching conditional request, a 304.
    responseHeaders.set("ETag", weakEtag(html.replaceAll(nonce, "")));
    if (isNotModified(request, responseHeaders)) return notModifiedResponse(responseHeaders);
  }
  return new Response(html, { status: responseStatusCode, headers: responseHeaders });
}

/**
 * The whole document, once everything in it has rendered (React's onAllReady), for every visitor: pages are
 * small and their data is loaded before rendering starts, the page cache and the ETag need the page whole, and
 * crawlers and browsers without JavaScript get everything at once. An error in the page rejects, before any
 * byte is sent.
 */
function renderDocument(element: ReactElement, nonce: string): Promise<string> {
  const started = performance.now();
  const scope = currentRequestScope();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        const html = Buffer.concat(chunks).toString("utf8");
        // React's own share of the answer (Server-Timing's react): the floor the request path sits above.
        if (scope) scope.render.milliseconds += performance.now() - started;
        resolve(html);
        done();
      },
    });
    let renderError: unknown;
    // Nothing on a page waits on the network after its loaders; a render still unfinished by then never will.
    const timer = setTimeout(() => abort(new Error("The page took too long to render")), streamTimeout + 1_000);
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onError: (error) => {
        renderError ??= error;
      },
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error);
      },
      onAllReady: () => {
        clearTimeout(timer);
        if (renderError === undefined) pipe(sink);
        else reject(renderError);
      },
    });
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests and expected 4xx answers (404, 405) are not errors worth a stack trace.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  // React Router's refusal of a cross-site form post (answered 400): an attempt, not our failure.
  if (error instanceof Error && /does not match `origin` header/.test(error.message)) {
    logger.warn({ method: request.method, path: new URL(request.url).pathname }, "Refused a cross-site form post");
    return;
  }
  // A body cut off at the size limit was already answered 413 by the server.
  if (hasCause(error, "RequestBodyTooLargeError")) return;
  // Logged where it is detected (db-guards.server.ts), once in a while rather than per request.
  if (isDatabaseUnavailable(error)) return;
  logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "Error handling a request");
};

function hasCause(error: unknown, name: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error && current.name === name) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
