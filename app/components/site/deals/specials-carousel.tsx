import { TagFeatureIcon } from "~/components/site/feature-icon";
import { DemoContentNote } from "~/components/site/deals/demo-content-note";
import { Carousel } from "~/components/ui/carousel";
import { imageLoading, responsiveImage } from "~/lib/image-srcset";

export interface SpecialSlide {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  /** Seeded demo content: signed-in staff see a note. */
  isDemo: boolean;
}

export const DEALS_CAROUSEL_DELAY_MS = 6000;

/**
 * The image's width (deals.css): the slide's whole width less its border on a phone, 1.2 of 2.2 parts of it
 * beside the text from 720px, in a container of at most 980px (reached at 1012px).
 */
export const SPECIAL_IMAGE_SIZES =
  "(min-width: 1012px) 534px, (min-width: 720px) calc(54.5vw - 18px), calc(100vw - 34px)";

/**
 * This month's specials. A slide's title and description are the deal's own fields, set as text beside
 * the image (below it on a phone), so they stay readable at any width; the image only illustrates.
 */
export function SpecialsCarousel({ label, slides }: { label: string; slides: SpecialSlide[] }) {
  return (
    <Carousel
      label={label}
      className="specials-carousel"
      autoplayDelay={DEALS_CAROUSEL_DELAY_MS}
      loop
      slidesPerView={1}
      slides={slides.map((slide, index) => ({
        key: slide.id,
        content: (
          <article className="special">
            <div className="special__media">
              {slide.imageUrl ? (
                // Decorative: the heading and text next to it say what the deal is. The first slide's image is
                // the page's largest on a laptop or desktop; the others load as they come into view.
                <img
                  className="special__image"
                  {...responsiveImage(slide.imageUrl, SPECIAL_IMAGE_SIZES, { width: 1200, height: 675 })}
                  alt=""
                  {...imageLoading(index === 0)}
                />
              ) : (
                <div className="special__image special__image--placeholder" aria-hidden="true">
                  <TagFeatureIcon size={64} />
                </div>
              )}
            </div>
            <div className="special__text">
              <h3>{slide.title}</h3>
              {slide.description ? <p>{slide.description}</p> : null}
              <DemoContentNote isDemo={slide.isDemo} adminHref="/admin/deals" />
            </div>
          </article>
        ),
      }))}
    />
  );
}
