// Admin → Users (issue 12): the list of administrators and invitations, inviting without mail set up (the
// link is shown once, in the action's answer only), resend and withdraw, removing an admin (never yourself,
// never the last; every session of theirs ends), the require-two-factor setting, and the activity row each
// change writes in its own transaction (a failed change writes none).
import fs from "node:fs";
import path from "node:path";
import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { USER_MESSAGES } from "~/lib/schemas/users";
import { getSecurityPolicy } from "~/models/site-settings.server";
import { countSessionsOfUser } from "~/models/sessions.server";
import { findUserById, listAdmins, removeAdmin } from "~/models/users.server";
import { action, loader } from "~/routes/admin/users";
import { requireAdmin } from "~/services/auth.server";
import { installDatabase, type OpenedDatabase } from "~/server/db.server";
import { hashInvitationToken, inviteAdmin, usableInvitation } from "~/services/admin-invitations.server";
import { isMailConfigured, outboxDirectory } from "~/server/mail.server";
import { createTestDatabase } from "../support/database";
import { readMail, useTemporaryDataDir } from "../support/forms";
import { activityRows, failActivityWhenTitleContains } from "./activity-support";
import { formOf, loadFrom, postTo, toastOf } from "./admin-requests";
import { makeUser, ORIGIN, sessionCookieFor, settle, callRoute } from "./auth-support";
import { logger } from "~/server/logger.server";

// Signs in many times: cheap hashing (tests/support/cheap-passwords.ts); the real cost is auth-password.test.ts's.
vi.mock("~/server/password.server", async (importOriginal) =>
  (await import("../support/cheap-passwords")).cheapPasswords(await importOriginal()),
);

const dataDir = useTemporaryDataDir("admin-users");
const PATH = "/admin/users";
/** An e-mail with this word makes the activity insert fail (a trigger), after the change itself was written. */
const EXPLODE = "explode";

let database: OpenedDatabase;
let me: { id: string; email: string };
let myCookie = "";

beforeAll(async () => {
  delete process.env.SMTP_URL;
  vi.spyOn(logger, "info").mockImplementation(() => {});
  vi.spyOn(logger, "error").mockImplementation(() => {});
  database = await createTestDatabase();
  await failActivityWhenTitleContains(database.db, EXPLODE);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.deleteFrom("activity_log").execute();
  await database.db.deleteFrom("user_invitations").execute();
  await database.db.deleteFrom("site_settings").execute();
  await database.db.deleteFrom("users").execute();
  fs.rmSync(outboxDirectory(), { recursive: true, force: true });
  me = await makeUser("owner@example.com", "owner-pass", { admin: true });
  myCookie = await sessionCookieFor(me.id);
});

const activity = () => activityRows(database.db);
const invitationRows = () => database.db.selectFrom("user_invitations").selectAll().execute();
const post = (fields: Record<string, string>, search = "", cookie: string | null = myCookie) =>
  postTo(action, `${PATH}${search}`, formOf(fields), cookie);
const load = (search = "", cookie: string | null = myCookie) => loadFrom(loader, `${PATH}${search}`, cookie);
type UsersPage = Awaited<ReturnType<typeof loader>>;

/** The token of a link "http://…/admin/invite?token=…". */
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

async function enableTwoFactor(userId: string) {
  await database.db
    .insertInto("user_two_factor")
    .values({ user_id: userId, secret_encrypted: "test", enabled_at: new Date(), last_used_step: null })
    .execute();
}

