import type { FormBodyLimits } from "./form-body.server";
import { ImageRejectedError, MAX_IMAGE_BYTES, type StoredImage, storeImage } from "./images.server";
import type { Bucket } from "./storage.server";

/** Admin forms with one image: the image plus the text fields, with room for multipart headers. */
export const IMAGE_FORM_LIMITS: FormBodyLimits = {
  maxFileSize: MAX_IMAGE_BYTES,
  maxTotalSize: MAX_IMAGE_BYTES + 64 * 1024,
  maxFiles: 1,
  maxParts: 30,
};

export type UploadOutcome =
  | { status: "none" }
  | { status: "stored"; image: StoredImage }
  /** Not an accepted image: too large, not an image, or unreadable pixels (the message for the field and toast). */
  | { status: "rejected"; message: string }
  /** Storage failed (disk, network): logged; nothing was kept. */
  | { status: "failed" };

/** Stores an uploaded image in a public bucket, if one was chosen. */
export async function storeUpload(bucket: Bucket, file: File | undefined): Promise<UploadOutcome> {
  if (!file) return { status: "none" };
  try {
    const image = await storeImage(bucket, new Uint8Array(await file.arrayBuffer()), file.name);
    return { status: "stored", image };
  } catch (error) {
    if (error instanceof ImageRejectedError) return { status: "rejected", message: error.message };
    console.error(`Could not store an image in the ${bucket} bucket:`, error);
    return { status: "failed" };
  }
}
