// Uploaded images (/media/<bucket>/<uuid>.<ext>) have WebP variants; other images (demo files, URLs) don't.
const VARIANT_WIDTHS = [480, 960, 1600];
const UPLOADED = /^\/media\/(deals|blog-images|brands|gallery)\/[0-9a-f-]{36}\.(jpe?g|png|webp|gif)$/i;

/** The `srcSet` for an image URL, or undefined when it has no variants. */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !UPLOADED.test(url)) return undefined;
  const base = url.replace(/\.[a-z0-9]+$/i, "");
  return VARIANT_WIDTHS.map((w) => `${base}-w${w}.webp ${w}w`).join(", ");
}
