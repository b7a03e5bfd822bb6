import { imageLoading } from "~/lib/image-srcset";

/**
 * A product's photo in a square box (object-fit: contain, so a tall jar and a wide box both fit whole), with
 * its width and height so nothing moves while it loads. Without a photo: a neutral tile with its category's
 * drawing (menu/cards.css draws it, so no page carries the drawings as script), decorative: the name is beside it.
 */
export function ProductImage({
  url,
  category,
  alt,
  size,
  priority = false,
  className,
}: {
  url: string | null;
  category: string;
  alt: string;
  size: number;
  priority?: boolean;
  className?: string;
}) {
  const classes = `product-image${className ? ` ${className}` : ""}`;
  if (!url) return <div className={`${classes} product-image--tile`} data-category={category} aria-hidden="true" />;
  return (
    <div className={classes}>
      <img src={url} alt={alt} width={size} height={size} {...imageLoading(priority)} />
    </div>
  );
}
