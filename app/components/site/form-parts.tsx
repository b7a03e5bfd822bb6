import { useEffect } from "react";
import { showToast } from "~/components/ui/toaster";
import type { FormActionData } from "~/lib/form-result";

interface FieldShellProps {
  /** The control's id (conform's field.id). */
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  /** The id the hint paragraph gets; pass it to the control's aria-describedby too. */
  hintId?: string;
  /** conform's field.errorId: the control points at it with aria-describedby while invalid. */
  errorId: string;
  errors?: string[];
  children: React.ReactNode;
}

/** A label, an optional hint, the control and its errors, wired together for assistive technology. */
export function FieldShell({ id, label, required, hint, hintId, errorId, errors, children }: FieldShellProps) {
  const invalid = !!errors?.length;
  return (
    <div className={`form-field${invalid ? " form-field--invalid" : ""}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="form-field__required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : (
          <span className="form-field__optional"> (optional)</span>
        )}
      </label>
      {hint ? (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children}
      <p className="form-field__error" id={errorId} hidden={!invalid}>
        {errors?.join(" ")}
      </p>
    </div>
  );
}

/**
 * The trap for bots: a text field people never see, that assistive technology skips and browsers do
 * not fill. A submission with it filled is thanked and dropped.
 */
export function Honeypot({ formId }: { formId: string }) {
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label htmlFor={`${formId}-honeypot`}>Leave this field empty</label>
      <input id={`${formId}-honeypot`} type="text" name="honeypot" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The page's answer to the last submission, for visitors without JavaScript (and as a lasting note for everyone). */
export function FormNotice({ data }: { data: FormActionData | undefined }) {
  if (!data || data.outcome !== "success") return null;
  return (
    <div className="form-notice form-notice--success">
      <p>{data.message}</p>
    </div>
  );
}

/** With JavaScript, each answer of the action also shows as a toast. */
export function useSubmissionToast(data: FormActionData | undefined) {
  useEffect(() => {
    if (!data) return;
    showToast(
      data.outcome === "success"
        ? { type: "success", message: data.message }
        : { type: "error", message: data.message, description: data.description },
    );
  }, [data]);
}

/**
 * Conform's reset leaves a select with no option chosen (a blank box); show its placeholder, the first
 * option, again. Call after useForm: effects run in order, so this one follows conform's DOM updates.
 */
export function useSelectPlaceholders(formId: string) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    for (const element of form.elements) {
      if (element instanceof HTMLSelectElement && !element.multiple && element.selectedIndex === -1) {
        element.selectedIndex = 0;
      }
    }
  });
}
