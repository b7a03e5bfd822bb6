import sharp, { type Metadata } from "sharp";
import { IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES } from "~/lib/image-rules";
import { IMAGE_FILE_TYPES, detectFileType, extensionFor } from "./file-type.server";
import { type Bucket, deleteObject, newObjectKey, publicUrl, putObject } from "./storage.server";

// The limit and messages live with the browser's check (app/lib/image-rules.ts), so both say the same.
export { IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES };

/** Widths of the WebP variants made for every upload, for `srcset`. */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;

export class ImageRejectedError extends Error {
  constructor(
    message: string,
    readonly reason: "too-large" | "wrong-type",
  ) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

/** Checks an upload by its bytes (never its name or claimed type): at most 5 MB, JPEG, PNG, WebP or GIF. */
export function checkImage(bytes: Uint8Array) {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageRejectedError(IMAGE_TOO_LARGE, "too-large");
  const type = detectFileType(bytes, IMAGE_FILE_TYPES);
  if (!type) throw new ImageRejectedError(IMAGE_WRONG_TYPE, "wrong-type");
  return type;
}

/** The key of a variant: "<uuid>.png" → "<uuid>-w960.webp". */
export function variantKey(key: string, width: number): string {
  return `${key.replace(/\.[a-z0-9]+$/i, "")}-w${width}.webp`;
}

export interface StoredImage {
  key: string;
  url: string;
}

/**
 * Stores an uploaded image under a random name plus its extension, and resized WebP variants beside it.
 * A file that is not really an image is refused; on any failure nothing is left behind.
 */
export async function storeImage(bucket: Bucket, bytes: Uint8Array, originalName: string): Promise<StoredImage> {
  const type = checkImage(bytes);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { animated: type.name === "gif" }).metadata();
  } catch {
    throw new ImageRejectedError(IMAGE_WRONG_TYPE, "wrong-type");
  }
  if (!metadata.width || !metadata.height) throw new ImageRejectedError(IMAGE_WRONG_TYPE, "wrong-type");

  const key = newObjectKey(`image${extensionFor(type, originalName)}`);
  const written: string[] = [];
  try {
    await putObject(bucket, key, bytes, type.mime);
    written.push(key);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const webp = await sharp(bytes, { animated: type.name === "gif" })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      const vKey = variantKey(key, width);
      await putObject(bucket, vKey, new Uint8Array(webp), "image/webp");
      written.push(vKey);
    }
  } catch (error) {
    await Promise.allSettled(written.map((k) => deleteObject(bucket, k)));
    throw error;
  }
  return { key, url: publicUrl(bucket, key) };
}

/** Removes an image and its variants (missing files are fine). */
export async function deleteImage(bucket: Bucket, key: string | null | undefined): Promise<void> {
  if (!key) return;
  await Promise.allSettled([
    deleteObject(bucket, key),
    ...IMAGE_VARIANT_WIDTHS.map((w) => deleteObject(bucket, variantKey(key, w))),
  ]);
}
