import { getFormProps, getSelectProps } from "@conform-to/react";
import { Button, Flex, Text } from "@radix-ui/themes";
import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { type ListReply, useAdminForm } from "~/components/admin/admin-list-parts";
import { FormAlert } from "~/components/admin/form-alert";
import { Field } from "~/components/ui/field";
import { CATALOG_FIELDS, type ColumnMapping } from "~/lib/catalog";
import { menuMappingSchema, NOT_IN_FILE } from "~/lib/schemas/menu";
import { type ImportUploadView, UploadSummary } from "./import-steps";

// Admin → Menu → Import, step 2: for each of the catalog's fields, the file's column that holds it (required
// ones marked), started from the mapping remembered for this export or a guess from the column names.

/** A column of the file: its header, and its value in the first product row. */
export interface ExportColumn {
  name: string;
  example: string;
}

const EXAMPLE_LENGTH = 28;
const shortExample = (text: string) => (text.length > EXAMPLE_LENGTH ? `${text.slice(0, EXAMPLE_LENGTH - 1)}…` : text);

export function MappingStep({
  upload,
  columns,
  mapping,
  remembered,
  lastResult,
}: {
  upload: ImportUploadView;
  columns: ExportColumn[];
  mapping: ColumnMapping;
  /** Started from the mapping used last time for this export (else guessed). */
  remembered: boolean;
  lastResult: ListReply | undefined;
}) {
  const schema = useMemo(() => menuMappingSchema(columns.map((column) => column.name)), [columns]);
  const [form, fields] = useAdminForm(schema, {
    id: `menu-mapping-${upload.id}`,
    lastResult,
    defaultValue: { mapping },
  });
  const chosen = fields.mapping.getFieldset();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "map";

  return (
    <Form method="post" {...getFormProps(form)} className="menu-import__form">
      <input type="hidden" name="upload" value={upload.id} />
      <Flex direction="column" gap="4">
        <UploadSummary upload={upload} />
        <Text as="p" color="gray" size="2">
          {remembered
            ? "Chosen as you matched this export last time. "
            : "Guessed from the column names: check each one. "}
          Fields marked * are required; the others can stay “not in this file”.
        </Text>
        <FormAlert id={form.errorId} messages={form.errors} />
        <div className="menu-mapping">
          {CATALOG_FIELDS.map((field) => {
            const meta = chosen[field.key];
            const { key, ...selectProps } = getSelectProps(meta);
            return (
              <Field key={field.key} meta={meta} label={field.label} required={field.required} look="admin">
                <select key={key} {...selectProps} className="admin-select menu-mapping__select">
                  <option value={NOT_IN_FILE}>— not in this file —</option>
                  {columns.map((column) => (
                    <option key={column.name} value={column.name}>
                      {column.example ? `${column.name} (e.g. ${shortExample(column.example)})` : column.name}
                    </option>
                  ))}
                </select>
              </Field>
            );
          })}
        </div>
        <div className="menu-import__actions">
          <Button type="submit" name="intent" value="map" size="3" disabled={busy}>
            {busy ? "Reading the file..." : "Show the changes"}
          </Button>
          <Button type="submit" name="intent" value="cancel" formNoValidate variant="soft" color="gray" size="3">
            Cancel import
          </Button>
        </div>
      </Flex>
    </Form>
  );
}
