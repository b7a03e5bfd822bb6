import crypto from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { escapeXml } from "~/lib/text";
import type { ActivityActor } from "~/models/activity.server";
import { getSiteSettings } from "~/models/site-settings.server";
import {
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  enableTwoFactor,
  findTwoFactor,
  recordUsedStep,
  replaceRecoveryCodes,
  spendRecoveryCode,
  storePendingSecret,
} from "~/models/user-two-factor.server";
import { sessionSecrets } from "~/server/env.server";

// Optional two-factor sign-in with an authenticator app: TOTP (RFC 6238) as every app expects it — SHA-1,
// 6 digits, 30-second steps — accepting the step before and after the server's (clock drift), and never
// the same step twice for a user (replay). The TOTP secret is stored encrypted (AES-256-GCM) under a key
// derived from the session secret, so a database dump alone reveals no secret; recovery codes are stored
// only as HMAC-SHA256 hashes keyed the same way. Every function that checks a code takes `now`.
//
// Rotation: SESSION_SECRET lists secrets newest first. Decryption and recovery-code checks try each listed
// secret; a successful sign-in re-encrypts the TOTP secret under the newest. Recovery codes keep the key
// they were made under until used or regenerated, so an old session secret should stay listed (it only
// verifies, never signs) until the admins have signed in once and regenerated their recovery codes.

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the server's: ±1 (a code is good for about 90 s). */
const WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32, lower case: no i, l, o or u. On input o reads as 0, and i or l as 1. */
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const RECOVERY_CODE_PATTERN = /^[0-9a-hjkmnp-tv-z]{10}$/;
const QR_SIZE_PX = 200;
const ENCRYPTION_VERSION = "v1";

/** The stored secret decrypts under none of the configured session secrets (one was removed too soon). */
export class TwoFactorSecretUnreadableError extends Error {
  constructor() {
    super(
      "A two-factor secret cannot be decrypted with any configured session secret: keep the secret it was " +
        "stored under listed in SESSION_SECRET (after the new one), or have the user enrol again.",
    );
    this.name = "TwoFactorSecretUnreadableError";
  }
}

// ---------------------------------------------------------------------------------------------------------
// Keys, encryption and hashing.

type KeyPurpose = "totp-secret-encryption-v1" | "recovery-code-hash-v1";
const derivedKeys = new Map<string, Buffer>();

/** A 256-bit key for one purpose, derived (HKDF-SHA256) from a session secret — itself ≥ 32 random chars. */
function derivedKey(sessionSecret: string, purpose: KeyPurpose): Buffer {
  const cacheKey = `${purpose}\0${sessionSecret}`;
  let key = derivedKeys.get(cacheKey);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync("sha256", sessionSecret, "two-factor", purpose, 32));
    derivedKeys.set(cacheKey, key);
  }
  return key;
}

