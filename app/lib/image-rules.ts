/**
 * The upload rules for images (deal images, brand logos, blog images) that the browser can check before
 * sending; the server checks the same limit and the type by the file's content (app/server/images.server.ts).
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE = "Image must be less than 5MB";
export const IMAGE_WRONG_TYPE = "Only JPEG, PNG, WebP, and GIF images are allowed";
/** The server's answer to a file that looks like an image but whose pixels cannot be decoded (e.g. a broken PNG). */
export const IMAGE_UNREADABLE = "The image could not be read. Please choose another file.";
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
/** For a file input's accept attribute. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(",");

/** The browser's quick check of a chosen file (its size and claimed type): the message, or null when fine. */
export function imageFileProblem(file: { size: number; type: string }): string | null {
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return IMAGE_WRONG_TYPE;
  return null;
}
