// The form of a signed-out admin page (login, two-factor, reset, set-up, invitation): its frame with the
// form-wide error on top, and the submit button that says what it is doing while the form is sent.
import { type FormMetadata, getFormProps } from "@conform-to/react";
import { Button, Flex } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/admin/form-alert";

/** A POST form checked by conform (so not by the browser), with its form-wide error before the fields. */
export function AuthForm({ form, children }: { form: FormMetadata<any, string[]>; children: ReactNode }) {
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <Flex direction="column" gap="4">
        <FormAlert id={form.errorId} messages={form.errors} />
        {children}
      </Flex>
    </Form>
  );
}

/** The page's one submit button: disabled, with `busyLabel`, while a form of the page is being sent. */
export function SubmitButton({ label, busyLabel }: { label: string; busyLabel: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Button type="submit" size="3" disabled={busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}
