// conform's form as the signed-out admin pages use it, and the toast of a form-wide error of the server's
// answer (the form shows it too; the toast is what the spec's failure notices are).
import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import type { z } from "zod";
import { showToast } from "~/components/ui/toaster";

type FormShape = Record<string, unknown>;

/** A form-wide error of the action's answer, as a toast too (with JavaScript). */
export function useFormErrorToast(result: SubmissionResult<string[]> | null | undefined) {
  useEffect(() => {
    const message = result?.error?.[""]?.[0];
    if (message) showToast({ type: "error", message });
  }, [result]);
}

/**
 * The form of a sign-in page (login, reset, set-up, invitation): checked in the browser on blur and again as
 * one types, with the server's answer (`lastResult`) shown in it and its form-wide error as a toast.
 */
export function useAuthForm<Schema extends z.ZodType<FormShape, FormShape>>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
) {
  const formAndFields = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  useFormErrorToast(lastResult);
  return formAndFields;
}
