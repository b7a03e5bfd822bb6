import { db } from "~/server/db.server";

export interface SessionWithUser {
  idHash: string;
  userId: string;
  email: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

export async function insertSession(input: {
  idHash: string;
  userId: string;
  now: Date;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}): Promise<void> {
  await (
    await db()
  )
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
}

/** The session with this id hash and its user's e-mail, whether or not it has expired (the caller decides). */
export async function findSessionWithUser(idHash: string): Promise<SessionWithUser | undefined> {
  const row = await (
    await db()
  )
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id_hash",
      "sessions.user_id",
      "users.email",
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
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}

/** Records activity, which keeps an idle session alive. */
export async function touchSession(idHash: string, now: Date): Promise<void> {
  await (await db()).updateTable("sessions").set({ last_seen_at: now }).where("id_hash", "=", idHash).execute();
}

export async function deleteSession(idHash: string): Promise<void> {
  await (await db()).deleteFrom("sessions").where("id_hash", "=", idHash).execute();
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
