import { getInputProps } from "@conform-to/react";
import { Flex, TextField } from "@radix-ui/themes";
import { type ListReply, useAdminForm } from "~/components/admin/admin-list-parts";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { FormDialog } from "~/components/admin/list-dialogs";
import { Field } from "~/components/ui/field";
import { FieldAdFindings, PublishAnywayCheck } from "~/components/admin/ad-findings";
import { advertisingRefusalOf } from "~/lib/ad-rules/override";
import { brandLimits, brandSchema } from "~/lib/schemas/brand";
import type { BrandView } from "./brand-item";

/** Admin → Brands' dialog that adds a brand (`brand` null) or edits one: a logo by address or upload. */
export function BrandDialog({
  brand,
  closeTo,
  lastResult,
}: {
  brand: BrandView | null;
  closeTo: string;
  lastResult: ListReply | undefined;
}) {
  const [form, fields] = useAdminForm(brandSchema, {
    id: brand ? `brand-${brand.id}` : "brand-new",
    lastResult,
    defaultValue: brand
      ? {
          name: brand.name,
          logo_url: brand.logoUrl,
          site_url: brand.siteUrl ?? "",
          is_featured: brand.isFeatured,
          sort_order: String(brand.sortOrder),
        }
      : { is_featured: true, sort_order: "0" },
  });

  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text" });
  const { key: logoUrlKey, ...logoUrlProps } = getInputProps(fields.logo_url, {
    type: "text",
    ariaDescribedBy: fields.logo_url.descriptionId,
  });
  const { key: siteKey, ...siteProps } = getInputProps(fields.site_url, { type: "url" });
  const { key: orderKey, ...orderProps } = getInputProps(fields.sort_order, { type: "number" });
  const { key: featuredKey, ...featuredProps } = getInputProps(fields.is_featured, { type: "checkbox" });

  return (
    <FormDialog
      title={brand ? "Edit Brand" : "Add New Brand"}
      closeTo={closeTo}
      form={form}
      rowId={brand?.id}
      multipart
      submitLabel={brand ? "Update" : "Create"}
      busyLabel={brand ? "Updating..." : "Submitting..."}
    >
      <Field meta={fields.name} label="Name" required look="admin">
        <TextField.Root key={nameKey} {...nameProps} maxLength={brandLimits.name} autoComplete="off" />
      </Field>
      <FieldAdFindings id={`${fields.name.id}-advertising`} text={fields.name.value} />
      <PublishAnywayCheck texts={[fields.name.value]} publishing refusal={advertisingRefusalOf(lastResult)} />
      <Field
        meta={fields.logo_url}
        label="Logo URL"
        hint="An address starting with https:// or a path on this site such as /logos/brand.png. Or upload an image below (an upload replaces the URL)."
        look="admin"
      >
        <TextField.Root
          key={logoUrlKey}
          {...logoUrlProps}
          maxLength={brandLimits.url}
          inputMode="url"
          spellCheck={false}
          autoComplete="off"
        />
      </Field>
      <Field meta={fields.site_url} label="Website URL" look="admin">
        <TextField.Root
          key={siteKey}
          {...siteProps}
          maxLength={brandLimits.url}
          placeholder="https://"
          spellCheck={false}
          autoComplete="off"
        />
      </Field>
      <Flex gap="4" wrap="wrap" align="end">
        <Field meta={fields.sort_order} label="Sort order" look="admin">
          <TextField.Root key={orderKey} {...orderProps} step={1} className="admin-number-input" />
        </Field>
        <label className="admin-checkbox" htmlFor={fields.is_featured.id}>
          <input key={featuredKey} {...featuredProps} />
          Featured (shown in the home page carousel)
        </label>
      </Flex>
      <ImageUploadField
        field={fields.logo_file}
        label="Upload logo"
        currentUrl={brand?.logoUrl}
        currentAlt={brand ? `${brand.name} logo` : undefined}
      />
    </FormDialog>
  );
}
