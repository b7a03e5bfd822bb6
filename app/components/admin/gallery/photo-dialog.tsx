import { getInputProps, getTextareaProps } from "@conform-to/react";
import { TextArea, TextField } from "@radix-ui/themes";
import { type ListReply, useAdminForm } from "~/components/admin/admin-list-parts";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { FormDialog } from "~/components/admin/list-dialogs";
import { Field } from "~/components/ui/field";
import { FieldAdFindings, PublishAnywayCheck } from "~/components/admin/ad-findings";
import { advertisingRefusalOf } from "~/lib/ad-rules/override";
import { ALT_TEXT_HINT, galleryLimits, gallerySchema } from "~/lib/schemas/gallery";
import type { PhotoView } from "./photo-item";

/** Admin → Gallery's dialog that adds a photo (`photo` null: the file is required) or edits one. */
export function PhotoDialog({
  photo,
  closeTo,
  lastResult,
}: {
  photo: PhotoView | null;
  closeTo: string;
  lastResult: ListReply | undefined;
}) {
  const [form, fields] = useAdminForm(gallerySchema, {
    id: photo ? `photo-${photo.id}` : "photo-new",
    lastResult,
    defaultValue: photo
      ? {
          intent: "update",
          alt: photo.alt,
          caption: photo.caption ?? "",
          sort_order: String(photo.sortOrder),
        }
      : { intent: "create", sort_order: "0" },
  });
  const { key: altKey, ...altProps } = getTextareaProps(fields.alt, { ariaDescribedBy: fields.alt.descriptionId });
  const { key: captionKey, ...captionProps } = getInputProps(fields.caption, {
    type: "text",
    ariaDescribedBy: fields.caption.descriptionId,
  });
  const { key: orderKey, ...orderProps } = getInputProps(fields.sort_order, { type: "number" });

  return (
    <FormDialog
      title={photo ? "Edit Photo" : "Add Photo"}
      closeTo={closeTo}
      size="wide"
      form={form}
      rowId={photo?.id}
      multipart
      submitLabel={photo ? "Update Photo" : "Add Photo"}
      busyLabel={photo ? "Updating..." : "Uploading..."}
    >
      <Field meta={fields.alt} label="Alt text" required hint={ALT_TEXT_HINT} look="admin">
        <TextArea key={altKey} {...altProps} rows={2} maxLength={galleryLimits.alt} />
      </Field>
      <FieldAdFindings id={`${fields.alt.id}-advertising`} text={fields.alt.value} />
      <Field
        meta={fields.caption}
        label="Caption"
        hint="Optional: shown under the photo, e.g. “Display cases”."
        look="admin"
      >
        <TextField.Root key={captionKey} {...captionProps} maxLength={galleryLimits.caption} autoComplete="off" />
      </Field>
      <FieldAdFindings id={`${fields.caption.id}-advertising`} text={fields.caption.value} />
      <PublishAnywayCheck
        texts={[fields.alt.value, fields.caption.value]}
        publishing
        refusal={advertisingRefusalOf(lastResult)}
      />
      <Field meta={fields.sort_order} label="Sort order" look="admin">
        <TextField.Root key={orderKey} {...orderProps} step={1} className="admin-number-input" />
      </Field>
      <ImageUploadField
        field={fields.image}
        label="Photo"
        currentUrl={photo?.imageUrl}
        currentAlt={photo?.alt}
        hint={
          photo
            ? "Choose a file only to replace the current photo. JPEG, PNG, WebP or GIF, less than 5MB."
            : "Required. JPEG, PNG, WebP or GIF, less than 5MB. Shown 4:3 on the About page (cropped to fit)."
        }
      />
    </FormDialog>
  );
}
