import { Link } from "react-router";
import { imageLoading, responsiveImage } from "~/lib/image-srcset";

export interface BrandCardData {
  id: string;
  name: string;
  logoUrl: string;
  siteUrl: string | null;
  /** Its page of products on our menu (/brands/{slug}) and how many are in stock; none: no link. */
  products?: { href: string; count: number } | null;
}

const LOGO_WIDTH = 240;
const LOGO_HEIGHT = 120;

/**
 * A logo's width (brands.css): its card's (two columns up to 520px, then as many 180px-or-wider columns as fit
 * the container, at most 1180px) less the card's border and padding, and never over 200px.
 */
export const BRAND_CARD_LOGO_SIZES =
  "(min-width: 1192px) 146px, (min-width: 996px) calc(20vw - 57px), (min-width: 800px) calc(25vw - 58px), (min-width: 604px) calc(33.3vw - 59px), (min-width: 521px) 200px, calc(50vw - 60px)";

/** A brand's logo; a link to the brand's own site (new tab) when it has one, and to its products here. */
function BrandCard({ brand }: { brand: BrandCardData }) {
  const logo = (
    <img
      {...responsiveImage(brand.logoUrl, BRAND_CARD_LOGO_SIZES, { width: LOGO_WIDTH, height: LOGO_HEIGHT })}
      alt={brand.name}
      {...imageLoading(false)}
      className="brand-card__logo"
    />
  );
  return (
    <li className="brand-card">
      {brand.siteUrl ? (
        <a href={brand.siteUrl} target="_blank" rel="noopener noreferrer" className="brand-card__link lifts">
          {logo}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <div className="brand-card__static">{logo}</div>
      )}
      {brand.products ? (
        <Link className="brand-card__products" to={brand.products.href}>
          Shop {brand.products.count === 1 ? "1 product" : `${brand.products.count} products`}
          <span className="visually-hidden"> from {brand.name}</span>
        </Link>
      ) : null}
    </li>
  );
}

export function BrandGrid({ brands }: { brands: BrandCardData[] }) {
  return (
    <ul className="brand-grid" aria-label="Brands">
      {brands.map((brand) => (
        <BrandCard key={brand.id} brand={brand} />
      ))}
    </ul>
  );
}

export const BRAND_SKELETON_COUNT = 12;

/** Placeholder cards while a search or navigation loads (never in server output). */
export function BrandGridSkeleton() {
  return (
    <ul className="brand-grid brand-grid--loading" aria-hidden="true">
      {Array.from({ length: BRAND_SKELETON_COUNT }, (_, i) => (
        <li key={i} className="brand-card brand-card--skeleton" data-testid="brand-skeleton" />
      ))}
    </ul>
  );
}
