// schema.org structured data for the menu's pages (issue 26): a product with its offer(s), and the
// breadcrumbs. Pure: the page's meta passes what it shows, and search engines read the same prices and
// availability a visitor sees. Never "InStock" for a product that is not on a shelf.

export const IN_STOCK = "https://schema.org/InStock";
export const OUT_OF_STOCK = "https://schema.org/OutOfStock";

export interface JsonLdOption {
  label: string;
  priceMedicalCents: number;
  priceSpecialCents: number | null;
}

export interface ProductJsonLdInput {
  /** The page's canonical, absolute URL. */
  url: string;
  name: string;
  description: string | null;
  /** A site path or an absolute URL; made absolute against `origin`. */
  imageUrl: string | null;
  brandName: string | null;
  categoryLabel: string;
  sku: string;
  options: JsonLdOption[];
  /** In stock at one store at least. */
  inStock: boolean;
}

/** What a patient pays for an option now: its special price when it has one. */
export function payNowCents(option: JsonLdOption): number {
  return option.priceSpecialCents ?? option.priceMedicalCents;
}

/** schema.org's price: a decimal number with a point, no currency sign ("28.50"). */
export function schemaPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A site path or URL as an absolute URL on the public origin. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  return new URL(pathOrUrl, origin.replace(/\/+$/, "") + "/").toString();
}

function offers(input: ProductJsonLdInput) {
  const availability = input.inStock ? IN_STOCK : OUT_OF_STOCK;
  const prices = input.options.map(payNowCents);
  if (prices.length === 1) {
    return { "@type": "Offer", price: schemaPrice(prices[0]), priceCurrency: "USD", availability, url: input.url };
  }
  return {
    "@type": "AggregateOffer",
    lowPrice: schemaPrice(Math.min(...prices)),
    highPrice: schemaPrice(Math.max(...prices)),
    offerCount: prices.length,
    priceCurrency: "USD",
    availability,
    url: input.url,
  };
}

export function productJsonLd(input: ProductJsonLdInput, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: input.name,
    ...(input.imageUrl ? { image: [absoluteUrl(input.imageUrl, origin)] } : {}),
    ...(input.description ? { description: input.description } : {}),
    ...(input.brandName ? { brand: { "@type": "Brand", name: input.brandName } } : {}),
    category: input.categoryLabel,
    sku: input.sku,
    url: input.url,
    // A product without a price has no offer to describe (a source never lists one; kept safe regardless).
    ...(input.options.length > 0 ? { offers: offers(input) } : {}),
  };
}

/** The trail to a page (Menu › Flower › Blue Dream), the last item the page itself. */
export function breadcrumbJsonLd(items: { name: string; path: string }[], origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path, origin),
    })),
  };
}
