import { sql } from "kysely";
import { db, type DB } from "~/server/db.server";
import type { User, UserInvitation } from "~/server/schema.server";
import { type ActivityActor, recordActivity } from "./activity.server";
import {
  ADMIN_ROLE,
  findUserByEmail,
  insertUser,
  isUniqueViolation,
  lockAdminUsers,
  recordUserCreated,
} from "./users.server";

// Invitations to the admin (/admin/users → /admin/invite): a single-use, expiring link to set a password.
// Only the token's hash is stored; using, replacing or withdrawing an invitation deletes its row, which is
// what makes a link work at most once. The tokens and mails live in app/services/admin-invitations.server.ts.

const sameEmail = (email: string) => sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`;

/** Every invitation not used or withdrawn yet, expired ones included, newest first. */
export async function listInvitations(): Promise<UserInvitation[]> {
  return (await db())
    .selectFrom("user_invitations")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** The invitation a token (by its hash) belongs to, while it is unused and unexpired at `now`. */
export async function findUsableInvitation(
  tokenHash: string,
  now: Date,
  executor?: DB,
): Promise<UserInvitation | undefined> {
  return (executor ?? (await db()))
    .selectFrom("user_invitations")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

export type CreateInvitationResult =
  | { status: "created"; invitation: UserInvitation }
  | { status: "email-taken" }
  /** `replacing` named an invitation that is gone (used or withdrawn meanwhile). */
  | { status: "missing" };

/**
 * Invites `email` to become an administrator, recorded as 'user.invite' in the same transaction. Refused
 * when an account has the address (compared case-insensitively). A pending invitation to the same address
 * is replaced: its row goes, so its link dies. With `replacing` (Resend), that invitation must still exist;
 * the address is its own.
 */
export async function createInvitation(input: {
  /** Who: an address, or (Resend) the pending invitation whose address it is. */
  target: { email: string } | { replacing: string };
  tokenHash: string;
  expiresAt: Date;
  actor: ActivityActor;
  now?: Date;
}): Promise<CreateInvitationResult> {
  const { actor, target } = input;
  return (await db()).transaction().execute(async (trx) => {
    await lockAdminUsers(trx);
    let email: string;
    if ("replacing" in target) {
      const replaced = await trx
        .selectFrom("user_invitations")
        .select("email")
        .where("id", "=", target.replacing)
        .executeTakeFirst();
      if (!replaced) return { status: "missing" as const };
      email = replaced.email;
    } else {
      email = target.email.trim();
    }
    // Refused before anything is written: a refusal changes nothing.
    if (await findUserByEmail(email, trx)) return { status: "email-taken" as const };
    // The replaced invitation (Resend) is one of these.
    await trx.deleteFrom("user_invitations").where(sameEmail(email)).execute();
    const invitation = await trx
      .insertInto("user_invitations")
      .values({
        email,
        token_hash: input.tokenHash,
        invited_by: actor.id,
        invited_by_email: actor.email,
        created_at: input.now ?? new Date(),
        expires_at: input.expiresAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(trx, {
      kind: "user.invite",
      actor,
      subject: { type: "user-invitation", id: invitation.id, title: invitation.email },
    });
    return { status: "created" as const, invitation };
  });
}

/**
 * Withdraws an invitation: its row goes (so its link dies), recorded in the same transaction. Undefined when
 * it was not there (used or withdrawn meanwhile).
 *
 * Recorded as 'user.invite-withdraw'.
 */
export async function withdrawInvitation(id: string, actor: ActivityActor): Promise<UserInvitation | undefined> {
  return (await db()).transaction().execute(async (trx) => {
    await lockAdminUsers(trx);
    const invitation = await trx.deleteFrom("user_invitations").where("id", "=", id).returningAll().executeTakeFirst();
    if (!invitation) return undefined;
    await recordActivity(trx, {
      kind: "user.invite-withdraw",
      actor,
      subject: { type: "user-invitation", id: invitation.id, title: invitation.email },
    });
    return invitation;
  });
}

export type AcceptInvitationResult =
  | { status: "created"; user: User }
  /** Unknown, used, withdrawn, replaced or expired. */
  | { status: "invalid" }
  /** An account with the invited address was created meanwhile: nothing was created or spent. */
  | { status: "email-taken" };

/**
 * Creates the invited administrator with the token's invitation, in one transaction under the admin-users
 * lock: the invitation is checked again (exists, unexpired at `now`), the address must still be free, the
 * account is created with the admin role, the invitation's row is deleted (the link is spent) and
 * 'user.create' is recorded with the new account as the actor.
 */
export async function acceptInvitation(input: {
  tokenHash: string;
  passwordHash: string;
  ip: string | null;
  now: Date;
}): Promise<AcceptInvitationResult> {
  try {
    return await (await db()).transaction().execute(async (trx) => {
      await lockAdminUsers(trx);
      const invitation = await findUsableInvitation(input.tokenHash, input.now, trx);
      if (!invitation) return { status: "invalid" as const };
      if (await findUserByEmail(invitation.email, trx)) return { status: "email-taken" as const };
      const user = await insertUser(trx, {
        email: invitation.email,
        passwordHash: input.passwordHash,
        roles: [ADMIN_ROLE],
      });
      const spent = await trx.deleteFrom("user_invitations").where("id", "=", invitation.id).executeTakeFirst();
      if (Number(spent.numDeletedRows) !== 1) throw new Error("The invitation changed while it was being used");
      await recordUserCreated(trx, user, input.ip);
      return { status: "created" as const, user };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "email-taken" };
    throw error;
  }
}
