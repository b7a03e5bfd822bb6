// Device cookies (OWASP's "slow down online guessing attacks with device cookies") and the account-wide
// ceiling of ASVS V2.2.1, on a fixed clock: a copied cookie buys a few guesses, never a way round the ceiling.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as loginAction } from "~/routes/admin/login";
import { removeAdmin, changePassword } from "~/models/users.server";
import {
  attemptSignIn,
  DEVICE_COOKIE_FAILURE_LIMIT,
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_ACCOUNT_WINDOW_MS,
  LOGIN_ATTEMPT_LIMIT,
  type SignInOutcome,
} from "~/services/auth.server";
import { installDatabase, openPostgresDatabase, type OpenedDatabase } from "~/server/db.server";
import { DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_COOKIE_NAME, liveDeviceCookie } from "~/services/device-cookie.server";
import { hashPassword } from "~/server/password.server";
import { completePasswordReset, requestPasswordReset } from "~/services/password-reset.server";
import { countRows, createPostgresTestDatabase, createTestDatabase } from "../support/database";
import { asResult, cookiePair, loginRequest, makeUser, callRoute } from "./auth-support";

// Signs in many times: cheap hashing (tests/support/cheap-passwords.ts); the real cost is auth-password.test.ts's.
vi.mock("~/server/password.server", async (importOriginal) =>
  (await import("../support/cheap-passwords")).cheapPasswords(await importOriginal()),
);

const ADMIN = { email: "Device-Admin@Example.com", password: "the-right-password" };
const OTHER_ADMIN = { email: "device-other@example.com", password: "other-password" };
const MINUTE = 60 * 1000;
// A fixed clock: the top of an hour, so the tests can cross a fixed window's boundary on purpose.
const NOW = Date.UTC(2026, 10, 26, 15, 0, 0);

let database: OpenedDatabase;
let adminId: string;
let otherAdminId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  adminId = (await makeUser(ADMIN.email, ADMIN.password, { admin: true })).id;
  otherAdminId = (await makeUser(OTHER_ADMIN.email, OTHER_ADMIN.password, { admin: true })).id;
});
afterAll(async () => {
  await database.close();
});
afterEach(() => {
  vi.useRealTimers();
});
beforeEach(async () => {
  // The fixed clock for everything that reads Date (the login action, cookie expiry), not only what takes `at`.
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  installDatabase(database);
  await database.db.deleteFrom("rate_limits").execute();
  await database.db.deleteFrom("sessions").execute();
  await database.db.deleteFrom("admin_device_cookies").execute();
});

function signIn(
  credentials: { email: string; password: string },
  options: { ip: string; cookie?: string | null; at?: number },
): Promise<SignInOutcome> {
  const { ip, cookie, at = NOW } = options;
  return attemptSignIn(loginRequest(credentials, { ip, cookie: cookie ?? undefined }), credentials, at);
}

const wrong = (email: string, i = 0) => ({ email, password: `wrong-guess-${i}` });

/** Signs in from a new browser and answers the Cookie header of its device cookie. */
async function browserOf(account: { email: string; password: string }, ip: string, at = NOW): Promise<string> {
  const outcome = await signIn(account, { ip, at });
  if (outcome.status !== "signed-in") throw new Error(`${account.email} could not sign in: ${outcome.status}`);
  return cookiePair(outcome.deviceCookie);
}

/** Forgets every count, e.g. the account-wide attempts that the sign-ins which issued the test's cookies made. */
async function forgetCounts(db = database.db): Promise<void> {
  await db.deleteFrom("rate_limits").execute();
}

/** Records `hits` attempts on the account from cookie-less clients `minutesAgo` before NOW. */
async function earlierAccountAttempts(email: string, hits: number, minutesAgo = 1): Promise<void> {
  await database.db
    .insertInto("rate_limits")
    .values({
      key: `admin-login-account:${email.toLowerCase()}`,
      window_start: new Date(NOW - minutesAgo * MINUTE),
      hits,
    })
    .execute();
}

/** The JSON a device cookie carries (its signature aside). */
function cookieValue(cookie: string): unknown {
  const value = decodeURIComponent(cookie.split("=").slice(1).join("="));
  return JSON.parse(Buffer.from(value.split(".")[0], "base64").toString("utf8"));
}

