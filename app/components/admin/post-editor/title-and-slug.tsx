// The post's Title and Slug fields: the slug follows the title until it is typed into, and is shown as it
// will be saved once it loses focus.
import { getInputProps } from "@conform-to/react";
import { TextField } from "@radix-ui/themes";
import { FieldAdFindings } from "~/components/admin/ad-findings";
import { Field } from "~/components/ui/field";
import { POST_LIMITS } from "~/lib/schemas/post";
import { slugify } from "~/lib/slug";
import { type PostFields, withoutKey } from "./post-fields";
import type { Followers } from "./title-followers";

export function TitleAndSlug({ fields, follow }: { fields: PostFields; follow: Followers }) {
  const { title, slug } = fields;
  return (
    <>
      <Field meta={title} label="Title" required look="admin">
        <TextField.Root
          {...withoutKey(getInputProps(title, { type: "text" }))}
          key={title.key}
          size="3"
          autoComplete="off"
          {...follow.title}
        />
      </Field>
      <FieldAdFindings id="title-advertising" text={title.value} />
      <Field
        meta={slug}
        label="Slug"
        hint="The post's address: /blog/your-slug. Lowercase letters, numbers and hyphens; made from the title when left empty."
        look="admin"
      >
        <TextField.Root
          {...withoutKey(getInputProps(slug, { type: "text", ariaDescribedBy: slug.descriptionId }))}
          key={slug.key}
          {...follow.slug}
          size="3"
          maxLength={POST_LIMITS.slug}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          onBlur={(event) => {
            // Shown as it will be saved.
            const input = event.currentTarget;
            const cleaned = slugify(input.value);
            if (input.value && cleaned && cleaned !== input.value) input.value = cleaned;
          }}
        >
          <TextField.Slot className="post-editor__slug-prefix">/blog/</TextField.Slot>
        </TextField.Root>
      </Field>
    </>
  );
}
