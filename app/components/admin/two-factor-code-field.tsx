import { type FieldMetadata, getInputProps, type SubmissionResult } from "@conform-to/react";
import { TextField } from "@radix-ui/themes";
import { useEffect } from "react";
import { AdminField } from "./admin-field";

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
  const hintId = `${field.id}-hint`;
  const { key, ...inputProps } = getInputProps(field, { type: "text", ariaDescribedBy: hint ? hintId : undefined });
  return (
    <AdminField id={field.id} label={label} hint={hint} hintId={hintId} errorId={field.errorId} errors={field.errors}>
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
    </AdminField>
  );
}
