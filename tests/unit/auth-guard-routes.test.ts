// Every route under /admin, read from app/routes.ts: the public ones are exactly login, its two-factor
// step, logout, reset, reset/confirm, setup and the invitation's page; every other one sits in the guarded
// layout, whose middleware is the admin guard. Requests go through the production build's own request
// handling (an in-process server), so what is proven is what React Router runs: an anonymous visitor and a
// signed-in user without the admin role are turned away before any loader or action of the area. Routes
// added later are covered without touching this file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { middleware } from "~/routes/admin/layout";
import { adminGuard } from "~/services/auth.server";
import { seedIfEmpty } from "~/services/seed.server";
import { type InProcessApp, startInProcessApp } from "../support/http-harness";
import { flattenRoutes, GUARD_LAYOUT, makeUser, sessionCookieFor } from "./auth-support";

const PUBLIC_ADMIN_PATHS = new Set([
  "/admin/login",
  "/admin/login/two-factor",
  "/admin/logout",
  "/admin/reset",
  "/admin/reset/confirm",
  "/admin/setup",
  "/admin/invite",
]);
const SAMPLE_ID = "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f";

const all = flattenRoutes();
const isAdminPattern = (pattern: string) => pattern === "/admin" || pattern.startsWith("/admin/");
const adminRoutes = all.filter((r) => isAdminPattern(r.pattern));
const guarded = all.filter((r) => r.parents.includes(GUARD_LAYOUT));

/** The route's address with sample parameters and a query (which the login page must remember). */
const pathFor = (pattern: string) => `${pattern.replace(/:(\w+)\??/g, () => SAMPLE_ID).replace(/\/\*$/, "/x")}?q=a%20b`;

let app: InProcessApp;
let memberCookie = "";
let adminCookie = "";
beforeAll(async () => {
  app = await startInProcessApp();
  await seedIfEmpty(app.database.db, { demo: false });
  memberCookie = await sessionCookieFor((await makeUser("member@example.com", "member-pass", { admin: false })).id);
  adminCookie = await sessionCookieFor((await makeUser("admin@example.com", "admin-pass", { admin: true })).id);
}, 60_000);
afterAll(async () => {
  await app?.close();
});

function request(path: string, method: "GET" | "POST", cookie?: string) {
  const headers = new Headers({ Origin: app.url });
  if (cookie) headers.set("Cookie", cookie);
  if (method === "POST") headers.set("Content-Type", "application/x-www-form-urlencoded");
  return fetch(`${app.url}${path}`, {
    method,
    headers,
    redirect: "manual",
    body: method === "POST" ? new URLSearchParams({ intent: "delete", id: SAMPLE_ID }) : undefined,
  });
}

const isRedirect = (status: number) => status >= 300 && status < 400;
/** Where a redirect sends the browser, as path and query. */
function locationOf(response: Response): string {
  const location = new URL(response.headers.get("Location") ?? "", app.url);
  return location.pathname + location.search;
}

describe("the admin route map", () => {
  it("has the guarded layout, with the dashboard in it", () => {
    expect(guarded.map((r) => r.pattern)).toContain("/admin");
    expect(adminRoutes.length).toBeGreaterThan(PUBLIC_ADMIN_PATHS.size);
  });

  it("puts every admin page except login, logout, reset, setup and the invitation inside the guarded layout", () => {
    const outside = adminRoutes.filter(
      (r) => !PUBLIC_ADMIN_PATHS.has(r.pattern) && !guarded.includes(r) && r.file !== GUARD_LAYOUT,
    );
    expect(outside.map((r) => `${r.pattern} (${r.file})`)).toEqual([]);
  });

  it("guards the layout with its middleware: the one place the check is made", () => {
    expect(middleware).toContain(adminGuard);
  });
});

describe.each(guarded.map((r) => [r.pattern, r] as const))("%s", (_name, route) => {
  const path = pathFor(route.pattern);
  const expectedLogin = `/admin/login?redirectTo=${encodeURIComponent(path)}`;

  it("sends an anonymous visitor to the login page, remembering the address (GET and POST)", async () => {
    for (const method of ["GET", "POST"] as const) {
      const response = await request(path, method);
      expect(isRedirect(response.status), `${method} ${path}: ${response.status}`).toBe(true);
      expect(locationOf(response)).toBe(expectedLogin);
    }
  });

  it("sends a signed-in user without the admin role home (GET and POST)", async () => {
    for (const method of ["GET", "POST"] as const) {
      const response = await request(path, method, memberCookie);
      expect(isRedirect(response.status), `${method} ${path}: ${response.status}`).toBe(true);
      expect(locationOf(response)).toBe("/");
    }
  });

  it("lets an admin through the guard", async () => {
    const response = await request(path, "GET", adminCookie);
    const location = isRedirect(response.status) ? locationOf(response) : "";
    expect(location.startsWith("/admin/login") || location === "/", `${path}: ${response.status} ${location}`).toBe(
      false,
    );
  });
});
