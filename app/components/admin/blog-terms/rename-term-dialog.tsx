import { getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { TextField } from "@radix-ui/themes";
import { useNavigation } from "react-router";
import { FormDialog } from "~/components/admin/list-dialogs";
import { Field } from "~/components/ui/field";
import { POST_LIMITS, termSchema } from "~/lib/schemas/post";
import { TERM_KINDS, type TermKindName, type TermView } from "./term-table";

/** The dialog that renames a category or tag: its name and its slug (its public page's address). */
export function RenameTermDialog({
  term,
  closeTo,
  action,
  lastResult,
}: {
  term: TermView & { kind: TermKindName };
  closeTo: string;
  /** This address (the dialog open), so a submission with errors shows them in the dialog. */
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const { one } = TERM_KINDS[term.kind];
  const [form, fields] = useForm({
    id: `term-${term.id}`,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: { kind: term.kind, id: term.id, name: term.name, slug: term.slug },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: termSchema }),
  });
  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text" });
  const { key: slugKey, ...slugProps } = getInputProps(fields.slug, {
    type: "text",
    ariaDescribedBy: fields.slug.descriptionId,
  });
  return (
    <FormDialog
      title={`Rename ${one}`}
      closeTo={closeTo}
      description={term.post_count === 1 ? "Used by 1 post." : `Used by ${term.post_count} posts.`}
      form={form}
      intent="rename"
      rowId={term.id}
      hidden={{ kind: term.kind }}
      action={action}
      submitLabel="Update"
      busyLabel="Updating..."
    >
      <Field meta={fields.name} label="Name" required look="admin">
        <TextField.Root key={nameKey} {...nameProps} size="3" maxLength={POST_LIMITS.termName} autoComplete="off" />
      </Field>
      <Field
        meta={fields.slug}
        label="Slug"
        hint="Its page's address. Changing it changes the link; made from the name when left empty."
        look="admin"
      >
        <TextField.Root
          key={slugKey}
          {...slugProps}
          size="3"
          maxLength={POST_LIMITS.slug}
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
    </FormDialog>
  );
}
