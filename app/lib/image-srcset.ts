// Uploaded images have WebP variants beside them ("<uuid>-w480.webp" …); other images (demo files, URLs
// typed in) don't. Uploads are served from /media/<bucket>/<uuid>.<ext> on the local disk, or from Supabase
// Storage's public address (<project>/storage/v1/object/public/<bucket>/<uuid>.<ext>) with STORAGE_DRIVER=supabase.

/**
 * Widths of the WebP variants made for every upload (app/server/images.server.ts), for `srcset`. Every upload
 * stored so far has exactly these files: a new width would need its variants made for the old uploads first.
 */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;

const UPLOAD_NAME = String.raw`(deals|blog-images|brands|gallery)\/[0-9a-f-]{36}\.(jpe?g|png|webp|gif)`;
const UPLOADED = new RegExp(
  String.raw`^(\/media\/|https?:\/\/[a-z0-9.-]+(:\d+)?\/storage\/v1\/object\/public\/)${UPLOAD_NAME}$`,
  "i",
);

/** The `srcSet` for an image URL, or undefined when it has no variants. */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !UPLOADED.test(url)) return undefined;
  const base = url.replace(/\.[a-z0-9]+$/i, "");
  return IMAGE_VARIANT_WIDTHS.map((w) => `${base}-w${w}.webp ${w}w`).join(", ");
}

/**
 * `src`, and `srcSet` with `sizes` when the image has variants. `sizes` (the width the layout gives the image)
 * goes only with a `srcSet`: alone it is invalid HTML, and it would be copied into the image's preload link.
 */
export function responsiveImage(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = imageSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes } : { src: url };
}

/**
 * How an image loads. The page's largest image in the first screen (its LCP element): fetched first, at high
 * priority; the server puts a `<link rel="preload" as="image" fetchpriority="high">` for it (with `imagesrcset` and
 * `imagesizes` when the image has them) in the document's head. Any other image: when it nears the screen.
 */
export function imageLoading(priority: boolean): { fetchPriority: "high" } | { loading: "lazy"; decoding: "async" } {
  return priority ? { fetchPriority: "high" } : { loading: "lazy", decoding: "async" };
}
