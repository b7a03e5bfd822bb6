// Two-factor sign-in end to end through the route modules: the password step hands over to the code step
// (no session before the code), the code step (right, wrong, replayed, recovery codes, rate limit,
// expired or orphaned pending sign-in, an unreadable secret), the require-two-factor policy in the guard,
// and the account page's enrol / turn off / new recovery codes actions. The clock is fake (Date only).
import { getToast } from "remix-toast";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ACCOUNT_PATH,
  ENTER_CODE_MESSAGE,
  INVALID_CODE_MESSAGE,
  POLICY_REQUIRES_TWO_FACTOR_MESSAGE,
  SIGN_IN_EXPIRED_MESSAGE,
  TWO_FACTOR_LOGIN_PATH,
  TWO_FACTOR_SETUP_PATH,
  TWO_FACTOR_UNAVAILABLE_MESSAGE,
  WRONG_CODE_MESSAGE,
} from "~/lib/schemas/two-factor";
import { countSessionsOfUser } from "~/models/sessions.server";
import { setRequireTwoFactor } from "~/models/site-settings.server";
import { action as accountAction, loader as accountLoader } from "~/routes/admin/account";
import { loader as brandsLoader } from "~/routes/admin/brands";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action as loginAction } from "~/routes/admin/login";
import { action as codeAction, loader as codeLoader } from "~/routes/admin/login-two-factor";
import { requireAdmin } from "~/services/auth.server";
import type { OpenedDatabase } from "~/server/db.server";
import { getCurrentSession } from "~/services/session.server";
import { TWO_FACTOR_ACCOUNT_LIMIT, TWO_FACTOR_IP_LIMIT } from "~/routes/admin/login-two-factor.server";
import { PENDING_TWO_FACTOR_COOKIE_NAME, PENDING_TWO_FACTOR_TTL_MS } from "~/services/pending-two-factor.server";
import { redeemRecoveryCode, twoFactorStatus } from "~/services/two-factor.server";
import { createTestDatabase } from "../support/database";
import { formOf, loadFrom, postTo } from "./admin-requests";
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

const PASSWORD = "correct-horse-battery";
const START = new Date("2026-11-25T15:00:05Z");

let database: OpenedDatabase;
let counter = 0;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: START });
  database = await createTestDatabase();
});
afterAll(async () => {
  vi.useRealTimers();
  await database.close();
});
beforeEach(() => {
  // Every test starts a few steps later, so no code of an earlier test is in the window.
  vi.setSystemTime(Date.now() + 10 * 60 * 1000);
});
afterEach(async () => {
  await database.db.deleteFrom("site_settings").where("key", "=", "security").execute();
});

/** A distinct client address per call site, so one test's counts never reach another's. */
const nextIp = () => `198.51.100.${(counter % 250) + 1}`;

async function newAdmin(options: { twoFactor: boolean } = { twoFactor: true }) {
  counter += 1;
  const email = `two-factor-login-${counter}@example.com`;
  const user = await makeUser(email, PASSWORD, { admin: true });
  const admin = { id: user.id, email, secret: "", recoveryCodes: [] as string[] };
  return options.twoFactor ? { ...admin, ...(await enrolTwoFactor(admin)) } : admin;
}

/** "name=value" of a Set-Cookie header of this name. */
function setCookie(headers: Headers, name: string): string | undefined {
  return headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}
const pair = (cookie: string | undefined) => cookie?.split(";")[0] ?? "";

async function toastIn(headers: Headers) {
  const cookie = pair(setCookie(headers, "toast-session"));
  return (await getToast(new Request(ORIGIN, { headers: { Cookie: cookie } }))).toast;
}

/** The password step as the login form posts it; the response and the pending cookie it set. */
async function passwordStep(email: string, options: { redirectTo?: string; ip?: string; url?: string } = {}) {
  const fields: Record<string, string> = { email, password: PASSWORD };
  if (options.redirectTo) fields.redirectTo = options.redirectTo;
  const result = asResult(
    await settle(() => callRoute(loginAction, loginRequest(fields, { ip: options.ip ?? nextIp(), url: options.url }))),
  );
  return { ...result, pending: pair(setCookie(result.headers, PENDING_TWO_FACTOR_COOKIE_NAME)) };
}

