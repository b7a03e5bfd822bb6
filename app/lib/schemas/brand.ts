import { z } from "zod";
import { requiredText } from "./fields";
import { imageUploadField, sortOrderField } from "./admin-fields";

export const brandLimits = { name: 120, url: 2048 } as const;

export const LOGO_REQUIRED_MESSAGE = "Logo is required: upload an image or enter a logo URL";
export const LOGO_URL_MESSAGE = "Logo URL must be a valid http(s) URL or a path starting with /";
export const SITE_URL_MESSAGE = "Please enter a valid website URL starting with http:// or https://";

/** An absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A path on this site ("/demo/brands/x.svg"), never a protocol-relative "//host" address. */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])[^\s]*$/.test(value);
}

/**
 * The brand dialog ('Add New Brand' / 'Edit Brand'). The logo is an uploaded image or a URL (one of the
 * two is required); when both are given, the upload wins.
 */
export const brandSchema = z
  .object({
    name: requiredText("Name", brandLimits.name),
    logo_url: z
      .string()
      .trim()
      .max(brandLimits.url, `Logo URL must be at most ${brandLimits.url} characters`)
      .refine((value) => isHttpUrl(value) || isSitePath(value), LOGO_URL_MESSAGE)
      .optional(),
    site_url: z
      .string()
      .trim()
      .max(brandLimits.url, `Website URL must be at most ${brandLimits.url} characters`)
      .refine(isHttpUrl, SITE_URL_MESSAGE)
      .optional(),
    is_featured: z.boolean().optional().default(false),
    sort_order: sortOrderField(),
    // Last in the form: if the file is too large, the server still reads every field before it.
    logo_file: imageUploadField(),
  })
  .superRefine(
    (value, context) => {
      if (!value.logo_file && !value.logo_url) {
        context.addIssue({ code: "custom", path: ["logo_url"], message: LOGO_REQUIRED_MESSAGE });
      }
    },
    // Also when another field is wrong, so every error shows at once.
    { when: () => true },
  );

export type BrandSubmission = z.infer<typeof brandSchema>;

export const BRAND_MESSAGES = {
  created: "Brand created successfully",
  updated: "Brand updated successfully",
  deleted: "Brand deleted successfully",
  createFailed: "Error creating brand",
  updateFailed: "Error updating brand",
  deleteFailed: "Error deleting brand",
  gone: "This brand no longer exists.",
  saveFailed: "The brand could not be saved. Please try again.",
} as const;
