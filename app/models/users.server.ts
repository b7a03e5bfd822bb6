import { sql } from "kysely";
import { db, type DB } from "~/server/db.server";
import type { User } from "~/server/schema.server";
import { type ActivityActor, recordActivity } from "./activity.server";

export const ADMIN_ROLE = "admin";
/**
 * The advisory lock of every change to who is an administrator (invite, accept, remove): taken inside the
 * change's transaction, so two admins removing each other at once cannot leave none.
 */
export async function lockAdminUsers(trx: DB): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('admin-users'))`.execute(trx);
}

/** Postgres' unique-violation code: the e-mail is taken (users_email_lower_idx). */
const UNIQUE_VIOLATION = "23505";

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/**
 * The account with this e-mail, compared case-insensitively (the unique index is on lower(email)); inside a
 * transaction, pass its executor.
 */
export async function findUserByEmail(email: string, executor?: DB): Promise<User | undefined> {
  return (executor ?? (await db()))
    .selectFrom("users")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(id: string): Promise<User | undefined> {
  return (await db()).selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Whether the user has this role (the spec's user_roles lookup). Throws when the database fails. */
export async function userHasRole(userId: string, role: string): Promise<boolean> {
  const row = await (
    await db()
  )
    .selectFrom("user_roles")
    .select("role")
    .where("user_id", "=", userId)
    .where("role", "=", role)
    .executeTakeFirst();
  return row !== undefined;
}

export async function adminExists(): Promise<boolean> {
  const row = await (
    await db()
  )
    .selectFrom("user_roles")
    .select("user_id")
    .where("role", "=", ADMIN_ROLE)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export type CreateUserResult = { status: "created"; user: User } | { status: "email-taken" };

/** Inserts an account and its roles with `executor` (a transaction's, so the caller's checks hold). */
export async function insertUser(
  executor: DB,
  input: { email: string; passwordHash: string; roles: readonly string[] },
): Promise<User> {
  const user = await executor
    .insertInto("users")
    .values({ email: input.email.trim(), password_hash: input.passwordHash })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const role of input.roles) {
    await executor.insertInto("user_roles").values({ user_id: user.id, role }).execute();
  }
  return user;
}

/** A new account with the given roles (none: a signed-in user who is not an admin). */
export async function createUser(input: {
  email: string;
  passwordHash: string;
  roles?: readonly string[];
}): Promise<CreateUserResult> {
  try {
    const user = await (
      await db()
    )
      .transaction()
      .execute((trx) => insertUser(trx, { ...input, roles: input.roles ?? [] }));
    return { status: "created", user };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "email-taken" };
    throw error;
  }
}

/**
 * Records a new admin account that its owner created (the setup link, an accepted invitation): the new
 * account is who did it, from `ip`. Call it in the transaction that created the account.
 */
export async function recordUserCreated(trx: DB, user: User, ip: string | null | undefined): Promise<void> {
  await recordActivity(trx, {
    kind: "user.create",
    actor: { id: user.id, email: user.email, ip },
    subject: { type: "user", id: user.id, title: user.email },
    changes: null,
  });
}

/**
 * The first administrator, from the one-time setup link: created only while no admin exists. The
 * transaction takes an advisory lock so two setups racing on a shared Postgres cannot both win. The new
 * account is recorded ('user.create', by itself) in the same transaction.
 */
export async function createFirstAdmin(input: {
  email: string;
  passwordHash: string;
  /** The client address of the setup request, for the activity log. */
  ip?: string | null;
}): Promise<CreateUserResult | { status: "admin-exists" }> {
  try {
    return await (await db()).transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('admin-setup'))`.execute(trx);
      const existing = await trx
        .selectFrom("user_roles")
        .select("user_id")
        .where("role", "=", ADMIN_ROLE)
        .limit(1)
        .executeTakeFirst();
      if (existing) return { status: "admin-exists" as const };
      const user = await insertUser(trx, { email: input.email, passwordHash: input.passwordHash, roles: [ADMIN_ROLE] });
      await recordUserCreated(trx, user, input.ip);
      return { status: "created" as const, user };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "email-taken" };
    throw error;
  }
}

