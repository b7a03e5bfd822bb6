import fs from "node:fs/promises";
import path from "node:path";
import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { countSessionsOfUser } from "~/models/sessions.server";
import { findUserById } from "~/models/users.server";
import * as confirmRoute from "~/routes/admin/reset-confirm";
import { action as confirmAction, loader as confirmLoader } from "~/routes/admin/reset-confirm";
import { action as resetAction, loader as resetLoader } from "~/routes/admin/reset";
import { settleBackgroundTasks } from "~/server/after-response.server";
import { installDatabase, type OpenedDatabase } from "~/server/db.server";
import { outboxDirectory } from "~/server/mail.server";
import { runInRequestScope } from "~/server/request-scope.server";
import {
  completePasswordReset,
  hashResetToken,
  isResetTokenUsable,
  RESET_TOKEN_TTL_MS,
  requestPasswordReset,
} from "~/services/password-reset.server";
import { verifyPassword } from "~/server/password.server";
import { getCurrentSession } from "~/services/session.server";
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

const ADMIN = { email: "reset-admin@example.com", password: "old-password" };
let database: OpenedDatabase;
let adminId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  adminId = (await makeUser(ADMIN.email, ADMIN.password, { admin: true })).id;
  await makeUser("reset-member@example.com", "member-password", { admin: false });
  vi.spyOn(logger, "info").mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom("rate_limits").execute();
  await database.db.deleteFrom("password_reset_tokens").execute();
});

async function mailWithToken(token: string): Promise<string | undefined> {
  const directory = outboxDirectory();
  for (const file of await fs.readdir(directory)) {
    // Quoted-printable: long lines are folded with "=\n" and "=" is written "=3D".
    const text = (await fs.readFile(path.join(directory, file), "utf8"))
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (text.includes(token)) return text;
  }
  return undefined;
}

const CONFIRM_URL = `${ORIGIN}/admin/reset/confirm`;
const confirmRequest = (fields: Record<string, string>, cookie?: string) =>
  loginRequest(fields, { url: CONFIRM_URL, cookie });

/** Opens a reset link as a browser would: the redirect that moves the token into a cookie. */
async function openLink(token: string): Promise<Response> {
  return (await settle(() => callRoute(confirmLoader, new Request(`${CONFIRM_URL}?token=${token}`)))) as Response;
}

/** The Cookie header a browser sends to the confirm page after opening the link. */
async function resetCookieFor(token: string): Promise<string> {
  return cookiePair((await openLink(token)).headers.get("Set-Cookie")!);
}

/** Waits for the work the reset action left for after its answer (the background tasks start on setImmediate). */
async function afterTheAnswer(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await settleBackgroundTasks();
}

