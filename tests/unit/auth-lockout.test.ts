// Sign-in limits: guessing stays slow per address and per account, but strangers cannot lock the admin out.
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { action as loginAction } from "~/routes/admin/login";
import {
  attemptSignIn,
  INVALID_CREDENTIALS_MESSAGE,
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_ATTEMPT_LIMIT,
  LOGIN_WINDOW_MS,
  type SignInOutcome,
} from "~/services/auth.server";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";
import { asResult, loginRequest, makeUser, callRoute, settle } from "./auth-support";

// Signs in many times: cheap hashing (tests/support/cheap-passwords.ts); the real cost is auth-password.test.ts's.
vi.mock("~/server/password.server", async (importOriginal) =>
  (await import("../support/cheap-passwords")).cheapPasswords(await importOriginal()),
);

const ADMIN = { email: "Lockout-Admin@Example.com", password: "the-right-password" };
const MEMBER = { email: "lockout-member@example.com", password: "member-password" };
// Mid-window, so a slow run never straddles two rate-limit windows.
const NOW = Math.floor(Date.now() / LOGIN_WINDOW_MS) * LOGIN_WINDOW_MS + LOGIN_WINDOW_MS / 2;

let database: OpenedDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await makeUser(ADMIN.email, ADMIN.password, { admin: true });
  await makeUser(MEMBER.email, MEMBER.password, { admin: false });
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom("rate_limits").execute();
  await database.db.deleteFrom("sessions").execute();
});

function signIn(
  credentials: { email: string; password: string },
  options: { ip: string; cookie?: string },
): Promise<SignInOutcome> {
  return attemptSignIn(loginRequest(credentials, options), credentials, NOW);
}

const wrong = (email: string, i = 0) => ({ email, password: `wrong-guess-${i}` });

/** `count` wrong passwords for `email`, each from its own address, a batch at a time in parallel. */
async function distributedGuesses(email: string, count: number, prefix: string): Promise<SignInOutcome[]> {
  const outcomes: SignInOutcome[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, k) => start + k);
    outcomes.push(
      ...(await Promise.all(
        batch.map((i) => signIn(wrong(email, i), { ip: `${prefix}.${Math.floor(i / 250)}.${i % 250}` })),
      )),
    );
  }
  return outcomes;
}

/** Records `hits` earlier attempts on the account from everywhere in this window (as many addresses would). */
async function earlierAccountAttempts(email: string, hits: number): Promise<void> {
  await database.db
    .insertInto("rate_limits")
    .values({
      key: `admin-login-account:${email.toLowerCase()}`,
      window_start: new Date(Math.floor(NOW / LOGIN_WINDOW_MS) * LOGIN_WINDOW_MS),
      hits,
    })
    .execute();
}