describe("the guard", () => {
  it("sends a signed-out visitor to the login page, from the loader and from every form", async () => {
    const page = (await load("", null)) as Response;
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fusers");
    const forms: Record<string, string>[] = [
      { intent: "create", email: "new@example.com" },
      { intent: "delete", id: me.id, confirmed: "yes" },
      { intent: "require-two-factor", requireTwoFactor: "on" },
      { intent: "resend", id: me.id },
      { intent: "withdraw", id: me.id, confirmed: "yes" },
    ];
    for (const fields of forms) {
      const result = await post(fields, "", null);
      expect(result.status).toBe(302);
      expect(result.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    }
    expect(await invitationRows()).toEqual([]);
    expect(await findUserById(me.id)).toBeDefined();
  });

  it("sends a signed-in user without the admin role home", async () => {
    const member = await makeUser("member@example.com", "member-pass", { admin: false });
    const cookie = await sessionCookieFor(member.id);
    expect(((await load("", cookie)) as Response).headers.get("Location")).toBe("/");
    const result = await post({ intent: "create", email: "new@example.com" }, "", cookie);
    expect(result.headers.get("Location")).toBe("/");
    expect(await invitationRows()).toEqual([]);
  });
});

describe("the list", () => {
  it("shows each admin with 'you', two-factor on or off, the date added and the last activity", async () => {
    const other = await makeUser("b-manager@example.com", "manager-pass", { admin: true });
    const never = await makeUser("c-writer@example.com", "writer-pass", { admin: true });
    await makeUser("member@example.com", "member-pass", { admin: false });
    await enableTwoFactor(other.id);
    // Enrolment started but not confirmed: still off.
    await database.db
      .insertInto("user_two_factor")
      .values({ user_id: never.id, secret_encrypted: "pending", enabled_at: null, last_used_step: null })
      .execute();
    const lastSeen = new Date("2026-11-20T15:00:00Z");
    await sessionCookieFor(other.id, new Date("2026-11-19T15:00:00Z"));
    await sessionCookieFor(other.id, lastSeen);

    const page = (await load()) as UsersPage;
    expect(page.meId).toBe(me.id);
    expect(page.admins.map((a) => [a.email, a.twoFactorEnabled])).toEqual([
      ["b-manager@example.com", true],
      ["c-writer@example.com", false],
      ["owner@example.com", false],
    ]);
    const byEmail = Object.fromEntries(page.admins.map((a) => [a.email, a]));
    expect(byEmail["b-manager@example.com"].lastSeenAt).toEqual(lastSeen);
    expect(byEmail["c-writer@example.com"].lastSeenAt).toBeNull();
    expect(byEmail["owner@example.com"].createdAt).toBeInstanceOf(Date);
    expect(page.requireTwoFactor).toBe(false);
    expect(page.mailConfigured).toBe(false);
  });

  it("reads every admin in one query, however many there are", async () => {
    for (const n of [1, 2, 3, 4]) await makeUser(`extra-${n}@example.com`, "extra-pass", { admin: true });
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    };
    installDatabase({ ...database, db: database.db.withPlugin(counter) });
    try {
      expect(await listAdmins()).toHaveLength(5);
    } finally {
      installDatabase(database);
    }
    expect(queries).toBe(1);
  });

  it("lists pending invitations with who sent them, and marks the expired ones", async () => {
    const now = Date.now();
    await inviteAdmin("fresh@example.com", me);
    await inviteAdmin("stale@example.com", me, new Date(now - 8 * 24 * 60 * 60 * 1000));
    const page = (await load()) as UsersPage;
    expect(page.invitations.map((i) => ({ email: i.email, invitedBy: i.invitedBy, expired: i.expired }))).toEqual([
      { email: "fresh@example.com", invitedBy: "owner@example.com", expired: false },
      { email: "stale@example.com", invitedBy: "owner@example.com", expired: true },
    ]);
  });

  it("opens the invite dialog from the address, and refuses a confirmation for a row that is not there", async () => {
    expect(((await load("?dialog=invite")) as UsersPage).inviteOpen).toBe(true);
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const search of [`?confirm-delete=${missing}`, `?confirm-withdraw=${missing}`, "?confirm-withdraw=nope"]) {
      const answer = (await load(search)) as Response;
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe(PATH);
    }
    // Your own row has no Remove; asking for it in the address says why.
    const self = (await load(`?confirm-delete=${me.id}`)) as Response;
    expect(self.headers.get("Location")).toBe(PATH);
    expect(await toastOf(self)).toMatchObject({
      message: USER_MESSAGES.deleteFailed,
      description: USER_MESSAGES.cannotRemoveSelf,
    });
  });
});

