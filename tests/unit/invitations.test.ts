// Invitations to the admin (issue 12), with mail set up (a real SMTP server in this process): the link is
// mailed, works once, within a week (fixed clocks), never for an address that has an account, and opening
// it at /admin/invite moves its token into a cookie; accepting creates the admin, signs them in and records
// 'user.create' in the same transaction (a failed one creates and records nothing).
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { SMTPServer } from "smtp-server";
import { getToast } from "remix-toast";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { USER_MESSAGES } from "~/lib/schemas/users";
import { acceptInvitation } from "~/models/invitations.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { findUserByEmail, userHasRole } from "~/models/users.server";
import { action as inviteAction, loader as inviteLoader } from "~/routes/admin/invite";
import { action as usersAction } from "~/routes/admin/users";
import { requireAdmin } from "~/services/auth.server";
import type { OpenedDatabase } from "~/server/db.server";
import {
  acceptInvitationWithToken,
  hashInvitationToken,
  INVITATION_TTL_MS,
  inviteAdmin,
  resendInvitation,
  usableInvitation,
} from "~/services/admin-invitations.server";
import { isMailConfigured, resetMailTransport } from "~/server/mail.server";
import { verifyPassword } from "~/server/password.server";
import { createTestDatabase } from "../support/database";
import { readMail, useTemporaryDataDir } from "../support/forms";
import { activityRows, failActivityWhenTitleContains } from "./activity-support";
import { formOf, loadFrom, postTo, toastOf } from "./admin-requests";
import { asResult, cookiePair, makeUser, ORIGIN, callRoute, sessionCookieFor, settle } from "./auth-support";
import { logger } from "~/server/logger.server";

// Signs in many times: cheap hashing (tests/support/cheap-passwords.ts); the real cost is auth-password.test.ts's.
vi.mock("~/server/password.server", async (importOriginal) =>
  (await import("../support/cheap-passwords")).cheapPasswords(await importOriginal()),
);

const dataDir = useTemporaryDataDir("invitations");
const EXPLODE = "explode";
const DAY = 24 * 60 * 60 * 1000;

let smtp: { server: SMTPServer; received: { to: string[]; raw: string }[] };
let database: OpenedDatabase;
let inviter: { id: string; email: string; ip: string | null };
let inviterCookie = "";

beforeAll(async () => {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  smtp = { server, received };
  process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  resetMailTransport();
  vi.spyOn(logger, "error").mockImplementation(() => {});
  database = await createTestDatabase();
  await failActivityWhenTitleContains(database.db, EXPLODE);
  const user = await makeUser("inviter@example.com", "inviter-pass", { admin: true });
  inviter = { id: user.id, email: user.email, ip: "198.51.100.4" };
  inviterCookie = await sessionCookieFor(user.id);
});
let smtpClosed = false;
function closeSmtp(): Promise<void> {
  if (smtpClosed) return Promise.resolve();
  smtpClosed = true;
  return new Promise((resolve) => smtp.server.close(() => resolve()));
}
afterAll(async () => {
  vi.restoreAllMocks();
  await database.close();
  await closeSmtp();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.deleteFrom("activity_log").execute();
  await database.db.deleteFrom("user_invitations").execute();
  await database.db.deleteFrom("users").where("id", "!=", inviter.id).execute();
  smtp.received.length = 0;
});

const activity = () => activityRows(database.db);
const invitationRows = () => database.db.selectFrom("user_invitations").selectAll().execute();

/** The link of the one mail received, and its text. */
function mailedLink(): { link: string; token: string; text: string; headers: string } {
  expect(smtp.received).toHaveLength(1);
  const { headers, text } = readMail(smtp.received[0].raw);
  const link = /http:\/\/\S+\/admin\/invite\?token=\S+/.exec(text)![0];
  return { link, token: new URL(link).searchParams.get("token")!, text, headers };
}

