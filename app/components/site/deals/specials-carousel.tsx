import { FeatureIcon } from "~/components/site/feature-icon";
import { DemoContentNote } from "~/components/site/deals/demo-content-note";
import { Carousel } from "~/components/ui/carousel";
import { imageSrcSet } from "~/lib/image-srcset";

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
      slides={slides.map((slide) => ({
        key: slide.id,
        content: (
          <article className="special">
            <div className="special__media">
              {slide.imageUrl ? (
                // Decorative: the heading and text next to it say what the deal is.
                <img
                  className="special__image"
                  src={slide.imageUrl}
                  srcSet={imageSrcSet(slide.imageUrl)}
                  sizes="(min-width: 1020px) 540px, (min-width: 720px) 55vw, 100vw"
                  alt=""
                  width={1200}
                  height={675}
                />
              ) : (
                <div className="special__image special__image--placeholder" aria-hidden="true">
                  <FeatureIcon name="tag" size={64} />
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