/** The code step's form, posted with this browser's pending cookie. */
async function codeStep(
  pending: string,
  fields: { code?: string; recoveryCode?: string },
  options: { ip?: string } = {},
) {
  const body: Record<string, string> = { method: fields.recoveryCode !== undefined ? "recovery" : "app", ...fields };
  const request = loginRequest(body, { url: `${ORIGIN}${TWO_FACTOR_LOGIN_PATH}`, cookie: pending, ip: options.ip });
  return asResult(await settle(() => callRoute(codeAction, request)));
}

const sessionFrom = (headers: Headers) => {
  const cookie = pair(setCookie(headers, "admin_session"));
  return getCurrentSession(new Request(`${ORIGIN}/admin`, { headers: { Cookie: cookie } }));
};

describe("the password step, for an account with two-factor sign-in on", () => {
  it("starts no session: a short-lived signed pending cookie and a redirect to the code step", async () => {
    const admin = await newAdmin();
    const step = await passwordStep(admin.email, { redirectTo: "/admin/brands" });
    expect(step.status).toBe(302);
    expect(step.headers.get("Location")).toBe(TWO_FACTOR_LOGIN_PATH);
    expect(setCookie(step.headers, "admin_session")).toBeUndefined();
    expect(await countSessionsOfUser(admin.id)).toBe(0);

    const cookie = setCookie(step.headers, PENDING_TWO_FACTOR_COOKIE_NAME)!.toLowerCase();
    expect(cookie).toContain("httponly");
    expect(cookie).toContain("samesite=lax");
    expect(cookie).toContain("path=/admin/login");
    expect(cookie).toContain("max-age=300");
    expect(cookie).not.toContain("secure");
    // Signed: the value is not a readable user id.
    expect(cookie).not.toContain(admin.id);

    const https = await passwordStep(admin.email, { url: "https://shop.example.com/admin/login" });
    expect(setCookie(https.headers, PENDING_TWO_FACTOR_COOKIE_NAME)!.toLowerCase()).toContain("secure");
  });

  it("an account without two-factor sign-in is signed in at once", async () => {
    const admin = await newAdmin({ twoFactor: false });
    const step = await passwordStep(admin.email);
    expect(step.headers.get("Location")).toBe("/admin");
    expect(setCookie(step.headers, PENDING_TWO_FACTOR_COOKIE_NAME)).toBeUndefined();
    expect((await sessionFrom(step.headers))?.user.id).toBe(admin.id);
  });

  it("the code step's page asks for the app's code, or a recovery code with ?recovery=1", async () => {
    const admin = await newAdmin();
    const { pending } = await passwordStep(admin.email);
    expect(await loadFrom(codeLoader, TWO_FACTOR_LOGIN_PATH, pending)).toEqual({ recovery: false });
    expect(await loadFrom(codeLoader, `${TWO_FACTOR_LOGIN_PATH}?recovery=1`, pending)).toEqual({ recovery: true });
  });
});

