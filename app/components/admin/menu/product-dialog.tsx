import { getInputProps, getTextareaProps } from "@conform-to/react";
import { TextArea } from "@radix-ui/themes";
import { type ListReply, useAdminForm } from "~/components/admin/admin-list-parts";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { FormDialog } from "~/components/admin/list-dialogs";
import { Field } from "~/components/ui/field";
import { FieldAdFindings, PublishAnywayCheck, wordsOf } from "~/components/admin/ad-findings";
import { advertisingRefusalOf } from "~/lib/ad-rules/override";
import { MENU_DESCRIPTION_MAX, menuProductSchema } from "~/lib/schemas/menu";
import type { MenuProductView } from "./product-table";

/**
 * Admin → Menu's dialog that edits a product by hand: its description (shown with the source's, which it
 * replaces), a photo of the owner's own, and hiding it from the menu. What the source says stays as it is,
 * and comes back with "Reset".
 */
export function ProductDialog({
  product,
  closeTo,
  lastResult,
}: {
  product: MenuProductView;
  closeTo: string;
  lastResult: ListReply | undefined;
}) {
  const [form, fields] = useAdminForm(menuProductSchema, {
    id: `menu-product-${product.id}`,
    lastResult,
    defaultValue: {
      description: product.editedDescription ?? product.sourceDescription ?? "",
      is_hidden: product.isHidden,
    },
  });
  const { key: descriptionKey, ...descriptionProps } = getTextareaProps(fields.description, {
    ariaDescribedBy: fields.description.descriptionId,
  });
  // Emptied, the field leaves the source's description on the menu: that is what gets checked.
  const typed = wordsOf(fields.description.value);
  const shownDescription = typed.trim() ? typed : (product.sourceDescription ?? "");
  const { key: hiddenKey, ...hiddenProps } = getInputProps(fields.is_hidden, { type: "checkbox" });
  const { key: sourceImageKey, ...sourceImageProps } = getInputProps(fields.use_source_image, { type: "checkbox" });

  return (
    <FormDialog
      title="Edit product"
      description={
        <>
          {product.name}
          {product.brand ? ` by ${product.brand}` : ""}, from the {product.sourceLabel}. Your changes stay through every
          import and sync until you reset them.
        </>
      }
      closeTo={closeTo}
      size="wide"
      form={form}
      rowId={product.id}
      multipart
      submitLabel="Save"
      busyLabel="Saving..."
    >
      <Field
        meta={fields.description}
        label="Description"
        hint="Leave it as the source's text (or empty) to keep showing the source's description as it changes."
        look="admin"
      >
        <TextArea key={descriptionKey} {...descriptionProps} rows={6} maxLength={MENU_DESCRIPTION_MAX} />
      </Field>
      <FieldAdFindings id={`${fields.description.id}-advertising`} text={shownDescription} />
      <div className="menu-source-text">
        <p className="menu-source-text__label">
          {product.editedDescription !== null ? "Replaces the source's description:" : "The source's description:"}
        </p>
        {product.sourceDescription ? (
          <blockquote>{product.sourceDescription}</blockquote>
        ) : (
          <p className="menu-source-text__none">The source gives no description.</p>
        )}
      </div>
      <label className="admin-checkbox" htmlFor={fields.is_hidden.id}>
        <input key={hiddenKey} {...hiddenProps} />
        Hide from the menu
      </label>
      <PublishAnywayCheck
        texts={[shownDescription]}
        publishing={fields.is_hidden.value !== "on"}
        refusal={advertisingRefusalOf(lastResult)}
      />
      {product.editedImageUrl ? (
        <label className="admin-checkbox" htmlFor={fields.use_source_image.id}>
          <input key={sourceImageKey} {...sourceImageProps} />
          {product.sourceImageUrl ? "Show the source's photo again" : "Remove your photo (the source has none)"}
        </label>
      ) : null}
      <ImageUploadField
        field={fields.image}
        label="Your photo"
        currentUrl={product.imageUrl}
        currentAlt={product.name}
        hint={
          product.editedImageUrl
            ? "JPEG, PNG, WebP or GIF, less than 5MB. Replaces your current photo."
            : "JPEG, PNG, WebP or GIF, less than 5MB. Shown instead of the source's photo; leave empty to keep it."
        }
      />
    </FormDialog>
  );
}
