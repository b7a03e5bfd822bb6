// The fields of a form that chooses a password (set-up, invitation, reset) and its submit button.
import type { FieldMetadata } from "@conform-to/react";
import { Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { SubmitButton } from "~/components/admin/auth/auth-form";
import { TextInputField } from "~/components/admin/text-input-field";

type PasswordField = FieldMetadata<string, any, string[]>;

/**
 * The end of a form that chooses a password (set-up, invitation, reset): the new password, its
 * confirmation, the rule (and `note`, after it) and the submit button.
 */
export function NewPasswordFields({
  fields,
  passwordLabel = "Password",
  note,
  submitLabel,
  busyLabel,
}: {
  /** The form's conform fields (as they are: their getters must stay). */
  fields: { password: PasswordField; confirmPassword: PasswordField };
  passwordLabel?: string;
  note?: ReactNode;
  submitLabel: string;
  busyLabel: string;
}) {
  return (
    <>
      <TextInputField field={fields.password} label={passwordLabel} type="password" autoComplete="new-password" />
      <TextInputField
        field={fields.confirmPassword}
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
      />
      <Text as="p" size="1" color="gray">
        At least 6 characters.
        {note}
      </Text>
      <SubmitButton label={submitLabel} busyLabel={busyLabel} />
    </>
  );
}
