import type { MiddlewareFunction } from "react-router";
import { setToastCookieOptions } from "remix-toast";
import { toastMiddleware } from "remix-toast/middleware";
import { env, sessionSecrets } from "./env.server";

let configured = false;

/**
 * Signs remix-toast's flash cookie with our session secrets (its built-in secret is public, so a toast's
 * text could be forged) and marks it Secure on https. Runs before the toast middleware reads the cookie.
 */
export const configureToastCookie: MiddlewareFunction<Response> = async (_args, next) => {
  if (!configured) {
    setToastCookieOptions({ secrets: sessionSecrets(), secure: env().PUBLIC_URL.startsWith("https:") });
    configured = true;
  }
  return next();
};

const consumeFlashToast = toastMiddleware();

/**
 * Whether the response to this request shows the page, and so the flash toast: a document request, or the
 * GET of a page's data on a client-side navigation or revalidation. Not a `fetch()` of a resource route (the
 * post editor's live preview, an export) nor an action's `.data` POST, whose answers show no toast.
 */
export function showsFlashToast(request: Request): boolean {
  if (new URL(request.url).pathname.endsWith(".data")) return request.method === "GET" || request.method === "HEAD";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

/**
 * remix-toast's middleware reads the flash toast and clears its cookie on every request it sees. A preview
 * request that happened to run between an action's redirect and the next page's data request took the toast
 * with it ("Post created" never showed); so only requests whose answer shows the page consume it.
 */
export const flashToastMiddleware: MiddlewareFunction<Response> = (args, next) =>
  showsFlashToast(args.request) ? (consumeFlashToast(args, next) as Promise<Response>) : next();