async function invited(email: string, now?: Date): Promise<string> {
  const result = await inviteAdmin(email, inviter, now);
  if (result.status !== "invited") throw new Error(`not invited: ${result.status}`);
  return new URL(result.invitation.link).searchParams.get("token")!;
}

/** GET /admin/invite (the link, or the bare page with the browser's cookies). */
const openInvite = (search: string, cookie: string | null = null) =>
  loadFrom(inviteLoader, `/admin/invite${search}`, cookie);

/** The token cookie a link hands over ("admin_invite_token=…"). */
async function tokenCookie(token: string): Promise<string> {
  const answer = (await openInvite(`?token=${token}`)) as Response;
  expect(answer.status).toBe(302);
  return cookiePair(answer.headers.get("Set-Cookie")!);
}

function submitPassword(
  cookie: string | null,
  password = "new-admin-pass",
  confirmPassword = password,
  ip = "203.0.113.9",
) {
  const headers = new Headers({ Origin: ORIGIN, "x-client-ip": ip });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`${ORIGIN}/admin/invite`, {
    method: "POST",
    headers,
    body: formOf({ password, confirmPassword }),
  });
  return settle(() => callRoute(inviteAction, request));
}

describe("inviting with mail set up", () => {
  it("mails the link with the site's name and says 'Invitation sent to x'", async () => {
    expect(isMailConfigured()).toBe(true);
    const result = await postTo(
      usersAction,
      "/admin/users?dialog=invite",
      formOf({ intent: "create", email: "new@example.com" }),
      inviterCookie,
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/users");
    expect(await toastOf(result)).toMatchObject({ type: "success", message: "Invitation sent to new@example.com" });

    const { link, token, text, headers } = mailedLink();
    expect(smtp.received[0].to).toEqual(["new@example.com"]);
    const { name } = await getSiteSettings();
    expect(headers).toMatch(new RegExp(`^Subject: You're invited to the ${name} admin`, "im"));
    expect(text).toContain("inviter@example.com invited you");
    expect(link).toBe(`http://localhost:3000/admin/invite?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await invitationRows())[0].token_hash).toBe(hashInvitationToken(token));
  });

  it("Resend mails a new link; the old one dies", async () => {
    const token = await invited("resend-me@example.com");
    smtp.received.length = 0;
    const [row] = await invitationRows();
    const resent = await resendInvitation(row.id, inviter);
    expect(resent.status).toBe("invited");
    expect(await usableInvitation(token)).toBeNull();
    const { token: newToken } = mailedLink();
    expect(await usableInvitation(newToken)).toMatchObject({ email: "resend-me@example.com" });
  });
});

describe("the invitation page", () => {
  it("moves the link's token into an httpOnly cookie and off the address", async () => {
    const token = await invited("cookie@example.com");
    const answer = (await openInvite(`?token=${token}`)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/invite");
    const setCookie = answer.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^admin_invite_token=/);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; Path=\/admin(;|$)/);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)![1]);
    expect(maxAge).toBeGreaterThan(7 * 24 * 60 * 60 - 60);
    expect(maxAge).toBeLessThanOrEqual(7 * 24 * 60 * 60);

    const page = asResult(await openInvite("", cookiePair(setCookie)));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ state: "open", email: "cookie@example.com", signedInAs: null });
  });

  it("says a malformed, unknown or missing token is invalid, and sets no cookie", async () => {
    for (const search of ["?token=abc", `?token=${"A".repeat(43)}`, ""]) {
      const page = asResult(await openInvite(search));
      expect(page.status).toBe(400);
      expect(page.data).toMatchObject({ state: "invalid" });
      expect(page.headers.get("Set-Cookie")).toBeNull();
    }
    const posted = asResult(await submitPassword(null));
    expect(posted.status).toBe(400);
    expect(posted.data).toMatchObject({ state: "invalid" });
    expect(await activity()).toEqual([]);
  });

  it("shows a signed-in admin the page, with a note that it signs them in as the new account", async () => {
    const cookie = await tokenCookie(await invited("tester@example.com"));
    const page = asResult(await openInvite("", `${cookie}; ${inviterCookie}`));
    expect(page.data).toMatchObject({ state: "open", email: "tester@example.com", signedInAs: "inviter@example.com" });
  });

  it("keeps the password rules of a reset", async () => {
    const cookie = await tokenCookie(await invited("rules@example.com"));
    const short = asResult(await submitPassword(cookie, "abc"));
    expect(short.status).toBe(400);
    expect(short.data.result.error.password).toEqual(["Password must be at least 6 characters"]);
    const differ = asResult(await submitPassword(cookie, "long-enough", "different"));
    expect(differ.data.result.error.confirmPassword).toEqual(["Passwords do not match"]);
    expect(await findUserByEmail("rules@example.com")).toBeUndefined();
  });
});

describe("accepting an invitation", () => {
  it("creates the admin, signs them in on this device, spends the link and records 'user.create'", async () => {
    const token = await invited("Joined@Example.com");
    const cookie = await tokenCookie(token);
    const answer = (await submitPassword(cookie)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin");
    const cookies = answer.headers.getSetCookie();
    const toastCookie = cookies.find((c) => c.startsWith("toast-session="));
    const toast = (await getToast(new Request(ORIGIN, { headers: { Cookie: toastCookie!.split(";")[0] } }))).toast;
    expect(toast).toMatchObject({ type: "success", message: "Welcome! Your account is ready." });
    expect(cookies.find((c) => c.startsWith("admin_invite_token="))).toMatch(/Max-Age=0/);
    expect(cookies.some((c) => c.startsWith("admin_device="))).toBe(true);
    const session = cookiePair(cookies.find((c) => c.startsWith("admin_session="))!);

    const user = (await findUserByEmail("joined@example.com"))!;
    expect(user.email).toBe("Joined@Example.com");
    expect(await userHasRole(user.id, "admin")).toBe(true);
    expect(await verifyPassword("new-admin-pass", user.password_hash)).toBe(true);
    expect(await requireAdmin(new Request(`${ORIGIN}/admin`, { headers: { Cookie: session } }))).toMatchObject({
      id: user.id,
      email: "Joined@Example.com",
    });
    expect(await invitationRows()).toEqual([]);

    const rows = await activity();
    expect(rows.map((r) => r.kind)).toEqual(["user.invite", "user.create"]);
    expect(rows[1]).toMatchObject({
      actor_id: user.id,
      actor_email: "Joined@Example.com",
      ip: "203.0.113.9",
      subject_type: "user",
      subject_id: user.id,
      subject_title: "Joined@Example.com",
      changes: null,
    });
  });

  it("works once: the same link again is refused, and creates nothing", async () => {
    const token = await invited("once@example.com");
    const cookie = await tokenCookie(token);
    expect(((await submitPassword(cookie)) as Response).status).toBe(302);
    const again = asResult(await submitPassword(cookie, "another-pass"));
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({ state: "invalid" });
    const reopened = asResult(await openInvite(`?token=${token}`));
    expect(reopened.status).toBe(400);
    expect((await activity()).filter((r) => r.kind === "user.create")).toHaveLength(1);
    const user = (await findUserByEmail("once@example.com"))!;
    expect(await verifyPassword("new-admin-pass", user.password_hash)).toBe(true);
  });

  it("works once even when submitted twice at the same moment", async () => {
    const token = await invited("race@example.com");
    const outcomes = await Promise.all([
      acceptInvitationWithToken(token, "first-pass", { ip: null }),
      acceptInvitationWithToken(token, "second-pass", { ip: null }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["created", "invalid"]);
    expect((await activity()).filter((r) => r.kind === "user.create")).toHaveLength(1);
  });

  it("expires after a week (fixed clocks)", async () => {
    const sent = new Date("2026-11-20T18:00:00Z");
    const token = await invited("late@example.com", sent);
    const expiry = new Date(sent.getTime() + INVITATION_TTL_MS);
    expect(INVITATION_TTL_MS).toBe(7 * DAY);
    expect(await usableInvitation(token, new Date(expiry.getTime() - 1))).toMatchObject({ expiresAt: expiry });
    expect(await usableInvitation(token, expiry)).toBeNull();
    expect(await acceptInvitationWithToken(token, "late-pass", { ip: null, now: expiry })).toEqual({
      status: "invalid",
    });
    expect(await findUserByEmail("late@example.com")).toBeUndefined();

    // Opened today, a link sent eight days ago is dead.
    const old = await invited("older@example.com", new Date(Date.now() - 8 * DAY));
    expect(asResult(await openInvite(`?token=${old}`)).data).toMatchObject({ state: "invalid" });

    // Just before the end it still works.
    const created = await acceptInvitationWithToken(token, "late-pass", {
      ip: null,
      now: new Date(expiry.getTime() - 1),
    });
    expect(created.status).toBe("created");
  });

  it("is refused at invite time for an address that already has an account", async () => {
    await makeUser("exists@example.com", "exists-pass", { admin: false });
    expect(await inviteAdmin("EXISTS@example.com", inviter)).toEqual({ status: "email-taken" });
    expect(await invitationRows()).toEqual([]);
    expect(await activity()).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it("is refused, creating nothing, when an account with the address was created meanwhile", async () => {
    const cookie = await tokenCookie(await invited("meanwhile@example.com"));
    const other = await makeUser("MEANWHILE@example.com", "their-pass", { admin: false });
    await database.db.deleteFrom("activity_log").execute();

    const answer = asResult(await submitPassword(cookie));
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ state: "account-exists" });
    const users = await database.db
      .selectFrom("users")
      .select("id")
      .where(sql`lower(email)`, "=", "meanwhile@example.com")
      .execute();
    expect(users.map((u) => u.id)).toEqual([other.id]);
    expect(await userHasRole(other.id, "admin")).toBe(false);
    expect(await activity()).toEqual([]);
    // The page says so too.
    expect(asResult(await openInvite("", cookie)).data).toMatchObject({ state: "account-exists" });
  });

  it("a failure inside the transaction creates nothing, spends nothing and records nothing", async () => {
    const token = "E".repeat(43);
    const now = new Date();
    await database.db
      .insertInto("user_invitations")
      .values({
        email: `${EXPLODE}@example.com`,
        token_hash: hashInvitationToken(token),
        invited_by: inviter.id,
        invited_by_email: inviter.email,
        expires_at: new Date(now.getTime() + DAY),
      })
      .execute();
    await expect(
      acceptInvitation({ tokenHash: hashInvitationToken(token), passwordHash: "x", ip: null, now }),
    ).rejects.toThrow(/injected activity failure/);

    const cookie = await tokenCookie(token);
    const answer = asResult(await submitPassword(cookie));
    expect(answer.status).toBe(500);
    expect(answer.data.result.error[""]).toEqual([USER_MESSAGES.acceptFailed]);
    expect(await findUserByEmail(`${EXPLODE}@example.com`)).toBeUndefined();
    expect(await invitationRows()).toHaveLength(1);
    expect(await activity()).toEqual([]);
  });
});

describe("a mail server that is down", () => {
  it("shows the inviter the link once, saying the e-mail was not sent", async () => {
    await closeSmtp();
    const result = await postTo(
      usersAction,
      "/admin/users?dialog=invite",
      formOf({ intent: "create", email: "unsent@example.com" }),
      inviterCookie,
    );
    expect(result.status).toBe(200);
    expect(result.data.invitation).toMatchObject({ email: "unsent@example.com", mailFailed: true });
    expect(await usableInvitation(new URL(result.data.invitation.link).searchParams.get("token"))).not.toBeNull();
  });
});
