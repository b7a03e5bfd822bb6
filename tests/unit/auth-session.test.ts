import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { countSessionsOfUser } from "~/models/sessions.server";
import { action as loginAction, loader as loginLoader } from "~/routes/admin/login";
import { action as logoutAction, loader as logoutLoader } from "~/routes/admin/logout";
import { attemptSignIn, INVALID_CREDENTIALS_MESSAGE, requestedPath, requireAdmin } from "~/services/auth.server";
import type { OpenedDatabase } from "~/server/db.server";
import { getCurrentSession, hashSessionId, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "~/services/session.server";
import { SESSION_COOKIE_NAME } from "~/lib/session-cookie";
import { createTestDatabase } from "../support/database";
import {
  asResult,
  cookiePair,
  loginRequest,
  makeUser,
  ORIGIN,
  callRoute,
  sessionCookieFor,
  settle,
} from "./auth-support";
import { logger } from "~/server/logger.server";

// Signs in many times: cheap hashing (tests/support/cheap-passwords.ts); the real cost is auth-password.test.ts's.
vi.mock("~/server/password.server", async (importOriginal) =>
  (await import("../support/cheap-passwords")).cheapPasswords(await importOriginal()),
);

const DAY = 24 * 60 * 60 * 1000;
const ADMIN = { email: "Owner@Example.com", password: "owner-password" };
const MEMBER = { email: "member@example.com", password: "member-password" };

let database: OpenedDatabase;
let adminId: string;
let memberId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  adminId = (await makeUser(ADMIN.email, ADMIN.password, { admin: true })).id;
  memberId = (await makeUser(MEMBER.email, MEMBER.password, { admin: false })).id;
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom("rate_limits").execute();
  await database.db.deleteFrom("sessions").execute();
});

const withCookie = (cookie: string, url = `${ORIGIN}/admin`) => new Request(url, { headers: { Cookie: cookie } });

describe("sign-in", () => {
  it("starts a session: an httpOnly, SameSite=Lax cookie holding only a random id, stored hashed", async () => {
    const credentials = { email: "owner@example.com", password: ADMIN.password };
    const outcome = await attemptSignIn(loginRequest(credentials), credentials);
    expect(outcome.status).toBe("signed-in");
    if (outcome.status !== "signed-in") return;
    expect(outcome.user).toEqual({ id: adminId, email: ADMIN.email });
    const attributes = outcome.setCookie.toLowerCase();
    expect(attributes).toContain(`${SESSION_COOKIE_NAME}=`);
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("path=/");
    expect(attributes).not.toContain("secure");
    expect(attributes).toMatch(/max-age=2592000/);

    const rows = await database.db.selectFrom("sessions").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].user_id).toBe(adminId);
    expect(rows[0].id_hash).toMatch(/^[0-9a-f]{64}$/);
    // The cookie does not carry the stored value (only its preimage).
    expect(outcome.setCookie).not.toContain(rows[0].id_hash);
    expect(rows[0].expires_at.getTime() - rows[0].created_at.getTime()).toBe(SESSION_ABSOLUTE_MS);

    const session = await getCurrentSession(withCookie(cookiePair(outcome.setCookie)));
    expect(session?.user).toEqual({ id: adminId, email: ADMIN.email });
    expect(session?.idHash).toBe(rows[0].id_hash);
  });

  it("marks the cookie Secure when the site is served over https", async () => {
    const outcome = await attemptSignIn(loginRequest(ADMIN, { url: "https://shop.example.com/admin/login" }), ADMIN);
    expect(outcome.status === "signed-in" && outcome.setCookie).toMatch(/; Secure/i);
  });

  it("issues a new session id on every sign-in and ends the browser's previous session", async () => {
    const first = await attemptSignIn(loginRequest(ADMIN), ADMIN);
    if (first.status !== "signed-in") throw new Error("first sign-in failed");
    const second = await attemptSignIn(loginRequest(ADMIN, { cookie: cookiePair(first.setCookie) }), ADMIN);
    if (second.status !== "signed-in") throw new Error("second sign-in failed");
    expect(cookiePair(second.setCookie)).not.toBe(cookiePair(first.setCookie));
    expect(await getCurrentSession(withCookie(cookiePair(first.setCookie)))).toBeNull();
    expect(await getCurrentSession(withCookie(cookiePair(second.setCookie)))).not.toBeNull();
    expect(await countSessionsOfUser(adminId)).toBe(1);
  });

  it("answers a wrong password and an unknown e-mail identically, with the same scrypt work", async () => {
    const scrypt = vi.spyOn(crypto, "scrypt");
    const warm = { email: "warm@example.com", password: "warm-up-pw" };
    await attemptSignIn(loginRequest(warm), warm);
    scrypt.mockClear();
    const wrongCredentials = { email: ADMIN.email, password: "not-it-123" };
    const wrong = await attemptSignIn(loginRequest(wrongCredentials), wrongCredentials);
    const wrongCalls = scrypt.mock.calls.length;
    scrypt.mockClear();
    const unknownCredentials = { email: "nobody@example.com", password: "not-it-123" };
    const unknown = await attemptSignIn(loginRequest(unknownCredentials), unknownCredentials);
    const unknownCalls = scrypt.mock.calls.length;
    scrypt.mockRestore();
    expect(wrong).toEqual({ status: "invalid" });
    expect(unknown).toEqual({ status: "invalid" });
    expect(wrongCalls).toBe(1);
    expect(unknownCalls).toBe(1);
    expect(await database.db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);
  });

  it("ignores a forged or unsigned cookie", async () => {
    const forged = `${SESSION_COOKIE_NAME}=${Buffer.from(JSON.stringify("x".repeat(43))).toString("base64")}`;
    expect(await getCurrentSession(withCookie(forged))).toBeNull();
    expect(await getCurrentSession(withCookie(`${SESSION_COOKIE_NAME}=garbage.signature`))).toBeNull();
  });
});

