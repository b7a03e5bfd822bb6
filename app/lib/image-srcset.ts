// Uploaded images have WebP variants beside them ("<uuid>-w480.webp" …); other images (demo files, URLs
// typed in) don't. Uploads are served from /media/<bucket>/<uuid>.<ext> on the local disk, or from Supabase
// Storage's public address (<project>/storage/v1/object/public/<bucket>/<uuid>.<ext>) with STORAGE_DRIVER=supabase.
const VARIANT_WIDTHS = [480, 960, 1600];
const UPLOAD_NAME = String.raw`(deals|blog-images|brands|gallery)\/[0-9a-f-]{36}\.(jpe?g|png|webp|gif)`;
const UPLOADED = new RegExp(
  String.raw`^(\/media\/|https?:\/\/[a-z0-9.-]+(:\d+)?\/storage\/v1\/object\/public\/)${UPLOAD_NAME}$`,
  "i",
);

/** The `srcSet` for an image URL, or undefined when it has no variants. */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !UPLOADED.test(url)) return undefined;
  const base = url.replace(/\.[a-z0-9]+$/i, "");
  return VARIANT_WIDTHS.map((w) => `${base}-w${w}.webp ${w}w`).join(", ");
}
