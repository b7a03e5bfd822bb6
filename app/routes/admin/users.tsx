import { getFormProps, getInputProps } from "@conform-to/react";
import { Badge, Button, Callout, Card, Flex, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { redirectWithError } from "remix-toast";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminField } from "~/components/admin/admin-field";
import {
  AddLink,
  ConfirmDeleteDialog,
  DialogActions,
  ListBody,
  useActionFailureToast,
  useAdminForm,
  useDialogResult,
} from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { FormAlert } from "~/components/admin/form-alert";
import { NoValue } from "~/components/admin/submission-list";
import { showToast } from "~/components/ui/toaster";
import { isRowId, listHref } from "~/lib/admin-list";
import { formatShortDate } from "~/lib/dates";
import {
  ACCOUNT_PATH,
  CONFIRM_WITHDRAW_PARAM,
  INVITE_DIALOG,
  inviteSchema,
  USER_MESSAGES,
  USERS_PATH,
} from "~/lib/schemas/users";
import { pageMeta } from "~/lib/seo";
import { formatSubmittedAt } from "~/lib/submissions";
import { listInvitations } from "~/models/invitations.server";
import { getSecurityPolicy } from "~/models/site-settings.server";
import { findAdmin, listAdmins } from "~/models/users.server";
import { dialogFromUrl, type ListActionData, listAction } from "~/server/admin-list-action.server";
import { signedInAdmin } from "~/server/auth.server";
import { inviteAdmin } from "~/server/invitations.server";
import { isMailConfigured } from "~/server/mail.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import usersStyles from "~/styles/admin-users.css?url";
import type { Route } from "./+types/users";
import { inviteCreatedAnswer, type ShownInvitation, usersPageIntent } from "./users.server";

const PATH = USERS_PATH;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: usersStyles },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Users",
    description: "People who can sign in to the admin.",
    path: PATH,
    noindex: true,
  });

interface AdminView {
  id: string;
  email: string;
  createdAt: Date;
  lastSeenAt: Date | null;
  twoFactorEnabled: boolean;
}

interface InvitationView {
  id: string;
  email: string;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
}

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

/** A date and time, readable and machine-readable. */
const dateTime = (date: Date) => <time dateTime={new Date(date).toISOString()}>{formatSubmittedAt(date)}</time>;