describe("reset tokens", () => {
  it("mails an admin a one-hour link and stores only the token's hash", async () => {
    const now = new Date();
    const token = await requestPasswordReset("RESET-ADMIN@example.com", now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database.db.selectFrom("password_reset_tokens").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].user_id).toBe(adminId);
    expect(rows[0].token_hash).toBe(hashResetToken(token!));
    expect(rows[0].token_hash).not.toContain(token!);
    expect(rows[0].used_at).toBeNull();
    expect(rows[0].expires_at.getTime() - now.getTime()).toBe(RESET_TOKEN_TTL_MS);

    const mail = await mailWithToken(token!);
    expect(mail).toContain(`To: ${ADMIN.email}`);
    expect(mail).toContain(`http://localhost:3000/admin/reset/confirm?token=${token}`);
  });

  it("sends nothing for an unknown address or a user who is not an admin", async () => {
    expect(await requestPasswordReset("nobody@example.com")).toBeNull();
    expect(await requestPasswordReset("reset-member@example.com")).toBeNull();
    expect(await database.db.selectFrom("password_reset_tokens").selectAll().execute()).toHaveLength(0);
  });

  it("expires after one hour", async () => {
    const issued = new Date("2026-03-01T10:00:00Z");
    const token = (await requestPasswordReset(ADMIN.email, issued))!;
    expect(await isResetTokenUsable(token, new Date(issued.getTime() + RESET_TOKEN_TTL_MS - 1000))).toBe(true);
    const late = new Date(issued.getTime() + RESET_TOKEN_TTL_MS + 1000);
    expect(await isResetTokenUsable(token, late)).toBe(false);
    expect(await completePasswordReset(token, "new-password", late)).toBe(false);
    expect(await verifyPassword(ADMIN.password, (await findUserById(adminId))!.password_hash)).toBe(true);
  });

  it("works once: sets the password, ends every session and dies with the user's other links", async () => {
    const sessions = [await sessionCookieFor(adminId), await sessionCookieFor(adminId)];
    const other = (await requestPasswordReset(ADMIN.email))!;
    const token = (await requestPasswordReset(ADMIN.email))!;
    expect(await countSessionsOfUser(adminId)).toBe(2);

    expect(await completePasswordReset(token, "brand-new-password")).toBe(true);
    const user = (await findUserById(adminId))!;
    expect(await verifyPassword("brand-new-password", user.password_hash)).toBe(true);
    expect(await verifyPassword(ADMIN.password, user.password_hash)).toBe(false);
    expect(await countSessionsOfUser(adminId)).toBe(0);
    for (const cookie of sessions) {
      expect(await getCurrentSession(new Request(`${ORIGIN}/admin`, { headers: { Cookie: cookie } }))).toBeNull();
    }

    expect(await completePasswordReset(token, "another-password")).toBe(false);
    expect(await isResetTokenUsable(other)).toBe(false);
    expect(await completePasswordReset(other, "another-password")).toBe(false);
    // Put the old password back for the other tests.
    const back = (await requestPasswordReset(ADMIN.email))!;
    expect(await completePasswordReset(back, ADMIN.password)).toBe(true);
  });

  it("refuses malformed tokens without a lookup", async () => {
    expect(await isResetTokenUsable("")).toBe(false);
    expect(await isResetTokenUsable("short")).toBe(false);
    expect(await isResetTokenUsable(null)).toBe(false);
    expect(await completePasswordReset("x".repeat(500), "new-password")).toBe(false);
  });

  it("limits reset mails per account", async () => {
    const tokens = [];
    for (let i = 0; i < 4; i++) tokens.push(await requestPasswordReset(ADMIN.email));
    expect(tokens.slice(0, 3).every(Boolean)).toBe(true);
    expect(tokens[3]).toBeNull();
  });
});

