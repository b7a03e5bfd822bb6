// Admin → Users: the 'Invite Admin' dialog (?dialog=invite), who to send a link that sets up an account.
import { FormDialog } from "~/components/admin/list-dialogs";
import { useAdminForm } from "~/components/admin/admin-list-parts";
import { TextInputField } from "~/components/admin/text-input-field";
import type { FormActionData } from "~/lib/form-result";
import { inviteSchema } from "~/lib/schemas/users";

export function InviteDialog({
  closeTo,
  lastResult,
  mailConfigured,
}: {
  closeTo: string;
  /** The action's reply to the page's last form; only the invite form's ("create") is shown here. */
  lastResult: (FormActionData & { intent: string }) | undefined;
  mailConfigured: boolean;
}) {
  const [form, fields] = useAdminForm(inviteSchema, {
    id: "invite-admin",
    lastResult: lastResult?.intent === "create" ? lastResult : undefined,
    defaultValue: { email: "" },
  });
  return (
    <FormDialog
      title="Invite an admin"
      closeTo={closeTo}
      description={
        mailConfigured
          ? "They get an e-mail with a link to choose their password. The link works once, within 7 days."
          : "Mail is not set up on this server: you get the link to pass on yourself. It works once, within 7 days."
      }
      form={form}
      intent="create"
      submitLabel={mailConfigured ? "Send Invitation" : "Create Link"}
      busyLabel={mailConfigured ? "Sending..." : "Creating..."}
    >
      <TextInputField
        field={fields.email}
        label="Email"
        type="email"
        required
        hint="They can do everything you can in the admin, including inviting and removing admins."
        maxLength={254}
        autoComplete="off"
      />
    </FormDialog>
  );
}