function AdminTable({
  admins,
  meId,
  requireTwoFactor,
  search,
}: {
  admins: AdminView[];
  meId: string;
  requireTwoFactor: boolean;
  search: string;
}) {
  // A table on wide screens; below 900px each row is a card (admin-catalog.css).
  return (
    <table className="admin-table admin-users-table">
      <caption className="visually-hidden">Administrators</caption>
      <thead>
        <tr>
          <th scope="col">Email</th>
          <th scope="col">Two-factor</th>
          <th scope="col">Added</th>
          <th scope="col">Last active</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {admins.map((admin) => {
          const isMe = admin.id === meId;
          return (
            <tr key={admin.id} data-testid="admin-row">
              <th scope="row">
                <span className="admin-users__email">{admin.email}</span>
                {isMe ? (
                  <Badge color="blue" variant="soft" highContrast className="admin-users__you">
                    You
                  </Badge>
                ) : null}
              </th>
              <td data-label="Two-factor">
                {admin.twoFactorEnabled ? (
                  <Badge color="green" variant="soft">
                    On
                  </Badge>
                ) : (
                  <Badge color={requireTwoFactor ? "amber" : "gray"} variant="soft">
                    {requireTwoFactor ? "Off — set-up required" : "Off"}
                  </Badge>
                )}
              </td>
              <td data-label="Added" className="admin-users-table__nowrap">
                <time dateTime={new Date(admin.createdAt).toISOString()}>{formatShortDate(admin.createdAt)}</time>
              </td>
              <td data-label="Last active" className="admin-users-table__nowrap">
                {admin.lastSeenAt ? dateTime(admin.lastSeenAt) : <NoValue label="Not signed in" />}
              </td>
              <td className="admin-users-table__actions">
                <div className="admin-row-actions">
                  {isMe ? (
                    <Button asChild variant="ghost" size="2">
                      <Link to={ACCOUNT_PATH}>Your account</Link>
                    </Button>
                  ) : (
                    <Button asChild variant="soft" color="red" size="2">
                      <Link
                        to={listHref(PATH, search, { "confirm-delete": admin.id })}
                        preventScrollReset
                        aria-label={`Remove ${admin.email}`}
                      >
                        Remove
                      </Link>
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function InvitationTable({ invitations, search }: { invitations: InvitationView[]; search: string }) {
  const navigation = useNavigation();
  const resending =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "resend"
      ? navigation.formData.get("id")
      : null;
  return (
    <table className="admin-table admin-users-table">
      <caption className="visually-hidden">Pending invitations</caption>
      <thead>
        <tr>
          <th scope="col">Email</th>
          <th scope="col">Invited by</th>
          <th scope="col">Sent</th>
          <th scope="col">Expires</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {invitations.map((invitation) => (
          <tr key={invitation.id} data-testid="invitation-row">
            <th scope="row">
              <span className="admin-users__email">{invitation.email}</span>
            </th>
            <td data-label="Invited by" className="admin-users-table__wide">
              {invitation.invitedBy ? (
                <span className="admin-users__email">{invitation.invitedBy}</span>
              ) : (
                <NoValue label="Unknown" />
              )}
            </td>
            <td data-label="Sent" className="admin-users-table__nowrap">
              {dateTime(invitation.createdAt)}
            </td>
            <td data-label="Expires" className="admin-users-table__nowrap">
              {invitation.expired ? (
                <Badge color="red" variant="soft">
                  Expired
                </Badge>
              ) : (
                dateTime(invitation.expiresAt)
              )}
            </td>
            <td className="admin-users-table__actions">
              <div className="admin-row-actions">
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="resend" />
                  <input type="hidden" name="id" value={invitation.id} />
                  <Button
                    type="submit"
                    variant="soft"
                    size="2"
                    disabled={resending === invitation.id}
                    aria-label={`Resend the invitation to ${invitation.email}`}
                  >
                    {resending === invitation.id ? "Sending..." : "Resend"}
                  </Button>
                </Form>
                <Button asChild variant="soft" color="red" size="2">
                  <Link
                    to={listHref(PATH, search, { [CONFIRM_WITHDRAW_PARAM]: invitation.id })}
                    preventScrollReset
                    aria-label={`Withdraw the invitation to ${invitation.email}`}
                  >
                    Withdraw
                  </Link>
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TwoFactorPolicy({
  required,
  meHasTwoFactor,
  withoutTwoFactor,
  refusal,
}: {
  required: boolean;
  meHasTwoFactor: boolean;
  withoutTwoFactor: number;
  refusal: string | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "require-two-factor";
  return (
    <Card size="3" asChild>
      <section aria-labelledby="two-factor-heading" className="admin-users__policy">
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Flex align="center" gap="3" wrap="wrap">
              <Heading as="h2" size="5" id="two-factor-heading">
                Two-factor sign-in
              </Heading>
              <Badge color={required ? "green" : "gray"} variant="soft" size="2">
                {required ? "Required" : "Optional"}
              </Badge>
            </Flex>
            <Text as="p" size="2" color="gray">
              {required
                ? "Every admin signs in with a code from an authenticator app as well as their password. Admins without two-factor sign-in are asked to set it up at their next page."
                : "Each admin decides for themselves on their account page whether to sign in with a code from an authenticator app as well as their password."}
            </Text>
            {required && withoutTwoFactor > 0 ? (
              <Text as="p" size="2">
                {withoutTwoFactor === 1 ? "1 admin has" : `${withoutTwoFactor} admins have`} not set it up yet.
              </Text>
            ) : null}
          </Flex>
          {refusal ? (
            <Callout.Root color="red" role="alert" variant="surface">
              <Callout.Text>
                {refusal}: <Link to={ACCOUNT_PATH}>set up two-factor sign-in</Link>.
              </Callout.Text>
            </Callout.Root>
          ) : !required && !meHasTwoFactor ? (
            <Text as="p" size="2" color="gray">
              To require it, first <Link to={ACCOUNT_PATH}>turn on two-factor sign-in for your own account</Link>.
            </Text>
          ) : null}
          <Form method="post" preventScrollReset className="admin-users__policy-form">
            <input type="hidden" name="intent" value="require-two-factor" />
            <label className="admin-checkbox" htmlFor="require-two-factor">
              {/* A saved change comes back as a new default: the key starts the box from it. */}
              <input
                key={String(required)}
                type="checkbox"
                id="require-two-factor"
                name="requireTwoFactor"
                defaultChecked={required}
              />
              Require two-factor sign-in for every admin
            </label>
            <Button type="submit" size="3" disabled={saving}>
              {saving ? "Saving..." : "Save"}
            </Button>
          </Form>
        </Flex>
      </section>
    </Card>
  );
}

function InviteDialog({
  closeTo,
  lastResult,
  mailConfigured,
}: {
  closeTo: string;
  lastResult: ListActionData | undefined;
  mailConfigured: boolean;
}) {
  const [form, fields] = useAdminForm(inviteSchema, {
    id: "invite-admin",
    lastResult: lastResult?.intent === "create" ? lastResult : undefined,
    defaultValue: { email: "" },
  });
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, {
    type: "email",
    ariaDescribedBy: "invite-email-hint",
  });
  return (
    <AdminDialog
      title="Invite an admin"
      closeTo={closeTo}
      description={
        mailConfigured
          ? "They get an e-mail with a link to choose their password. The link works once, within 7 days."
          : "Mail is not set up on this server: you get the link to pass on yourself. It works once, within 7 days."
      }
    >
      <Form method="post" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <Flex direction="column" gap="4">
          <FormAlert id={form.errorId} messages={form.errors} />
          <AdminField
            id={fields.email.id}
            label="Email"
            required
            hint="They can do everything you can in the admin, including inviting and removing admins."
            hintId="invite-email-hint"
            errorId={fields.email.errorId}
            errors={fields.email.errors}
          >
            <TextField.Root
              key={emailKey}
              {...emailProps}
              size="3"
              maxLength={254}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
            />
          </AdminField>
          <DialogActions
            closeTo={closeTo}
            label={mailConfigured ? "Send Invitation" : "Create Link"}
            busyLabel={mailConfigured ? "Sending..." : "Creating..."}
          />
        </Flex>
      </Form>
    </AdminDialog>
  );
}

function InvitationLinkDialog({ invitation, closeTo }: { invitation: ShownInvitation; closeTo: string }) {
  const field = useRef<HTMLTextAreaElement>(null);
  // The Copy button needs JavaScript: without it the link is selected and copied by hand.
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => setCanCopy(true), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.link);
    } catch {
      field.current?.select();
      if (!document.execCommand("copy")) {
        showToast({
          type: "error",
          message: "Could not copy the link",
          description: "Select it and copy it yourself.",
        });
        return;
      }
    }
    showToast({ type: "success", message: "Link copied" });
  };

  return (
    <AdminDialog
      title="Invitation link"
      closeTo={closeTo}
      description={
        <>
          Invitation link for <strong className="admin-users__email">{invitation.email}</strong>: copy it now, it is
          shown only once.
        </>
      }
    >
      <Flex direction="column" gap="4">
        {invitation.mailFailed ? (
          <Callout.Root color="amber" variant="surface">
            <Callout.Text>{USER_MESSAGES.mailFailed}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor="invitation-link" size="2" weight="medium">
            Link for {invitation.email}
          </Text>
          {/* The whole address in view (wrapped), to check and to select by hand. */}
          <TextArea
            ref={field}
            id="invitation-link"
            readOnly
            value={invitation.link}
            rows={3}
            size="2"
            className="admin-users__link"
            onFocus={(event) => event.currentTarget.select()}
            aria-describedby="invitation-link-hint"
            spellCheck={false}
            data-autofocus
          />
          <Text as="p" size="2" color="gray" id="invitation-link-hint">
            Send it to them in a message only they can read. It works once, until{" "}
            {formatSubmittedAt(invitation.expiresAt)}; whoever opens it can set up this admin account.
          </Text>
        </Flex>
        <Flex gap="3" justify="end" wrap="wrap" className="admin-dialog__actions">
          {canCopy ? (
            <Button type="button" size="3" onClick={() => void copy()}>
              Copy Link
            </Button>
          ) : null}
          <Button asChild size="3" variant="soft">
            <Link to={closeTo} preventScrollReset>
              Done
            </Link>
          </Button>
        </Flex>
      </Flex>
    </AdminDialog>
  );
}
