import { sql } from "kysely";
import { db } from "~/server/db.server";

/**
 * Stores a browser's new device cookie for the user and, in the same transaction, revokes the ones it
 * replaces (that browser's earlier cookie for the account) and forgets every expired one.
 */
export async function insertDeviceCookie(input: {
  nonceHash: string;
  userId: string;
  now: Date;
  expiresAt: Date;
  replaces: string[];
}): Promise<void> {
  await (await db()).transaction().execute(async (trx) => {
    if (input.replaces.length > 0) {
      await trx
        .deleteFrom("admin_device_cookies")
        .where("user_id", "=", input.userId)
        .where("nonce_hash", "in", input.replaces)
        .execute();
    }
    await trx.deleteFrom("admin_device_cookies").where("expires_at", "<=", input.now).execute();
    await trx
      .insertInto("admin_device_cookies")
      .values({
        nonce_hash: input.nonceHash,
        user_id: input.userId,
        created_at: input.now,
        expires_at: input.expiresAt,
      })
      .execute();
  });
}

/**
 * Whether the cookie with this nonce hash is live for the account with this (normalised) e-mail: not revoked,
 * not expired, and issued to that account.
 */
export async function isDeviceCookieLive(nonceHash: string, account: string, now: Date): Promise<boolean> {
  const row = await (
    await db()
  )
    .selectFrom("admin_device_cookies as d")
    .innerJoin("users as u", "u.id", "d.user_id")
    .select("d.nonce_hash")
    .where("d.nonce_hash", "=", nonceHash)
    .where("d.expires_at", ">", now)
    .where(sql<string>`lower(u.email)`, "=", account)
    .executeTakeFirst();
  return row !== undefined;
}
