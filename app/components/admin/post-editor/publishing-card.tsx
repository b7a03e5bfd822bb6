// The post's Publishing card: its status, its publish date (Central Time) and its author.
import { getInputProps, getSelectProps } from "@conform-to/react";
import { TextField } from "@radix-ui/themes";
import { Field } from "~/components/ui/field";
import { POST_LIMITS, POST_STATUS_LABELS, POST_STATUSES } from "~/lib/schemas/post";
import { EditorCard } from "./editor-card";
import { type PostFields, withoutKey } from "./post-fields";

export function PublishingCard({ fields }: { fields: PostFields }) {
  const { status, published_at: publishedAt, published_at_saved: publishedAtSaved, author } = fields;
  return (
    <EditorCard title="Publishing" gap="4">
      <Field meta={status} label="Status" look="admin">
        <select
          {...withoutKey(getSelectProps(status))}
          key={status.key}
          className="post-editor__select post-editor__status"
        >
          {POST_STATUSES.map((value) => (
            <option key={value} value={value}>
              {POST_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </Field>
      <div className="post-editor__publish-date">
        <Field
          meta={publishedAt}
          label="Publish Date"
          hint="Central Time (Norman). A Published post appears on the blog from this time; a Scheduled one stays off the blog until it is set to Published."
          look="admin"
        >
          <TextField.Root
            {...withoutKey(
              getInputProps(publishedAt, { type: "datetime-local", ariaDescribedBy: publishedAt.descriptionId }),
            )}
            key={publishedAt.key}
            size="3"
          />
        </Field>
        {/* The saved instant, sent back so an unchanged date keeps its seconds. */}
        <input {...withoutKey(getInputProps(publishedAtSaved, { type: "hidden" }))} key={publishedAtSaved.key} />
      </div>
      <Field meta={author} label="Author" look="admin">
        <TextField.Root
          {...withoutKey(getInputProps(author, { type: "text" }))}
          key={author.key}
          size="3"
          maxLength={POST_LIMITS.author}
          autoComplete="off"
        />
      </Field>
    </EditorCard>
  );
}
