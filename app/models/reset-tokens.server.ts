import { db } from "~/server/db.server";
import { recordActivity, REDACTED_CHANGE } from "~/models/activity.server";

/** Stores a reset token by its hash only: the table never holds a usable link. */
export async function insertResetToken(input: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await (
    await db()
  )
    .insertInto("password_reset_tokens")
    .values({ user_id: input.userId, token_hash: input.tokenHash, expires_at: input.expiresAt })
    .execute();
}

/** The user a token belongs to and when it expires, while it is unused and unexpired. */
export async function findUsableResetToken(
  tokenHash: string,
  now: Date,
): Promise<{ userId: string; expiresAt: Date } | undefined> {
  const row = await (
    await db()
  )
    .selectFrom("password_reset_tokens")
    .select(["user_id", "expires_at"])
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row ? { userId: row.user_id, expiresAt: row.expires_at } : undefined;
}

/**
 * Spends the token and sets the new password in one transaction: the token is claimed by a conditional
 * update (so two submissions cannot both use it), every session and device cookie of the user ends, and the user's other
 * outstanding links die with it. The reset is recorded in the activity log (the account as the actor, from
 * `ip`) in the same transaction. Returns the user id, or null when the token is unknown, used or expired.
 */
export async function resetPasswordWithToken(input: {
  tokenHash: string;
  passwordHash: string;
  now: Date;
  ip?: string | null;
}): Promise<string | null> {
  return (await db()).transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("password_reset_tokens")
      .set({ used_at: input.now })
      .where("token_hash", "=", input.tokenHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", input.now)
      .returning("user_id")
      .executeTakeFirst();
    if (!claimed) return null;
    const user = await trx
      .updateTable("users")
      .set({ password_hash: input.passwordHash, updated_at: input.now })
      .where("id", "=", claimed.user_id)
      .returning(["id", "email"])
      .executeTakeFirstOrThrow();
    await trx.deleteFrom("sessions").where("user_id", "=", claimed.user_id).execute();
    await trx.deleteFrom("admin_device_cookies").where("user_id", "=", claimed.user_id).execute();
    await trx
      .updateTable("password_reset_tokens")
      .set({ used_at: input.now })
      .where("user_id", "=", claimed.user_id)
      .where("used_at", "is", null)
      .execute();
    await recordActivity(trx, {
      kind: "auth.password-reset",
      actor: { id: user.id, email: user.email, ip: input.ip ?? null },
      subject: { type: "user", id: user.id, title: user.email },
      changes: { password: REDACTED_CHANGE },
    });
    return claimed.user_id;
  });
}

/** Forgets tokens that expired or were used more than a day ago. */
export async function deleteStaleResetTokens(now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await (
    await db()
  )
    .deleteFrom("password_reset_tokens")
    .where((eb) => eb.or([eb("expires_at", "<", dayAgo), eb("used_at", "<", dayAgo)]))
    .execute();
}