describe("inviting without mail set up", () => {
  it("answers with the link once (not a redirect, not stored), writes it to the outbox, and records it", async () => {
    expect(isMailConfigured()).toBe(false);
    const result = await post({ intent: "create", email: "  New.Admin@Example.com " }, "?dialog=invite");
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ intent: "create", outcome: "success" });
    const { link, email, expiresAt } = result.data.invitation;
    expect(email).toBe("New.Admin@Example.com");
    expect(link).toMatch(/^http:\/\/localhost:3000\/admin\/invite\?token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link);

    // Only the token's hash is kept; it works for a week.
    const [row] = await invitationRows();
    expect(row).toMatchObject({
      email: "New.Admin@Example.com",
      token_hash: hashInvitationToken(token),
      invited_by: me.id,
    });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    expect(expiresAt).toEqual(row.expires_at);
    expect(await usableInvitation(token)).toMatchObject({ email: "New.Admin@Example.com" });

    // The page afterwards does not show it again.
    expect(JSON.stringify(await load())).not.toContain(token);

    // The dev fallback: the message is in the outbox, with the link and the inviter.
    const [file] = fs.readdirSync(outboxDirectory());
    const mail = readMail(fs.readFileSync(path.join(outboxDirectory(), file), "utf8"));
    expect(mail.headers).toMatch(/^To: New\.Admin@Example\.com$/im);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("owner@example.com invited you");

    const rows = await activity();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "user.invite",
      actor_id: me.id,
      actor_email: me.email,
      subject_type: "user-invitation",
      subject_id: row.id,
      subject_title: "New.Admin@Example.com",
    });
  });

  it("refuses an address that already has an account (whatever its case), creating nothing", async () => {
    await makeUser("taken@example.com", "taken-pass", { admin: false });
    const result = await post({ intent: "create", email: "TAKEN@example.com" }, "?dialog=invite");
    expect(result.status).toBe(400);
    expect(result.data.result.error.email).toEqual([USER_MESSAGES.emailTaken]);
    expect(result.data).toMatchObject({ outcome: "invalid", message: USER_MESSAGES.createFailed });
    expect(await invitationRows()).toEqual([]);
    expect(await activity()).toEqual([]);
    expect(fs.existsSync(outboxDirectory())).toBe(false);
  });

  it("refuses an address that is not one", async () => {
    const result = await post({ intent: "create", email: "not-an-address" }, "?dialog=invite");
    expect(result.status).toBe(400);
    expect(result.data.result.error.email).toEqual(["Please enter a valid email address"]);
    expect(await invitationRows()).toEqual([]);
  });

  it("inviting an invited address again replaces the invitation: the old link dies", async () => {
    const first = await post({ intent: "create", email: "twice@example.com" });
    const second = await post({ intent: "create", email: "Twice@Example.com" });
    const [oldToken, newToken] = [first, second].map((r) => tokenOf(r.data.invitation.link));
    expect(await usableInvitation(oldToken)).toBeNull();
    expect(await usableInvitation(newToken)).not.toBeNull();
    expect(await invitationRows()).toHaveLength(1);
  });

  it("Resend: a new link (shown once), the old one dead; Withdraw asks first, then the link dies", async () => {
    const invited = await post({ intent: "create", email: "pending@example.com" });
    const oldToken = tokenOf(invited.data.invitation.link);
    const [pending] = await invitationRows();

    const resent = await post({ intent: "resend", id: pending.id });
    expect(resent.status).toBe(200);
    expect(resent.data).toMatchObject({ intent: "resend", invitation: { email: "pending@example.com" } });
    const newToken = tokenOf(resent.data.invitation.link);
    expect(newToken).not.toBe(oldToken);
    expect(await usableInvitation(oldToken)).toBeNull();
    expect(await usableInvitation(newToken)).not.toBeNull();
    // The old invitation is gone: resending it again is refused.
    const stale = await post({ intent: "resend", id: pending.id });
    expect(await toastOf(stale)).toMatchObject({
      message: USER_MESSAGES.resendFailed,
      description: USER_MESSAGES.invitationGone,
    });

    const [current] = await invitationRows();
    const unconfirmed = await post({ intent: "withdraw", id: current.id });
    expect(unconfirmed.headers.get("Location")).toBe(`${PATH}?confirm-withdraw=${current.id}`);
    expect(await usableInvitation(newToken)).not.toBeNull();
    const page = (await load(`?confirm-withdraw=${current.id}`)) as UsersPage;
    expect(page.confirmWithdraw).toMatchObject({ id: current.id, email: "pending@example.com" });

    const withdrawn = await post(
      { intent: "withdraw", id: current.id, confirmed: "yes" },
      `?confirm-withdraw=${current.id}`,
    );
    expect(withdrawn.headers.get("Location")).toBe(PATH);
    expect(await toastOf(withdrawn)).toMatchObject({ message: USER_MESSAGES.withdrawn });
    expect(await usableInvitation(newToken)).toBeNull();
    expect(await invitationRows()).toEqual([]);
    expect((await activity()).map((r) => [r.kind, r.subject_type, r.subject_title])).toEqual([
      ["user.invite", "user-invitation", "pending@example.com"],
      ["user.invite", "user-invitation", "pending@example.com"],
      ["user.invite-withdraw", "user-invitation", "pending@example.com"],
    ]);
  });

  it("a failed invitation writes nothing: the activity insert fails, the invitation is undone", async () => {
    const before = await post({ intent: "create", email: "kept@example.com" });
    await database.db.deleteFrom("activity_log").execute();
    const result = await post({ intent: "create", email: `${EXPLODE}@example.com` });
    expect(result.status).toBe(500);
    expect(result.data).toMatchObject({ outcome: "error", message: USER_MESSAGES.createFailed });
    expect((await invitationRows()).map((r) => r.email)).toEqual(["kept@example.com"]);
    expect(await usableInvitation(tokenOf(before.data.invitation.link))).not.toBeNull();
    expect(await activity()).toEqual([]);
  });
});