describe("the login action", () => {
  it("reads the body once, within limits: JSON is 415 and a NUL byte 400, not a 500", async () => {
    const json = new Request(`${ORIGIN}/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify(ADMIN),
    });
    const refusedJson = asResult(await settle(() => callRoute(loginAction, json)));
    expect(refusedJson.status).toBe(415);
    const nul = asResult(
      await settle(() => callRoute(loginAction, loginRequest({ email: ADMIN.email, password: "owner\u0000password" }))),
    );
    expect(nul.status).toBe(400);
    expect(String(nul.data)).toMatch(/control characters/);
    expect(await database.db.selectFrom("rate_limits").selectAll().execute()).toHaveLength(0);
  });

  it("signs in from a multipart form too (remix-auth gets the validated fields, not the original body)", async () => {
    const body = new FormData();
    body.set("email", ADMIN.email);
    body.set("password", ADMIN.password);
    const response = (await callRoute(
      loginAction,
      new Request(`${ORIGIN}/admin/login`, { method: "POST", headers: { Origin: ORIGIN }, body }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().join("\n")).toContain(`${SESSION_COOKIE_NAME}=`);
  });

  it("validates with the spec's messages and never sends the password back", async () => {
    const result = asResult(await callRoute(loginAction, loginRequest({ email: "no-at-sign", password: "12345" })));
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 6 characters"],
    });
    expect(result.data.result.initialValue).toEqual({ email: "no-at-sign" });
  });

  it("answers 'Invalid email or password' for a wrong password and for an unknown e-mail", async () => {
    for (const fields of [
      { email: ADMIN.email, password: "wrong-password" },
      { email: "nobody@example.com", password: ADMIN.password },
    ]) {
      const result = asResult(await callRoute(loginAction, loginRequest(fields)));
      expect(result.status).toBe(401);
      expect(result.data.result.error).toEqual({ "": [INVALID_CREDENTIALS_MESSAGE] });
      expect(result.data.result.initialValue).toEqual({ email: fields.email });
    }
  });

  it("signs in, sets the cookie and the toast, and follows a same-site redirectTo", async () => {
    const response = (await callRoute(
      loginAction,
      loginRequest({ ...ADMIN, redirectTo: "/admin/blog?status=draft" }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/blog?status=draft");
    const cookies = response.headers.getSetCookie().join("\n");
    expect(cookies).toContain(`${SESSION_COOKIE_NAME}=`);
    expect(cookies).toContain("toast-session=");
  });

  it.each(["https://evil.example/admin", "//evil.example", "/\\evil.example", "/.//evil.example"])(
    "ignores the off-site redirectTo %s",
    async (redirectTo) => {
      const response = (await callRoute(loginAction, loginRequest({ ...ADMIN, redirectTo }))) as Response;
      expect(response.headers.get("Location")).toBe("/admin");
    },
  );

  it("sends an admin who is already signed in on to redirectTo, or /admin", async () => {
    const cookie = await sessionCookieFor(adminId);
    const toTarget = await settle(() =>
      callRoute(loginLoader, withCookie(cookie, `${ORIGIN}/admin/login?redirectTo=%2Fadmin%2Fdeals`)),
    );
    expect((toTarget as Response).headers.get("Location")).toBe("/admin/deals");
    const offSite = await settle(() =>
      callRoute(loginLoader, withCookie(cookie, `${ORIGIN}/admin/login?redirectTo=https%3A%2F%2Fevil.example`)),
    );
    expect((offSite as Response).headers.get("Location")).toBe("/admin");
  });

  it("shows the form to a signed-in user who is not an admin", async () => {
    const cookie = await sessionCookieFor(memberId);
    const data = (await callRoute(loginLoader, withCookie(cookie, `${ORIGIN}/admin/login`))) as {
      signedInAs: string | null;
    };
    expect(data.signedInAs).toBe(MEMBER.email);
  });
});

describe("session expiry", () => {
  it("ends a session idle for longer than the idle limit, and deletes it", async () => {
    const start = new Date("2026-01-01T12:00:00Z");
    const cookie = await sessionCookieFor(adminId, start);
    const stillIdle = new Date(start.getTime() + SESSION_IDLE_MS - 60_000);
    expect(await getCurrentSession(withCookie(cookie), stillIdle)).not.toBeNull();
    // That use counted as activity: a week after it, the session is still alive.
    const weekAfterUse = new Date(stillIdle.getTime() + SESSION_IDLE_MS - 60_000);
    expect(await getCurrentSession(withCookie(cookie), weekAfterUse)).not.toBeNull();
    const tooLate = new Date(weekAfterUse.getTime() + SESSION_IDLE_MS + 1);
    expect(await getCurrentSession(withCookie(cookie), tooLate)).toBeNull();
    expect(await countSessionsOfUser(adminId)).toBe(0);
  });

  it("ends a session at its absolute expiry, however active", async () => {
    const start = new Date("2026-02-01T12:00:00Z");
    const cookie = await sessionCookieFor(adminId, start);
    for (let day = 5; day < 30; day += 5) {
      expect(await getCurrentSession(withCookie(cookie), new Date(start.getTime() + day * DAY))).not.toBeNull();
    }
    expect(await getCurrentSession(withCookie(cookie), new Date(start.getTime() + SESSION_ABSOLUTE_MS))).toBeNull();
    expect(await countSessionsOfUser(adminId)).toBe(0);
  });
});

describe("sign-out", () => {
  it("deletes the session, clears the cookie and says so on the login page", async () => {
    const cookie = await sessionCookieFor(adminId);
    const idHash = hashSessionId(JSON.parse(Buffer.from(cookie.split("=")[1].split(".")[0], "base64").toString()));
    expect(await database.db.selectFrom("sessions").where("id_hash", "=", idHash).selectAll().execute()).toHaveLength(
      1,
    );
    const response = (await callRoute(
      logoutAction,
      new Request(`${ORIGIN}/admin/logout`, { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN } }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
    const cookies = response.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(new RegExp(`${SESSION_COOKIE_NAME}=;.*Max-Age=0`, "i"));
    expect(cookies).toContain("toast-session=");
    expect(await database.db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);
    expect(await getCurrentSession(withCookie(cookie))).toBeNull();
  });

  it("is POST only: a GET does not sign out", async () => {
    const cookie = await sessionCookieFor(adminId);
    const response = (await logoutLoader()) as Response;
    expect(response.headers.get("Location")).toBe("/admin");
    expect(await getCurrentSession(withCookie(cookie))).not.toBeNull();
  });

  it("refuses a cross-site POST", async () => {
    const cookie = await sessionCookieFor(adminId);
    const thrown = await settle(() =>
      callRoute(
        logoutAction,
        new Request(`${ORIGIN}/admin/logout`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: "https://evil.example" },
        }),
      ),
    );
    expect((thrown as Response).status).toBe(403);
    expect(await getCurrentSession(withCookie(cookie))).not.toBeNull();
  });
});

describe("requireAdmin", () => {
  it("sends an anonymous visitor to the login page with the requested path and query", async () => {
    const thrown = (await settle(() => requireAdmin(new Request(`${ORIGIN}/admin/blog?status=draft`)))) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fblog%3Fstatus%3Ddraft");
  });

  it("sends a signed-in user without the admin role home", async () => {
    const thrown = (await settle(() => requireAdmin(withCookie(memberCookie)))) as Response;
    expect(thrown.headers.get("Location")).toBe("/");
  });

  it("returns the admin", async () => {
    expect(await requireAdmin(withCookie(await sessionCookieFor(adminId)))).toEqual({
      id: adminId,
      email: ADMIN.email,
      // No proxy or socket address in a unit test: the guard says so rather than leaving it out.
      ip: "unknown",
    });
  });

  it("logs a failed role lookup and treats it as not admin", async () => {
    const cookie = await sessionCookieFor(adminId);
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    await sql`alter table user_roles rename to user_roles_away`.execute(database.db);
    try {
      const thrown = (await settle(() => requireAdmin(withCookie(cookie)))) as Response;
      expect(thrown.headers.get("Location")).toBe("/");
      expect(logged).toHaveBeenCalledWith(
        { err: expect.any(Error) },
        expect.stringContaining("Admin role lookup failed"),
      );
    } finally {
      await sql`alter table user_roles_away rename to user_roles`.execute(database.db);
      logged.mockRestore();
    }
  });

  it("maps React Router data requests back to the page address", () => {
    expect(requestedPath(new Request(`${ORIGIN}/admin/brands.data?_routes=root,routes/admin/layout`))).toBe(
      "/admin/brands",
    );
    expect(requestedPath(new Request(`${ORIGIN}/admin.data?x=1`))).toBe("/admin?x=1");
    expect(requestedPath(new Request(`${ORIGIN}/admin/blog?index&status=draft`))).toBe("/admin/blog?status=draft");
  });

  let memberCookie = "";
  beforeEach(async () => {
    memberCookie = await sessionCookieFor(memberId);
  });
});
