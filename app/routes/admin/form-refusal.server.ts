// The answer to an admin form refused as a whole (the body could not be read, fields to fix, a rule of the
// page): conform's result with one form-wide error, and the toast that gives the same reason under its title.
import type { Submission } from "@conform-to/react";
import type { FormActionData } from "~/lib/form-result";

export function formRefusal(
  /** What conform read of the form; null when the body could not be read at all. */
  submission: Submission<any, string[], any> | null,
  reason: string,
  toast: { outcome: "invalid" | "error"; message: string },
): FormActionData {
  return {
    result: submission ? submission.reply({ formErrors: [reason] }) : { status: "error", error: { "": [reason] } },
    outcome: toast.outcome,
    message: toast.message,
    description: reason,
  };
}
