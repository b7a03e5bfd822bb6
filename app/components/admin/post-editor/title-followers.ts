// The slug and the meta title following the title as it is typed (JavaScript), until the admin types
// into them.
import type { FieldMetadata } from "@conform-to/react";
import { useRef, useState } from "react";
import { metaTitleFrom } from "~/lib/post-editor";
import { slugify } from "~/lib/slug";
import { initialText } from "./post-fields";

export type Followers = ReturnType<typeof useTitleFollowers>;

type Typed = React.FormEvent<HTMLInputElement>;

/**
 * While the slug or the meta title is empty (and the admin has not typed into it), a new title fills it
 * in: the slug with the spec's rule, the meta title with the title's first 60 characters.
 */
export function useTitleFollowers(slug: FieldMetadata<any, any, any>, metaTitle: FieldMetadata<any, any, any>) {
  const slugInput = useRef<HTMLInputElement>(null);
  const metaInput = useRef<HTMLInputElement>(null);
  const slugFollows = useRef(initialText(slug) === "");
  const metaFollows = useRef(initialText(metaTitle) === "");
  const [metaLength, setMetaLength] = useState(initialText(metaTitle).length);
  // Props for the three inputs: the title's typing fills the others while they follow it.
  return {
    metaLength,
    title: {
      onInput(event: Typed) {
        const text = event.currentTarget.value;
        if (slugFollows.current && slugInput.current) slugInput.current.value = slugify(text);
        if (metaFollows.current && metaInput.current) {
          metaInput.current.value = metaTitleFrom(text);
          setMetaLength(metaInput.current.value.length);
        }
      },
    },
    slug: {
      ref: slugInput,
      onInput(event: Typed) {
        slugFollows.current = event.currentTarget.value === "";
      },
    },
    metaTitle: {
      ref: metaInput,
      onInput(event: Typed) {
        metaFollows.current = event.currentTarget.value === "";
        setMetaLength(event.currentTarget.value.length);
      },
    },
  };
}
