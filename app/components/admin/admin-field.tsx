import { Flex, Text } from "@radix-ui/themes";

interface AdminFieldProps {
  /** The control's id (the label points at it). */
  id: string;
  label: string;
  required?: boolean;
  hint?: React.ReactNode;
  hintId?: string;
  errorId: string;
  errors?: readonly string[];
  children: React.ReactNode;
}

/**
 * A labelled admin form control with an optional hint and its errors under it. The control itself gets
 * aria-invalid and aria-describedby (conform's getInputProps does that; pass hintId to it too).
 */
export function AdminField({ id, label, required, hint, hintId, errorId, errors, children }: AdminFieldProps) {
  const error = errors?.[0];
  return (
    <Flex direction="column" gap="1" className="admin-field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
        {required ? (
          <span className="admin-field__required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </Text>
      {children}
      {hint ? (
        <Text as="p" size="1" color="gray" id={hintId} className="admin-field__hint">
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text as="p" size="2" color="red" id={errorId} className="admin-field-error">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}