describe("/admin/reset", () => {
  it("answers an admin's address and an unknown one the same way, before any work on the address starts", async () => {
    // Every query the app makes, by the tables it names.
    const queried: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: (args) => {
        queried.push(JSON.stringify(args.node));
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    };
    const perAddress = /"name":"(users|user_roles|password_reset_tokens)"/;
    installDatabase({ ...database, db: database.db.withPlugin(recorder) });
    const answers = [];
    const sent: Array<() => void> = [];
    try {
      for (const email of [ADMIN.email, "nobody@example.com"]) {
        queried.length = 0;
        // As server.ts handles a request: work left for after the response waits in the request's scope.
        let result: Promise<unknown> = Promise.resolve();
        const scope = runInRequestScope(() => {
          result = callRoute(resetAction, loginRequest({ email }, { url: `${ORIGIN}/admin/reset` }));
        });
        const response = (await result) as Response;
        answers.push({
          status: response.status,
          location: response.headers.get("Location"),
          cookies: response.headers.getSetCookie().map((c) => c.replace(/=[^;]*/, "=…")),
          // What the address's lookup, limit, token and mail had done by the time the answer was ready.
          perAddressQueries: queried.filter((q) => perAddress.test(q)).length,
          tokens: (await database.db.selectFrom("password_reset_tokens").selectAll().execute()).length,
        });
        sent.push(() => scope.afterResponse.splice(0).forEach((task) => task()));
      }
    } finally {
      installDatabase(database);
    }
    expect(answers[0]).toEqual({
      status: 302,
      location: "/admin/reset?sent=1",
      cookies: [expect.stringMatching(/^toast-session=…/)],
      perAddressQueries: 0,
      tokens: 0,
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(await callRoute(resetLoader, new Request(`${ORIGIN}/admin/reset?sent=1`))).toEqual({ sent: true });

    // Once the answers are out, the admin (only) gets a link.
    for (const responseSent of sent) responseSent();
    await settleBackgroundTasks();
    const rows = await database.db.selectFrom("password_reset_tokens").selectAll().execute();
    expect(rows.map((row) => row.user_id)).toEqual([adminId]);
  });

  it("refuses a body that is not a form (415) or holds control characters (400)", async () => {
    const json = new Request(`${ORIGIN}/admin/reset`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ email: ADMIN.email }),
    });
    expect(asResult(await settle(() => callRoute(resetAction, json))).status).toBe(415);
    const nul = loginRequest({ email: "reset-admin@example.com\u0000" }, { url: `${ORIGIN}/admin/reset` });
    expect(asResult(await settle(() => callRoute(resetAction, nul))).status).toBe(400);
    await afterTheAnswer();
    expect(await database.db.selectFrom("password_reset_tokens").selectAll().execute()).toHaveLength(0);
  });

  it("validates the address with the spec's message", async () => {
    const result = asResult(
      await callRoute(resetAction, loginRequest({ email: "nope" }, { url: `${ORIGIN}/admin/reset` })),
    );
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({ email: ["Please enter a valid email address"] });
  });

  it("answers 429 after too many requests from one address", async () => {
    let last: ReturnType<typeof asResult> | undefined;
    for (let i = 0; i < 6; i++) {
      last = asResult(
        await settle(() =>
          callRoute(
            resetAction,
            loginRequest({ email: `x${i}@example.com` }, { url: `${ORIGIN}/admin/reset`, ip: "192.0.2.1" }),
          ),
        ),
      );
    }
    expect(last?.status).toBe(429);
    expect(last?.data.result.error[""][0]).toMatch(/^Too many reset requests\. Please try again in \d+ minutes?\.$/);
  });
});

