// The forms of /admin/users besides the invite dialog (which is the list building block's "create"):
// remove an admin, resend or withdraw an invitation, and the require-two-factor setting.
import { parseWithZod } from "@conform-to/zod/v4";
import type { ShownInvitation } from "~/components/admin/users/invitation-link-dialog";
import { data, redirect } from "react-router";
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from "remix-toast";
import { isRowId, listHref } from "~/lib/admin-list";
import type { FormActionData } from "~/lib/form-result";
import { CONFIRM_WITHDRAW_PARAM, twoFactorPolicySchema, USER_MESSAGES } from "~/lib/schemas/users";
import { withdrawInvitation } from "~/models/invitations.server";
import { getSecurityPolicy, setRequireTwoFactor } from "~/models/site-settings.server";
import { removeAdmin } from "~/models/users.server";
import { formRefusal } from "./form-refusal.server";
import type { ListActionData } from "./list-action.server";
import type { AdminUser } from "~/services/auth.server";
import { type IssuedInvitation, resendInvitation } from "~/services/admin-invitations.server";
import { isTwoFactorEnabled } from "~/services/two-factor.server";

export type InvitationLinkReply = FormActionData & { intent: "create" | "resend"; invitation: ShownInvitation };
export type PolicyReply = FormActionData & { intent: "require-two-factor" };
export type UsersActionData = InvitationLinkReply | PolicyReply;

/**
 * The answer to a new invitation: mailed → back to the list with 'Invitation sent to x'; otherwise the
 * page itself, rendered by this answer only, with the link to copy (no redirect: it would have to be stored).
 */
async function invitationAnswer<I extends "create" | "resend">(
  intent: I,
  invitation: IssuedInvitation,
  listUrl: string,
): Promise<Response | (FormActionData & { intent: I; invitation: ShownInvitation })> {
  if (invitation.delivery === "sent")
    return redirectWithSuccess(listUrl, USER_MESSAGES.invitationSent(invitation.email));
  const reply: FormActionData & { intent: I; invitation: ShownInvitation } = {
    intent,
    result: { status: "success" },
    outcome: "success",
    message: USER_MESSAGES.linkCreated,
    invitation: {
      email: invitation.email,
      link: invitation.link,
      expiresAt: invitation.expiresAt,
      mailFailed: invitation.delivery === "failed",
    },
  };
  return reply;
}

/** The create intent's reply as the list building block types it (it carries the link besides). */
export async function inviteCreatedAnswer(invitation: IssuedInvitation, listUrl: string) {
  const answer = await invitationAnswer("create", invitation, listUrl);
  if (answer instanceof Response) return answer;
  const reply: ListActionData = answer;
  return data<ListActionData>(reply);
}

/**
 * Answers the page's own intents (the list action's `otherIntents`: the admin session is checked and the
 * body read already), or null for the invite dialog's "create".
 */
export async function usersPageIntent(
  path: string,
  intent: FormDataEntryValue | null,
  formData: FormData,
  url: URL,
  actor: AdminUser,
): Promise<Response | ReturnType<typeof data<UsersActionData>> | null> {
  const listUrl = listHref(path, url.search, { [CONFIRM_WITHDRAW_PARAM]: null });
  const id = formData.get("id")?.toString();
  const confirmed = formData.get("confirmed") === "yes";

  if (intent === "delete") {
    const gone = () =>
      redirectWithError(listUrl, { message: USER_MESSAGES.deleteFailed, description: USER_MESSAGES.gone });
    if (!isRowId(id)) return gone();
    if (id === actor.id) {
      return redirectWithError(listUrl, {
        message: USER_MESSAGES.deleteFailed,
        description: USER_MESSAGES.cannotRemoveSelf,
      });
    }
    // Without the confirmation's field (a hand-made post), ask first.
    if (!confirmed) throw redirect(listHref(path, url.search, { "confirm-delete": id }));
    const removed = await removeAdmin(id, actor);
    switch (removed.status) {
      case "removed":
        return redirectWithSuccess(listUrl, USER_MESSAGES.deleted);
      case "self":
        return redirectWithError(listUrl, {
          message: USER_MESSAGES.deleteFailed,
          description: USER_MESSAGES.cannotRemoveSelf,
        });
      case "last-admin":
        return redirectWithError(listUrl, {
          message: USER_MESSAGES.deleteFailed,
          description: USER_MESSAGES.cannotRemoveLast,
        });
      case "not-admin":
        // Removed meanwhile by someone else: the list's guard sends them to the login page.
        return redirect(listUrl);
      default:
        return gone();
    }
  }

  if (intent === "resend" || intent === "withdraw") {
    const failed = intent === "resend" ? USER_MESSAGES.resendFailed : USER_MESSAGES.withdrawFailed;
    const gone = () => redirectWithError(listUrl, { message: failed, description: USER_MESSAGES.invitationGone });
    if (!isRowId(id)) return gone();
    if (intent === "withdraw") {
      if (!confirmed) throw redirect(listHref(path, url.search, { [CONFIRM_WITHDRAW_PARAM]: id }));
      const withdrawn = await withdrawInvitation(id, actor);
      return withdrawn ? redirectWithSuccess(listUrl, USER_MESSAGES.withdrawn) : gone();
    }
    const resent = await resendInvitation(id, actor);
    if (resent.status === "missing") return gone();
    if (resent.status === "email-taken") {
      return redirectWithError(listUrl, { message: failed, description: USER_MESSAGES.emailTaken });
    }
    const answer = await invitationAnswer("resend", resent.invitation, listUrl);
    return answer instanceof Response ? answer : data<UsersActionData>(answer);
  }

  if (intent === "require-two-factor") {
    const submission = parseWithZod(formData, { schema: twoFactorPolicySchema });
    const required = submission.status === "success" && submission.value.requireTwoFactor;
    if (required && !(await isTwoFactorEnabled(actor.id))) {
      const refusal = formRefusal(submission, USER_MESSAGES.twoFactorFirst, {
        outcome: "invalid",
        message: USER_MESSAGES.policyFailed,
      });
      return data<UsersActionData>({ intent, ...refusal }, { status: 400 });
    }
    if ((await getSecurityPolicy()).requireTwoFactor === required) {
      return redirectWithInfo(listUrl, USER_MESSAGES.policyUnchanged);
    }
    await setRequireTwoFactor(required, actor);
    return redirectWithSuccess(listUrl, required ? USER_MESSAGES.requiredOn : USER_MESSAGES.requiredOff);
  }

  return null;
}
