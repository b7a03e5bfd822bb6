// The menu's structured data (lib/catalog-json-ld.ts): the price a patient pays now, one Offer or an
// AggregateOffer, availability that is never InStock for a product on no shelf, absolute URLs, breadcrumbs.
import { describe, expect, it } from "vitest";
import {
  breadcrumbJsonLd,
  IN_STOCK,
  OUT_OF_STOCK,
  productJsonLd,
  type ProductJsonLdInput,
} from "~/lib/catalog-json-ld";

const ORIGIN = "https://store.example";
const URL = `${ORIGIN}/menu/flower/blue-dream`;

function input(overrides: Partial<ProductJsonLdInput> = {}): ProductJsonLdInput {
  return {
    url: URL,
    name: "Blue Dream",
    description: "Berry aroma.",
    imageUrl: "/menu-images/blue-dream.svg",
    brandName: "Sunny Farms",
    categoryLabel: "Flower",
    sku: "BD-1",
    options: [{ label: "3.5g", priceMedicalCents: 3500, priceSpecialCents: null }],
    inStock: true,
    ...overrides,
  };
}

describe("Product JSON-LD", () => {
  it("names the product, its absolute image, description, brand, category, sku and page", () => {
    expect(productJsonLd(input(), ORIGIN)).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Blue Dream",
      image: [`${ORIGIN}/menu-images/blue-dream.svg`],
      description: "Berry aroma.",
      brand: { "@type": "Brand", name: "Sunny Farms" },
      category: "Flower",
      sku: "BD-1",
      url: URL,
    });
    const external = productJsonLd(input({ imageUrl: "https://cdn.example/a.png" }), ORIGIN);
    expect(external.image).toEqual(["https://cdn.example/a.png"]);
  });

  it("leaves out what the product does not have: image, description, brand, offers", () => {
    const bare = productJsonLd(input({ imageUrl: null, description: null, brandName: null, options: [] }), ORIGIN);
    expect(bare).not.toHaveProperty("image");
    expect(bare).not.toHaveProperty("description");
    expect(bare).not.toHaveProperty("brand");
    expect(bare).not.toHaveProperty("offers");
  });

  it("one option: one Offer at its medical price, in US dollars, in stock, with the page's URL", () => {
    expect(productJsonLd(input(), ORIGIN).offers).toEqual({
      "@type": "Offer",
      price: "35.00",
      priceCurrency: "USD",
      availability: IN_STOCK,
      url: URL,
    });
  });

  it("one option on special: the special price, the one a patient pays now", () => {
    const offers = productJsonLd(
      input({ options: [{ label: "10 pack", priceMedicalCents: 2000, priceSpecialCents: 1550 }] }),
      ORIGIN,
    ).offers;
    expect(offers).toMatchObject({ "@type": "Offer", price: "15.50" });
  });

  it("several options: an AggregateOffer from the lowest to the highest price paid now", () => {
    const offers = productJsonLd(
      input({
        options: [
          { label: "1g", priceMedicalCents: 1200, priceSpecialCents: null },
          { label: "3.5g", priceMedicalCents: 3500, priceSpecialCents: 900 },
          { label: "7g", priceMedicalCents: 6000, priceSpecialCents: 5500 },
        ],
      }),
      ORIGIN,
    ).offers;
    expect(offers).toEqual({
      "@type": "AggregateOffer",
      lowPrice: "9.00",
      highPrice: "55.00",
      offerCount: 3,
      priceCurrency: "USD",
      availability: IN_STOCK,
      url: URL,
    });
  });

  it("out of stock: OutOfStock, never InStock, with one option or several", () => {
    const one = productJsonLd(input({ inStock: false }), ORIGIN);
    const several = productJsonLd(
      input({
        inStock: false,
        options: [
          { label: "1g", priceMedicalCents: 1200, priceSpecialCents: null },
          { label: "3.5g", priceMedicalCents: 3500, priceSpecialCents: null },
        ],
      }),
      ORIGIN,
    );
    expect(one.offers).toMatchObject({ "@type": "Offer", availability: OUT_OF_STOCK });
    expect(several.offers).toMatchObject({ "@type": "AggregateOffer", availability: OUT_OF_STOCK });
    expect(JSON.stringify([one, several])).not.toContain("InStock");
  });
});

describe("BreadcrumbList JSON-LD", () => {
  it("numbers the trail from 1, each item an absolute URL", () => {
    expect(
      breadcrumbJsonLd(
        [
          { name: "Menu", path: "/menu" },
          { name: "Flower", path: "/menu/flower" },
          { name: "Blue Dream", path: "/menu/flower/blue-dream" },
        ],
        `${ORIGIN}/`,
      ),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Menu", item: `${ORIGIN}/menu` },
        { "@type": "ListItem", position: 2, name: "Flower", item: `${ORIGIN}/menu/flower` },
        { "@type": "ListItem", position: 3, name: "Blue Dream", item: `${ORIGIN}/menu/flower/blue-dream` },
      ],
    });
  });
});
