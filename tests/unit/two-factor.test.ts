import { sql } from "kysely";
import { generate } from "otplib";
import QRCode from "qrcode";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getSiteSettings } from "~/models/site-settings.server";
import type { OpenedDatabase } from "~/server/db.server";
import {
  confirmEnrolment,
  disableTwoFactor,
  normalizeRecoveryCode,
  redeemRecoveryCode,
  regenerateRecoveryCodes,
  startEnrolment,
  totpStep,
  TwoFactorSecretUnreadableError,
  twoFactorStatus,
  verifyTotp,
} from "~/services/two-factor.server";
import { getSecurityPolicy, setRequireTwoFactor } from "~/models/site-settings.server";
import { createTestDatabase } from "../support/database";
import { makeUser } from "./auth-support";

// Signs in many times: cheap hashing (tests/support/cheap-passwords.ts); the real cost is auth-password.test.ts's.
vi.mock("~/server/password.server", async (importOriginal) =>
  (await import("../support/cheap-passwords")).cheapPasswords(await importOriginal()),
);

// The session secrets the module derives its keys from, changed by the rotation tests.
const OLD_SECRET = "old-session-secret-0123456789abcdef0123456789";
const NEW_SECRET = "new-session-secret-fedcba9876543210fedcba9876";
const secrets = vi.hoisted(() => ({ list: [] as string[] }));
vi.mock("~/server/env.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/server/env.server")>();
  return { ...actual, sessionSecrets: () => secrets.list };
});

// A fixed clock: 10 s into a 30-second step.
const NOW = new Date("2026-11-25T12:00:10Z");
const later = (seconds: number, from = NOW) => new Date(from.getTime() + seconds * 1000);

/** The code an authenticator app shows at `at`, `steps` steps away. */
function codeAt(secret: string, at: Date, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) + steps * 30 });
}

const RECOVERY_FORMAT = /^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{2}$/;

let database: OpenedDatabase;
let userCount = 0;
async function newUser() {
  userCount += 1;
  const email = `two-factor-${userCount}@example.com`;
  return { id: (await makeUser(email, "a-password", { admin: true })).id, email };
}

/** Enrols and confirms a user at NOW; the secret and recovery codes. */
async function enrolled(at = NOW) {
  const user = await newUser();
  const started = await startEnrolment(user.id, user.email);
  if (started.status !== "started") throw new Error("not started");
  const confirmed = await confirmEnrolment(user, await codeAt(started.secret, at), at);
  if (confirmed.status !== "enabled") throw new Error("not enabled");
  return { ...user, secret: started.secret, recoveryCodes: confirmed.recoveryCodes };
}

const storedRow = (userId: string) =>
  database.db.selectFrom("user_two_factor").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();

beforeAll(async () => {
  secrets.list = [OLD_SECRET];
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  secrets.list = [OLD_SECRET];
});

