// The sign-in and security events of the activity log: each written exactly once, with who, from where and
// what, in the same transaction as its change (a session, a password, two-factor rows); a change that fails
// writes none, and a log row that cannot be written takes its change with it.
import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { countSessionsOfUser, insertSession } from "~/models/sessions.server";
import { findUserById } from "~/models/users.server";
import { action as logoutAction } from "~/routes/admin/logout";
import { settleBackgroundTasks } from "~/server/after-response.server";
import { attemptSignIn } from "~/services/auth.server";
import type { OpenedDatabase } from "~/server/db.server";
import { completePasswordReset, requestPasswordReset } from "~/services/password-reset.server";
import { verifyPassword } from "~/server/password.server";
import { getCurrentSession } from "~/services/session.server";
import { attemptTwoFactorSignIn } from "~/routes/admin/login-two-factor.server";
import { startPendingTwoFactor } from "~/services/pending-two-factor.server";
import {
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
} from "~/services/two-factor.server";
import { createTestDatabase } from "../support/database";
import {
  appCode,
  asResult,
  enrolTwoFactor,
  loginRequest,
  makeUser,
  nextStep,
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

const mail = vi.hoisted(() => ({ fail: false }));
vi.mock("~/server/mail.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/server/mail.server")>();
  return {
    ...actual,
    sendMail: async (message: Parameters<typeof actual.sendMail>[0]) => {
      if (mail.fail) throw new Error("SMTP server unreachable");
      return actual.sendMail(message);
    },
  };
});

const PASSWORD = "activity-password";
const IP = "203.0.113.50";
const START = new Date("2026-11-25T15:00:05Z");

let database: OpenedDatabase;
let counter = 0;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: START });
  vi.spyOn(logger, "info").mockImplementation(() => {});
  database = await createTestDatabase();
});
afterAll(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await database.close();
});
beforeEach(async () => {
  vi.setSystemTime(Date.now() + 10 * 60 * 1000);
  mail.fail = false;
  await database.db.deleteFrom("rate_limits").execute();
});

async function newUser(options: { admin?: boolean } = {}) {
  counter += 1;
  const email = `activity-${counter}@example.com`;
  const user = await makeUser(email, PASSWORD, { admin: options.admin ?? true });
  return { id: user.id, email };
}

async function withTwoFactor() {
  const user = await newUser();
  return { ...user, ...(await enrolTwoFactor(user)) };
}

