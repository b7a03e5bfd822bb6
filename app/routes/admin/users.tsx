// /admin/users: the administrators, the pending invitations and the two-factor policy, with the dialogs
// in the address (invite, remove, withdraw) so that every step works without JavaScript.
import { Flex, Heading } from "@radix-ui/themes";
import { data, useActionData, useLocation, useNavigation } from "react-router";
import { redirectWithError } from "remix-toast";
import {
  AddLink,
  ConfirmDeleteDialog,
  ListBody,
  useActionFailureToast,
  useDialogResult,
} from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { InvitationLinkDialog, type ShownInvitation } from "~/components/admin/users/invitation-link-dialog";
import { InviteDialog } from "~/components/admin/users/invite-dialog";
import { TwoFactorPolicy } from "~/components/admin/users/two-factor-policy";
import { AdminTable, type AdminView, InvitationTable, type InvitationView } from "~/components/admin/users/user-tables";
import { isRowId, listHref } from "~/lib/admin-list";
import { CONFIRM_WITHDRAW_PARAM, INVITE_DIALOG, inviteSchema, USER_MESSAGES, USERS_PATH } from "~/lib/schemas/users";
import { listInvitations } from "~/models/invitations.server";
import { getSecurityPolicy } from "~/models/site-settings.server";
import { findAdmin, listAdmins } from "~/models/users.server";
import { isMailConfigured } from "~/server/mail.server";
import { inviteAdmin } from "~/services/admin-invitations.server";
import { signedInAdmin } from "~/services/auth.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import usersStyles from "~/styles/admin-users.css?url";
import type { Route } from "./+types/users";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { dialogFromUrl, type ListActionData, listAction } from "./list-action.server";
import { inviteCreatedAnswer, usersPageIntent } from "./users.server";

const PATH = USERS_PATH;