describe("removing an admin", () => {
  it("asks first, then removes them: every session of theirs ends at once, the log keeps their e-mail", async () => {
    const other = await makeUser("leaving@example.com", "leaving-pass", { admin: true });
    const theirCookie = await sessionCookieFor(other.id);
    await sessionCookieFor(other.id);
    await enableTwoFactor(other.id);
    // Something they did earlier, as the log recorded it.
    await inviteAdmin("their-invitee@example.com", { ...other, ip: null });
    expect(await requireAdmin(new Request(`${ORIGIN}${PATH}`, { headers: { Cookie: theirCookie } }))).toMatchObject({
      id: other.id,
    });

    const unconfirmed = await post({ intent: "delete", id: other.id });
    expect(unconfirmed.headers.get("Location")).toBe(`${PATH}?confirm-delete=${other.id}`);
    expect(((await load(`?confirm-delete=${other.id}`)) as UsersPage).confirmRemove).toMatchObject({ id: other.id });
    await database.db.deleteFrom("activity_log").where("kind", "!=", "user.invite").execute();

    const removed = await post({ intent: "delete", id: other.id, confirmed: "yes" }, `?confirm-delete=${other.id}`);
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe(PATH);
    expect(await toastOf(removed)).toMatchObject({ type: "success", message: "User removed" });
    expect(await findUserById(other.id)).toBeUndefined();
    expect(await countSessionsOfUser(other.id)).toBe(0);
    expect(
      await database.db.selectFrom("user_two_factor").selectAll().where("user_id", "=", other.id).execute(),
    ).toEqual([]);

    // Their next request is signed out.
    const theirs = (await loadFrom(loader, PATH, theirCookie)) as Response;
    expect(theirs.status).toBe(302);
    expect(theirs.headers.get("Location")).toMatch(/^\/admin\/login/);

    const rows = await activity();
    expect(rows.map((r) => [r.kind, r.actor_id, r.actor_email])).toEqual([
      ["user.invite", null, "leaving@example.com"],
      ["user.remove", me.id, me.email],
    ]);
    expect(rows[1]).toMatchObject({ subject_type: "user", subject_id: other.id, subject_title: "leaving@example.com" });
    // The invitation they sent stays, saying who sent it.
    expect((await invitationRows())[0]).toMatchObject({ invited_by: null, invited_by_email: "leaving@example.com" });
  });

  it("never yourself", async () => {
    await makeUser("second@example.com", "second-pass", { admin: true });
    const result = await post({ intent: "delete", id: me.id, confirmed: "yes" });
    expect(await toastOf(result)).toMatchObject({ type: "error", description: USER_MESSAGES.cannotRemoveSelf });
    expect(await removeAdmin(me.id, me)).toEqual({ status: "self" });
    expect(await findUserById(me.id)).toBeDefined();
    expect(await countSessionsOfUser(me.id)).toBe(1);
    expect(await activity()).toEqual([]);
  });

  it("never the last administrator, even when two remove each other at the same moment", async () => {
    const member = await makeUser("member@example.com", "member-pass", { admin: false });
    expect(await removeAdmin(me.id, member)).toEqual({ status: "last-admin" });

    const other = await makeUser("other@example.com", "other-pass", { admin: true });
    const outcomes = await Promise.all([removeAdmin(other.id, me), removeAdmin(me.id, other)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["last-admin", "removed"]);
    expect(await listAdmins()).toHaveLength(1);
    expect((await activity()).filter((r) => r.kind === "user.remove")).toHaveLength(1);
  });

  it("the last-admin refusal reaches the admin as a toast", async () => {
    const other = await makeUser("other@example.com", "other-pass", { admin: true });
    const otherCookie = await sessionCookieFor(other.id);
    // `other` removes `me`; `me`, still on the page, then tries to remove `other`.
    expect((await post({ intent: "delete", id: me.id, confirmed: "yes" }, "", otherCookie)).status).toBe(302);
    const late = await post({ intent: "delete", id: other.id, confirmed: "yes" });
    expect(late.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await removeAdmin(other.id, me)).toEqual({ status: "last-admin" });
    expect(await findUserById(other.id)).toBeDefined();
  });

  it("a failed removal writes nothing and removes no one (the activity insert fails, all is undone)", async () => {
    const other = await makeUser(`${EXPLODE}@example.com`, "other-pass", { admin: true });
    await sessionCookieFor(other.id);
    // An unexpected failure is the error page's (as for every list's delete), after the rollback.
    const thrown = await settle(() =>
      callRoute(
        action,
        new Request(`${ORIGIN}${PATH}`, {
          method: "POST",
          headers: { Origin: ORIGIN, Cookie: myCookie },
          body: formOf({ intent: "delete", id: other.id, confirmed: "yes" }),
        }),
      ),
    );
    expect(thrown).toBeInstanceOf(Error);
    expect(await findUserById(other.id)).toBeDefined();
    expect(await countSessionsOfUser(other.id)).toBe(1);
    expect(await activity()).toEqual([]);
    // Not an admin, or not there: nothing happens either.
    const member = await makeUser("member@example.com", "member-pass", { admin: false });
    const missing = await post({ intent: "delete", id: member.id, confirmed: "yes" });
    expect(await toastOf(missing)).toMatchObject({
      message: USER_MESSAGES.deleteFailed,
      description: USER_MESSAGES.gone,
    });
    expect(await findUserById(member.id)).toBeDefined();
    expect(await activity()).toEqual([]);
  });
});

describe("require two-factor sign-in for every admin", () => {
  it("is refused while the acting admin has no two-factor themselves", async () => {
    const result = await post({ intent: "require-two-factor", requireTwoFactor: "on" });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      intent: "require-two-factor",
      outcome: "invalid",
      description: "Turn on two-factor sign-in for your own account first",
    });
    expect(await getSecurityPolicy()).toEqual({ requireTwoFactor: false });
    expect(await activity()).toEqual([]);
  });

  it("turns on and off once they have it, each change recorded", async () => {
    await enableTwoFactor(me.id);
    const on = await post({ intent: "require-two-factor", requireTwoFactor: "on" });
    expect(await toastOf(on)).toMatchObject({ type: "success", message: USER_MESSAGES.requiredOn });
    expect(await getSecurityPolicy()).toEqual({ requireTwoFactor: true });
    expect(((await load()) as UsersPage).requireTwoFactor).toBe(true);

    // Saving what is already saved changes nothing and records nothing.
    const same = await post({ intent: "require-two-factor", requireTwoFactor: "on" });
    expect(await toastOf(same)).toMatchObject({ message: USER_MESSAGES.policyUnchanged });

    const off = await post({ intent: "require-two-factor" });
    expect(await toastOf(off)).toMatchObject({ type: "success", message: USER_MESSAGES.requiredOff });
    expect(await getSecurityPolicy()).toEqual({ requireTwoFactor: false });
    expect((await activity()).map((r) => [r.kind, r.actor_id, r.changes])).toEqual([
      ["settings.update", me.id, { requireTwoFactor: { from: false, to: true } }],
      ["settings.update", me.id, { requireTwoFactor: { from: true, to: false } }],
    ]);
  });
});