describe("/admin/reset/confirm", () => {
  it("moves a usable link's token into a short-lived, path-scoped, httpOnly cookie and drops it from the address", async () => {
    const token = (await requestPasswordReset(ADMIN.email))!;
    const response = await openLink(token);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/reset/confirm");
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^admin_reset_token=/);
    const attributes = setCookie.toLowerCase();
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("path=/admin/reset;");
    expect(attributes).not.toContain("secure");
    // It lives as long as the token does (one hour), no longer.
    const maxAge = Number(/max-age=(\d+)/.exec(attributes)?.[1]);
    expect(maxAge).toBeGreaterThan(RESET_TOKEN_TTL_MS / 1000 - 60);
    expect(maxAge).toBeLessThanOrEqual(RESET_TOKEN_TTL_MS / 1000);

    const https = (await settle(() =>
      callRoute(confirmLoader, new Request(`https://shop.example.com/admin/reset/confirm?token=${token}`)),
    )) as Response;
    expect(https.headers.get("Set-Cookie")).toMatch(/; Secure/i);
  });

  it("shows the form to the browser holding the cookie, and a clear refusal otherwise", async () => {
    const token = (await requestPasswordReset(ADMIN.email))!;
    const good = asResult(
      await callRoute(confirmLoader, new Request(CONFIRM_URL, { headers: { Cookie: await resetCookieFor(token) } })),
    );
    expect(good.status).toBe(200);
    expect(good.data).toEqual({ usable: true });
    for (const request of [
      new Request(`${CONFIRM_URL}?token=nope`),
      new Request(`${CONFIRM_URL}?token=${"x".repeat(43)}`),
      new Request(CONFIRM_URL),
      new Request(CONFIRM_URL, { headers: { Cookie: `admin_reset_token=${"x".repeat(43)}` } }),
    ]) {
      const bad = asResult(await callRoute(confirmLoader, request));
      expect(bad.status).toBe(400);
      expect(bad.data).toEqual({ usable: false });
    }
  });

  it("keeps the site's Referrer-Policy (a no-referrer page makes a form without JavaScript post Origin: null)", () => {
    expect("headers" in confirmRoute).toBe(false);
  });

  it("checks the new password with the spec's messages", async () => {
    const token = (await requestPasswordReset(ADMIN.email))!;
    const cookie = await resetCookieFor(token);
    const short = asResult(
      await callRoute(confirmAction, confirmRequest({ password: "abc", confirmPassword: "abc" }, cookie)),
    );
    expect(short.status).toBe(400);
    expect(short.data.result.error).toEqual({ password: ["Password must be at least 6 characters"] });
    const differ = asResult(
      await callRoute(confirmAction, confirmRequest({ password: "abcdef1", confirmPassword: "abcdef2" }, cookie)),
    );
    expect(differ.data.result.error).toEqual({ confirmPassword: ["Passwords do not match"] });
    expect(differ.data.expired).toBe(false);
    expect(await isResetTokenUsable(token)).toBe(true);
  });

  it("refuses a body that is not a form (415) or holds control characters (400)", async () => {
    const cookie = await resetCookieFor((await requestPasswordReset(ADMIN.email))!);
    const json = new Request(CONFIRM_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookie },
      body: JSON.stringify({ password: "json-password", confirmPassword: "json-password" }),
    });
    expect(asResult(await settle(() => callRoute(confirmAction, json))).status).toBe(415);
    const nul = confirmRequest({ password: "nul\u0000password", confirmPassword: "nul\u0000password" }, cookie);
    expect(asResult(await settle(() => callRoute(confirmAction, nul))).status).toBe(400);
    expect(await verifyPassword(ADMIN.password, (await findUserById(adminId))!.password_hash)).toBe(true);
  });

  it("takes the token from the cookie only: a token posted in the form does nothing", async () => {
    const token = (await requestPasswordReset(ADMIN.email))!;
    const posted = asResult(
      await callRoute(
        confirmAction,
        confirmRequest({ token, password: "posted-password", confirmPassword: "posted-password" }),
      ),
    );
    expect(posted.status).toBe(400);
    expect(posted.data.expired).toBe(true);
    expect(await isResetTokenUsable(token)).toBe(true);
  });

  it("updates the password, ends the sessions, clears the cookies and goes to the admin login; the link then fails", async () => {
    const session = await sessionCookieFor(adminId);
    const token = (await requestPasswordReset(ADMIN.email))!;
    const cookie = `${session}; ${await resetCookieFor(token)}`;
    const fields = { password: "updated-password", confirmPassword: "updated-password" };
    const response = (await callRoute(confirmAction, confirmRequest(fields, cookie))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
    const cleared = response.headers.getSetCookie().join("\n");
    expect(cleared).toMatch(/admin_session=;/);
    expect(cleared).toMatch(/admin_reset_token=;.*Max-Age=0/i);
    expect(cleared).toContain("toast-session=");
    expect(await countSessionsOfUser(adminId)).toBe(0);
    expect(await verifyPassword("updated-password", (await findUserById(adminId))!.password_hash)).toBe(true);

    // The same cookie again (say, a second tab): the token is spent.
    const again = asResult(await callRoute(confirmAction, confirmRequest(fields, cookie)));
    expect(again.status).toBe(400);
    expect(again.data.expired).toBe(true);
    const reopened = asResult(await callRoute(confirmLoader, new Request(`${CONFIRM_URL}?token=${token}`)));
    expect(reopened.status).toBe(400);
    expect(reopened.data).toEqual({ usable: false });

    // Put the old password back for the other tests.
    const back = (await requestPasswordReset(ADMIN.email))!;
    expect(await completePasswordReset(back, ADMIN.password)).toBe(true);
  });
});
