import type { SubmissionResult } from "@conform-to/react";

/** What a public form's action answers: conform's result plus the words for the toast or the notice. */
export interface FormActionData {
  result: SubmissionResult<string[]>;
  outcome: "success" | "invalid" | "error";
  /** The toast's title (the spec's success or failure message). */
  message: string;
  /** Why it failed, when there is more to say. */
  description?: string;
}

export const FIX_FIELDS_MESSAGE = "Please correct the highlighted fields.";
