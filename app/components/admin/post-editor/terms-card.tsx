// A sidebar card of the post editor for its categories or its tags: pick existing ones with checkboxes,
// and name new ones, all saved with the post.
import { getInputProps } from "@conform-to/react";
import { Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { Field } from "~/components/ui/field";
import { POST_LIMITS } from "~/lib/schemas/post";
import { type PostFields, withoutKey } from "./post-fields";

/** Each card's words, and the fields it fills. */
const KINDS = {
  categories: {
    title: "Categories",
    picked: "category_ids",
    created: "new_categories",
    newLabel: "New categories, comma-separated",
    placeholder: "e.g. Wellness, Guides",
  },
  tags: {
    title: "Tags",
    picked: "tag_ids",
    created: "new_tags",
    newLabel: "New tags, comma-separated",
    placeholder: "e.g. terpenes, sativa",
  },
} as const;

export function TermsCard({
  kind,
  terms,
  fields,
}: {
  kind: keyof typeof KINDS;
  terms: { id: string; name: string }[];
  fields: PostFields;
}) {
  const { title, newLabel, placeholder } = KINDS[kind];
  const picked = fields[KINDS[kind].picked];
  const created = fields[KINDS[kind].created];
  const initial = picked.initialValue;
  const chosen = new Set(Array.isArray(initial) ? initial : typeof initial === "string" ? [initial] : []);
  const legendId = `${picked.id}-legend`;
  return (
    <Card size="3">
      <fieldset className="post-editor__terms" aria-labelledby={legendId}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id={legendId}>
            {title}
          </Heading>
          {terms.length > 0 ? (
            <ul className="post-editor__term-list">
              {terms.map((term) => (
                <li key={term.id}>
                  <label className="admin-checkbox post-editor__term">
                    <input type="checkbox" name={picked.name} value={term.id} defaultChecked={chosen.has(term.id)} />
                    {term.name}
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <Text as="p" size="2" color="gray">
              None yet: add some below.
            </Text>
          )}
          <Field meta={created} label={newLabel} hint="Created when you save; an existing name is reused." look="admin">
            <TextField.Root
              {...withoutKey(getInputProps(created, { type: "text", ariaDescribedBy: created.descriptionId }))}
              key={created.key}
              size="2"
              placeholder={placeholder}
              maxLength={POST_LIMITS.newTerms}
              autoComplete="off"
            />
          </Field>
        </Flex>
      </fieldset>
    </Card>
  );
}
