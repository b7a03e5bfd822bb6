// The account page's forms that a fresh code from the authenticator app confirms: the last step of turning
// two-factor sign-in on, turning it off, and making new recovery codes.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/admin/form-alert";
import { TwoFactorCodeField, useCodeForm } from "~/components/admin/two-factor-code-field";
import { ACCOUNT_PATH, totpCodeSchema } from "~/lib/schemas/two-factor";

/** What an admin with two-factor sign-in on can change (?manage=…): each needs a fresh code. */
export type Manage = "disable" | "regenerate";

type CodeResult = SubmissionResult<string[]> | undefined;

/**
 * The code field after what the form is for (`title`, which then names the form, and `intro`), with its
 * errors and its submit and Cancel buttons; the submit button says `busyLabel` while this form is sent.
 */
export function CodeForm({
  intent,
  result,
  action,
  title,
  intro,
  submitLabel,
  busyLabel,
  danger,
  autoFocus,
  className,
}: {
  intent: "confirm" | Manage;
  result: CodeResult;
  action: string;
  title?: string;
  intro: ReactNode;
  submitLabel: string;
  busyLabel: string;
  danger?: boolean;
  autoFocus?: boolean;
  className?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useCodeForm(`two-factor-${intent}`, totpCodeSchema, result, "code");
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      noValidate
      className={className}
      aria-labelledby={title ? `${form.id}-title` : undefined}
    >
      <Flex direction="column" gap="3">
        {title ? (
          <Heading as="h3" size="4" id={`${form.id}-title`}>
            {title}
          </Heading>
        ) : null}
        {intro}
        <FormAlert id={form.errorId} messages={form.errors} />
        <input type="hidden" name="intent" value={intent} />
        <div className="two-factor-code">
          <TwoFactorCodeField field={fields.code} label="Code from the app" autoFocus={autoFocus} />
        </div>
        <Flex gap="3" wrap="wrap" align="center">
          <Button type="submit" size="3" color={danger ? "red" : undefined} disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
          <Button asChild variant="ghost" size="3">
            <Link to={ACCOUNT_PATH}>Cancel</Link>
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

const MANAGE_TEXT: Record<Manage, { title: string; body: string; submit: string; busy: string }> = {
  disable: {
    title: "Turn off two-factor sign-in",
    body: "Enter a code from your authenticator app to confirm. Your recovery codes stop working, and you sign in with your password alone.",
    submit: "Turn off",
    busy: "Turning off...",
  },
  regenerate: {
    title: "Make new recovery codes",
    body: "Enter a code from your authenticator app to confirm. You get ten new codes, and the old ones stop working.",
    submit: "Make new codes",
    busy: "Making codes...",
  },
};

/** Turning two-factor sign-in off, or making new recovery codes: what it does, and the code to confirm. */
export function ManageForm({ intent, result }: { intent: Manage; result: CodeResult }) {
  const text = MANAGE_TEXT[intent];
  return (
    <CodeForm
      intent={intent}
      result={result}
      action={`${ACCOUNT_PATH}?manage=${intent}`}
      className="two-factor-manage"
      title={text.title}
      intro={
        <Text as="p" size="2" color="gray">
          {text.body}
        </Text>
      }
      submitLabel={text.submit}
      busyLabel={text.busy}
      danger={intent === "disable"}
      autoFocus
    />
  );
}
