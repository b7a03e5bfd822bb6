// Admin → Users: the two lists of the page, the administrators and the pending invitations, each with the
// links and forms of its rows (remove an admin, resend or withdraw an invitation).
import { Badge, Button } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { TableHead } from "~/components/admin/lists/table-head";
import { NoValue } from "~/components/admin/submission-list";
import { listHref } from "~/lib/admin-list";
import { formatShortDate } from "~/lib/dates";
import { ACCOUNT_PATH, CONFIRM_WITHDRAW_PARAM, USERS_PATH } from "~/lib/schemas/users";
import { formatSubmittedAt } from "~/lib/submissions";

/** An administrator as the list shows them. */
export interface AdminView {
  id: string;
  email: string;
  createdAt: Date;
  lastSeenAt: Date | null;
  twoFactorEnabled: boolean;
}

/** A pending invitation as the list shows it. */
export interface InvitationView {
  id: string;
  email: string;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
}

/** A date and time, readable and machine-readable. */
const dateTime = (date: Date) => <time dateTime={new Date(date).toISOString()}>{formatSubmittedAt(date)}</time>;

/** The frame of both lists: a table on wide screens; below 900px each row is a card (admin-catalog.css). */
function UsersTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <table className="admin-table admin-users-table">
      <TableHead caption={caption} columns={columns} hiddenColumn="Actions" />
      <tbody>{children}</tbody>
    </table>
  );
}

/** A row's last cell: its buttons. */
function RowActions({ children }: { children: ReactNode }) {
  return (
    <td className="admin-users-table__actions">
      <div className="admin-row-actions">{children}</div>
    </td>
  );
}

/** A row's red button to the confirmation dialog (`confirm` query parameter) of removing it. */
function ConfirmLink({
  search,
  confirm,
  label,
  children,
}: {
  search: string;
  confirm: Record<string, string>;
  label: string;
  children: ReactNode;
}) {
  return (
    <Button asChild variant="soft" color="red" size="2">
      <Link to={listHref(USERS_PATH, search, confirm)} preventScrollReset aria-label={label}>
        {children}
      </Link>
    </Button>
  );
}

export function AdminTable({
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
  return (
    <UsersTable caption="Administrators" columns={["Email", "Two-factor", "Added", "Last active"]}>
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
            <RowActions>
              {isMe ? (
                <Button asChild variant="ghost" size="2">
                  <Link to={ACCOUNT_PATH}>Your account</Link>
                </Button>
              ) : (
                <ConfirmLink search={search} confirm={{ "confirm-delete": admin.id }} label={`Remove ${admin.email}`}>
                  Remove
                </ConfirmLink>
              )}
            </RowActions>
          </tr>
        );
      })}
    </UsersTable>
  );
}

export function InvitationTable({ invitations, search }: { invitations: InvitationView[]; search: string }) {
  const navigation = useNavigation();
  const resending =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "resend"
      ? navigation.formData.get("id")
      : null;
  return (
    <UsersTable caption="Pending invitations" columns={["Email", "Invited by", "Sent", "Expires"]}>
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
          <RowActions>
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
            <ConfirmLink
              search={search}
              confirm={{ [CONFIRM_WITHDRAW_PARAM]: invitation.id }}
              label={`Withdraw the invitation to ${invitation.email}`}
            >
              Withdraw
            </ConfirmLink>
          </RowActions>
        </tr>
      ))}
    </UsersTable>
  );
}
