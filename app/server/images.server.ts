import sharp, { type Metadata, type SharpOptions } from "sharp";
import { IMAGE_TOO_LARGE, IMAGE_UNREADABLE, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES } from "~/lib/image-rules";
import { IMAGE_VARIANT_WIDTHS, sizedImageKey, variantWidthsFor } from "~/lib/image-srcset";
import { IMAGE_FILE_TYPES, detectFileType, extensionFor } from "./file-type.server";
import { type Bucket, deleteObject, newObjectKey, publicUrl, putObject } from "./storage.server";

// The limit and messages live with the browser's check (app/lib/image-rules.ts), so both say the same.
export { IMAGE_TOO_LARGE, IMAGE_UNREADABLE, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES };

// Memory (docs/decisions/2026-11-27-memory-floor.md): libvips' operation cache keeps the decoded pixels of
// past operations far beyond its nominal 50 MB (1.4 GB resident after the three variants of one
// 144-megapixel progressive JPEG; 0.1 GB without it). Every upload is a new image, so the cache saves
// nothing here: off. Its thread count stays libvips' default (one per CPU), which measured no different.
sharp.cache(false);

/**
 * The most pixels an upload may have (all frames of an animation together). Decoding costs about 3 bytes
 * a pixel, more for a progressive JPEG, which is decoded whole: 50 megapixels (a 48 MP phone photo fits)
 * keep one upload's decoding around 150–300 MB; sharp's own default (268 MP) would allow about 1 GB.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const IMAGE_TOO_MANY_PIXELS =
  "Image must be at most 50 megapixels (for example 8000 × 6000 pixels). Please scale it down and try again.";

/** Widths of the WebP variants made for every upload, for `srcset` (shared with the pages that list them). */
export { IMAGE_VARIANT_WIDTHS };

/** An upload refused for what it is (its message is for the admin); callers answer 400 and keep nothing. */
export class ImageRejectedError extends Error {
  constructor(
    message: string,
    readonly reason: "too-large" | "wrong-type" | "unreadable",
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "ImageRejectedError";
  }
}

/**
 * A file whose header says image but whose pixel data cannot be decoded (a broken or truncated PNG, JPEG…):
 * sharp's error (e.g. "vipspng: libpng read error") is kept as the cause.
 */
export class UnreadableImageError extends ImageRejectedError {
  constructor(options?: ErrorOptions) {
    super(IMAGE_UNREADABLE, "unreadable", options);
    this.name = "UnreadableImageError";
  }
}

/**
 * How sharp reads uploads: abort on any decoding error (broken or truncated pixel data) rather than write a
 * half-grey variant; warnings alone (e.g. an odd colour profile), which browsers shrug off, are accepted.
 */
const DECODE_OPTIONS = { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS } as const satisfies SharpOptions;

/** Checks an upload by its bytes (never its name or claimed type): at most 5 MB, JPEG, PNG, WebP or GIF. */
export async function checkImage(bytes: Uint8Array) {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageRejectedError(IMAGE_TOO_LARGE, "too-large");
  const type = await detectFileType(bytes, IMAGE_FILE_TYPES);
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
 * The WebP variants of an image, one per width smaller than it, made in memory. Decoding the whole image
 * here, before anything is stored, is what finds broken pixel data: it throws {@link UnreadableImageError}.
 */
async function webpVariants(
  bytes: Uint8Array,
  animated: boolean,
  width: number,
): Promise<{ width: number; bytes: Uint8Array }[]> {
  const variants: { width: number; bytes: Uint8Array }[] = [];
  try {
    for (const variantWidth of variantWidthsFor(width)) {
      const webp = await sharp(bytes, { ...DECODE_OPTIONS, animated })
        .rotate()
        .resize({ width: variantWidth, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      variants.push({ width: variantWidth, bytes: new Uint8Array(webp) });
    }
    // An image smaller than every variant is still decoded whole, to find broken pixel data.
    if (variants.length === 0)
      await sharp(bytes, { ...DECODE_OPTIONS, animated })
        .raw()
        .toBuffer();
  } catch (error) {
    throw new UnreadableImageError({ cause: error });
  }
  return variants;
}

/** The size an image is shown at: its frame's (one frame of an animation), turned as its EXIF says. */
function displaySize(metadata: Metadata): { width: number; height: number } {
  const width = metadata.width!;
  const height = metadata.pageHeight ?? metadata.height!;
  // EXIF orientations 5–8 turn the picture a quarter: width and height swap.
  return (metadata.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * Stores an uploaded image under a random name, its size and its extension ("<uuid>-320x240.png"), and
 * resized WebP variants beside it, each smaller than the image.
 * A file that is not really an image, or whose pixels cannot be read, is refused before anything is
 * written ({@link ImageRejectedError}); on a storage failure, whatever was written is removed again.
 */
export async function storeImage(bucket: Bucket, bytes: Uint8Array, originalName: string): Promise<StoredImage> {
  const type = await checkImage(bytes);
  const animated = type.name === "gif";
  let metadata: Metadata;
  try {
    // The header only (no pixel limit here: an image over it gets its own message below).
    metadata = await sharp(bytes, { ...DECODE_OPTIONS, animated, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError(IMAGE_WRONG_TYPE, "wrong-type");
  }
  if (!metadata.width || !metadata.height) throw new ImageRejectedError(IMAGE_WRONG_TYPE, "wrong-type");
  // With `animated`, the height is every frame's together.
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw new ImageRejectedError(IMAGE_TOO_MANY_PIXELS, "too-large");
  }
  const size = displaySize(metadata);
  const variants = await webpVariants(bytes, animated, size.width);

  // The name says the real size, so pages can state it (width, height, srcset's w) without a lookup.
  const key = sizedImageKey(newObjectKey(`image${extensionFor(type, originalName)}`), size);
  const written: string[] = [];
  try {
    await putObject(bucket, key, bytes, type.mime);
    written.push(key);
    for (const variant of variants) {
      const vKey = variantKey(key, variant.width);
      await putObject(bucket, vKey, variant.bytes, "image/webp");
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
