import type { FormBodyLimits } from "./form-body.server";
import { deleteImage, ImageRejectedError, MAX_IMAGE_BYTES, type StoredImage, storeImage } from "./images.server";
import type { Bucket } from "./storage.server";
import { logger } from "./logger.server";

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
    logger.error({ err: error, bucket }, "Could not store an image");
    return { status: "failed" };
  }
}

export const IMAGE_NOT_STORED = "The image could not be stored. Please try again.";

/**
 * The upload step of an admin save: the stored image (null when none was chosen), or the area's reply
 * refusing it (`rejected`: not an accepted image, for the field; `failed`: storage broke).
 */
export async function uploadForSave<Reply>(
  bucket: Bucket,
  file: File | undefined,
  replies: { rejected: (message: string) => Reply; failed: () => Reply },
): Promise<{ ok: true; image: StoredImage | null } | { ok: false; reply: Reply }> {
  const upload = await storeUpload(bucket, file);
  if (upload.status === "rejected") return { ok: false, reply: replies.rejected(upload.message) };
  if (upload.status === "failed") return { ok: false, reply: replies.failed() };
  return { ok: true, image: upload.status === "stored" ? upload.image : null };
}

/**
 * Runs a save that may point a row at a newly stored image, keeping storage in step with the database: the
 * new file is deleted again when the save throws or saves nothing (the row is gone).
 */
export async function withNewImage<T>(
  bucket: Bucket,
  image: StoredImage | null,
  save: () => Promise<T | undefined>,
): Promise<T | undefined> {
  try {
    const saved = await save();
    if (saved === undefined && image) await deleteImage(bucket, image.key);
    return saved;
  } catch (error) {
    if (image) await deleteImage(bucket, image.key);
    throw error;
  }
}

/** After an update: deletes the file the row pointed at before, unless it still does. */
export async function deleteReplacedImage(bucket: Bucket, before: string | null, after: string | null) {
  if (before && before !== after) await deleteImage(bucket, before);
}
