// The post form's fields as conform hands them to the editor's cards, and two readings of them the cards
// share: a control's props without `key`, and a field's starting text.
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { z } from "zod";
import type { postSchema } from "~/lib/schemas/post";

export type PostFormInput = z.input<typeof postSchema>;

/** Every field of the post form (useForm's second item). */
export type PostFields = ReturnType<FormMetadata<PostFormInput, string[]>["getFieldset"]>;

/** getInputProps and friends return `key`; React wants it passed on its own. */
export function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { key, ...rest } = props;
  return rest;
}

/** The text a field starts with ("" when it starts empty or holds something else). */
export const initialText = (field: FieldMetadata<any, any, any>) =>
  typeof field.initialValue === "string" ? field.initialValue : "";
