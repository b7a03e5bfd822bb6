// Helpers shared by the auth tests (not a test file itself).
import { generate } from "otplib";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchPath, RouterContextProvider } from "react-router";
import { vi } from "vitest";
import { ADMIN_ROLE, createUser } from "~/models/users.server";
import routes from "~/routes";
import { adminGuard } from "~/services/auth.server";
import { hashPassword } from "~/server/password.server";
import { startSession } from "~/services/session.server";
import { confirmEnrolment, startEnrolment } from "~/services/two-factor.server";

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

export interface FlatRoute {
  file: string;
  /** The URL pattern, e.g. "/admin/blog/edit/:id" ("" for a pathless layout). */
  pattern: string;
  /** Files of the layouts around it. */
  parents: string[];
}

/** Every route of a route config (app/routes.ts by default), with its URL pattern and the layouts around it. */
export function flattenRoutes(entries: RouteConfigEntry[] = routes, base = "", parents: string[] = []): FlatRoute[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${base}/${entry.path}`.replace(/\/+/g, "/") : base;
    const self: FlatRoute = { file: entry.file, pattern: entry.path || entry.index ? pattern || "/" : "", parents };
    return [self, ...flattenRoutes(entry.children ?? [], pattern, [...parents, entry.file])];
  });
}

/** The layout whose middleware is the admin guard. */
export const GUARD_LAYOUT = "routes/admin/layout.tsx";

const GUARDED_PATTERNS = flattenRoutes()
  .filter((route) => route.parents.includes(GUARD_LAYOUT))
  .map((route) => route.pattern);

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