export const links: Route.LinksFunction = () => stylesheets(catalogStyles, usersStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, PATH, "Users", "People who can sign in to the admin.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = signedInAdmin(context);
  const url = new URL(request.url);
  const now = new Date();
  const [admins, invitations, policy] = await Promise.all([listAdmins(), listInvitations(), getSecurityPolicy()]);
  const listUrl = listHref(PATH, url.search, { [CONFIRM_WITHDRAW_PARAM]: null });

  // ?confirm-delete=<admin id> asks before removing (the dialog that works without JavaScript).
  const dialog = await dialogFromUrl(url, PATH, {
    find: async (id) => admins.find((admin) => admin.id === id),
    view: (admin): AdminView => admin,
    messages: USER_MESSAGES,
  });
  const confirmRemove = dialog?.mode === "confirm-delete" ? dialog.row : null;
  if (confirmRemove?.id === me.id) {
    throw await redirectWithError(listUrl, {
      message: USER_MESSAGES.deleteFailed,
      description: USER_MESSAGES.cannotRemoveSelf,
    });
  }
  const invitationViews: InvitationView[] = invitations.map((invitation) => ({
    id: invitation.id,
    email: invitation.email,
    invitedBy: invitation.invited_by_email,
    createdAt: invitation.created_at,
    expiresAt: invitation.expires_at,
    expired: invitation.expires_at.getTime() <= now.getTime(),
  }));
  const withdrawId = url.searchParams.get(CONFIRM_WITHDRAW_PARAM);
  const confirmWithdraw = withdrawId === null ? null : invitationViews.find((i) => i.id === withdrawId);
  if (withdrawId !== null && (!isRowId(withdrawId) || !confirmWithdraw)) {
    throw await redirectWithError(listUrl, {
      message: USER_MESSAGES.withdrawFailed,
      description: USER_MESSAGES.invitationGone,
    });
  }
  return {
    meId: me.id,
    admins: admins satisfies AdminView[],
    invitations: invitationViews,
    requireTwoFactor: policy.requireTwoFactor,
    mailConfigured: isMailConfigured(),
    inviteOpen: url.searchParams.get("dialog") === INVITE_DIALOG,
    confirmRemove,
    confirmWithdraw: confirmWithdraw ?? null,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return listAction(request, signedInAdmin(context), {
    path: PATH,
    noun: "User",
    messages: USER_MESSAGES,
    schema: inviteSchema,
    find: findAdmin,
    // Removing is the page's own "delete" (it can be refused: yourself, the last admin), answered first.
    remove: async () => undefined,
    otherIntents: (intent, formData, url, actor) => usersPageIntent(PATH, intent, formData, url, actor),
    save: async ({ intent, value, listUrl, refuseField, actor }) => {
      if (intent !== "create") throw data("Unknown action", { status: 400 });
      const invited = await inviteAdmin(value.email, actor);
      if (invited.status === "email-taken") return refuseField("email", USER_MESSAGES.emailTaken);
      if (invited.status !== "invited") throw new Error("The new invitation was not created");
      return inviteCreatedAnswer(invited.invitation, listUrl);
    },
  });
}

/** The link of an invitation just created or resent, in this answer only. */
function shownInvitation(actionData: unknown): ShownInvitation | undefined {
  if (!actionData || typeof actionData !== "object" || !("invitation" in actionData)) return undefined;
  return (actionData as { invitation: ShownInvitation }).invitation;
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { meId, admins, invitations, requireTwoFactor, mailConfigured, inviteOpen, confirmRemove, confirmWithdraw } =
    loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  useActionFailureToast(actionData);
  const lastResult = useDialogResult<ListActionData>();
  const shown = navigation.state === "idle" ? shownInvitation(actionData) : undefined;
  const policyReply =
    actionData && "intent" in actionData && actionData.intent === "require-two-factor" ? actionData : undefined;
  const closeTo = listHref(PATH, location.search, { [CONFIRM_WITHDRAW_PARAM]: null });
  const me = admins.find((admin) => admin.id === meId);
  const withoutTwoFactor = admins.filter((admin) => !admin.twoFactorEnabled).length;

  return (
    <div className="admin-catalog admin-users">
      <AdminPageHeader
        title="Users"
        description="People who can sign in to the admin."
        breadcrumbs={[{ label: "Users" }]}
        actions={<AddLink to={listHref(PATH, location.search, { dialog: INVITE_DIALOG })}>Invite Admin</AddLink>}
      />

      <Flex direction="column" gap="6">
        <section aria-labelledby="admins-heading" className="admin-users__section">
          <Heading as="h2" size="5" id="admins-heading">
            Administrators <span className="admin-users__count">({admins.length})</span>
          </Heading>
          <AdminTable admins={admins} meId={meId} requireTwoFactor={requireTwoFactor} search={location.search} />
        </section>

        <section aria-labelledby="invitations-heading" className="admin-users__section">
          <Heading as="h2" size="5" id="invitations-heading">
            Pending invitations
          </Heading>
          <ListBody
            loading={false}
            skeleton={null}
            isEmpty={invitations.length === 0}
            emptyMessage="No pending invitations. 'Invite Admin' sends someone a link to choose their own password."
          >
            <InvitationTable invitations={invitations} search={location.search} />
          </ListBody>
        </section>

        <TwoFactorPolicy
          required={requireTwoFactor}
          meHasTwoFactor={me?.twoFactorEnabled ?? false}
          withoutTwoFactor={withoutTwoFactor}
          refusal={policyReply && policyReply.outcome !== "success" ? policyReply.description : undefined}
        />
      </Flex>

      {shown ? (
        <InvitationLinkDialog invitation={shown} closeTo={closeTo} />
      ) : confirmRemove ? (
        <ConfirmDeleteDialog
          title="Remove admin"
          message={USER_MESSAGES.confirmRemove}
          name={<span className="admin-users__email">{confirmRemove.email}</span>}
          id={confirmRemove.id}
          submitLabel="Remove"
          closeTo={closeTo}
        />
      ) : confirmWithdraw ? (
        <ConfirmDeleteDialog
          title="Withdraw invitation"
          message={USER_MESSAGES.confirmWithdraw}
          name={<span className="admin-users__email">{confirmWithdraw.email}</span>}
          intent="withdraw"
          id={confirmWithdraw.id}
          submitLabel="Withdraw"
          closeTo={closeTo}
        />
      ) : inviteOpen ? (
        <InviteDialog closeTo={closeTo} lastResult={lastResult} mailConfigured={mailConfigured} />
      ) : null}
    </div>
  );
}
