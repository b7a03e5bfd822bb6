import { getInputProps, getTextareaProps } from "@conform-to/react";
import { Flex, TextArea, TextField } from "@radix-ui/themes";
import { type ListReply, useAdminForm } from "~/components/admin/admin-list-parts";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { FormDialog } from "~/components/admin/list-dialogs";
import { Field } from "~/components/ui/field";
import { FieldAdFindings, PublishAnywayCheck } from "~/components/admin/ad-findings";
import { advertisingRefusalOf } from "~/lib/ad-rules/override";
import { dealLimits, dealSchema } from "~/lib/schemas/deal";
import type { DealView } from "./deal-table";

/** Admin → Deals' dialog that adds a slide (`deal` null) or edits one: its words, dates, order and image. */
export function DealDialog({
  deal,
  closeTo,
  lastResult,
}: {
  deal: DealView | null;
  closeTo: string;
  lastResult: ListReply | undefined;
}) {
  const [form, fields] = useAdminForm(dealSchema, {
    id: deal ? `deal-${deal.id}` : "deal-new",
    lastResult,
    defaultValue: deal
      ? {
          title: deal.title,
          description: deal.description ?? "",
          start_date: deal.startDate ?? "",
          end_date: deal.endDate ?? "",
          is_active: deal.isActive,
          sort_order: String(deal.sortOrder),
        }
      : { is_active: true, sort_order: "0" },
  });

  const { key: titleKey, ...titleProps } = getInputProps(fields.title, { type: "text" });
  const { key: descriptionKey, ...descriptionProps } = getTextareaProps(fields.description);
  const { key: startKey, ...startProps } = getInputProps(fields.start_date, { type: "date" });
  const { key: endKey, ...endProps } = getInputProps(fields.end_date, { type: "date" });
  const { key: orderKey, ...orderProps } = getInputProps(fields.sort_order, { type: "number" });
  const { key: activeKey, ...activeProps } = getInputProps(fields.is_active, { type: "checkbox" });
  const { key: removeKey, ...removeProps } = getInputProps(fields.remove_image, { type: "checkbox" });

  return (
    <FormDialog
      title={deal ? "Edit Deal" : "Add New Deal"}
      closeTo={closeTo}
      size="wide"
      form={form}
      rowId={deal?.id}
      multipart
      submitLabel={deal ? "Update Deal" : "Create Deal"}
      busyLabel={deal ? "Updating..." : "Submitting..."}
    >
      <Field meta={fields.title} label="Title" required look="admin">
        <TextField.Root key={titleKey} {...titleProps} maxLength={dealLimits.title} autoComplete="off" />
      </Field>
      <FieldAdFindings id={`${fields.title.id}-advertising`} text={fields.title.value} />
      <Field meta={fields.description} label="Description" look="admin">
        <TextArea key={descriptionKey} {...descriptionProps} rows={3} maxLength={dealLimits.description} />
      </Field>
      <FieldAdFindings id={`${fields.description.id}-advertising`} text={fields.description.value} />
      <div className="admin-form-row">
        <Field meta={fields.start_date} label="Start date" look="admin">
          <TextField.Root key={startKey} {...startProps} />
        </Field>
        <Field meta={fields.end_date} label="End date" look="admin">
          <TextField.Root key={endKey} {...endProps} />
        </Field>
      </div>
      <Flex gap="4" wrap="wrap" align="end">
        <Field meta={fields.sort_order} label="Sort order" look="admin">
          <TextField.Root key={orderKey} {...orderProps} step={1} className="admin-number-input" />
        </Field>
        <label className="admin-checkbox" htmlFor={fields.is_active.id}>
          <input key={activeKey} {...activeProps} />
          Active
        </label>
      </Flex>
      <PublishAnywayCheck
        texts={[fields.title.value, fields.description.value]}
        publishing={fields.is_active.value === "on"}
        refusal={advertisingRefusalOf(lastResult)}
        published={deal?.isActive ? [deal.title, deal.description] : null}
      />
      {deal?.imageUrl ? (
        <label className="admin-checkbox" htmlFor={fields.remove_image.id}>
          <input key={removeKey} {...removeProps} />
          Remove the current image
        </label>
      ) : null}
      <ImageUploadField
        field={fields.image}
        label="Image"
        currentUrl={deal?.imageUrl}
        currentAlt={deal ? deal.title : undefined}
        hint="JPEG, PNG, WebP or GIF, less than 5MB. Shown 16:9 in the carousel."
      />
    </FormDialog>
  );
}
