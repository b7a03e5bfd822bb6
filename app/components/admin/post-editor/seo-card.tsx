// The post's SEO Settings card: Meta Title (which follows the title until typed into) and Meta
// Description, each counting its characters against the limit as it is typed.
import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import { TextArea, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { FieldAdFindings, wordsOf } from "~/components/admin/ad-findings";
import { metaTitleOwnWords } from "~/lib/post-editor";
import { Field } from "~/components/ui/field";
import { POST_LIMITS } from "~/lib/schemas/post";
import { EditorCard } from "./editor-card";
import { initialText, type PostFields, withoutKey } from "./post-fields";
import type { Followers } from "./title-followers";

export function SeoCard({ fields, follow }: { fields: PostFields; follow: Followers }) {
  return (
    <EditorCard title="SEO Settings" gap="4">
      <MetaTitleField field={fields.meta_title} follow={follow} />
      {/* Words filled in from the title are the title's: their findings show there, once. */}
      <FieldAdFindings
        id="meta-title-advertising"
        text={metaTitleOwnWords(wordsOf(fields.meta_title.value), wordsOf(fields.title.value))}
      />
      <MetaDescriptionField field={fields.meta_description} />
      <FieldAdFindings id="meta-description-advertising" text={fields.meta_description.value} />
    </EditorCard>
  );
}

function MetaTitleField({ field, follow }: { field: FieldMetadata<string, any, string[]>; follow: Followers }) {
  return (
    <Field
      meta={field}
      label="Meta Title"
      hint={
        <span>
          {follow.metaLength}/{POST_LIMITS.metaTitle} characters · shown in search results and when shared; the title is
          used when empty
        </span>
      }
      look="admin"
    >
      <TextField.Root
        {...withoutKey(getInputProps(field, { type: "text", ariaDescribedBy: field.descriptionId }))}
        key={field.key}
        {...follow.metaTitle}
        size="3"
        maxLength={POST_LIMITS.metaTitle}
        autoComplete="off"
      />
    </Field>
  );
}

function MetaDescriptionField({ field }: { field: FieldMetadata<string, any, string[]> }) {
  const [length, setLength] = useState(initialText(field).length);
  return (
    <Field
      meta={field}
      label="Meta Description"
      hint={
        <span>
          {length}/{POST_LIMITS.metaDescription} characters · the first 160 characters of the content are used when
          empty
        </span>
      }
      look="admin"
    >
      <TextArea
        {...withoutKey(getTextareaProps(field, { ariaDescribedBy: field.descriptionId }))}
        key={field.key}
        rows={3}
        size="3"
        maxLength={POST_LIMITS.metaDescription}
        onInput={(event) => setLength(event.currentTarget.value.length)}
      />
    </Field>
  );
}