describe("each browser's own cookie", () => {
  it("gives two browsers different cookies: the account and a random nonce, signed, httpOnly, SameSite=Lax, 90 days", async () => {
    const responses = [];
    for (const ip of ["192.0.2.1", "192.0.2.2"]) {
      const response = (await callRoute(loginAction, loginRequest(ADMIN, { ip }))) as Response;
      expect(response.status).toBe(302);
      responses.push(response.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE_NAME}=`))!);
    }
    const [first, second] = responses;
    expect(cookiePair(first)).not.toBe(cookiePair(second));
    for (const header of responses) {
      const attributes = header.toLowerCase();
      expect(attributes).toContain("httponly");
      expect(attributes).toContain("samesite=lax");
      expect(attributes).toContain("path=/admin");
      expect(attributes).toContain(`max-age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`);
      expect(attributes).not.toContain("secure");
      expect(cookieValue(cookiePair(header))).toEqual([
        { account: ADMIN.email.toLowerCase(), nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      ]);
    }
    expect(await countRows(database.db, "admin_device_cookies")).toBe(2);

    const https = await attemptSignIn(loginRequest(ADMIN, { url: "https://shop.example.com/admin/login" }), ADMIN);
    expect(https.status === "signed-in" && https.deviceCookie).toMatch(/; Secure/i);
  });

  it("replaces the browser's cookie at every sign-in: the old one stops working", async () => {
    const first = await browserOf(ADMIN, "192.0.2.3");
    const second = await signIn(ADMIN, { ip: "192.0.2.3", cookie: first });
    if (second.status !== "signed-in") throw new Error("the admin could not sign in again");
    const request = (cookie: string) => loginRequest(ADMIN, { ip: "192.0.2.3", cookie });
    expect(await liveDeviceCookie(request(first), ADMIN.email, new Date(NOW))).toBeNull();
    expect(await liveDeviceCookie(request(cookiePair(second.deviceCookie)), ADMIN.email, new Date(NOW))).not.toBeNull();
    expect(await countRows(database.db, "admin_device_cookies")).toBe(1);
  });

  it("expires: after 90 days the cookie counts as none", async () => {
    const cookie = await browserOf(ADMIN, "192.0.2.4");
    const request = loginRequest(ADMIN, { ip: "192.0.2.4", cookie });
    const expiry = NOW + DEVICE_COOKIE_MAX_AGE_SECONDS * 1000;
    expect(await liveDeviceCookie(request, ADMIN.email, new Date(expiry - 1))).not.toBeNull();
    expect(await liveDeviceCookie(request, ADMIN.email, new Date(expiry))).toBeNull();
  });

  it("refuses forged, unsigned, altered and other accounts' cookies", async () => {
    const genuine = await browserOf(ADMIN, "192.0.2.5");
    const other = await browserOf(OTHER_ADMIN, "192.0.2.6");
    const [name, value] = [genuine.split("=")[0], genuine.split("=").slice(1).join("=")];
    const payload = decodeURIComponent(value).split(".")[0];
    const unsigned = `${name}=${encodeURIComponent(payload)}`;
    const altered = `${name}=${encodeURIComponent(`${payload.slice(0, -2)}AA.${decodeURIComponent(value).split(".")[1]}`)}`;
    const madeUp = `${name}=${encodeURIComponent(
      Buffer.from(JSON.stringify([{ account: ADMIN.email.toLowerCase(), nonce: "A".repeat(43) }])).toString("base64"),
    )}`;
    for (const cookie of [unsigned, altered, madeUp, other]) {
      expect(await liveDeviceCookie(loginRequest(ADMIN, { cookie }), ADMIN.email, new Date(NOW))).toBeNull();
    }
    expect(await liveDeviceCookie(loginRequest(ADMIN, { cookie: genuine }), ADMIN.email, new Date(NOW))).not.toBeNull();
  });

  it("keeps a cookie for each account on a browser several admins share", async () => {
    const first = await browserOf(OTHER_ADMIN, "192.0.2.7");
    const second = await signIn(ADMIN, { ip: "192.0.2.7", cookie: first });
    if (second.status !== "signed-in") throw new Error("the admin could not sign in");
    const shared = cookiePair(second.deviceCookie);
    await earlierAccountAttempts(ADMIN.email, LOGIN_ACCOUNT_LIMIT);
    await earlierAccountAttempts(OTHER_ADMIN.email, LOGIN_ACCOUNT_LIMIT);
    expect((await signIn(ADMIN, { ip: "192.0.2.8" })).status).toBe("rate-limited");
    expect((await signIn(ADMIN, { ip: "192.0.2.8", cookie: shared })).status).toBe("signed-in");
    expect((await signIn(OTHER_ADMIN, { ip: "192.0.2.8", cookie: shared })).status).toBe("signed-in");
  });
});

describe(`a cookie's own count (${DEVICE_COOKIE_FAILURE_LIMIT} failures an hour)`, () => {
  it("locks that cookie and only it, while the account is closed to clients without one", async () => {
    const copied = await browserOf(ADMIN, "198.51.100.1");
    const ownBrowser = await browserOf(ADMIN, "198.51.100.2");
    await earlierAccountAttempts(ADMIN.email, LOGIN_ACCOUNT_LIMIT);
    // The copy, from a new address for each guess (under every per-address limit).
    for (let i = 0; i < DEVICE_COOKIE_FAILURE_LIMIT; i++) {
      expect((await signIn(wrong(ADMIN.email, i), { ip: `203.0.113.${i}`, cookie: copied })).status).toBe("invalid");
    }
    // Locked: now it is no cookie, and the account is closed to those — even with the right password.
    expect((await signIn(ADMIN, { ip: "203.0.113.50", cookie: copied })).status).toBe("rate-limited");
    // The admin's own browser is another cookie: it signs in.
    expect((await signIn(ADMIN, { ip: "203.0.113.51", cookie: ownBrowser })).status).toBe("signed-in");
    // An hour after its first failure the copy's count has slid away.
    expect(
      (await signIn(wrong(ADMIN.email, 99), { ip: "203.0.113.52", cookie: copied, at: NOW + 61 * MINUTE })).status,
    ).toBe("invalid");
  });

  it("a locked cookie falls back to the account's count, as if it were none", async () => {
    const copied = await browserOf(ADMIN, "198.51.100.3");
    await forgetCounts();
    await earlierAccountAttempts(ADMIN.email, LOGIN_ACCOUNT_LIMIT - 2);
    for (let i = 0; i < DEVICE_COOKIE_FAILURE_LIMIT; i++) {
      expect((await signIn(wrong(ADMIN.email, i), { ip: `203.0.114.${i}`, cookie: copied })).status).toBe("invalid");
    }
    // Two more checks fit under the account's hundred: they are counted there.
    expect((await signIn(wrong(ADMIN.email, 20), { ip: "203.0.114.20", cookie: copied })).status).toBe("invalid");
    expect((await signIn(wrong(ADMIN.email, 21), { ip: "203.0.114.21" })).status).toBe("invalid");
    expect((await signIn(wrong(ADMIN.email, 22), { ip: "203.0.114.22", cookie: copied })).status).toBe("rate-limited");
    expect((await signIn(ADMIN, { ip: "203.0.114.23" })).status).toBe("rate-limited");
  });

  it("the attack that found the hole: a genuine cookie from 11 addresses × 10 guesses is checked 10 times, then counts as none", async () => {
    const copied = await browserOf(ADMIN, "198.51.100.4");
    await forgetCounts();
    // Ten attempts short of the account's hundred, as if other clients had made them this hour.
    await earlierAccountAttempts(ADMIN.email, LOGIN_ACCOUNT_LIMIT - 10);
    const statuses: string[] = [];
    for (let address = 0; address < 11; address++) {
      for (let i = 0; i < LOGIN_ATTEMPT_LIMIT; i++) {
        const outcome = await signIn(wrong(ADMIN.email, address * 10 + i), { ip: `10.9.${address}.1`, cookie: copied });
        statuses.push(outcome.status);
      }
    }
    // Ten against the cookie, ten more against the account's hundred; every later guess refused unchecked.
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill("invalid"));
    expect(statuses.slice(20)).toEqual(Array(90).fill("rate-limited"));
  });
});

describe(`the account-wide ceiling: ${LOGIN_ACCOUNT_LIMIT} attempts in any hour from clients without a cookie`, () => {
  it(`refuses the ${LOGIN_ACCOUNT_LIMIT + 1}st failure within an hour from ${LOGIN_ACCOUNT_LIMIT + 1} addresses, until the first slides out`, async () => {
    // One guess every 35 seconds, each from its own address: 100 in 58 minutes.
    for (let i = 0; i < LOGIN_ACCOUNT_LIMIT; i++) {
      const outcome = await signIn(wrong(ADMIN.email, i), {
        ip: `10.20.${Math.floor(i / 200)}.${i % 200}`,
        at: NOW + i * 35_000,
      });
      expect(outcome.status, `guess ${i + 1}`).toBe("invalid");
    }
    const at = NOW + 59 * MINUTE;
    const refused = await signIn(wrong(ADMIN.email, 100), { ip: "10.21.0.1", at });
    expect(refused.status).toBe("rate-limited");
    // The first guess (minute 0) leaves the hour counted at minute 61.
    expect(refused.status === "rate-limited" && refused.retryAfterSeconds).toBe(2 * 60);
    // The right password from a new client is refused too: the ceiling does not tell right from wrong.
    expect((await signIn(ADMIN, { ip: "10.21.0.2", at })).status).toBe("rate-limited");
    expect((await signIn(ADMIN, { ip: "10.21.0.3", at: NOW + 61 * MINUTE })).status).toBe("signed-in");
  });

  it("has no boundary to slip through: a hundred at 15:59 still close the account at 16:00", async () => {
    await earlierAccountAttempts(ADMIN.email, LOGIN_ACCOUNT_LIMIT, 1);
    for (const at of [NOW, NOW + 30_000, NOW + 58 * MINUTE]) {
      expect((await signIn(wrong(ADMIN.email), { ip: "10.22.0.1", at })).status).toBe("rate-limited");
    }
    expect((await signIn(wrong(ADMIN.email), { ip: "10.22.0.2", at: NOW + 60 * MINUTE })).status).toBe("invalid");
  });

  it("does not count refused attempts: hammering on does not keep the account closed longer", async () => {
    await earlierAccountAttempts(ADMIN.email, LOGIN_ACCOUNT_LIMIT, 30);
    for (let i = 0; i < 20; i++) {
      expect((await signIn(wrong(ADMIN.email, i), { ip: `10.23.0.${i}`, at: NOW + i * MINUTE })).status).toBe(
        "rate-limited",
      );
    }
    expect((await signIn(ADMIN, { ip: "10.23.1.1", at: NOW + LOGIN_ACCOUNT_WINDOW_MS - 29 * MINUTE })).status).toBe(
      "signed-in",
    );
  });

  it("counts failures only: signing in with the right password from new browsers never closes the account", async () => {
    await earlierAccountAttempts(ADMIN.email, LOGIN_ACCOUNT_LIMIT - 1);
    for (let i = 0; i < 5; i++) expect((await signIn(ADMIN, { ip: `10.25.0.${i}` })).status).toBe("signed-in");
    // Still one failure short of the hundred…
    expect((await signIn(wrong(ADMIN.email), { ip: "10.25.1.1" })).status).toBe("invalid");
    // …and closed after it.
    expect((await signIn(ADMIN, { ip: "10.25.1.2" })).status).toBe("rate-limited");
  });

  it("keys the count by the normalised e-mail", async () => {
    await earlierAccountAttempts(ADMIN.email, LOGIN_ACCOUNT_LIMIT);
    const variant = { email: `  ${ADMIN.email.toUpperCase()} `, password: ADMIN.password };
    expect((await signIn(variant, { ip: "10.24.0.1" })).status).toBe("rate-limited");
  });
});

describe("revoking every cookie of an account", () => {
  async function cookiesLive(cookies: string[], email = ADMIN.email): Promise<boolean[]> {
    return Promise.all(
      cookies.map(
        async (cookie) => (await liveDeviceCookie(loginRequest(ADMIN, { cookie }), email, new Date(NOW))) !== null,
      ),
    );
  }

  it("a password reset revokes them", async () => {
    const cookies = [await browserOf(ADMIN, "192.0.2.40"), await browserOf(ADMIN, "192.0.2.41")];
    const other = await browserOf(OTHER_ADMIN, "192.0.2.42");
    expect(await cookiesLive(cookies)).toEqual([true, true]);
    const token = await requestPasswordReset(ADMIN.email, new Date(NOW));
    expect(await completePasswordReset(token!, "a-brand-new-password", new Date(NOW))).toBe(true);
    expect(await cookiesLive(cookies)).toEqual([false, false]);
    expect(await cookiesLive([other], OTHER_ADMIN.email)).toEqual([true]);
    await changePassword(adminId, await hashPassword(ADMIN.password));
  });

  it("a password change revokes them", async () => {
    const cookies = [await browserOf(ADMIN, "192.0.2.43")];
    await changePassword(adminId, await hashPassword(ADMIN.password));
    expect(await cookiesLive(cookies)).toEqual([false]);
  });

  it("removing the admin revokes them", async () => {
    const removable = { email: "device-removable@example.com", password: "removable-password" };
    const user = await makeUser(removable.email, removable.password, { admin: true });
    const cookie = await browserOf(removable, "192.0.2.44");
    expect(await cookiesLive([cookie], removable.email)).toEqual([true]);
    const removed = await removeAdmin(user.id, { id: otherAdminId, email: OTHER_ADMIN.email, ip: null });
    expect(removed.status).toBe("removed");
    expect(await cookiesLive([cookie], removable.email)).toEqual([false]);
    expect(
      await database.db
        .selectFrom("admin_device_cookies")
        .select("nonce_hash")
        .where("user_id", "=", user.id)
        .execute(),
    ).toEqual([]);
    // A new account with the same address does not inherit the old cookie.
    await makeUser(removable.email, removable.password, { admin: true });
    expect(await cookiesLive([cookie], removable.email)).toEqual([false]);
  });
});

describe("answers that do not tell which count refused", () => {
  it("answers a locked cookie, an address over its limit and a closed account with the same 429 message", async () => {
    const copied = await browserOf(ADMIN, "198.51.100.9");
    await earlierAccountAttempts(ADMIN.email, LOGIN_ACCOUNT_LIMIT);
    for (let i = 0; i < DEVICE_COOKIE_FAILURE_LIMIT; i++) {
      await signIn(wrong(ADMIN.email, i), { ip: `10.30.0.${i}`, cookie: copied });
    }
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT; i++) await signIn(wrong(`guess${i}@example.com`), { ip: "10.31.0.1" });
    const answers = [];
    for (const request of [
      loginRequest(ADMIN, { ip: "10.30.1.1", cookie: copied }),
      loginRequest(ADMIN, { ip: "10.31.0.1" }),
      loginRequest(ADMIN, { ip: "10.30.1.2" }),
    ]) {
      const refused = asResult(await callRoute(loginAction, request));
      answers.push({ status: refused.status, message: refused.data.result.error[""][0] as string });
    }
    for (const answer of answers) {
      expect(answer.status).toBe(429);
      expect(answer.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
    }
  });
});

describe("several instances on Postgres share the counts", () => {
  it("counts a cookie's failures and the account's attempts across two instances' pools", async () => {
    const first = await createPostgresTestDatabase();
    const second = openPostgresDatabase(first.url!);
    try {
      const user = await makeUser(ADMIN.email, ADMIN.password, { admin: true });
      const copied = await browserOf(ADMIN, "198.51.100.20");
      const ownBrowser = await browserOf(ADMIN, "198.51.100.21");
      await forgetCounts(first.db);
      const instances = [first, second];
      // Ten failures with the copy, alternately on each instance.
      for (let i = 0; i < DEVICE_COOKIE_FAILURE_LIMIT; i++) {
        installDatabase(instances[i % 2]);
        expect((await signIn(wrong(ADMIN.email, i), { ip: `10.40.0.${i}`, cookie: copied })).status).toBe("invalid");
      }
      // The account's hundred, the last checked on the second instance.
      await first.db
        .insertInto("rate_limits")
        .values({
          key: `admin-login-account:${ADMIN.email.toLowerCase()}`,
          window_start: new Date(NOW - MINUTE),
          hits: LOGIN_ACCOUNT_LIMIT - 1,
        })
        .execute();
      installDatabase(second);
      expect((await signIn(wrong(ADMIN.email, 50), { ip: "10.40.1.1" })).status).toBe("invalid");
      // Either instance now refuses the copy (locked) and any client without a cookie…
      for (const instance of instances) {
        installDatabase(instance);
        expect((await signIn(ADMIN, { ip: "10.40.1.2", cookie: copied })).status).toBe("rate-limited");
        expect((await signIn(ADMIN, { ip: "10.40.1.3" })).status).toBe("rate-limited");
      }
      // …and lets the admin's own browser in.
      const signedIn = await signIn(ADMIN, { ip: "10.40.1.4", cookie: ownBrowser });
      if (signedIn.status !== "signed-in") throw new Error("the admin's own browser was refused");
      // A password change on one instance revokes the cookie for the other.
      installDatabase(first);
      await changePassword(user.id, await hashPassword(ADMIN.password));
      installDatabase(second);
      expect((await signIn(ADMIN, { ip: "10.40.1.5", cookie: cookiePair(signedIn.deviceCookie) })).status).toBe(
        "rate-limited",
      );
    } finally {
      await second.close();
      await first.close();
    }
  });
});
