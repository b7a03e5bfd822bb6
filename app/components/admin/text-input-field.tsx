import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Flex, Text, TextField } from "@radix-ui/themes";

interface TextInputFieldProps {
  field: FieldMetadata<string, any, string[]>;
  label: string;
  type: "email" | "password" | "text";
  autoComplete?: string;
  placeholder?: string;
}

/** A labelled Radix text field wired to a conform field: its error shows under it and is announced with it. */
export function TextInputField({ field, label, type, autoComplete, placeholder }: TextInputFieldProps) {
  const { key, ...inputProps } = getInputProps(field, { type });
  const error = field.errors?.[0];
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={field.id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        key={key}
        {...inputProps}
        size="3"
        autoComplete={autoComplete}
        placeholder={placeholder}
        spellCheck={false}
        autoCapitalize={type === "text" ? undefined : "none"}
      />
      {error ? (
        <Text as="p" id={field.errorId} size="2" color="red" className="admin-field-error">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}
