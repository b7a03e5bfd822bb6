import { type FieldMetadata, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Text } from "@radix-ui/themes";
import { type ReactNode, useEffect } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { TextInputField } from "~/components/admin/text-input-field";
import { showToast } from "~/components/ui/toaster";

/**
 * The form of a sign-in page that chooses a password (set-up, invitation, reset): checked in the browser on
 * blur and again as one types, and a form-level error of the server's answer shown as a toast too.
 */
type FormShape = Record<string, unknown>;

export function useAuthForm<Schema extends z.ZodType<FormShape, FormShape>>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
) {
  const formAndFields = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  useEffect(() => {
    const message = lastResult?.error?.[""]?.[0];
    if (message) showToast({ type: "error", message });
  }, [lastResult]);
  return formAndFields;
}

/**
 * A new password, its confirmation, the rule (and `note`, after it) and the submit button, which says what
 * it is doing while the form is sent.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  passwordLabel = "Password",
  note,
  submitLabel,
  busyLabel,
}: {
  password: FieldMetadata<string, any, string[]>;
  confirmPassword: FieldMetadata<string, any, string[]>;
  passwordLabel?: string;
  note?: ReactNode;
  submitLabel: string;
  busyLabel: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <>
      <TextInputField field={password} label={passwordLabel} type="password" autoComplete="new-password" />
      <TextInputField field={confirmPassword} label="Confirm Password" type="password" autoComplete="new-password" />
      <Text as="p" size="1" color="gray">
        At least 6 characters.
        {note}
      </Text>
      <Button type="submit" size="3" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </>
  );
}
