import { getCollectionProps, getInputProps } from "@conform-to/react";
import { Text, TextField } from "@radix-ui/themes";
import { type ListReply, useAdminForm } from "~/components/admin/admin-list-parts";
import { FormDialog } from "~/components/admin/list-dialogs";
import { Field } from "~/components/ui/field";
import { type StoreId, storeShortName } from "~/content/stores";
import { EXCEPTION_KINDS, hoursExceptionSchema, hoursLimits } from "~/lib/schemas/hours";
import type { ExceptionView } from "./exception-view";

/**
 * Admin → Hours' dialog that adds a holiday or special hours (`exception` null: for the store the page shows,
 * perhaps with a holiday's date and name) or edits one: its label, dates, and closed or its own hours.
 */
export function ExceptionDialog({
  exception,
  store,
  prefill,
  closeTo,
  lastResult,
}: {
  exception: ExceptionView | null;
  /** The store tab the page shows: a new exception is for it. */
  store: StoreId;
  prefill: { date: string; label: string };
  closeTo: string;
  lastResult: ListReply | undefined;
}) {
  const forStore = exception?.store ?? store;
  const [form, fields] = useAdminForm(hoursExceptionSchema, {
    id: exception ? `exception-${exception.id}` : "exception-new",
    lastResult,
    defaultValue: exception
      ? {
          store: exception.store,
          start_date: exception.startDate,
          end_date: exception.endDate === exception.startDate ? "" : exception.endDate,
          kind: exception.closed ? "closed" : "special",
          opens: exception.opens ?? "",
          closes: exception.closes ?? "",
          label: exception.label,
        }
      : { store, start_date: prefill.date, end_date: "", kind: "closed", label: prefill.label },
  });

  const { key: labelKey, ...labelProps } = getInputProps(fields.label, {
    type: "text",
    ariaDescribedBy: fields.label.descriptionId,
  });
  const { key: startKey, ...startProps } = getInputProps(fields.start_date, { type: "date" });
  const { key: endKey, ...endProps } = getInputProps(fields.end_date, {
    type: "date",
    ariaDescribedBy: fields.end_date.descriptionId,
  });
  const { key: opensKey, ...opensProps } = getInputProps(fields.opens, { type: "time" });
  const { key: closesKey, ...closesProps } = getInputProps(fields.closes, {
    type: "time",
    ariaDescribedBy: fields.closes.descriptionId,
  });
  const kindOptions = getCollectionProps(fields.kind, {
    type: "radio",
    options: EXCEPTION_KINDS.map((k) => k.value),
  });
  const kindError = fields.kind.errors?.[0];

  return (
    <FormDialog
      title={exception ? "Edit exception" : "Add holiday or special hours"}
      closeTo={closeTo}
      description={`${storeShortName(forStore)}. On these dates the website shows these hours instead of the weekly ones.`}
      size="wide"
      form={form}
      rowId={exception?.id}
      hidden={{ store: forStore }}
      className="hours-exception"
      submitLabel={exception ? "Save changes" : "Add"}
      busyLabel={exception ? "Saving..." : "Adding..."}
    >
      <Field
        meta={fields.label}
        label="Label"
        required
        hint="Shown on the website, e.g. “Closed today (Thanksgiving)”."
        look="admin"
      >
        <TextField.Root key={labelKey} {...labelProps} maxLength={hoursLimits.label} autoComplete="off" />
      </Field>
      <div className="admin-form-row">
        <Field meta={fields.start_date} label="Date" required look="admin">
          <TextField.Root key={startKey} {...startProps} />
        </Field>
        <Field
          meta={fields.end_date}
          label="Until (optional)"
          hint="For a range of days. Leave blank for one day."
          look="admin"
        >
          <TextField.Root key={endKey} {...endProps} />
        </Field>
      </div>
      <fieldset className="hours-exception__kind" aria-describedby={kindError ? fields.kind.errorId : undefined}>
        <legend className="hours-exception__legend">Hours on these dates</legend>
        <div className="hours-exception__options">
          {kindOptions.map(({ key, ...props }) => (
            <label key={key} htmlFor={props.id} className="admin-checkbox">
              <input {...props} aria-describedby={undefined} aria-invalid={undefined} />
              {EXCEPTION_KINDS.find((k) => k.value === props.value)?.label}
            </label>
          ))}
        </div>
        {kindError ? (
          <Text as="p" size="2" color="red" id={fields.kind.errorId} className="admin-field-error">
            {kindError}
          </Text>
        ) : null}
      </fieldset>
      <div className="admin-form-row hours-exception__times">
        <Field meta={fields.opens} label="Opens" look="admin">
          <TextField.Root key={opensKey} {...opensProps} step={60} />
        </Field>
        <Field
          meta={fields.closes}
          label="Closes"
          hint="Earlier than the opening time means after midnight."
          look="admin"
        >
          <TextField.Root key={closesKey} {...closesProps} step={60} />
        </Field>
      </div>
    </FormDialog>
  );
}