describe("enrolment", () => {
  it("starts with a base32 secret, an otpauth URI named after the site, and an SVG QR code of that URI", async () => {
    const user = await newUser();
    const started = await startEnrolment(user.id, user.email);
    expect(started.status).toBe("started");
    if (started.status !== "started") return;

    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/); // 20 random bytes
    const uri = new URL(started.otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(started.otpauthUri.startsWith("otpauth://totp/")).toBe(true);
    const issuer = (await getSiteSettings()).name;
    expect(uri.searchParams.get("secret")).toBe(started.secret);
    expect(uri.searchParams.get("issuer")).toBe(issuer);
    expect(decodeURIComponent(started.otpauthUri)).toContain(`${issuer}:${user.email}?`);

    expect(started.qrSvg.startsWith("<svg")).toBe(true);
    expect(started.qrSvg).toMatch(/^<svg[^>]*width="200" height="200"[^>]*><title>[^<]+<\/title>/);
    expect(started.qrSvg.trimEnd().endsWith("</svg>")).toBe(true);
    // The same modules as a QR code of the URI (so it encodes the URI, not something else).
    const reference = await QRCode.toString(started.otpauthUri, { type: "svg", errorCorrectionLevel: "M" });
    const modules = (svg: string) => svg.match(/<path stroke="[^"]*" d="([^"]+)"/)?.[1];
    expect(modules(started.qrSvg)).toBeTruthy();
    expect(modules(started.qrSvg)).toBe(modules(reference));

    const row = await storedRow(user.id);
    expect(row.enabled_at).toBeNull();
    expect(await twoFactorStatus(user.id)).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
  });

  it("stores the secret encrypted, never as text", async () => {
    const user = await newUser();
    const started = await startEnrolment(user.id, user.email);
    if (started.status !== "started") throw new Error("not started");
    const row = await storedRow(user.id);
    const dump = JSON.stringify(row);
    expect(dump).not.toContain(started.secret);
    expect(dump.toLowerCase()).not.toContain(started.secret.toLowerCase());
    expect(row.secret_encrypted).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it("confirms with a code for the test's clock, and returns 10 distinct single-use recovery codes", async () => {
    const user = await newUser();
    const started = await startEnrolment(user.id, user.email);
    if (started.status !== "started") throw new Error("not started");

    expect(await confirmEnrolment(user, "000000", NOW)).toEqual({ status: "invalid-code" });
    expect(await confirmEnrolment(user, await codeAt(started.secret, NOW, -2), NOW)).toEqual({
      status: "invalid-code",
    });
    expect(await confirmEnrolment(user, "not a code", NOW)).toEqual({ status: "invalid-code" });
    expect(await twoFactorStatus(user.id)).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });

    const confirmed = await confirmEnrolment(user, await codeAt(started.secret, NOW), NOW);
    expect(confirmed.status).toBe("enabled");
    if (confirmed.status !== "enabled") return;
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    for (const code of confirmed.recoveryCodes) expect(code).toMatch(RECOVERY_FORMAT);

    const row = await storedRow(user.id);
    expect(row.enabled_at).toEqual(NOW);
    expect(Number(row.last_used_step)).toBe(totpStep(NOW));
    const hashes = await database.db
      .selectFrom("user_recovery_codes")
      .select(["code_hash", "used_at"])
      .where("user_id", "=", user.id)
      .execute();
    expect(hashes).toHaveLength(10);
    const stored = JSON.stringify(hashes);
    for (const code of confirmed.recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(normalizeRecoveryCode(code));
    }
    expect(await twoFactorStatus(user.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    // Once on, it is neither restarted nor confirmed again.
    expect(await startEnrolment(user.id, user.email)).toEqual({ status: "already-enabled" });
    expect(await confirmEnrolment(user, await codeAt(started.secret, NOW, 1), NOW)).toEqual({
      status: "already-enabled",
    });
  });

  it("restarting replaces a pending secret; confirming needs a started enrolment", async () => {
    const user = await newUser();
    expect(await confirmEnrolment(user, "123456", NOW)).toEqual({ status: "not-started" });
    const first = await startEnrolment(user.id, user.email);
    const second = await startEnrolment(user.id, user.email);
    if (first.status !== "started" || second.status !== "started") throw new Error("not started");
    expect(second.secret).not.toBe(first.secret);
    expect(await confirmEnrolment(user, await codeAt(first.secret, NOW), NOW)).toEqual({
      status: "invalid-code",
    });
    expect((await confirmEnrolment(user, await codeAt(second.secret, NOW), NOW)).status).toBe("enabled");
  });

  it("a pending enrolment does not sign in", async () => {
    const user = await newUser();
    const started = await startEnrolment(user.id, user.email);
    if (started.status !== "started") throw new Error("not started");
    expect(await verifyTotp(user.id, await codeAt(started.secret, NOW), NOW)).toBe(false);
  });
});

describe("verifying a code (fixed clock)", () => {
  it("accepts the current step and one either side, refuses two steps away", async () => {
    const user = await enrolled();
    const at = later(300); // ten steps after enrolment
    expect(await verifyTotp(user.id, await codeAt(user.secret, at, -2), at)).toBe(false);
    expect(await verifyTotp(user.id, await codeAt(user.secret, at, 2), at)).toBe(false);
    expect(await verifyTotp(user.id, await codeAt(user.secret, at, -1), at)).toBe(true);
    expect(await verifyTotp(user.id, await codeAt(user.secret, at), at)).toBe(true);
    expect(await verifyTotp(user.id, await codeAt(user.secret, at, 1), at)).toBe(true);
  });

  it("refuses the same code twice (replay), and an earlier step once a later one was used", async () => {
    const user = await enrolled();
    // The confirming code's step is spent already.
    expect(await verifyTotp(user.id, await codeAt(user.secret, NOW), NOW)).toBe(false);

    const at = later(60);
    const code = await codeAt(user.secret, at);
    expect(await verifyTotp(user.id, code, at)).toBe(true);
    expect(await verifyTotp(user.id, code, at)).toBe(false);
    expect(await verifyTotp(user.id, code, later(10, at))).toBe(false);
    // The step before is inside the window but older than the last used one.
    expect(await verifyTotp(user.id, await codeAt(user.secret, at, -1), at)).toBe(false);
    expect(Number((await storedRow(user.id)).last_used_step)).toBe(totpStep(at));

    // Two requests racing with one fresh code: one wins.
    const next = later(30, at);
    const fresh = await codeAt(user.secret, next);
    const results = await Promise.all([verifyTotp(user.id, fresh, next), verifyTotp(user.id, fresh, next)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("takes spaces inside a code, refuses anything but six digits", async () => {
    const user = await enrolled();
    const at = later(90);
    const code = await codeAt(user.secret, at);
    for (const bad of ["", "12345", "1234567", "abcdef", `${code}0`, `-${code}`]) {
      expect(await verifyTotp(user.id, bad, at)).toBe(false);
    }
    expect(await verifyTotp(user.id, `${code.slice(0, 3)} ${code.slice(3)}`, at)).toBe(true);
  });

  it("refuses a user without two-factor sign-in", async () => {
    const user = await newUser();
    expect(await verifyTotp(user.id, "123456", NOW)).toBe(false);
    expect(await twoFactorStatus(user.id)).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
  });
});

describe("recovery codes", () => {
  it("accepts each code once, whatever its case, spaces and dashes, and counts what is left", async () => {
    const user = await enrolled();
    const [first, second, third] = user.recoveryCodes;
    expect(await redeemRecoveryCode(user.id, first, NOW)).toBe(true);
    expect(await redeemRecoveryCode(user.id, first, later(1))).toBe(false);
    expect(await twoFactorStatus(user.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });

    const sloppy = ` ${second.toUpperCase().replace(/-/g, " ")} `;
    expect(await redeemRecoveryCode(user.id, sloppy, NOW)).toBe(true);
    expect(await redeemRecoveryCode(user.id, second, NOW)).toBe(false);
    expect(await redeemRecoveryCode(user.id, third.replace(/-/g, ""), NOW)).toBe(true);
    expect(await twoFactorStatus(user.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 7 });

    const used = await database.db
      .selectFrom("user_recovery_codes")
      .select("used_at")
      .where("user_id", "=", user.id)
      .where("used_at", "is not", null)
      .execute();
    expect(used).toHaveLength(3);
  });

  it("refuses made-up codes and another user's codes", async () => {
    const user = await enrolled();
    const other = await enrolled();
    expect(await redeemRecoveryCode(user.id, other.recoveryCodes[0], NOW)).toBe(false);
    expect(await redeemRecoveryCode(user.id, "abcd-efgh-jk", NOW)).toBe(false);
    expect(await redeemRecoveryCode(user.id, "", NOW)).toBe(false);
    expect(await redeemRecoveryCode(user.id, "not-a-code-at-all", NOW)).toBe(false);
    expect(await twoFactorStatus(user.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(await redeemRecoveryCode(other.id, other.recoveryCodes[0], NOW)).toBe(true);
  });

  it("reads o as 0 and i or l as 1 (letters the codes never use)", () => {
    expect(normalizeRecoveryCode("ABCD-EFGH-JK")).toBe("abcdefghjk");
    expect(normalizeRecoveryCode("1o0i-l234-56")).toBe("10011234" + "56");
    expect(normalizeRecoveryCode("abcd-efgh-ju")).toBeNull(); // u is not in the alphabet
    expect(normalizeRecoveryCode("abcd-efgh")).toBeNull();
  });

  it("regenerating needs a fresh code from the app and replaces every old code", async () => {
    const user = await enrolled();
    expect(await regenerateRecoveryCodes(user, user.recoveryCodes[0], later(30))).toBeNull();
    expect(await regenerateRecoveryCodes(user, await codeAt(user.secret, NOW), NOW)).toBeNull(); // spent
    const at = later(30);
    const fresh = await regenerateRecoveryCodes(user, await codeAt(user.secret, at), at);
    expect(fresh).toHaveLength(10);
    for (const code of fresh!) expect(code).toMatch(RECOVERY_FORMAT);
    expect(await redeemRecoveryCode(user.id, user.recoveryCodes[1], at)).toBe(false);
    expect(await redeemRecoveryCode(user.id, fresh![0], at)).toBe(true);
    expect(await twoFactorStatus(user.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
  });
});

describe("turning it off", () => {
  it("needs a fresh code from the app: a recovery code or a spent code is not enough", async () => {
    const user = await enrolled();
    expect(await disableTwoFactor(user, user.recoveryCodes[0], later(30))).toBe(false);
    expect(await disableTwoFactor(user, await codeAt(user.secret, NOW), NOW)).toBe(false);
    expect(await disableTwoFactor(user, await codeAt(user.secret, later(300), -2), later(300))).toBe(false);
    expect(await twoFactorStatus(user.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const at = later(30);
    expect(await disableTwoFactor(user, await codeAt(user.secret, at), at)).toBe(true);
    expect(await twoFactorStatus(user.id)).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const left = await database.db
      .selectFrom("user_recovery_codes")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(left).toHaveLength(0);
    expect(
      await database.db.selectFrom("user_two_factor").select("user_id").where("user_id", "=", user.id).execute(),
    ).toHaveLength(0);
    expect(await redeemRecoveryCode(user.id, user.recoveryCodes[1], at)).toBe(false);
    expect(await verifyTotp(user.id, await codeAt(user.secret, at, 1), at)).toBe(false);

    // And can be turned on again.
    expect((await startEnrolment(user.id, user.email)).status).toBe("started");
  });
});

describe("session secret rotation", () => {
  it("still reads a secret stored under an older session secret, and moves it to the newest", async () => {
    const user = await enrolled(); // under OLD_SECRET
    const before = (await storedRow(user.id)).secret_encrypted;

    secrets.list = [NEW_SECRET, OLD_SECRET];
    const at = later(30);
    expect(await verifyTotp(user.id, await codeAt(user.secret, at), at)).toBe(true);
    const after = (await storedRow(user.id)).secret_encrypted;
    expect(after).not.toBe(before);
    // Recovery codes made under the old secret still work while it is listed.
    expect(await redeemRecoveryCode(user.id, user.recoveryCodes[0], at)).toBe(true);

    // Re-encrypted: the old secret can go.
    secrets.list = [NEW_SECRET];
    const next = later(60);
    expect(await verifyTotp(user.id, await codeAt(user.secret, next), next)).toBe(true);
  });

  it("says so when no configured secret decrypts it", async () => {
    const user = await enrolled();
    secrets.list = [NEW_SECRET];
    const at = later(30);
    await expect(verifyTotp(user.id, await codeAt(user.secret, at), at)).rejects.toBeInstanceOf(
      TwoFactorSecretUnreadableError,
    );
  });

  it("binds a stored secret to its user: a row copied onto another user does not decrypt", async () => {
    const victim = await enrolled();
    const attacker = await enrolled();
    const { secret_encrypted } = await storedRow(victim.id);
    await database.db
      .updateTable("user_two_factor")
      .set({ secret_encrypted })
      .where("user_id", "=", attacker.id)
      .execute();
    const at = later(30);
    await expect(verifyTotp(attacker.id, await codeAt(victim.secret, at), at)).rejects.toBeInstanceOf(
      TwoFactorSecretUnreadableError,
    );
  });
});

describe("the policy: two-factor sign-in for every admin", () => {
  beforeEach(async () => {
    await database.db.deleteFrom("site_settings").where("key", "=", "security").execute();
  });

  it("is off until set, round-trips, and each change is in the activity log", async () => {
    const admin = await newUser();
    const actor = { ...admin, ip: "203.0.113.9" };
    expect(await getSecurityPolicy()).toEqual({ requireTwoFactor: false });
    await setRequireTwoFactor(true, actor);
    expect(await getSecurityPolicy()).toEqual({ requireTwoFactor: true });
    await setRequireTwoFactor(false, actor);
    expect(await getSecurityPolicy()).toEqual({ requireTwoFactor: false });
    await setRequireTwoFactor(true, actor);
    const rows = await database.db.selectFrom("site_settings").selectAll().where("key", "=", "security").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].value).toEqual({ requireTwoFactor: true });
    const logged = await database.db
      .selectFrom("activity_log")
      .selectAll()
      .where("actor_id", "=", admin.id)
      .orderBy("created_at")
      .execute();
    expect(logged.map((row) => [row.kind, row.subject_id, row.changes, row.ip])).toEqual([
      ["settings.update", "security", { requireTwoFactor: { from: false, to: true } }, "203.0.113.9"],
      ["settings.update", "security", { requireTwoFactor: { from: true, to: false } }, "203.0.113.9"],
      ["settings.update", "security", { requireTwoFactor: { from: false, to: true } }, "203.0.113.9"],
    ]);
  });

  it.each([`{"requireTwoFactor":"yes"}`, `{"requireTwoFactor":1}`, `true`, `[]`, `{}`, `null`])(
    "reads a malformed stored value (%s) as not required",
    async (stored) => {
      await sql`insert into site_settings (key, value) values ('security', ${stored}::jsonb)`.execute(database.db);
      expect(await getSecurityPolicy()).toEqual({ requireTwoFactor: false });
    },
  );
});
