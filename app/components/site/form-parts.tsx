import { type FormMetadata, parse, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import type { z, ZodType } from "zod";
import { showToast } from "~/components/ui/toaster";
import type { FormActionData } from "~/lib/form-result";

/**
 * conform's form for a public page, validated in the browser with the form's zod schema (the same one the
 * action uses) on blur, then as the visitor types. The schema, zod and conform's zod adapter (~26 KB gzip,
 * more than the rest of the page's own code) are fetched when the visitor starts on the form, not with the
 * page. A field left before they arrive is validated once they do, and a submit waits for them, so nothing
 * is sent unchecked; if they cannot be fetched, the form submits and the server answers with the same
 * messages. `constraint` (required, maxLength…) comes from the route's loader, so the fields have it from
 * the first paint.
 */
export function usePublicForm<Schema extends ZodType>({
  id,
  lastResult,
  constraint,
  loadSchema,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: ReturnType<typeof getZodConstraint>;
  loadSchema: () => Promise<Schema>;
}) {
  type Fields = z.input<Schema> & Record<string, unknown>;
  type Validated = Submission<Fields, string[], z.output<Schema>>;
  const validator = useRef<((formData: FormData) => Validated) | "unavailable" | null>(null);
  const loading = useRef<Promise<void>>(null);
  const formMetadata = useRef<FormMetadata<Fields, string[]>>(null);
  // What the visitor did before the validator arrived: the fields they left, and a submit.
  const leftEarly = useRef(new Set<string>());
  const submitEarly = useRef<{ submitter: HTMLElement | null } | null>(null);

  function loadValidator() {
    loading.current ??= Promise.all([import("@conform-to/zod/v4"), loadSchema()])
      .then(
        ([{ parseWithZod }, schema]) => {
          validator.current = (formData) => parseWithZod(formData, { schema }) as Validated;
        },
        () => {
          validator.current = "unavailable";
        },
      )
      .then(() => {
        // Now what the visitor did meanwhile: a submit goes ahead (checked here, or by the server if the
        // validator could not be fetched); else the fields they left are checked.
        const element = document.getElementById(id);
        if (submitEarly.current && element instanceof HTMLFormElement) {
          element.requestSubmit(submitEarly.current.submitter);
        } else if (typeof validator.current === "function") {
          for (const name of leftEarly.current) formMetadata.current?.validate({ name });
        }
        submitEarly.current = null;
        leftEarly.current.clear();
      });
  }

  const [form, fields] = useForm<Fields, z.output<Schema>>({
    id,
    lastResult,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData, submitter }) {
      if (typeof validator.current === "function") return validator.current(formData);
      // Offline or refused: a submit goes to the server, which validates with the same schema.
      if (validator.current === "unavailable") {
        return parse(formData, { resolve: (value) => ({ value: value as z.output<Schema> }) }) as Validated;
      }
      // Not here yet: nothing is shown or sent now; what was asked runs again once it is (see loadValidator).
      const waiting = parse(formData, { resolve: () => ({ error: {} }) }) as Validated;
      if (waiting.status === "error") submitEarly.current = { submitter: submitter ?? null };
      loadValidator();
      return waiting;
    },
  });
  formMetadata.current = form;

  useEffect(() => {
    const element = document.getElementById(id);
    if (!element) return;
    const onFocusIn = () => loadValidator();
    const onFocusOut = (event: FocusEvent) => {
      const field = event.target;
      if (validator.current === null && field instanceof HTMLElement && "name" in field && field.name) {
        leftEarly.current.add(String(field.name));
      }
    };
    element.addEventListener("focusin", onFocusIn);
    element.addEventListener("focusout", onFocusOut);
    return () => {
      element.removeEventListener("focusin", onFocusIn);
      element.removeEventListener("focusout", onFocusOut);
    };
    // loadValidator reads refs only; the listeners are the form's for its lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  return [form, fields] as const;
}

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
