import { getFormProps, getInputProps } from "@conform-to/react";
import { Button, Flex, TextField } from "@radix-ui/themes";
import { Form, useNavigation } from "react-router";
import { type ListReply, useAdminForm } from "~/components/admin/admin-list-parts";
import { FormAlert } from "~/components/admin/form-alert";
import { FileDropZone } from "~/components/admin/image-upload-field";
import { Field } from "~/components/ui/field";
import { EXPORT_NAME_MAX, menuUploadSchema } from "~/lib/schemas/menu";

// Admin → Menu → Import, step 1: the POS export's file and which export it is (its columns are remembered
// under that name). A multipart form; the file comes last, so a file too large still lets the name arrive.

export function UploadStep({
  exportNames,
  defaultExportName,
  lastResult,
}: {
  exportNames: string[];
  defaultExportName: string;
  lastResult: ListReply | undefined;
}) {
  const [form, fields] = useAdminForm(menuUploadSchema, {
    id: "menu-upload",
    lastResult,
    defaultValue: { source: defaultExportName },
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  const { key: sourceKey, ...sourceProps } = getInputProps(fields.source, {
    type: "text",
    ariaDescribedBy: fields.source.descriptionId,
  });
  const { key: fileKey, ...fileProps } = getInputProps(fields.file, {
    type: "file",
    ariaDescribedBy: fields.file.descriptionId,
  });
  const used = exportNames.length > 0 ? ` Used before: ${exportNames.map((name) => `“${name}”`).join(", ")}.` : "";

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="menu-import__form">
      <input type="hidden" name="intent" value="upload" />
      <Flex direction="column" gap="4">
        <FormAlert id={form.errorId} messages={form.errors} />
        <Field
          meta={fields.source}
          label="Which export is it?"
          required
          hint={`A name for this kind of file, e.g. “POS export”: the columns you match are remembered under it.${used}`}
          look="admin"
        >
          <TextField.Root
            key={sourceKey}
            {...sourceProps}
            size="3"
            className="menu-import__name"
            list="menu-export-names"
            maxLength={EXPORT_NAME_MAX}
            autoComplete="off"
          />
          <datalist id="menu-export-names">
            {exportNames.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </Field>
        <Field
          meta={fields.file}
          label="CSV file"
          required
          hint="Your point-of-sale system's inventory export, saved as CSV, up to 20 MB. Nothing on the menu changes until you apply it."
          look="admin"
        >
          <FileDropZone dropHint="or drop the file here">
            <input key={fileKey} {...fileProps} accept=".csv,text/csv,text/plain" className="image-upload__input" />
          </FileDropZone>
        </Field>
        <div className="menu-import__actions">
          <Button type="submit" size="3" disabled={busy}>
            {busy ? "Uploading..." : "Upload and match columns"}
          </Button>
        </div>
      </Flex>
    </Form>
  );
}