/** "v1.<iv>.<tag>.<ciphertext>" (base64url), bound to the user (additional data) so rows cannot be swapped. */
function encryptSecret(userId: string, secret: string): string {
  const key = derivedKey(sessionSecrets()[0], "totp-secret-encryption-v1");
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(userId, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [ENCRYPTION_VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The secret, and whether it was stored under an older session secret (then worth re-encrypting). */
function decryptSecret(userId: string, stored: string): { secret: string; stale: boolean } {
  const [version, iv, tag, ciphertext, ...rest] = stored.split(".");
  if (version !== ENCRYPTION_VERSION || !ciphertext || rest.length > 0) throw new TwoFactorSecretUnreadableError();
  const secrets = sessionSecrets();
  for (const [index, sessionSecret] of secrets.entries()) {
    try {
      const decipher = crypto.createDecipheriv(
        "aes-256-gcm",
        derivedKey(sessionSecret, "totp-secret-encryption-v1"),
        Buffer.from(iv, "base64url"),
      );
      decipher.setAAD(Buffer.from(userId, "utf8"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      const secret = Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]);
      return { secret: secret.toString("utf8"), stale: index > 0 };
    } catch {
      // Not this key (the authentication tag does not match): try the next.
    }
  }
  throw new TwoFactorSecretUnreadableError();
}

/**
 * HMAC-SHA256 of the normalised code and its user, keyed from a session secret (a per-install pepper).
 * A recovery code carries 50 random bits, so a fast keyed hash is enough: without the key, a dump of the
 * table cannot even be brute-forced offline.
 */
function hashRecoveryCode(userId: string, normalized: string, sessionSecret: string): string {
  return crypto
    .createHmac("sha256", derivedKey(sessionSecret, "recovery-code-hash-v1"))
    .update(`${userId}:${normalized}`)
    .digest("hex");
}

/** Ten random characters shown as "abcd-efgh-jk". */
function newRecoveryCode(): string {
  // 256 is a multiple of 32, so each byte's low 5 bits are uniform.
  const chars = Array.from(crypto.randomBytes(10), (byte) => RECOVERY_ALPHABET[byte & 31]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/** Case, spaces and dashes do not matter, and o/i/l read as 0/1; null when it cannot be a recovery code. */
export function normalizeRecoveryCode(input: string): string | null {
  const normalized = input
    .toLowerCase()
    .replace(/[\s\-\u2010-\u2015]/g, "")
    .replace(/o/g, "0")
    .replace(/[il]/g, "1");
  return RECOVERY_CODE_PATTERN.test(normalized) ? normalized : null;
}

/** Six digits, spaces allowed between ("123 456"); null otherwise. */
function normalizeTotpCode(input: string): string | null {
  const normalized = input.replace(/\s/g, "");
  return /^\d{6}$/.test(normalized) ? normalized : null;
}

// ---------------------------------------------------------------------------------------------------------
// TOTP.

/** The TOTP step (unix seconds / 30) a moment falls in. */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The step the code matches within ±1 step of `now`, skipping steps ≤ lastUsedStep; null when none. */
async function matchingStep(
  secret: string,
  code: string,
  now: Date,
  lastUsedStep: number | null,
): Promise<number | null> {
  const token = normalizeTotpCode(code);
  if (!token) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  // Every step of the window already used (or a clock that went back): nothing left to accept.
  if (lastUsedStep !== null && lastUsedStep >= totpStep(now) + WINDOW_STEPS) return null;
  const result = await verify({
    secret,
    token,
    epoch,
    epochTolerance: WINDOW_STEPS * TOTP_PERIOD_SECONDS,
    period: TOTP_PERIOD_SECONDS,
    digits: TOTP_DIGITS,
    afterTimeStep: lastUsedStep ?? undefined,
  });
  // (The functional API types HOTP and TOTP results as one; a TOTP match carries its step.)
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

function toStep(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}

/** The QR code of `text` as an inline SVG for a 200 px box, with a title for screen readers. */
async function qrCodeSvg(text: string, title: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", width: QR_SIZE_PX, margin: 4, errorCorrectionLevel: "M" });
  return svg.trim().replace(/^<svg([^>]*)>/, (_, attributes: string) => {
    return `<svg${attributes} role="img"><title>${escapeXml(title)}</title>`;
  });
}

/** What the enrolment step shows: the secret as text, its otpauth URI and the QR code of that URI. */
export interface Enrolment {
  /** Base32, for typing into the app by hand. */
  secret: string;
  otpauthUri: string;
  /** `<svg …><title>…</title>…</svg>`, to inline in the page (works without JavaScript). */
  qrSvg: string;
}

export type StartEnrolmentResult = ({ status: "started" } & Enrolment) | { status: "already-enabled" };

async function enrolmentOf(secret: string, email: string): Promise<Enrolment> {
  // The label is "issuer:account"; a colon in either would split it in the wrong place.
  const issuer = (await getSiteSettings()).name.replace(/:/g, "").trim() || "Website";
  const otpauthUri = generateURI({ issuer, label: email.replace(/:/g, ""), secret });
  const qrSvg = await qrCodeSvg(otpauthUri, `QR code to add ${issuer} to an authenticator app`);
  return { secret, otpauthUri, qrSvg };
}

/**
 * Starts (or restarts) enrolment: a new secret, stored encrypted and not yet enabled. Refused while
 * two-factor sign-in is on (turn it off first, with a code).
 */
export async function startEnrolment(userId: string, email: string): Promise<StartEnrolmentResult> {
  const secret = generateSecret({ length: 20 });
  const secretEncrypted = encryptSecret(userId, secret);
  const now = new Date();
  const stored = await storePendingSecret(userId, secretEncrypted, now);
  if (!stored) return { status: "already-enabled" };
  return { status: "started", ...(await enrolmentOf(secret, email)) };
}

/**
 * The enrolment in progress (started, not yet confirmed) shown again — the same secret and QR code — so a
 * mistyped code does not mean scanning a new one. Null when none is pending, or its secret cannot be read.
 */
export async function pendingEnrolment(userId: string, email: string): Promise<Enrolment | null> {
  const row = await findTwoFactor(userId);
  if (!row || row.enabled_at) return null;
  try {
    return await enrolmentOf(decryptSecret(userId, row.secret_encrypted).secret, email);
  } catch (error) {
    if (error instanceof TwoFactorSecretUnreadableError) return null;
    throw error;
  }
}

export type ConfirmEnrolmentResult =
  { status: "enabled"; recoveryCodes: string[] } | { status: "invalid-code" | "not-started" | "already-enabled" };

/**
 * Turns two-factor sign-in on once the app shows a valid code; returns the 10 recovery codes (shown once).
 * `user` is the account enrolling (and the activity log's actor).
 */
export async function confirmEnrolment(
  user: ActivityActor,
  code: string,
  now: Date = new Date(),
): Promise<ConfirmEnrolmentResult> {
  const userId = user.id;
  const row = await findTwoFactor(userId);
  if (!row) return { status: "not-started" };
  if (row.enabled_at) return { status: "already-enabled" };
  const { secret } = decryptSecret(userId, row.secret_encrypted);
  const step = await matchingStep(secret, code, now, toStep(row.last_used_step));
  if (step === null) return { status: "invalid-code" };

  const recoveryCodes = newRecoveryCodes();
  // Unless it was restarted meanwhile: the code was checked against this secret.
  const enabled = await enableTwoFactor(
    userId,
    { secretEncrypted: row.secret_encrypted, step, codeHashes: recoveryCodeHashes(userId, recoveryCodes), now },
    user,
  );
  return enabled ? { status: "enabled", recoveryCodes } : { status: "invalid-code" };
}

/** The hashes stored for new recovery codes, under the newest session secret. */
function recoveryCodeHashes(userId: string, codes: string[]): string[] {
  const newest = sessionSecrets()[0];
  return codes.map((code) => hashRecoveryCode(userId, normalizeRecoveryCode(code)!, newest));
}

/**
 * Checks a code from the app at sign-in (±1 step around `now`). A code is accepted once: its step is
 * recorded, and a code of that step or an earlier one is refused afterwards.
 */
export async function verifyTotp(userId: string, code: string, now: Date = new Date()): Promise<boolean> {
  const row = await findTwoFactor(userId);
  if (!row?.enabled_at) return false;
  const { secret, stale } = decryptSecret(userId, row.secret_encrypted);
  const step = await matchingStep(secret, code, now, toStep(row.last_used_step));
  if (step === null) return false;
  // Stored under an older session secret: move it to the newest, so the old one can be retired.
  return recordUsedStep(userId, step, now, stale ? encryptSecret(userId, secret) : undefined);
}

/** Signs in with a recovery code instead of the app: true once per code, which is then spent. */
export async function redeemRecoveryCode(userId: string, code: string, now: Date = new Date()): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (!normalized) return false;
  const hashes = sessionSecrets().map((secret) => hashRecoveryCode(userId, normalized, secret));
  return spendRecoveryCode(userId, hashes, now);
}

/**
 * Turns `user`'s two-factor sign-in off; needs a fresh code from the app (a recovery code is not enough).
 */
export async function disableTwoFactor(user: ActivityActor, code: string, now: Date = new Date()): Promise<boolean> {
  if (!(await verifyTotp(user.id, code, now))) return false;
  return deleteTwoFactor(user.id, user);
}

/** Ten new recovery codes in place of `user`'s old ones; needs a fresh code from the app. Null when refused. */
export async function regenerateRecoveryCodes(
  user: ActivityActor,
  code: string,
  now: Date = new Date(),
): Promise<string[] | null> {
  if (!(await verifyTotp(user.id, code, now))) return null;
  const recoveryCodes = newRecoveryCodes();
  const replaced = await replaceRecoveryCodes(user.id, recoveryCodeHashes(user.id, recoveryCodes), now, user);
  return replaced ? recoveryCodes : null;
}

export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** When it was turned on (null while off). */
  enabledAt: Date | null;
}

export async function twoFactorStatus(userId: string): Promise<TwoFactorStatus> {
  const row = await findTwoFactor(userId);
  if (!row?.enabled_at) return { enabled: false, recoveryCodesLeft: 0, enabledAt: null };
  return { enabled: true, recoveryCodesLeft: await countUnusedRecoveryCodes(userId), enabledAt: row.enabled_at };
}

/** How many unused recovery codes the user has left. */
export function recoveryCodesLeft(userId: string): Promise<number> {
  return countUnusedRecoveryCodes(userId);
}

/** Whether the user has two-factor sign-in on (a pending enrolment does not count). */
export async function isTwoFactorEnabled(userId: string): Promise<boolean> {
  return Boolean((await findTwoFactor(userId))?.enabled_at);
}
