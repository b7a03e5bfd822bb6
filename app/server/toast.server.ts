import type { MiddlewareFunction } from "react-router";
import { setToastCookieOptions } from "remix-toast";
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
