// Admin → Users: the link of an invitation just created or resent, shown once to pass on by hand (mail is not
// set up, or it failed), with a Copy button.
import { Button, Callout, Flex, Text, TextArea } from "@radix-ui/themes";
import { useRef } from "react";
import { Link } from "react-router";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { useHydrated } from "~/components/admin/submission-list";
import { showToast } from "~/components/ui/toaster";
import { USER_MESSAGES } from "~/lib/schemas/users";
import { formatSubmittedAt } from "~/lib/submissions";

/** A new invitation link, shown to the inviter once (mail is not set up, or it failed). Never stored. */
export interface ShownInvitation {
  email: string;
  link: string;
  expiresAt: Date;
  /** SMTP is set up but refused the message. */
  mailFailed: boolean;
}

export function InvitationLinkDialog({ invitation, closeTo }: { invitation: ShownInvitation; closeTo: string }) {
  const field = useRef<HTMLTextAreaElement>(null);
  // The Copy button needs JavaScript: without it the link is selected and copied by hand.
  const canCopy = useHydrated();

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