describe("a stranger cannot lock the admin out", () => {
  it(`lets the right password in from a fresh address after ${LOGIN_ATTEMPT_LIMIT} failures from ${LOGIN_ATTEMPT_LIMIT} others`, async () => {
    const outcomes = await distributedGuesses(ADMIN.email, LOGIN_ATTEMPT_LIMIT, "198.51");
    expect(outcomes.map((o) => o.status)).toEqual(Array(LOGIN_ATTEMPT_LIMIT).fill("invalid"));
    expect((await signIn(ADMIN, { ip: "203.0.113.11" })).status).toBe("signed-in");
  });

  it("the login form answers an address that failed too often 429, even with the right password", async () => {
    const ip = "192.0.2.10";
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT; i++) {
      const failed = asResult(await callRoute(loginAction, loginRequest(wrong(ADMIN.email, i), { ip })));
      expect(failed.status).toBe(401);
    }
    const blocked = asResult(await settle(() => callRoute(loginAction, loginRequest(ADMIN, { ip }))));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(blocked.data.result.error[""][0]).toMatch(
      /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/,
    );
    // The admin, elsewhere, is not affected.
    const elsewhere = (await callRoute(loginAction, loginRequest(ADMIN, { ip: "192.0.2.11" }))) as Response;
    expect(elsewhere.status).toBe(302);
  });

  it(`refuses an address after ${LOGIN_ATTEMPT_LIMIT} attempts, whatever the accounts`, async () => {
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT; i++) {
      expect((await signIn(wrong(`guess${i}@example.com`), { ip: "192.0.2.7" })).status).toBe("invalid");
    }
    expect((await signIn(MEMBER, { ip: "192.0.2.7" })).status).toBe("rate-limited");
    expect((await signIn(MEMBER, { ip: "192.0.2.8" })).status).toBe("signed-in");
  });

  it("limits an account from one address even when that address signs in to another account in between", async () => {
    const ip = "192.0.2.20";
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT - 1; i++) {
      expect((await signIn(wrong(ADMIN.email, i), { ip })).status).toBe("invalid");
    }
    // Signing in to an account of one's own clears this address's count…
    expect((await signIn(MEMBER, { ip })).status).toBe("signed-in");
    // …but not its count against the admin's account.
    expect((await signIn(wrong(ADMIN.email, 99), { ip })).status).toBe("invalid");
    expect((await signIn(ADMIN, { ip })).status).toBe("rate-limited");
    expect((await signIn(MEMBER, { ip })).status).toBe("signed-in");
  });

  it("clears this client's counts after a successful sign-in", async () => {
    const ip = "192.0.2.9";
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT - 1; i++) await signIn(wrong(ADMIN.email, i), { ip });
    expect((await signIn(ADMIN, { ip })).status).toBe("signed-in");
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT; i++) {
      expect((await signIn(wrong(ADMIN.email, i), { ip })).status).toBe("invalid");
    }
  });
});

describe(`the account-wide ceiling (${LOGIN_ACCOUNT_LIMIT} attempts an hour; device cookies: auth-device-cookies.test.ts)`, () => {
  it("does not let one address fill the ceiling by hammering on after its own limit", async () => {
    const outcomes = [];
    for (let i = 0; i < LOGIN_ACCOUNT_LIMIT + LOGIN_ATTEMPT_LIMIT; i++) {
      outcomes.push((await signIn(wrong(ADMIN.email, i), { ip: "192.0.2.60" })).status);
    }
    expect(outcomes.filter((status) => status === "invalid")).toHaveLength(LOGIN_ATTEMPT_LIMIT);
    expect((await signIn(ADMIN, { ip: "192.0.2.61" })).status).toBe("signed-in");
  });
});

describe("known and unknown e-mails", () => {
  it("answer a wrong password identically, through the form", async () => {
    const answers = [];
    for (const email of [ADMIN.email, "nobody-here@example.com"]) {
      const result = asResult(await callRoute(loginAction, loginRequest(wrong(email), { ip: "192.0.2.50" })));
      answers.push({
        status: result.status,
        error: result.data.result.error,
        cookies: result.headers.getSetCookie(),
      });
    }
    expect(answers[0]).toEqual({ status: 401, error: { "": [INVALID_CREDENTIALS_MESSAGE] }, cookies: [] });
    expect(answers[1]).toEqual(answers[0]);
  });

  it("reach the account-wide ceiling alike, so a 429 does not tell whether the account exists", async () => {
    // The clock stands still: Retry-After counts whole seconds, and the two refusals must not straddle one.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    onTestFinished(() => void vi.useRealTimers());
    const answers = [];
    for (const email of [ADMIN.email, "nobody-here@example.com"]) {
      await earlierAccountAttempts(email, LOGIN_ACCOUNT_LIMIT - 1);
      // The hundredth attempt is checked (and counted); the next one, from anywhere new, is refused.
      const last = await signIn(wrong(email), { ip: "192.0.2.70" });
      const refused = asResult(await callRoute(loginAction, loginRequest(wrong(email), { ip: "192.0.2.71" })));
      answers.push({
        last,
        status: refused.status,
        retryAfter: refused.headers.get("Retry-After"),
        error: refused.data.result.error,
      });
    }
    expect(answers[0].last.status).toBe("invalid");
    expect(answers[0].status).toBe(429);
    expect(answers[1]).toEqual(answers[0]);
  });
});
