import { gallery, galleryLead, galleryPhotosLead } from "~/content/about";
import { imageLoading, responsiveImage } from "~/lib/image-srcset";

/** A photo of 'Inside the Shop' as the About page shows it (from Admin → Gallery). */
export interface ShopPhoto {
  id: string;
  src: string;
  alt: string;
  caption: string | null;
}

/**
 * The photos' width in the grid (about.css): one column under 360px, two on a phone, three from 640px in a
 * container of at most 1180px; the browser picks the WebP variant to match.
 */
const PHOTO_SIZES =
  "(min-width: 1212px) 383px, (min-width: 640px) calc((100vw - 64px) / 3), (min-width: 360px) calc(50vw - 22px), calc(100vw - 32px)";

/**
 * 'Inside the Shop': the owner's photos in their order when there are any, otherwise the illustrations.
 * Below the fold, so the images load lazily; each is framed 4:3 (width and height keep the space before
 * it loads).
 */
export function ShopGallery({ photos }: { photos: readonly ShopPhoto[] }) {
  if (photos.length === 0) {
    return (
      <>
        <p className="section__lead">{galleryLead}</p>
        <ul className="shop-gallery">
          {gallery.map((image) => (
            <li key={image.src}>
              <figure>
                <img src={image.src} alt={image.alt} width={800} height={600} {...imageLoading(false)} />
                <figcaption>{image.caption}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <>
      <p className="section__lead">{galleryPhotosLead}</p>
      <ul className="shop-gallery shop-gallery--photos">
        {photos.map((photo) => (
          <li key={photo.id}>
            <figure className={photo.caption ? undefined : "shop-gallery__uncaptioned"}>
              <img
                {...responsiveImage(photo.src, PHOTO_SIZES, { width: 800, height: 600 })}
                alt={photo.alt}
                {...imageLoading(false)}
              />
              {photo.caption ? <figcaption>{photo.caption}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
    </>
  );
}
