import { z } from "zod";
import { resetConfirmSchema } from "./auth";
import { emailField } from "./fields";

// Admin accounts (/admin/users) and the invitation page (/admin/invite): forms and their words.

export const USERS_PATH = "/admin/users";
export const INVITE_PATH = "/admin/invite";
/** Where an admin turns on their own two-factor sign-in. */
export const ACCOUNT_PATH = "/admin/account";

/** The URL dialogs of /admin/users (besides ?confirm-delete=<admin id>). */
export const INVITE_DIALOG = "invite";
export const CONFIRM_WITHDRAW_PARAM = "confirm-withdraw";

/** The invite dialog: who to invite. */
export const inviteSchema = z.object({ email: emailField() });

/** The require-two-factor card: the checkbox sends "on" when ticked, nothing otherwise. */
export const twoFactorPolicySchema = z.object({ requireTwoFactor: z.boolean().optional().default(false) });

/** /admin/invite: the new account's password, with the same rules and messages as a password reset. */
export const acceptInvitationSchema = resetConfirmSchema;

export const USER_MESSAGES = {
  // The list building block's words (app/routes/admin/list-action.server.ts).
  created: "Invitation sent",
  updated: "User updated",
  deleted: "User removed",
  createFailed: "Error sending invitation",
  updateFailed: "Error updating user",
  deleteFailed: "Error removing user",
  gone: "This account no longer exists.",
  saveFailed: "The invitation could not be created. Please try again.",

  invitationSent: (email: string) => `Invitation sent to ${email}`,
  linkCreated: "Invitation created",
  emailTaken: "An account with this email already exists",
  mailFailed: "The invitation e-mail could not be sent. Pass the link on yourself.",
  cannotRemoveSelf: "You cannot remove your own account",
  cannotRemoveLast: "The last administrator cannot be removed",
  confirmRemove:
    "They will no longer be able to sign in, and every session of theirs ends at once. What they changed stays, and the activity log keeps their e-mail.",

  resendFailed: "Error resending invitation",
  withdrawn: "Invitation withdrawn",
  withdrawFailed: "Error withdrawing invitation",
  invitationGone: "This invitation no longer exists.",
  confirmWithdraw: "The link in their e-mail stops working. You can invite them again later.",

  twoFactorFirst: "Turn on two-factor sign-in for your own account first",
  policyFailed: "Error saving the two-factor setting",
  requiredOn: "Two-factor sign-in is now required for every admin",
  requiredOff: "Two-factor sign-in is now optional",
  policyUnchanged: "No changes to save",

  invalidInvitation: "This invitation link is invalid or has expired. Ask an administrator to send a new one.",
  accountExists: "An account with this email already exists. Sign in with it instead.",
  welcome: "Welcome! Your account is ready.",
  acceptFailed: "Failed to create your account",
} as const;
