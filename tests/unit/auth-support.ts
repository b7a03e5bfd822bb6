// Helpers shared by the auth tests (not a test file itself).
import { generate } from "otplib";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchPath, RouterContextProvider } from "react-router";
import { vi } from "vitest";
import { ADMIN_ROLE, createUser } from "~/models/users.server";
import routes from "~/routes";
import { adminGuard } from "~/server/auth.server";
import { hashPassword } from "~/server/password.server";
import { startSession } from "~/server/session.server";
import { confirmEnrolment, startEnrolment } from "~/server/two-factor.server";

export const ORIGIN = "http://localhost:3000";

export async function makeUser(email: string, password: string, options: { admin: boolean }) {
  const created = await createUser({
    email,
    passwordHash: await hashPassword(password),
    roles: options.admin ? [ADMIN_ROLE] : [],
  });
  if (created.status !== "created") throw new Error(`could not create ${email}`);
  return created.user;
}

/** "admin_session=…" from a Set-Cookie header. */
export function cookiePair(setCookie: string): string {
  return setCookie.split(";")[0];
}

/** Signs the user in directly and returns the Cookie header value a browser would send back. */
export async function sessionCookieFor(userId: string, now = new Date()): Promise<string> {
  return cookiePair(await startSession(new Request(`${ORIGIN}/admin/login`, { method: "POST" }), userId, now));
}

export function loginRequest(
  fields: Record<string, string>,
  options: { ip?: string; cookie?: string; url?: string } = {},
): Request {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN });
  if (options.ip) headers.set("x-client-ip", options.ip);
  if (options.cookie) headers.set("Cookie", options.cookie);
  return new Request(options.url ?? `${ORIGIN}/admin/login`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
  });
}

/** Route-module arguments as React Router passes them. */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: new RouterContextProvider(), unstable_pattern: "" } as any;
}

/** The URL patterns of the routes inside the guarded admin layout (app/routes.ts). */
const GUARDED_PATTERNS = (function guarded(entries: RouteConfigEntry[], inside = false): string[] {
  return entries.flatMap((entry) => {
    const within = inside || entry.file === "routes/admin/layout.tsx";
    const own = inside && (entry.path !== undefined || entry.index) ? [`/${entry.path ?? ""}`] : [];
    return [...own, ...guarded(entry.children ?? [], within)];
  });
})(routes);

/**
 * Calls a route's loader or action as React Router would: for an address inside the guarded admin layout,
 * its middleware (the admin guard) runs first and its redirect is thrown as React Router would answer it.
 */
export async function callRoute<Result>(
  handler: (args: any) => Result,
  request: Request,
  params: Record<string, string> = {},
): Promise<Awaited<Result>> {
  const args = routeArgs(request, params);
  // A data request (/admin/account.data, /_root.data) is for the page without the suffix.
  const pathname = new URL(request.url).pathname.replace(/^\/_root\.data$/, "/").replace(/\.data$/, "");
  if (GUARDED_PATTERNS.some((pattern) => matchPath({ path: pattern, end: true }, pathname))) {
    await adminGuard(args, async () => new Response(null));
  }
  return await handler(args);
}

/** What a loader or action produced, thrown or returned. */
export async function settle(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

/** The status, headers and data of a `data(...)` result or a Response. */
export function asResult(value: unknown): { status: number; headers: Headers; data: any } {
  if (value instanceof Response) return { status: value.status, headers: value.headers, data: undefined };
  if (value && typeof value === "object" && "type" in value && (value as any).type === "DataWithResponseInit") {
    const init = (value as any).init ?? {};
    return { status: init.status ?? 200, headers: new Headers(init.headers), data: (value as any).data };
  }
  return { status: 200, headers: new Headers(), data: value };
}

/** The code an authenticator app shows now (by the test's clock), `steps` 30-second steps away. */
export const appCode = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Lets the (fake) clock run on to the next 30-second step. */
export const nextStep = () => vi.setSystemTime(Date.now() + 30_000);

/**
 * Turns two-factor sign-in on for `user` as the account page does; answers its key and recovery codes. The
 * clock then moves a step on, so the enrolment's code is spent and the next one is new.
 */
export async function enrolTwoFactor(user: { id: string; email: string }) {
  const started = await startEnrolment(user.id, user.email);
  if (started.status !== "started") throw new Error("not started");
  const confirmed = await confirmEnrolment(user, await appCode(started.secret));
  if (confirmed.status !== "enabled") throw new Error("not enabled");
  nextStep();
  return { secret: started.secret, recoveryCodes: confirmed.recoveryCodes };
}
