// The admin's text box for addresses and passwords (sign-in pages, the invite dialog): a Radix text field
// in a Field, with no spell-checking or capitals.
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { TextField } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Field } from "~/components/ui/field";

interface TextInputFieldProps {
  field: FieldMetadata<string, any, string[]>;
  label: string;
  type: "email" | "password" | "text";
  autoComplete?: string;
  placeholder?: string;
  /** Shown under the field, and read with it. */
  hint?: ReactNode;
  required?: boolean;
  maxLength?: number;
}

export function TextInputField({
  field,
  label,
  type,
  autoComplete,
  placeholder,
  hint,
  required,
  maxLength,
}: TextInputFieldProps) {
  const { key, ...inputProps } = getInputProps(field, {
    type,
    ariaDescribedBy: hint ? field.descriptionId : undefined,
  });
  return (
    <Field meta={field} label={label} hint={hint} required={required} look="admin">
      <TextField.Root
        key={key}
        {...inputProps}
        size="3"
        maxLength={maxLength}
        autoComplete={autoComplete}
        placeholder={placeholder}
        spellCheck={false}
        autoCapitalize={type === "text" ? undefined : "none"}
      />
    </Field>
  );
}