/** Gives an existing user a role; nothing happens when they already have it. */
export async function grantRole(userId: string, role: string): Promise<void> {
  await (
    await db()
  )
    .insertInto("user_roles")
    .values({ user_id: userId, role })
    .onConflict((oc) => oc.columns(["user_id", "role"]).doNothing())
    .execute();
}

/** Replaces a password hash (e.g. a stronger re-hash after sign-in); sessions are left alone. */
export async function updatePasswordHash(userId: string, passwordHash: string): Promise<void> {
  await (
    await db()
  )
    .updateTable("users")
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where("id", "=", userId)
    .execute();
}

/**
 * A new password chosen by the user or an operator: every session and every device cookie of the account
 * ends with the old one.
 */
export async function changePassword(userId: string, passwordHash: string): Promise<void> {
  await (await db()).transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    await trx.deleteFrom("admin_device_cookies").where("user_id", "=", userId).execute();
  });
}

/** An administrator as /admin/users lists them. */
export interface AdminAccount {
  id: string;
  email: string;
  createdAt: Date;
  /** The newest use of any of their sessions; null when they have none (signed out everywhere). */
  lastSeenAt: Date | null;
  /** Two-factor sign-in turned on (enrolment confirmed). */
  twoFactorEnabled: boolean;
}

/** Every administrator, by e-mail, with their two-factor state and last activity (one query). */
export async function listAdmins(): Promise<AdminAccount[]> {
  const rows = await (
    await db()
  )
    .selectFrom("users as u")
    .innerJoin("user_roles as r", (join) => join.onRef("r.user_id", "=", "u.id").on("r.role", "=", ADMIN_ROLE))
    .leftJoin("user_two_factor as t", "t.user_id", "u.id")
    .select((eb) => [
      "u.id",
      "u.email",
      "u.created_at",
      eb("t.enabled_at", "is not", null).as("two_factor_enabled"),
      eb
        .selectFrom("sessions as s")
        .select((s) => s.fn.max("s.last_seen_at").as("m"))
        .whereRef("s.user_id", "=", "u.id")
        .as("last_seen_at"),
    ])
    .orderBy(sql`lower(u.email)`)
    .orderBy("u.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at ? new Date(row.last_seen_at) : null,
    twoFactorEnabled: Boolean(row.two_factor_enabled),
  }));
}

/** One administrator as listAdmins shows them, or undefined (no such account, or not an admin). */
export async function findAdmin(id: string): Promise<AdminAccount | undefined> {
  return (await listAdmins()).find((admin) => admin.id === id);
}

export type RemoveAdminResult =
  | { status: "removed"; user: User }
  | { status: "self" }
  | { status: "last-admin" }
  | { status: "missing" }
  /** The acting admin was removed meanwhile, by someone else. */
  | { status: "not-admin" };

/**
 * Removes an administrator: the users row goes, and with it (cascading) their sessions, device cookies,
 * two-factor secret, recovery codes and reset links, so every session of theirs ends at once; the activity log keeps their
 * e-mail. Never the acting admin themselves, never the last administrator: checked under the admin-users
 * lock, in the transaction that deletes and records 'user.remove'.
 */
export async function removeAdmin(id: string, actor: ActivityActor): Promise<RemoveAdminResult> {
  if (id === actor.id) return { status: "self" };
  return (await db()).transaction().execute(async (trx) => {
    await lockAdminUsers(trx);
    const admins = await trx.selectFrom("user_roles").select("user_id").where("role", "=", ADMIN_ROLE).execute();
    const adminIds = new Set(admins.map((row) => row.user_id));
    if (!adminIds.has(id)) return { status: "missing" as const };
    if (adminIds.size <= 1) return { status: "last-admin" as const };
    if (!adminIds.has(actor.id)) return { status: "not-admin" as const };
    const user = await trx.deleteFrom("users").where("id", "=", id).returningAll().executeTakeFirst();
    if (!user) return { status: "missing" as const };
    await recordActivity(trx, {
      kind: "user.remove",
      actor,
      subject: { type: "user", id: user.id, title: user.email },
    });
    return { status: "removed" as const, user };
  });
}
