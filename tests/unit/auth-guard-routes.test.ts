// Every route under /admin, read from app/routes.ts: the public ones are exactly login, its two-factor
// step, logout, reset, reset/confirm, setup and the invitation's page; every other one sits in the guarded layout, and its loader and action (when it
// has them) refuse an anonymous visitor and a signed-in user without the admin role. Routes added later
// are covered without touching this file.
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";
import { makeUser, ORIGIN, routeArgs, sessionCookieFor, settle } from "./auth-support";

const PUBLIC_ADMIN_PATHS = new Set([
  "/admin/login",
  "/admin/login/two-factor",
  "/admin/logout",
  "/admin/reset",
  "/admin/reset/confirm",
  "/admin/setup",
  "/admin/invite",
]);
const GUARD_LAYOUT = "routes/admin/layout.tsx";
const SAMPLE_ID = "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f";

interface FlatRoute {
  file: string;
  /** The URL pattern, e.g. "/admin/blog/edit/:id" ("" for a pathless layout). */
  pattern: string;
  /** Files of the layouts around it. */
  parents: string[];
}

function flatten(entries: RouteConfigEntry[], base = "", parents: string[] = []): FlatRoute[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${base}/${entry.path}`.replace(/\/+/g, "/") : base;
    const self: FlatRoute = { file: entry.file, pattern: entry.path || entry.index ? pattern || "/" : "", parents };
    return [self, ...flatten(entry.children ?? [], pattern, [...parents, entry.file])];
  });
}

const all = flatten(routes);
const isAdminPattern = (pattern: string) => pattern === "/admin" || pattern.startsWith("/admin/");
const adminRoutes = all.filter((r) => isAdminPattern(r.pattern));
const guarded = all.filter((r) => r.file === GUARD_LAYOUT || r.parents.includes(GUARD_LAYOUT));

const urlFor = (pattern: string) =>
  `${ORIGIN}${(pattern || "/admin").replace(/:(\w+)\??/g, () => SAMPLE_ID).replace(/\/\*$/, "/x")}?q=a%20b`;
const paramsFor = (pattern: string) =>
  Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map((m) => [m[1], SAMPLE_ID]));

interface RouteModule {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
}
const load = (file: string): Promise<RouteModule> => import(/* @vite-ignore */ path.resolve("app", file));

function post(url: string, cookie?: string) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(url, { method: "POST", headers, body: new URLSearchParams({ intent: "delete", id: SAMPLE_ID }) });
}
const get = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { Cookie: cookie } : {} });

async function redirectOf(run: () => unknown): Promise<string | null> {
  const outcome = await settle(run);
  if (outcome instanceof Response && outcome.status >= 300 && outcome.status < 400) {
    return outcome.headers.get("Location");
  }
  return null;
}

let database: OpenedDatabase;
let memberCookie = "";
let adminCookie = "";
beforeAll(async () => {
  database = await createTestDatabase();
  memberCookie = await sessionCookieFor((await makeUser("member@example.com", "member-pass", { admin: false })).id);
  adminCookie = await sessionCookieFor((await makeUser("admin@example.com", "admin-pass", { admin: true })).id);
});
afterAll(async () => {
  await database.close();
});

describe("the admin route map", () => {
  it("has the guarded layout, with the dashboard in it", () => {
    expect(guarded.map((r) => r.pattern)).toContain("/admin");
    expect(adminRoutes.length).toBeGreaterThan(PUBLIC_ADMIN_PATHS.size);
  });

  it("puts every admin page except login, logout, reset and setup inside the guarded layout", () => {
    const outside = adminRoutes.filter((r) => !PUBLIC_ADMIN_PATHS.has(r.pattern) && !guarded.includes(r));
    expect(outside.map((r) => `${r.pattern} (${r.file})`)).toEqual([]);
  });
});

describe.each(guarded.map((r) => [r.pattern || "(layout)", r] as const))("%s", (_name, route) => {
  const url = urlFor(route.pattern);
  const params = paramsFor(route.pattern);
  const expectedLogin = `/admin/login?redirectTo=${encodeURIComponent(new URL(url).pathname + new URL(url).search)}`;

  it("has a loader or an action, and each calls the guard first", async () => {
    const mod = await load(route.file);
    const isLayoutOrPage = route.file === GUARD_LAYOUT || Boolean(mod.loader);
    expect(isLayoutOrPage || Boolean(mod.action)).toBe(true);
  });

  it("sends an anonymous visitor to the login page, remembering the address (loader and action)", async () => {
    const mod = await load(route.file);
    if (mod.loader) expect(await redirectOf(() => mod.loader!(routeArgs(get(url), params)))).toBe(expectedLogin);
    if (mod.action) expect(await redirectOf(() => mod.action!(routeArgs(post(url), params)))).toBe(expectedLogin);
  });

  it("sends a signed-in user without the admin role home (loader and action)", async () => {
    const mod = await load(route.file);
    if (mod.loader) expect(await redirectOf(() => mod.loader!(routeArgs(get(url, memberCookie), params)))).toBe("/");
    if (mod.action) expect(await redirectOf(() => mod.action!(routeArgs(post(url, memberCookie), params)))).toBe("/");
  });

  it("lets an admin through the guard", async () => {
    const mod = await load(route.file);
    if (!mod.loader) return;
    const location = await redirectOf(() => mod.loader!(routeArgs(get(url, adminCookie), params)));
    expect(location === "/" || Boolean(location?.startsWith("/admin/login"))).toBe(false);
  });
});
