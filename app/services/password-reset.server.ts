import crypto from "node:crypto";
import { recordActivity } from "~/models/activity.server";
import { getSiteSettings } from "~/models/site-settings.server";
import {
  deleteStaleResetTokens,
  findUsableResetToken,
  insertResetToken,
  resetPasswordWithToken,
} from "~/models/reset-tokens.server";
import { ADMIN_ROLE, findUserByEmail, userHasRole } from "~/models/users.server";
import { db } from "~/server/db.server";
import { publicUrl } from "~/server/env.server";
import { sendMail } from "~/server/mail.server";
import { hashPassword } from "~/server/password.server";
import { clientIp, hitRateLimit, type RateLimitResult } from "~/services/rate-limit.server";
import { logger } from "~/server/logger.server";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const RESET_REQUESTS_PER_IP = { limit: 5, windowMs: 15 * 60 * 1000 };
const RESET_MAILS_PER_ACCOUNT = { limit: 3, windowMs: 60 * 60 * 1000 };
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashResetToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Counts a reset request against the client's address (the form answers 429 past the limit). */
export function hitResetRequestLimit(request: Request, now = Date.now()): Promise<RateLimitResult> {
  return hitRateLimit({ key: `admin-reset-ip:${clientIp(request)}`, ...RESET_REQUESTS_PER_IP }, now);
}

/**
 * Mails a reset link when the address belongs to an administrator; otherwise does nothing. The caller
 * answers the same way in both cases. Returns the raw token (for tests) or null when nothing was sent.
 * A mail sent is recorded in the activity log, with the account as the actor and `ip` as the address the
 * request came from; nothing is recorded for an address that is not an administrator's.
 */
export async function requestPasswordReset(
  email: string,
  now = new Date(),
  { ip = null }: { ip?: string | null } = {},
): Promise<string | null> {
  const user = await findUserByEmail(email);
  if (!user || !(await userHasRole(user.id, ADMIN_ROLE))) return null;
  const perAccount = await hitRateLimit(
    { key: `admin-reset-account:${user.id}`, ...RESET_MAILS_PER_ACCOUNT },
    now.getTime(),
  );
  if (!perAccount.allowed) {
    logger.warn("Password reset not sent: too many requests for one account in the last hour");
    return null;
  }
  await deleteStaleResetTokens(now);
  const token = crypto.randomBytes(32).toString("base64url");
  await insertResetToken({
    userId: user.id,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  const link = publicUrl(`/admin/reset/confirm?token=${token}`);
  const { name } = await getSiteSettings();
  await sendMail({
    to: user.email,
    subject: `Reset your ${name} admin password`,
    text: [
      "Hello,",
      "",
      `Someone (hopefully you) asked to reset the password of the ${name} admin account for ${user.email}.`,
      "Open this link to choose a new password. It works once, within one hour:",
      "",
      link,
      "",
      "If you did not ask for this, ignore this e-mail: your password stays the same.",
    ].join("\n"),
  });
  const account = { id: user.id, email: user.email };
  await recordActivity(await db(), {
    kind: "auth.password-reset-request",
    actor: { ...account, ip },
    subject: { type: "user", id: user.id, title: user.email },
  });
  return token;
}

/** When a reset token stops working, or null when it cannot be used now (unknown, used, expired, malformed). */
export async function usableResetTokenExpiry(token: string | null | undefined, now = new Date()): Promise<Date | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  return (await findUsableResetToken(hashResetToken(token), now))?.expiresAt ?? null;
}

/** Whether a reset link's token can still be used (unknown, used and expired tokens cannot). */
export async function isResetTokenUsable(token: string | null | undefined, now = new Date()): Promise<boolean> {
  return (await usableResetTokenExpiry(token, now)) !== null;
}

/**
 * Sets the new password with a reset token: the token is spent, and every session of the user ends; the
 * reset is recorded in the activity log in the same transaction (from the client address `ip`). Returns
 * false when the token is unknown, used or expired.
 */
export async function completePasswordReset(
  token: string,
  newPassword: string,
  now = new Date(),
  { ip = null }: { ip?: string | null } = {},
): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const tokenHash = hashResetToken(token);
  if (!(await findUsableResetToken(tokenHash, now))) return false;
  const passwordHash = await hashPassword(newPassword);
  const userId = await resetPasswordWithToken({ tokenHash, passwordHash, now, ip });
  return userId !== null;
}
