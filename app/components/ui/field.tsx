import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

/** What a field needs of conform's metadata: its ids and its errors. */
export type FieldMeta = Pick<FieldMetadata<any, any, string[]>, "id" | "errorId" | "descriptionId" | "errors">;

interface FieldProps {
  /** conform's field: the label points at `meta.id`, the hint is `meta.descriptionId`, the error `meta.errorId`. */
  meta: FieldMeta;
  label: ReactNode;
  /** Shown with the field; pass `ariaDescribedBy: meta.descriptionId` to the control's getInputProps too. */
  hint?: ReactNode;
  required?: boolean;
  /** Errors to show instead of conform's (a check the browser made itself, e.g. an upload refused at once). */
  errors?: string[];
  /** The public site's plain form (no Radix: its pages stay light) or the admin's Radix-sized one. */
  look: "site" | "admin";
  children: ReactNode;
}

/**
 * A label, the control, its hint and its errors, wired together for assistive technology from conform's
 * metadata, so no form passes ids by hand. The control gets aria-invalid and aria-describedby from
 * conform's getInputProps (or the caller, for a control conform does not render).
 */
export function Field({ meta, label, hint, required = false, errors: shownErrors, look, children }: FieldProps) {
  const errors = shownErrors ?? meta.errors ?? [];
  const invalid = errors.length > 0;
  const site = look === "site";
  const block = site ? "form-field" : "admin-field";
  const hintLine = hint ? (
    <p className={`${block}__hint`} id={meta.descriptionId}>
      {hint}
    </p>
  ) : null;
  return (
    <div className={site && invalid ? "form-field form-field--invalid" : block}>
      <label className={`${block}__label`} htmlFor={meta.id}>
        {label}
        {required ? (
          <span className={`${block}__required`} aria-hidden="true">
            {" "}
            *
          </span>
        ) : site ? (
          <span className="form-field__optional"> (optional)</span>
        ) : null}
      </label>
      {/* The public form reads its hint before the control; the admin's denser forms put it under. */}
      {site ? hintLine : null}
      {children}
      {site ? null : hintLine}
      {site ? (
        // Always there, so a message that appears is read out where the control already points.
        <p className="form-field__error" id={meta.errorId} hidden={!invalid}>
          {errors.join(" ")}
        </p>
      ) : invalid ? (
        <p className="admin-field-error" id={meta.errorId}>
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}
