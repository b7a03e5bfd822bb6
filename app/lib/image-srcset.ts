// Uploaded images have WebP variants beside them ("<uuid>-w480.webp" …); other images (demo files, URLs
// typed in) don't. Uploads are served from /media/<bucket>/<uuid>.<ext> on the local disk, or from Supabase
// Storage's public address (<project>/storage/v1/object/public/<bucket>/<uuid>.<ext>) with STORAGE_DRIVER=supabase.

/**
 * Widths of the WebP variants made for uploads (app/server/images.server.ts), for `srcset`: each upload gets
 * those smaller than itself. A new width would need its variants made for the old uploads first.
 */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;

// "<uuid>-<width>x<height>.<ext>": the upload's real size (after its EXIF rotation) is in its name. Uploads
// stored before sizes were named ("<uuid>.<ext>") have every variant width, and no size to tell.
const UPLOAD_NAME = String.raw`(deals|blog-images|brands|gallery|menu)\/[0-9a-f-]{36}(?:-(?<width>\d{1,5})x(?<height>\d{1,5}))?\.(jpe?g|png|webp|gif)`;
const UPLOADED = new RegExp(
  String.raw`^(\/media\/|https?:\/\/[a-z0-9.-]+(:\d+)?\/storage\/v1\/object\/public\/)${UPLOAD_NAME}$`,
  "i",
);

export interface ImageSize {
  width: number;
  height: number;
}

/** The widths of the variants an image of this width gets: only those smaller than it (never enlarged). */
export function variantWidthsFor(width: number): number[] {
  return IMAGE_VARIANT_WIDTHS.filter((variant) => variant < width);
}

/** The name of an upload that says its size: "<uuid>.png" → "<uuid>-320x240.png". */
export function sizedImageKey(key: string, size: ImageSize): string {
  return key.replace(/(\.[a-z0-9]+)?$/i, (extension) => `-${size.width}x${size.height}${extension}`);
}

function uploadOf(url: string | null | undefined): { size: ImageSize | null } | null {
  const match = url ? UPLOADED.exec(url) : null;
  if (!match) return null;
  const [width, height] = [Number(match.groups?.width), Number(match.groups?.height)];
  return { size: width > 0 && height > 0 ? { width, height } : null };
}

/**
 * The `srcSet` for an image URL, or undefined when it has no variants. Each candidate's `w` is its real width:
 * the variants smaller than the upload, then the upload itself when it is no wider than the widest variant.
 */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  const upload = uploadOf(url);
  if (!upload || !url) return undefined;
  const base = url.replace(/\.[a-z0-9]+$/i, "");
  const variant = (w: number) => `${base}-w${w}.webp ${w}w`;
  if (!upload.size) return IMAGE_VARIANT_WIDTHS.map(variant).join(", ");
  const widths = variantWidthsFor(upload.size.width);
  if (widths.length === 0) return undefined;
  const whole = upload.size.width <= IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1];
  return [...widths.map(variant), ...(whole ? [`${url} ${upload.size.width}w`] : [])].join(", ");
}

/**
 * `src` with the image's `width` and `height`, and `srcSet` with `sizes` when the image has variants. The size
 * is the upload's own when its name says it, else `box` (the frame the layout gives it: demo files, typed URLs).
 * `sizes` (the width the layout gives the image) goes only with a `srcSet`: alone it is invalid HTML, and it
 * would be copied into the image's preload link.
 */
export function responsiveImage(
  url: string,
  sizes: string,
  box: ImageSize,
): { src: string; srcSet?: string; sizes?: string; width: number; height: number } {
  const { width, height } = uploadOf(url)?.size ?? box;
  const srcSet = imageSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes, width, height } : { src: url, width, height };
}

/**
 * How an image loads. The page's largest image in the first screen (its LCP element): fetched first, at high
 * priority; the server puts a `<link rel="preload" as="image" fetchpriority="high">` for it (with `imagesrcset` and
 * `imagesizes` when the image has them) in the document's head. Any other image: when it nears the screen.
 */
export function imageLoading(priority: boolean): { fetchPriority: "high" } | { loading: "lazy"; decoding: "async" } {
  return priority ? { fetchPriority: "high" } : { loading: "lazy", decoding: "async" };
}
