import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { countSessionsOfUser } from "~/models/sessions.server";
import { findUserById } from "~/models/users.server";
import { action as confirmAction, loader as confirmLoader } from "~/routes/admin/reset-confirm";
import { action as resetAction, loader as resetLoader } from "~/routes/admin/reset";
import type { OpenedDatabase } from "~/server/db.server";
import { outboxDirectory } from "~/server/mail.server";
import {
  completePasswordReset,
  hashResetToken,
  isResetTokenUsable,
  RESET_TOKEN_TTL_MS,
  requestPasswordReset,
} from "~/server/password-reset.server";
import { verifyPassword } from "~/server/password.server";
import { getCurrentSession } from "~/server/session.server";
import { createTestDatabase } from "../support/database";
import { asResult, loginRequest, makeUser, ORIGIN, routeArgs, sessionCookieFor, settle } from "./auth-support";

const ADMIN = { email: "reset-admin@example.com", password: "old-password" };
let database: OpenedDatabase;
let adminId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  adminId = (await makeUser(ADMIN.email, ADMIN.password, { admin: true })).id;
  await makeUser("reset-member@example.com", "member-password", { admin: false });
  vi.spyOn(console, "log").mockImplementation(() => {});
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

const confirmRequest = (fields: Record<string, string>) =>
  loginRequest(fields, { url: `${ORIGIN}/admin/reset/confirm` });

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
  it("answers an admin's address and an unknown one the same way", async () => {
    const answers = [];
    for (const email of [ADMIN.email, "nobody@example.com"]) {
      const response = (await resetAction(
        routeArgs(loginRequest({ email }, { url: `${ORIGIN}/admin/reset` })),
      )) as Response;
      answers.push({ status: response.status, location: response.headers.get("Location") });
    }
    expect(answers[0]).toEqual({ status: 302, location: "/admin/reset?sent=1" });
    expect(answers[1]).toEqual(answers[0]);
    expect(resetLoader(routeArgs(new Request(`${ORIGIN}/admin/reset?sent=1`)))).toEqual({ sent: true });
  });

  it("validates the address with the spec's message", async () => {
    const result = asResult(
      await resetAction(routeArgs(loginRequest({ email: "nope" }, { url: `${ORIGIN}/admin/reset` }))),
    );
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({ email: ["Please enter a valid email address"] });
  });

  it("answers 429 after too many requests from one address", async () => {
    let last: ReturnType<typeof asResult> | undefined;
    for (let i = 0; i < 6; i++) {
      last = asResult(
        await settle(() =>
          resetAction(
            routeArgs(loginRequest({ email: `x${i}@example.com` }, { url: `${ORIGIN}/admin/reset`, ip: "192.0.2.1" })),
          ),
        ),
      );
    }
    expect(last?.status).toBe(429);
    expect(last?.data.result.error[""][0]).toMatch(/^Too many reset requests\. Please try again in \d+ minutes?\.$/);
  });
});

describe("/admin/reset/confirm", () => {
  it("shows the form for a usable link and a clear refusal for any other", async () => {
    const token = (await requestPasswordReset(ADMIN.email))!;
    const good = asResult(await confirmLoader(routeArgs(new Request(`${ORIGIN}/admin/reset/confirm?token=${token}`))));
    expect(good.data).toEqual({ token, usable: true });
    const bad = asResult(await confirmLoader(routeArgs(new Request(`${ORIGIN}/admin/reset/confirm?token=nope`))));
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ token: "", usable: false });
  });

  it("checks the new password with the spec's messages", async () => {
    const token = (await requestPasswordReset(ADMIN.email))!;
    const short = asResult(
      await confirmAction(routeArgs(confirmRequest({ token, password: "abc", confirmPassword: "abc" }))),
    );
    expect(short.data.result.error).toEqual({ password: ["Password must be at least 6 characters"] });
    const differ = asResult(
      await confirmAction(routeArgs(confirmRequest({ token, password: "abcdef1", confirmPassword: "abcdef2" }))),
    );
    expect(differ.data.result.error).toEqual({ confirmPassword: ["Passwords do not match"] });
    expect(differ.data.result.initialValue).toEqual({ token });
    expect(await isResetTokenUsable(token)).toBe(true);
  });

  it("updates the password, ends the sessions and goes to the admin login; the link then fails", async () => {
    const cookie = await sessionCookieFor(adminId);
    const token = (await requestPasswordReset(ADMIN.email))!;
    const fields = { token, password: "updated-password", confirmPassword: "updated-password" };
    const response = (await confirmAction(
      routeArgs(loginRequest(fields, { url: `${ORIGIN}/admin/reset/confirm`, cookie })),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/admin_session=;/);
    expect(await countSessionsOfUser(adminId)).toBe(0);
    expect(await verifyPassword("updated-password", (await findUserById(adminId))!.password_hash)).toBe(true);

    const again = asResult(await confirmAction(routeArgs(confirmRequest(fields))));
    expect(again.status).toBe(400);
    expect(again.data.expired).toBe(true);
  });
});
