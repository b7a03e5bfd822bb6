import { Carousel } from "~/components/ui/carousel";
import { imageLoading, responsiveImage } from "~/lib/image-srcset";

export interface BrandLogo {
  name: string;
  logoUrl: string;
}

export const BRAND_CAROUSEL_DELAY_MS = 4000;

/**
 * A logo's width: a slide (2, 3, 4 or 5 to a view from 640, 900 and 1180px, carousel.css) less its gap and
 * the figure's padding (home.css), in a container of at most 1180px (reached at 1212px).
 */
export const BRAND_LOGO_SIZES =
  "(min-width: 1212px) 198px, (min-width: 1180px) calc(20vw - 45px), (min-width: 900px) calc(25vw - 46px), (min-width: 640px) calc(33.3vw - 47px), calc(50vw - 50px)";

export function BrandCarousel({ brands }: { brands: BrandLogo[] }) {
  return (
    <Carousel
      label="Brand logos"
      className="brand-carousel"
      autoplayDelay={BRAND_CAROUSEL_DELAY_MS}
      loop
      slidesPerView={{ base: 2, sm: 3, md: 4, lg: 5 }}
      slides={brands.map((brand, index) => ({
        // Names need not be unique; the list never reorders in the browser.
        key: `${index}-${brand.name}`,
        content: (
          <figure className="brand-logo">
            <img
              {...responsiveImage(brand.logoUrl, BRAND_LOGO_SIZES, { width: 200, height: 100 })}
              alt={brand.name}
              {...imageLoading(false)}
            />
          </figure>
        ),
      }))}
    />
  );
}
