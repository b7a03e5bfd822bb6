import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "~/components/ui/nonce";
import { closeDatabase, getDatabase } from "~/server/db.server";
import { env } from "~/server/env.server";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce } from "~/server/security.server";

export const streamTimeout = 5_000;

/** Called by server.ts before it listens: opens, migrates and seeds the database. */
export async function prepareServer(): Promise<{ databaseKind: string }> {
  const database = await getDatabase();
  return { databaseKind: database.kind };
}

/** Called by server.ts on SIGTERM/SIGINT after in-flight requests finish. */
export async function shutdownServer(): Promise<void> {
  await closeDatabase();
}

export { baseSecurityHeaders, env };

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = createNonce();
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Whole documents, not streamed: pages are small and crawlers and no-JS visitors get everything at once.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(`Error handling ${request.method} ${new URL(request.url).pathname}:`, error);
};
