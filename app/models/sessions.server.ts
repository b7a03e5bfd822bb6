import { db } from "~/server/db.server";
import { type ActivityEntry, recordActivity } from "./activity.server";

export interface SessionWithUser {
  idHash: string;
  userId: string;
  email: string;
  /** Whether the user has two-factor sign-in on (read with the session: the admin guard needs it). */
  twoFactorEnabled: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

/**
 * Stores a new session; with `activity` (the sign-in event), its log row is written in the same
 * transaction, so a session exists exactly when its sign-in is recorded.
 */
export async function insertSession(
  input: {
    idHash: string;
    userId: string;
    now: Date;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
  },
  activity?: ActivityEntry,
): Promise<void> {
  await (await db()).transaction().execute(async (trx) => {
    await trx
      .insertInto("sessions")
      .values({
        id_hash: input.idHash,
        user_id: input.userId,
        created_at: input.now,
        last_seen_at: input.now,
        expires_at: input.expiresAt,
        user_agent: input.userAgent?.slice(0, 500) ?? null,
        ip: input.ip?.slice(0, 100) ?? null,
      })
      .execute();
    if (activity) await recordActivity(trx, activity);
  });
}

/** The session with this id hash and its user's e-mail, whether or not it has expired (the caller decides). */
export async function findSessionWithUser(idHash: string): Promise<SessionWithUser | undefined> {
  const row = await (
    await db()
  )
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .leftJoin("user_two_factor", "user_two_factor.user_id", "sessions.user_id")
    .select([
      "sessions.id_hash",
      "sessions.user_id",
      "users.email",
      "user_two_factor.enabled_at as two_factor_enabled_at",
      "sessions.created_at",
      "sessions.last_seen_at",
      "sessions.expires_at",
    ])
    .where("sessions.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    idHash: row.id_hash,
    userId: row.user_id,
    email: row.email,
    twoFactorEnabled: row.two_factor_enabled_at !== null,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}

/** Records activity, which keeps an idle session alive. */
export async function touchSession(idHash: string, now: Date): Promise<void> {
  await (await db()).updateTable("sessions").set({ last_seen_at: now }).where("id_hash", "=", idHash).execute();
}

/**
 * Ends a session; with `activity` (the sign-out event), its log row is written in the same transaction,
 * and only when the session still existed.
 */
export async function deleteSession(idHash: string, activity?: ActivityEntry): Promise<void> {
  if (!activity) {
    await (await db()).deleteFrom("sessions").where("id_hash", "=", idHash).execute();
    return;
  }
  await (await db()).transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom("sessions").where("id_hash", "=", idHash).returning("id_hash").execute();
    if (deleted.length > 0) await recordActivity(trx, activity);
  });
}

export async function deleteSessionsOfUser(userId: string): Promise<void> {
  await (await db()).deleteFrom("sessions").where("user_id", "=", userId).execute();
}

export async function countSessionsOfUser(userId: string): Promise<number> {
  const row = await (
    await db()
  )
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Drops sessions past their absolute expiry or idle longer than allowed. */
export async function deleteExpiredSessions(now: Date, idleSince: Date): Promise<void> {
  await (
    await db()
  )
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<", idleSince)]))
    .execute();
}
