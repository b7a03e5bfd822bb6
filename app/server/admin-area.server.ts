import type { MiddlewareFunction } from "react-router";
import { isAdminPath } from "~/lib/admin-paths";

const ADMIN_HEADERS: Record<string, string> = {
  // Pages and data that depend on who is signed in: never stored by a shared cache, nor by the browser.
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
};

/**
 * Root middleware: every response under /admin (pages, data, exports, redirects, errors) gets the admin
 * headers, including routes added later that forget them.
 */
export const adminAreaHeaders: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (!isAdminPath(new URL(request.url).pathname)) return response;
  try {
    for (const [name, value] of Object.entries(ADMIN_HEADERS)) response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (a fetched Response): copy it.
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(ADMIN_HEADERS)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
};
