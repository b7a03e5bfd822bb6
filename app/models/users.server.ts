import { sql } from "kysely";
import { db, type DB } from "~/server/db.server";
import type { User } from "~/server/schema.server";

export const ADMIN_ROLE = "admin";

/** Postgres' unique-violation code: the e-mail is taken (users_email_lower_idx). */
const UNIQUE_VIOLATION = "23505";

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/** The account with this e-mail, compared case-insensitively (the unique index is on lower(email)). */
export async function findUserByEmail(email: string): Promise<User | undefined> {
  return (await db())
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

async function insertUser(
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
 * The first administrator, from the one-time setup link: created only while no admin exists. The
 * transaction takes an advisory lock so two setups racing on a shared Postgres cannot both win.
 */
export async function createFirstAdmin(input: {
  email: string;
  passwordHash: string;
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
      const user = await insertUser(trx, { ...input, roles: [ADMIN_ROLE] });
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

/** A new password chosen by the user or an operator: every session of the account ends with the old one. */
export async function changePassword(userId: string, passwordHash: string): Promise<void> {
  await (await db()).transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
  });
}
