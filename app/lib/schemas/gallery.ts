import { z } from "zod";
import { optionalText, requiredText } from "./fields";
import { imageUploadField, sortOrderField } from "./admin-fields";

export const galleryLimits = { alt: 160, caption: 200 } as const;

export const PHOTO_REQUIRED_MESSAGE = "Photo is required: choose an image to upload";

/** Under the alt text field: what good alt text says. */
export const ALT_TEXT_HINT =
  "Say what the photo shows for someone who can't see it, in a sentence: e.g. “Glass display cases lit from above, with jars of flower on the shelves”. Skip “Photo of”, and don't repeat the caption.";

/**
 * The photo dialog ('Add Photo' / 'Edit Photo'). The image is required when adding; when editing, leaving
 * it empty keeps the current one. The type is checked by the file's content when it is stored (the deal
 * image rules: JPEG, PNG, WebP or GIF, less than 5MB).
 */
export const gallerySchema = z
  .object({
    intent: z.enum(["create", "update"]),
    alt: requiredText("Alt text", galleryLimits.alt),
    caption: optionalText("Caption", galleryLimits.caption),
    sort_order: sortOrderField(),
    // Last in the form: if the file is too large, the server still reads every field before it.
    image: imageUploadField(),
  })
  .superRefine(
    (value, context) => {
      if (value.intent === "create" && !value.image) {
        context.addIssue({ code: "custom", path: ["image"], message: PHOTO_REQUIRED_MESSAGE });
      }
    },
    // Also when another field is wrong (say, no alt text), so every error shows at once.
    { when: () => true },
  );

export type GallerySubmission = z.infer<typeof gallerySchema>;

export const GALLERY_MESSAGES = {
  created: "Photo added successfully",
  updated: "Photo updated successfully",
  deleted: "Photo deleted successfully",
  createFailed: "Failed to add photo",
  updateFailed: "Failed to update photo",
  deleteFailed: "Failed to delete photo",
  uploadFailed: "Failed to upload image",
  confirmDelete: "Are you sure you want to delete this photo?",
  gone: "This photo no longer exists.",
  saveFailed: "The photo could not be saved. Please try again.",
} as const;