describe("the code step", () => {
  it("a right code starts the session, remembers the device, clears the pending sign-in and goes on", async () => {
    const admin = await newAdmin();
    const { pending } = await passwordStep(admin.email, { redirectTo: "/admin/deals?page=2" });
    const signedIn = await codeStep(pending, { code: await appCode(admin.secret) });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/admin/deals?page=2");
    expect((await toastIn(signedIn.headers))?.message).toBe("Logged in successfully!");
    expect((await sessionFrom(signedIn.headers))?.user).toEqual({ id: admin.id, email: admin.email });
    expect(setCookie(signedIn.headers, "admin_device")).toBeTruthy();
    const cleared = setCookie(signedIn.headers, PENDING_TWO_FACTOR_COOKIE_NAME)!;
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(await countSessionsOfUser(admin.id)).toBe(1);
  });

  it("takes a code typed with a space in the middle", async () => {
    const admin = await newAdmin();
    const { pending } = await passwordStep(admin.email);
    const code = await appCode(admin.secret);
    const signedIn = await codeStep(pending, { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(signedIn.status).toBe(302);
  });

  it("a wrong code: 401 'Invalid code' on the field, the code not sent back, no session", async () => {
    const admin = await newAdmin();
    const { pending } = await passwordStep(admin.email);
    const right = await appCode(admin.secret);
    const wrong = right === "000000" ? "111111" : "000000";
    const refused = await codeStep(pending, { code: wrong });
    expect(refused.status).toBe(401);
    expect(refused.data.result.error).toEqual({ code: [INVALID_CODE_MESSAGE] });
    expect(JSON.stringify(refused.data.result)).not.toContain(wrong);
    expect(setCookie(refused.headers, "admin_session")).toBeUndefined();
    expect(await countSessionsOfUser(admin.id)).toBe(0);

    // Not a code at all: the schema's message, no attempt counted.
    const malformed = await codeStep(pending, { code: "12ab" });
    expect(malformed.status).toBe(400);
    expect(malformed.data.result.error).toEqual({ code: [ENTER_CODE_MESSAGE] });
  });

  it("refuses a code that was already used (replay), even from a new password step", async () => {
    const admin = await newAdmin();
    const code = await appCode(admin.secret);
    const first = await passwordStep(admin.email);
    expect((await codeStep(first.pending, { code })).status).toBe(302);
    const second = await passwordStep(admin.email);
    const replayed = await codeStep(second.pending, { code });
    expect(replayed.status).toBe(401);
    expect(await countSessionsOfUser(admin.id)).toBe(1);
  });

  it("accepts a recovery code once, then refuses it; says how many are left once three or fewer remain", async () => {
    const admin = await newAdmin();
    const [code, ...rest] = admin.recoveryCodes;
    const first = await passwordStep(admin.email);
    const signedIn = await codeStep(first.pending, { recoveryCode: code.toUpperCase() });
    expect(signedIn.status).toBe(302);
    const toast = await toastIn(signedIn.headers);
    expect(toast?.message).toBe("Logged in successfully!");
    expect(toast?.description).toBeUndefined();
    expect((await sessionFrom(signedIn.headers))?.user.id).toBe(admin.id);

    const again = await passwordStep(admin.email);
    const reused = await codeStep(again.pending, { recoveryCode: code });
    expect(reused.status).toBe(401);
    expect(reused.data.result.error).toEqual({ recoveryCode: [INVALID_CODE_MESSAGE] });

    // Spend all but three, then sign in with one of those.
    for (const spent of rest.slice(0, 6)) expect(await redeemRecoveryCode(admin.id, spent)).toBe(true);
    const late = await passwordStep(admin.email);
    const lastButTwo = await codeStep(late.pending, { recoveryCode: rest[6] });
    expect(lastButTwo.status).toBe(302);
    expect((await toastIn(lastButTwo.headers))?.description).toBe(
      "2 recovery codes left. Make new ones on My Account.",
    );
  });

  it(`allows ${TWO_FACTOR_ACCOUNT_LIMIT} code attempts per account in 15 minutes, from any address`, async () => {
    const admin = await newAdmin();
    const { pending } = await passwordStep(admin.email);
    for (let i = 0; i < TWO_FACTOR_ACCOUNT_LIMIT; i++) {
      counter += 1;
      expect((await codeStep(pending, { code: "000000" }, { ip: nextIp() })).status).toBe(401);
    }
    counter += 1;
    const limited = await codeStep(pending, { code: await appCode(admin.secret) }, { ip: nextIp() });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(limited.data.result.error[""][0]).toMatch(/^Too many code attempts\. Please try again in \d+ minutes?\.$/);
    expect(await countSessionsOfUser(admin.id)).toBe(0);
  });

  it(`allows ${TWO_FACTOR_IP_LIMIT} code attempts per address in 15 minutes, whatever the accounts`, async () => {
    counter += 1;
    const ip = nextIp();
    const admins = await Promise.all([newAdmin(), newAdmin(), newAdmin()]);
    let attempts = 0;
    for (const admin of admins) {
      const { pending } = await passwordStep(admin.email);
      for (let i = 0; i < 4 && attempts < TWO_FACTOR_IP_LIMIT; i++, attempts++) {
        expect((await codeStep(pending, { code: "000000" }, { ip })).status).toBe(401);
      }
    }
    const last = admins[2];
    const { pending } = await passwordStep(last.email);
    expect((await codeStep(pending, { code: await appCode(last.secret) }, { ip })).status).toBe(429);
  });

  it("without a pending sign-in, after five minutes, or for a removed account: back to login, 'sign-in expired'", async () => {
    const expectExpired = async (outcome: unknown) => {
      const response = outcome instanceof Response ? asResult(outcome) : (outcome as ReturnType<typeof asResult>);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin/login");
      expect((await toastIn(response.headers))?.message).toBe(SIGN_IN_EXPIRED_MESSAGE);
    };
    // None, or a forged one.
    await expectExpired(await loadFrom(codeLoader, TWO_FACTOR_LOGIN_PATH, null));
    await expectExpired(await loadFrom(codeLoader, TWO_FACTOR_LOGIN_PATH, `${PENDING_TWO_FACTOR_COOKIE_NAME}=e30%3D`));
    await expectExpired(await codeStep("", { code: "123456" }));

    const admin = await newAdmin();
    const { pending } = await passwordStep(admin.email);
    vi.setSystemTime(Date.now() + PENDING_TWO_FACTOR_TTL_MS);
    await expectExpired(await loadFrom(codeLoader, TWO_FACTOR_LOGIN_PATH, pending));
    const late = await codeStep(pending, { code: await appCode(admin.secret) });
    expect(late.status).toBe(302);
    expect(late.headers.get("Location")).toBe("/admin/login");
    expect(await countSessionsOfUser(admin.id)).toBe(0);

    const removed = await newAdmin();
    const step = await passwordStep(removed.email);
    await database.db.deleteFrom("users").where("id", "=", removed.id).execute();
    await expectExpired(await loadFrom(codeLoader, TWO_FACTOR_LOGIN_PATH, step.pending));
    const orphan = await codeStep(step.pending, { code: await appCode(removed.secret) });
    expect(orphan.headers.get("Location")).toBe("/admin/login");
  });

  it("an unreadable secret: 503 'unavailable', logged for the operator without the account; a recovery code still works", async () => {
    const admin = await newAdmin();
    // As if stored under a session secret that is no longer configured.
    await database.db
      .updateTable("user_two_factor")
      .set({ secret_encrypted: "v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA" })
      .where("user_id", "=", admin.id)
      .execute();
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      const { pending } = await passwordStep(admin.email);
      const refused = await codeStep(pending, { code: await appCode(admin.secret) });
      expect(refused.status).toBe(503);
      expect(refused.data.result.error).toEqual({ "": [TWO_FACTOR_UNAVAILABLE_MESSAGE] });
      expect(logged).toHaveBeenCalledTimes(1);
      const message = JSON.stringify(logged.mock.calls[0]);
      expect(message).toContain("SESSION_SECRET");
      expect(message).not.toContain(admin.email);
      expect(message).not.toContain(admin.id);

      const recovered = await codeStep(pending, { recoveryCode: admin.recoveryCodes[0] });
      expect(recovered.status).toBe(302);
      expect((await sessionFrom(recovered.headers))?.user.id).toBe(admin.id);
    } finally {
      logged.mockRestore();
    }
  });
});

describe("the policy: two-factor sign-in required for every admin", () => {
  const adminRequest = (cookie: string, path = "/admin/brands") =>
    new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });

  it("sends an admin without it to set it up, from every admin page but the account page", async () => {
    const admin = await newAdmin({ twoFactor: false });
    const cookie = await sessionCookieFor(admin.id);
    // Off: nothing changes.
    expect((await requireAdmin(adminRequest(cookie))).id).toBe(admin.id);

    await setRequireTwoFactor(true, { id: admin.id, email: admin.email });
    const sent = asResult(await loadFrom(brandsLoader, "/admin/brands", cookie));
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(TWO_FACTOR_SETUP_PATH);
    const fromData = asResult(await settle(() => requireAdmin(adminRequest(cookie, "/admin/deals.data?_routes=x"))));
    expect(fromData.headers.get("Location")).toBe(TWO_FACTOR_SETUP_PATH);

    // The account page (and the layout around it) let them in, and say why they are there.
    const page = (await loadFrom(accountLoader, TWO_FACTOR_SETUP_PATH, cookie)) as Awaited<
      ReturnType<typeof accountLoader>
    >;
    expect(page.required).toBe(true);
    expect(page.twoFactor.enabled).toBe(false);
    expect(await loadFrom(layoutLoader, TWO_FACTOR_SETUP_PATH, cookie)).toEqual({
      email: admin.email,
      disabledAdRules: [],
    });
    expect(await loadFrom(layoutLoader, `${ACCOUNT_PATH}.data`, cookie)).toEqual({
      email: admin.email,
      disabledAdRules: [],
    });
    expect(POLICY_REQUIRES_TWO_FACTOR_MESSAGE).toBe(
      "Your administrator requires two-factor sign-in. Set it up to continue.",
    );
  });

  it("lets an admin with two-factor sign-in on through", async () => {
    const admin = await newAdmin();
    await setRequireTwoFactor(true, { id: admin.id, email: admin.email });
    const cookie = await sessionCookieFor(admin.id);
    expect((await requireAdmin(adminRequest(cookie))).id).toBe(admin.id);
    expect(await loadFrom(brandsLoader, "/admin/brands", cookie)).not.toBeInstanceOf(Response);
  });

  it("reads the policy only for an admin without two-factor sign-in (one query at most)", async () => {
    const withIt = await newAdmin();
    const without = await newAdmin({ twoFactor: false });
    await setRequireTwoFactor(true, { id: withIt.id, email: withIt.email });
    const cookieWith = await sessionCookieFor(withIt.id);
    const cookieWithout = await sessionCookieFor(without.id);
    const spy = vi.spyOn(database.db.getExecutor(), "executeQuery");
    const queriesOf = async (cookie: string) => {
      spy.mockClear();
      await settle(() => requireAdmin(adminRequest(cookie)));
      return spy.mock.calls.map(([query]) => query.sql);
    };
    try {
      const withQueries = await queriesOf(cookieWith);
      const withoutQueries = await queriesOf(cookieWithout);
      expect(withQueries.filter((sql) => sql.includes("site_settings"))).toHaveLength(0);
      expect(withoutQueries.filter((sql) => sql.includes("site_settings"))).toHaveLength(1);
      expect(withoutQueries.length - withQueries.length).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("the account page", () => {
  const post = (cookie: string, fields: Record<string, string>, path = ACCOUNT_PATH) =>
    postTo(accountAction, path, formOf(fields), cookie);

  it("turns two-factor sign-in on: the QR code and secret, a wrong code keeps them, a right one shows 10 codes once", async () => {
    const admin = await newAdmin({ twoFactor: false });
    const cookie = await sessionCookieFor(admin.id);
    const before = (await loadFrom(accountLoader, ACCOUNT_PATH, cookie)) as Awaited<ReturnType<typeof accountLoader>>;
    expect(before).toMatchObject({ email: admin.email, twoFactor: { enabled: false }, required: false });

    const started = await post(cookie, { intent: "start" });
    expect(started.status).toBe(200);
    expect(started.data.step).toBe("enrol");
    const { secret, qrSvg } = started.data.enrolment;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(qrSvg).toMatch(/^<svg[^>]*role="img"><title>/);
    expect(JSON.stringify(started.data)).not.toContain("otpauth://");

    const wrong = await post(cookie, {
      intent: "confirm",
      code: "000000" === (await appCode(secret)) ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error).toEqual({ code: [WRONG_CODE_MESSAGE] });
    // The same secret and QR code: nothing to scan again.
    expect(wrong.data.enrolment).toEqual({ secret, qrSvg });
    expect((await twoFactorStatus(admin.id)).enabled).toBe(false);

    const on = await post(cookie, { intent: "confirm", code: await appCode(secret) });
    expect(on.status).toBe(200);
    expect(on.data.step).toBe("codes");
    expect(on.data.recoveryCodes).toHaveLength(10);
    expect(await twoFactorStatus(admin.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Shown in this answer only: no cookie, no flash message carries them.
    expect(on.headers.getSetCookie()).toEqual([]);
    const stored = JSON.stringify(await database.db.selectFrom("user_recovery_codes").selectAll().execute());
    for (const code of on.data.recoveryCodes) expect(stored).not.toContain(code);

    const after = (await loadFrom(accountLoader, ACCOUNT_PATH, cookie)) as Awaited<ReturnType<typeof accountLoader>>;
    expect(after.twoFactor).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
      enabledAt: new Date().toISOString(),
    });

    // Already on: starting again is refused.
    const again = await post(cookie, { intent: "start" });
    expect(again.status).toBe(302);
    expect((await twoFactorStatus(admin.id)).enabled).toBe(true);
  });

  it("makes new recovery codes and turns it off, each only with a fresh code from the app", async () => {
    const admin = await newAdmin();
    const cookie = await sessionCookieFor(admin.id);
    const manage = (await loadFrom(accountLoader, `${ACCOUNT_PATH}?manage=disable`, cookie)) as Awaited<
      ReturnType<typeof accountLoader>
    >;
    expect(manage.manage).toBe("disable");

    const refused = await post(cookie, { intent: "regenerate", code: admin.recoveryCodes[0] });
    expect(refused.status).toBe(400);
    const wrongCode = await post(cookie, { intent: "regenerate", code: "000000" });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.data).toMatchObject({ step: "manage", intent: "regenerate" });
    const fresh = await post(cookie, { intent: "regenerate", code: await appCode(admin.secret) });
    expect(fresh.data.step).toBe("codes");
    expect(fresh.data.recoveryCodes).toHaveLength(10);
    expect(await redeemRecoveryCode(admin.id, admin.recoveryCodes[1])).toBe(false);
    expect(await redeemRecoveryCode(admin.id, fresh.data.recoveryCodes[0])).toBe(true);

    nextStep();
    const wrongOff = await post(cookie, { intent: "disable", code: "000000" }, `${ACCOUNT_PATH}?manage=disable`);
    expect(wrongOff.status).toBe(400);
    expect(wrongOff.data.result.error).toEqual({ code: [WRONG_CODE_MESSAGE] });
    expect((await twoFactorStatus(admin.id)).enabled).toBe(true);
    const off = await post(cookie, { intent: "disable", code: await appCode(admin.secret) });
    expect(off.status).toBe(302);
    expect(off.headers.get("Location")).toBe(ACCOUNT_PATH);
    expect((await toastIn(off.headers))?.message).toBe("Two-factor sign-in is off.");
    expect((await twoFactorStatus(admin.id)).enabled).toBe(false);
  });

  it("is open to an admin without two-factor sign-in while the policy requires it, and closed to others", async () => {
    const admin = await newAdmin({ twoFactor: false });
    await setRequireTwoFactor(true, { id: admin.id, email: admin.email });
    const cookie = await sessionCookieFor(admin.id);
    expect((await post(cookie, { intent: "start" })).data.step).toBe("enrol");

    const anonymous = asResult(await loadFrom(accountLoader, ACCOUNT_PATH, null));
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    const member = await makeUser(`member-${++counter}@example.com`, PASSWORD, { admin: false });
    const memberCookie = await sessionCookieFor(member.id);
    expect(asResult(await loadFrom(accountLoader, ACCOUNT_PATH, memberCookie)).headers.get("Location")).toBe("/");
    expect((await postTo(accountAction, ACCOUNT_PATH, formOf({ intent: "start" }), memberCookie)).status).toBe(302);
  });
});
