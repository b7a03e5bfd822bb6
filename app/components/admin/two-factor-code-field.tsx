// A code from an authenticator app (or a recovery code): its field, and the form of that one field, as the
// two-factor sign-in step and the account page's two-factor forms use them.
import { type FieldMetadata, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { TextField } from "@radix-ui/themes";
import { useEffect } from "react";
import type { z } from "zod";
import { useFormErrorToast } from "~/components/admin/auth/use-auth-form";
import { Field } from "~/components/ui/field";

/**
 * After a refused code, the field is emptied and focused for the next try. Without JavaScript the server
 * leaves the code out of the page it sends back; with it the browser keeps what was typed, so this does.
 */
export function useCodeClearedOnError(fieldId: string, result: SubmissionResult<string[]> | undefined) {
  useEffect(() => {
    if (result?.status !== "error") return;
    const input = document.getElementById(fieldId);
    if (input instanceof HTMLInputElement) {
      input.value = "";
      input.focus();
    }
  }, [fieldId, result]);
}

/** The fields of a code form: the code (and hidden inputs), all text. */
type CodeFormShape = Record<string, string>;

/**
 * A form of one code field (`codeField`): validated on submit, not on blur (leaving the field for a link,
 * Cancel or a recovery code, must not move that link); a refusal is a toast and clears the code.
 */
export function useCodeForm(
  id: string,
  schema: z.ZodType<CodeFormShape, CodeFormShape>,
  lastResult: SubmissionResult<string[]> | undefined,
  codeField: string,
) {
  const [form, fields] = useForm<CodeFormShape, CodeFormShape, string[]>({
    id,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  useFormErrorToast(lastResult);
  useCodeClearedOnError(fields[codeField].id, lastResult);
  return [form, fields] as const;
}

interface TwoFactorCodeFieldProps {
  field: FieldMetadata<string | undefined, any, string[]>;
  label: string;
  hint?: React.ReactNode;
  /** A recovery code (letters and digits) rather than the app's six digits. */
  recovery?: boolean;
  autoFocus?: boolean;
}

/**
 * The field for a code from an authenticator app (numeric keypad on phones, filled in by password managers
 * and by the one-time code the phone offers), or for a recovery code.
 */
export function TwoFactorCodeField({ field, label, hint, recovery = false, autoFocus }: TwoFactorCodeFieldProps) {
  const { key, ...inputProps } = getInputProps(field, {
    type: "text",
    ariaDescribedBy: hint ? field.descriptionId : undefined,
  });
  return (
    <Field meta={field} label={label} hint={hint} look="admin">
      <TextField.Root
        key={key}
        {...inputProps}
        size="3"
        className="two-factor-code-input"
        autoComplete={recovery ? "off" : "one-time-code"}
        inputMode={recovery ? "text" : "numeric"}
        maxLength={recovery ? 40 : 7}
        placeholder={recovery ? "xxxx-xxxx-xx" : "123456"}
        spellCheck={false}
        autoCapitalize="none"
        autoCorrect="off"
        // Only where the page asks for this one thing.
        autoFocus={autoFocus}
      />
    </Field>
  );
}
