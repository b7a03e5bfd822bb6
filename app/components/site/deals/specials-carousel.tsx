import { Carousel } from "~/components/ui/carousel";
import { imageSrcSet } from "~/lib/image-srcset";

export interface SpecialSlide {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
}

export const DEALS_CAROUSEL_DELAY_MS = 6000;

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
            {slide.imageUrl ? (
              <img
                className="special__image"
                src={slide.imageUrl}
                srcSet={imageSrcSet(slide.imageUrl)}
                sizes="(min-width: 1020px) 980px, 100vw"
                alt={slide.title}
                width={1200}
                height={675}
              />
            ) : (
              <div className="special__image special__image--placeholder" aria-hidden="true">
                <span>{slide.title}</span>
              </div>
            )}
            <div className="special__text">
              <h3>{slide.title}</h3>
              {slide.description ? <p>{slide.description}</p> : null}
            </div>
          </article>
        ),
      }))}
    />
  );
}
