import { type DB, db } from "~/server/db.server";
import type { UserTwoFactor } from "~/server/schema.server";
import { type ActivityActor, type ActivityKind, recordActivity, REDACTED_CHANGE } from "~/models/activity.server";

// The rows of two-factor sign-in: a user's encrypted TOTP secret (pending until confirmed, with the last
// step used) and the hashes of their recovery codes. The codes, keys and hashing live in
// app/services/two-factor.server.ts; this module only stores what it is given. Turning it on or off and
// replacing the recovery codes are recorded in the activity log in the same transaction as the change.

/** The log row of a change to `userId`'s two-factor sign-in, made by `actor` (in practice the user). */
async function recordTwoFactorChange(
  trx: DB,
  userId: string,
  actor: ActivityActor,
  kind: Extract<ActivityKind, `two-factor.${string}`>,
  changes: Parameters<typeof recordActivity>[1]["changes"],
): Promise<void> {
  const user = await trx.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  await recordActivity(trx, {
    kind,
    actor,
    subject: { type: "user", id: userId, title: user?.email ?? null },
    changes,
  });
}

export async function findTwoFactor(userId: string): Promise<UserTwoFactor | undefined> {
  return (await db()).selectFrom("user_two_factor").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** Stores a pending secret (replacing a pending one); false when two-factor is already on. */
export async function storePendingSecret(userId: string, secretEncrypted: string, now: Date): Promise<boolean> {
  const stored = await (
    await db()
  )
    .insertInto("user_two_factor")
    .values({ user_id: userId, secret_encrypted: secretEncrypted, enabled_at: null, last_used_step: null })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({ secret_encrypted: secretEncrypted, last_used_step: null, created_at: now, updated_at: now })
        .where("user_two_factor.enabled_at", "is", null),
    )
    .returning("user_id")
    .executeTakeFirst();
  return stored !== undefined;
}

/**
 * Turns a pending secret on, with its first used step and the recovery codes' hashes, in one transaction.
 * False when it changed meanwhile (restarted with another secret, or already on).
 */
export async function enableTwoFactor(
  userId: string,
  {
    secretEncrypted,
    step,
    codeHashes,
    now,
  }: { secretEncrypted: string; step: number; codeHashes: string[]; now: Date },
  actor: ActivityActor,
): Promise<boolean> {
  return (await db()).transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("user_two_factor")
      .set({ enabled_at: now, last_used_step: step, updated_at: now })
      .where("user_id", "=", userId)
      .where("enabled_at", "is", null)
      .where("secret_encrypted", "=", secretEncrypted)
      .returning("user_id")
      .executeTakeFirst();
    if (!updated) return false;
    await writeRecoveryCodes(trx, userId, codeHashes, now);
    await recordTwoFactorChange(trx, userId, actor, "two-factor.enable", { twoFactor: { from: false, to: true } });
    return true;
  });
}

/**
 * Records a step as used, only when it is newer than the last one (compare-and-set: of two requests racing
 * with one code, one wins), optionally re-storing the secret encrypted under the newest key.
 */
export async function recordUsedStep(
  userId: string,
  step: number,
  now: Date,
  reencryptedSecret?: string,
): Promise<boolean> {
  const recorded = await (
    await db()
  )
    .updateTable("user_two_factor")
    .set({
      last_used_step: step,
      updated_at: now,
      ...(reencryptedSecret ? { secret_encrypted: reencryptedSecret } : {}),
    })
    .where("user_id", "=", userId)
    .where("enabled_at", "is not", null)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
    .returning("user_id")
    .executeTakeFirst();
  return recorded !== undefined;
}

/** Spends the unused recovery code with one of these hashes, while two-factor is on; false when none. */
export async function spendRecoveryCode(userId: string, codeHashes: string[], now: Date): Promise<boolean> {
  const spent = await (
    await db()
  )
    .updateTable("user_recovery_codes")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .where("code_hash", "in", codeHashes)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("user_two_factor")
          .select("user_two_factor.user_id")
          .where("user_two_factor.user_id", "=", userId)
          .where("user_two_factor.enabled_at", "is not", null),
      ),
    )
    .returning("id")
    .executeTakeFirst();
  return spent !== undefined;
}

/** Replaces the recovery codes' hashes while two-factor is on (the row locked); false when it is off. */
export async function replaceRecoveryCodes(
  userId: string,
  codeHashes: string[],
  now: Date,
  actor: ActivityActor,
): Promise<boolean> {
  return (await db()).transaction().execute(async (trx) => {
    const enabled = await trx
      .selectFrom("user_two_factor")
      .select("user_id")
      .where("user_id", "=", userId)
      .where("enabled_at", "is not", null)
      .forUpdate()
      .executeTakeFirst();
    if (!enabled) return false;
    await writeRecoveryCodes(trx, userId, codeHashes, now);
    await recordTwoFactorChange(trx, userId, actor, "two-factor.recovery-codes", { recoveryCodes: REDACTED_CHANGE });
    return true;
  });
}

/** Removes a user's secret and recovery codes; false when two-factor sign-in was not on (nothing recorded). */
export async function deleteTwoFactor(userId: string, actor: ActivityActor): Promise<boolean> {
  return (await db()).transaction().execute(async (trx) => {
    await trx.deleteFrom("user_recovery_codes").where("user_id", "=", userId).execute();
    const deleted = await trx
      .deleteFrom("user_two_factor")
      .where("user_id", "=", userId)
      .returning("enabled_at")
      .executeTakeFirst();
    if (!deleted?.enabled_at) return false;
    await recordTwoFactorChange(trx, userId, actor, "two-factor.disable", { twoFactor: { from: true, to: false } });
    return true;
  });
}

/** How many unused recovery codes a user has left. */
export async function countUnusedRecoveryCodes(userId: string): Promise<number> {
  const { left } = await (
    await db()
  )
    .selectFrom("user_recovery_codes")
    .select((eb) => eb.fn.countAll<string | number>().as("left"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(left);
}

/** A user's recovery codes become exactly these hashes. */
async function writeRecoveryCodes(trx: DB, userId: string, codeHashes: string[], now: Date): Promise<void> {
  await trx.deleteFrom("user_recovery_codes").where("user_id", "=", userId).execute();
  await trx
    .insertInto("user_recovery_codes")
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
    .execute();
}
