import {
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  parse,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod/v4";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { z, ZodType } from "zod";
import { Field } from "~/components/ui/field";
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
function usePublicForm<Schema extends ZodType>({
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

/** The page's answer to the last submission, for visitors without JavaScript (and as a lasting note for everyone). */
function FormNotice({ data }: { data: FormActionData | undefined }) {
  if (!data || data.outcome !== "success") return null;
  return (
    <div className="form-notice form-notice--success">
      <p>{data.message}</p>
    </div>
  );
}

/** With JavaScript, each answer of the action also shows as a toast. */
function useSubmissionToast(data: FormActionData | undefined) {
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
function useSelectPlaceholders(formId: string) {
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

/**
 * A public form page's state: conform's form (see usePublicForm) fed by the route's loader (`constraint`)
 * and its action's last answer, shown as a toast, and whether it is being sent now.
 */
export function usePublicFormPage<Schema extends ZodType>({
  id,
  action,
  loadSchema,
}: {
  id: string;
  /** The route's path: the form is sending while a submission to it is under way. */
  action: string;
  loadSchema: () => Promise<Schema>;
}) {
  const actionData = useActionData<FormActionData>();
  const navigation = useNavigation();
  const { constraint } = useLoaderData<{ constraint: ReturnType<typeof getZodConstraint> }>();
  const [form, fields] = usePublicForm({
    id,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    constraint,
    loadSchema,
  });
  useSubmissionToast(actionData);
  useSelectPlaceholders(form.id);
  const submitting = navigation.state === "submitting" && navigation.formAction === action;
  return { form, fields, actionData, submitting };
}

/**
 * The card a public form sits in: its heading, the notice of the last answer, the form with its legend,
 * its form-level alert and the fields, then the submit button (`busyLabel` while it is sent).
 */
export function PublicFormCard({
  heading,
  form,
  actionData,
  submitting,
  submitLabel,
  busyLabel,
  multipart = false,
  children,
}: {
  heading: string;
  form: FormMetadata<any, string[]>;
  actionData: FormActionData | undefined;
  submitting: boolean;
  submitLabel: string;
  busyLabel: string;
  multipart?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="form-card">
      <h2>{heading}</h2>
      <FormNotice data={actionData} />
      <Form
        method="post"
        encType={multipart ? "multipart/form-data" : undefined}
        className="form"
        {...getFormProps(form)}
      >
        <p className="form__legend">
          Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">with an asterisk</span> are required.
        </p>
        <div id={form.errorId} className="form-alert" role="alert" hidden={!form.errors?.length}>
          {form.errors?.join(" ")}
        </div>
        {children}
        <button type="submit" className="button-link form__submit" disabled={submitting}>
          {submitting ? busyLabel : submitLabel}
        </button>
      </Form>
    </div>
  );
}

type TextFieldMeta = FieldMetadata<any, any, string[]>;

/** Who is writing, the first fields of both public forms: their name, e-mail and phone. */
export function PersonFields({
  name,
  nameLabel,
  email,
  phone,
  phoneRequired,
  limits,
}: {
  name: TextFieldMeta;
  nameLabel: string;
  email: TextFieldMeta;
  phone: TextFieldMeta;
  phoneRequired: boolean;
  limits: { name: number; email: number; phone: number };
}) {
  return (
    <>
      <Field meta={name} label={nameLabel} required look="site">
        <input {...getInputProps(name, { type: "text" })} autoComplete="name" maxLength={limits.name} />
      </Field>
      <Field meta={email} label="Email" required look="site">
        <input {...getInputProps(email, { type: "email" })} autoComplete="email" maxLength={limits.email} />
      </Field>
      <Field meta={phone} label="Phone" required={phoneRequired} look="site">
        <input {...getInputProps(phone, { type: "tel" })} autoComplete="tel" maxLength={limits.phone} />
      </Field>
    </>
  );
}

/** A required choice from a fixed list, opening on its placeholder ("Select a topic"). */
export function ChoiceField({
  meta,
  label,
  placeholder,
  choices,
}: {
  meta: TextFieldMeta;
  label: string;
  placeholder: string;
  choices: readonly { value: string; label: string }[];
}) {
  return (
    <Field meta={meta} label={label} required look="site">
      <select {...getSelectProps(meta)}>
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
