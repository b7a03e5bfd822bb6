// The Settings page's parts: a section card with its heading, and a one-line text setting.
import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { Field } from "~/components/ui/field";

export type SettingField = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

/** A one-line text field with its label, hint and errors. */
export function TextSetting({
  field,
  label,
  type = "text",
  hint,
  required,
  maxLength,
  autoComplete = "off",
}: {
  field: SettingField;
  label: string;
  type?: "text" | "email" | "url" | "tel" | "date";
  hint?: string;
  required?: boolean;
  maxLength?: number;
  autoComplete?: string;
}) {
  const { key, ...props } = getInputProps(field, { type, ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <Field meta={field} label={label} required={required} hint={hint} look="admin">
      <TextField.Root
        key={key}
        {...props}
        maxLength={maxLength}
        autoComplete={autoComplete}
        spellCheck={type === "text" ? undefined : false}
      />
    </Field>
  );
}

export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card size="3" asChild>
      <section aria-labelledby={id} className="admin-settings__section">
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="5" id={id}>
              {title}
            </Heading>
            <Text as="p" size="2" color="gray">
              {description}
            </Text>
          </Flex>
          {children}
        </Flex>
      </section>
    </Card>
  );
}

/** A whole number between `min` and `max`, its label above it. */
export function NumberField(props: { name: string; label: string; min: number; max: number; value: number }) {
  return (
    <label className="admin-settings__number">
      <Text as="span" weight="bold">
        {props.label}
      </Text>
      <input type="number" name={props.name} min={props.min} max={props.max} defaultValue={props.value} required />
    </label>
  );
}
