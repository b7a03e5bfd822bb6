import { Carousel } from "~/components/ui/carousel";
import { imageSrcSet } from "~/lib/image-srcset";

export interface BrandLogo {
  id: string;
  name: string;
  logoUrl: string;
}

export const BRAND_CAROUSEL_DELAY_MS = 4000;

export function BrandCarousel({ brands }: { brands: BrandLogo[] }) {
  return (
    <Carousel
      label="Brand logos"
      className="brand-carousel"
      autoplayDelay={BRAND_CAROUSEL_DELAY_MS}
      loop
      slidesPerView={{ base: 2, sm: 3, md: 4, lg: 5 }}
      slides={brands.map((brand) => ({
        key: brand.id,
        content: (
          <figure className="brand-logo">
            <img
              src={brand.logoUrl}
              srcSet={imageSrcSet(brand.logoUrl)}
              sizes="200px"
              alt={brand.name}
              width={200}
              height={100}
              loading="lazy"
            />
          </figure>
        ),
      }))}
    />
  );
}
