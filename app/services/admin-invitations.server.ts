import crypto from "node:crypto";
import { INVITE_PATH } from "~/lib/schemas/users";
import type { ActivityActor } from "~/models/activity.server";
import {
  type AcceptInvitationResult,
  acceptInvitation,
  createInvitation,
  findUsableInvitation,
} from "~/models/invitations.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { publicUrl } from "~/server/env.server";
import { isMailConfigured, sendMail } from "~/server/mail.server";
import { hashPassword } from "~/server/password.server";
import { logger } from "~/server/logger.server";

// The tokens and mails of admin invitations (the rows are app/models/invitations.server.ts): 32 random bytes
// as base64url in the link, only their SHA-256 in the database, a week to use them, once.

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashInvitationToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The address the invited person opens: the raw token in it is never stored. */
export function invitationLink(token: string): string {
  return publicUrl(`${INVITE_PATH}?token=${token}`);
}

/**
 * How the link reached the invited person: mailed over SMTP ("sent"); written to the outbox because mail is
 * not set up ("outbox"); or the SMTP server refused it ("failed"). In the last two the inviter is shown the
 * link once, to pass on.
 */
export type InvitationDelivery = "sent" | "outbox" | "failed";

export interface IssuedInvitation {
  id: string;
  email: string;
  link: string;
  expiresAt: Date;
  delivery: InvitationDelivery;
}

export type InviteAdminResult =
  { status: "invited"; invitation: IssuedInvitation } | { status: "email-taken" } | { status: "missing" };

/**
 * Invites `email` to the admin, recorded as `actor`'s 'user.invite' (a pending invitation to the address is
 * replaced, its link dies), then mails the link with the site's live name.
 */
export function inviteAdmin(email: string, actor: ActivityActor, now = new Date()): Promise<InviteAdminResult> {
  return issueInvitation({ email }, actor, now);
}

/** Resend: the invitation `id` again under a new link (the old one dies), mailed again. */
export function resendInvitation(id: string, actor: ActivityActor, now = new Date()): Promise<InviteAdminResult> {
  return issueInvitation({ replacing: id }, actor, now);
}

async function issueInvitation(
  target: { email: string } | { replacing: string },
  actor: ActivityActor,
  now: Date,
): Promise<InviteAdminResult> {
  const token = crypto.randomBytes(32).toString("base64url");
  const created = await createInvitation({
    target,
    tokenHash: hashInvitationToken(token),
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    actor,
    now,
  });
  if (created.status !== "created") return created;
  const { invitation } = created;
  const link = invitationLink(token);
  const delivery = await mailInvitation(invitation.email, link, actor.email);
  return {
    status: "invited",
    invitation: { id: invitation.id, email: invitation.email, link, expiresAt: invitation.expires_at, delivery },
  };
}

async function mailInvitation(to: string, link: string, invitedBy: string): Promise<InvitationDelivery> {
  const configured = isMailConfigured();
  try {
    const { name } = await getSiteSettings();
    await sendMail({
      to,
      subject: `You're invited to the ${name} admin`,
      text: [
        "Hello,",
        "",
        `${invitedBy} invited you to help run the ${name} website as an administrator.`,
        "Open this link to choose your password and set up your account. It works once, within 7 days:",
        "",
        link,
        "",
        "If you did not expect this invitation, ignore this e-mail: no account is created without you.",
      ].join("\n"),
    });
    return configured ? "sent" : "outbox";
  } catch (error) {
    logger.error({ err: error }, "An invitation could not be mailed");
    return configured ? "failed" : "outbox";
  }
}

/** The invited address and when the link stops working, or null when it cannot be used (unknown, used, expired). */
export async function usableInvitation(
  token: string | null | undefined,
  now = new Date(),
): Promise<{ email: string; expiresAt: Date } | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const invitation = await findUsableInvitation(hashInvitationToken(token), now);
  return invitation ? { email: invitation.email, expiresAt: invitation.expires_at } : null;
}

/**
 * Creates the invited administrator with this password (see acceptInvitation): the link is spent, and the
 * new account is the actor of its own 'user.create'.
 */
export async function acceptInvitationWithToken(
  token: string,
  password: string,
  options: { ip: string | null; now?: Date },
): Promise<AcceptInvitationResult> {
  const now = options.now ?? new Date();
  if (!TOKEN_PATTERN.test(token)) return { status: "invalid" };
  const tokenHash = hashInvitationToken(token);
  // Cheap refusal first: no password hashing for a dead link.
  if (!(await findUsableInvitation(tokenHash, now))) return { status: "invalid" };
  return acceptInvitation({ tokenHash, passwordHash: await hashPassword(password), ip: options.ip, now });
}