/** Every log row about (or by) this account, oldest first. */
function rowsOf(userId: string) {
  return database.db
    .selectFrom("activity_log")
    .selectAll()
    .where((eb) => eb.or([eb("actor_id", "=", userId), eb("subject_id", "=", userId)]))
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

const kindsOf = async (userId: string) => (await rowsOf(userId)).map((row) => row.kind);
const allRows = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from activity_log`.execute(database.db)).rows[0].n);

/** Runs `change` while the log's table is away, so recording fails inside the change's transaction. */
async function whileLogFails<T>(change: () => Promise<T>): Promise<unknown> {
  await sql`alter table activity_log rename to activity_log_away`.execute(database.db);
  try {
    return await settle(change);
  } finally {
    await sql`alter table activity_log_away rename to activity_log`.execute(database.db);
  }
}

const signInRequest = (email: string, password = PASSWORD) => loginRequest({ email, password }, { ip: IP });

describe("auth.sign-in", () => {
  it("a password sign-in writes one row: the account as actor and subject, the client address", async () => {
    const user = await newUser();
    const outcome = await attemptSignIn(signInRequest(user.email), { email: user.email, password: PASSWORD });
    expect(outcome.status).toBe("signed-in");
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "auth.sign-in",
      actor_id: user.id,
      actor_email: user.email,
      subject_type: "user",
      subject_id: user.id,
      subject_title: user.email,
      ip: IP,
      changes: null,
    });
  });

  it("with two-factor sign-in on, the password alone records nothing; the code step records the sign-in and its method", async () => {
    const user = await withTwoFactor();
    const before = await kindsOf(user.id);
    const outcome = await attemptSignIn(signInRequest(user.email), { email: user.email, password: PASSWORD });
    expect(outcome.status).toBe("two-factor");
    expect(await kindsOf(user.id)).toEqual(before);
    if (outcome.status !== "two-factor") return;
    const pending = outcome.setCookie.split(";")[0];
    const request = () => loginRequest({}, { ip: IP, cookie: pending, url: `${ORIGIN}/admin/login/two-factor` });

    const byApp = await attemptTwoFactorSignIn(request(), { method: "app", code: await appCode(user.secret) });
    expect(byApp.status).toBe("signed-in");
    const byRecovery = await attemptTwoFactorSignIn(request(), { method: "recovery", code: user.recoveryCodes[0] });
    expect(byRecovery.status).toBe("signed-in");

    const signIns = (await rowsOf(user.id)).filter((row) => row.kind === "auth.sign-in");
    // (Same instant, possibly: compared in any order.)
    expect(signIns.map((row) => [row.actor_id, row.ip, row.changes])).toHaveLength(2);
    expect(signIns.map((row) => [row.actor_id, row.ip, row.changes])).toEqual(
      expect.arrayContaining([
        [user.id, IP, { method: { from: null, to: "authenticator app" } }],
        [user.id, IP, { method: { from: null, to: "recovery code" } }],
      ]),
    );
  });

  it("is written in the session's transaction: no session, no row; no row, no session", async () => {
    const user = await newUser();
    const entry = { kind: "auth.sign-in" as const, actor: { id: user.id, email: user.email } };
    const session = (userId: string) => ({
      idHash: crypto.randomBytes(32).toString("hex"),
      userId,
      now: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
      userAgent: null,
      ip: IP,
    });
    const total = await allRows();
    // The session cannot be stored (no such user): its row is not written either.
    await expect(insertSession(session(crypto.randomUUID()), entry)).rejects.toThrow();
    expect(await allRows()).toBe(total);
    // The row cannot be written: the session does not exist.
    const failed = await whileLogFails(() =>
      attemptSignIn(signInRequest(user.email), { email: user.email, password: PASSWORD }),
    );
    expect(failed).toBeInstanceOf(Error);
    expect(await countSessionsOfUser(user.id)).toBe(0);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });
});

describe("auth.sign-in-failed", () => {
  it("a wrong password of an existing account names that account; an unknown e-mail is never recorded", async () => {
    const user = await newUser();
    const member = await newUser({ admin: false });
    const total = await allRows();
    const wrong = await attemptSignIn(signInRequest(user.email, "not-the-password"), {
      email: user.email.toUpperCase(),
      password: "not-the-password",
    });
    expect(wrong.status).toBe("invalid");
    // Written once the answer is out (its timing must not tell that the account exists).
    await settleBackgroundTasks();
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "auth.sign-in-failed", actor_id: user.id, actor_email: user.email, ip: IP });
    expect(rows[0].changes).toBeNull();
    expect(await allRows()).toBe(total + 1);

    await attemptSignIn(signInRequest(member.email, "nope-nope"), { email: member.email, password: "nope-nope" });
    await settleBackgroundTasks();
    expect(await kindsOf(member.id)).toEqual(["auth.sign-in-failed"]);

    const unknown = "nobody-here@example.com";
    expect((await attemptSignIn(signInRequest(unknown), { email: unknown, password: PASSWORD })).status).toBe(
      "invalid",
    );
    await settleBackgroundTasks();
    expect(await allRows()).toBe(total + 2);
    const mentions = await sql<{
      n: string;
    }>`select count(*) as n from activity_log where actor_email = ${unknown}`.execute(database.db);
    expect(Number(mentions.rows[0].n)).toBe(0);
  });

  it("a wrong code from the app, or a wrong recovery code, says which step failed", async () => {
    const user = await withTwoFactor();
    const pending = (
      await startPendingTwoFactor(new Request(`${ORIGIN}/admin/login`), {
        userId: user.id,
        redirectTo: "/admin",
      })
    ).split(";")[0];
    const request = () => loginRequest({}, { ip: IP, cookie: pending, url: `${ORIGIN}/admin/login/two-factor` });
    const right = await appCode(user.secret);
    expect(
      (await attemptTwoFactorSignIn(request(), { method: "app", code: right === "000000" ? "111111" : "000000" }))
        .status,
    ).toBe("invalid");
    expect((await attemptTwoFactorSignIn(request(), { method: "recovery", code: "abcd-efgh-jk" })).status).toBe(
      "invalid",
    );
    const failures = (await rowsOf(user.id)).filter((row) => row.kind === "auth.sign-in-failed");
    expect(failures).toHaveLength(2);
    expect(failures.map((row) => [row.actor_id, row.ip, row.changes])).toEqual(
      expect.arrayContaining([
        [user.id, IP, { step: { from: null, to: "two-factor" } }],
        [user.id, IP, { step: { from: null, to: "recovery code" } }],
      ]),
    );
    expect(await countSessionsOfUser(user.id)).toBe(0);
  });
});

describe("auth.sign-out", () => {
  const logout = (cookie: string | null) => {
    const headers = new Headers({ Origin: ORIGIN, "x-client-ip": IP });
    if (cookie) headers.set("Cookie", cookie);
    return settle(() => callRoute(logoutAction, new Request(`${ORIGIN}/admin/logout`, { method: "POST", headers })));
  };

  it("signing out writes one row with the session's end; no session, no row", async () => {
    const user = await newUser();
    const cookie = await sessionCookieFor(user.id);
    const total = await allRows();
    expect(asResult(await logout(cookie)).status).toBe(302);
    expect(await countSessionsOfUser(user.id)).toBe(0);
    const rows = await rowsOf(user.id);
    expect(rows.map((row) => [row.kind, row.actor_id, row.actor_email, row.ip])).toEqual([
      ["auth.sign-out", user.id, user.email, IP],
    ]);
    // The same cookie again (the session is gone), or none: nothing more.
    await logout(cookie);
    await logout(null);
    expect(await allRows()).toBe(total + 1);
  });

  it("a sign-out whose row cannot be written leaves the session as it was", async () => {
    const user = await newUser();
    const cookie = await sessionCookieFor(user.id);
    await whileLogFails(() => logout(cookie));
    expect(await countSessionsOfUser(user.id)).toBe(1);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });
});

describe("auth.password-reset-request and auth.password-reset", () => {
  it("a reset mail sent to an administrator is recorded; none for other addresses, none when the mail fails", async () => {
    const admin = await newUser();
    const member = await newUser({ admin: false });
    const total = await allRows();
    expect(await requestPasswordReset(admin.email, new Date(), { ip: IP })).toBeTruthy();
    const rows = await rowsOf(admin.id);
    expect(rows.map((row) => [row.kind, row.actor_id, row.actor_email, row.subject_id, row.ip])).toEqual([
      ["auth.password-reset-request", admin.id, admin.email, admin.id, IP],
    ]);

    expect(await requestPasswordReset(member.email, new Date(), { ip: IP })).toBeNull();
    expect(await requestPasswordReset("no-account@example.com", new Date(), { ip: IP })).toBeNull();
    expect(await allRows()).toBe(total + 1);

    mail.fail = true;
    await expect(requestPasswordReset(admin.email, new Date(), { ip: IP })).rejects.toThrow("SMTP");
    expect(await allRows()).toBe(total + 1);
  });

  it("a password reset is recorded with the new password (never its value) in the same transaction", async () => {
    const admin = await newUser();
    const token = (await requestPasswordReset(admin.email, new Date(), { ip: IP }))!;

    // The row cannot be written: the password, the token and the sessions stay as they were.
    await sessionCookieFor(admin.id);
    const failed = await whileLogFails(() =>
      completePasswordReset(token, "a-brand-new-password", new Date(), { ip: IP }),
    );
    expect(failed).toBeInstanceOf(Error);
    expect(await verifyPassword(PASSWORD, (await findUserById(admin.id))!.password_hash)).toBe(true);
    expect(await countSessionsOfUser(admin.id)).toBe(1);

    expect(await completePasswordReset(token, "a-brand-new-password", new Date(), { ip: IP })).toBe(true);
    const resets = (await rowsOf(admin.id)).filter((row) => row.kind === "auth.password-reset");
    expect(resets.map((row) => [row.actor_id, row.actor_email, row.ip, row.changes])).toEqual([
      [admin.id, admin.email, IP, { password: "(changed)" }],
    ]);
    expect(JSON.stringify(resets)).not.toContain("a-brand-new-password");

    // A spent token changes nothing and records nothing.
    expect(await completePasswordReset(token, "yet-another-password", new Date(), { ip: IP })).toBe(false);
    expect((await rowsOf(admin.id)).filter((row) => row.kind === "auth.password-reset")).toHaveLength(1);
  });
});

describe("two-factor.enable, two-factor.recovery-codes, two-factor.disable", () => {
  it("turning it on writes one row; a wrong code or a row that cannot be written leaves it off", async () => {
    const user = await newUser();
    const actor = { ...user, ip: IP };
    const started = await startEnrolment(user.id, user.email);
    if (started.status !== "started") throw new Error("not started");
    const code = await appCode(started.secret);
    expect((await confirmEnrolment(actor, code === "000000" ? "111111" : "000000")).status).toBe("invalid-code");
    expect(await rowsOf(user.id)).toHaveLength(0);

    await whileLogFails(() => confirmEnrolment(actor, code));
    expect((await twoFactorStatus(user.id)).enabled).toBe(false);
    expect(await rowsOf(user.id)).toHaveLength(0);

    expect((await confirmEnrolment(actor, code)).status).toBe("enabled");
    const rows = await rowsOf(user.id);
    expect(rows.map((row) => [row.kind, row.actor_id, row.subject_id, row.subject_title, row.ip, row.changes])).toEqual(
      [["two-factor.enable", user.id, user.id, user.email, IP, { twoFactor: { from: false, to: true } }]],
    );
  });

  it("new recovery codes and turning it off each write one row, never the codes; failures write none", async () => {
    const user = await withTwoFactor();
    const actor = { ...user, ip: IP };
    const before = (await rowsOf(user.id)).length;

    expect(await regenerateRecoveryCodes(actor, "000000")).toBeNull();
    expect(await whileLogFails(async () => regenerateRecoveryCodes(actor, await appCode(user.secret)))).toBeInstanceOf(
      Error,
    );
    // Rolled back: the old codes still work.
    expect((await twoFactorStatus(user.id)).recoveryCodesLeft).toBe(10);
    expect((await rowsOf(user.id)).length).toBe(before);
    nextStep();
    const codes = await regenerateRecoveryCodes(actor, await appCode(user.secret));
    expect(codes).toHaveLength(10);
    const replaced = (await rowsOf(user.id)).filter((row) => row.kind === "two-factor.recovery-codes");
    expect(replaced.map((row) => [row.actor_id, row.ip, row.changes])).toEqual([
      [user.id, IP, { recoveryCodes: "(changed)" }],
    ]);
    for (const code of [...codes!, ...user.recoveryCodes]) expect(JSON.stringify(replaced)).not.toContain(code);

    nextStep();
    expect(await disableTwoFactor(actor, "000000")).toBe(false);
    expect(await whileLogFails(async () => disableTwoFactor(actor, await appCode(user.secret)))).toBeInstanceOf(Error);
    expect((await twoFactorStatus(user.id)).enabled).toBe(true);
    nextStep();
    expect(await disableTwoFactor(actor, await appCode(user.secret))).toBe(true);
    const kinds = (await rowsOf(user.id)).map((row) => row.kind);
    expect(kinds.filter((kind) => kind === "two-factor.disable")).toHaveLength(1);
    expect((await rowsOf(user.id)).find((row) => row.kind === "two-factor.disable")).toMatchObject({
      actor_id: user.id,
      ip: IP,
      changes: { twoFactor: { from: true, to: false } },
    });
  });
});

describe("the session lookup", () => {
  it("reads two-factor status with the session (no query of its own)", async () => {
    const user = await withTwoFactor();
    const cookie = await sessionCookieFor(user.id);
    const session = await getCurrentSession(new Request(`${ORIGIN}/admin`, { headers: { Cookie: cookie } }));
    expect(session?.twoFactorEnabled).toBe(true);
  });
});
