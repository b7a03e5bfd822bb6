// The menu's end-to-end catalog (tests/e2e/menu.spec.ts, the screenshots): a few products the specs name, each
// there for one rule, and enough others that the lists have several pages. Test support only.
import type { SourceProduct } from "~/lib/catalog";
import type { CatalogCategory } from "~/lib/catalog";

export const MENU_SOURCE = "csv:e2e-menu";
const DAY_MS = 24 * 60 * 60 * 1000;

/** A product as a source lists it: one 1 g option at $10, in stock at both stores, unless `overrides` say otherwise. */
export function sourceProduct(overrides: Partial<SourceProduct> & { externalId: string; name: string }): SourceProduct {
  return {
    brand: null,
    category: "flower",
    strainType: null,
    thc: null,
    cbd: null,
    description: null,
    imageUrl: null,
    options: [{ label: "1g", priceMedicalCents: 1000, priceSpecialCents: null }],
    inStock: { Lindsey: true, BlueWater: true },
    ...overrides,
  };
}

/** In stock at both stores, on special in one option, with a photo and a description of two paragraphs. */
export const STAR = sourceProduct({
  externalId: "E2E-STAR",
  name: "Starlight Gelato",
  brand: "Sunday Extracts",
  category: "flower",
  strainType: "hybrid",
  thc: { value: 24.5, unit: "%" },
  cbd: { value: 0.5, unit: "%" },
  description: "Sweet, creamy aroma with a hint of citrus.\n\nGrown indoors in small batches and hand-trimmed.",
  imageUrl: "/images/shop/product-wall.svg",
  options: [
    { label: "3.5g", priceMedicalCents: 3500, priceSpecialCents: null },
    { label: "7g", priceMedicalCents: 6000, priceSpecialCents: 5500 },
  ],
});
/** Only at Lindsey, on special: found by the store and special filters. */
export const GUMMIES = sourceProduct({
  externalId: "E2E-GUMMIES",
  name: "Tart Cherry Gummies",
  brand: "Wyld",
  category: "edibles",
  strainType: "sativa",
  thc: { value: 100, unit: "mg" },
  options: [{ label: "10 pack", priceMedicalCents: 2000, priceSpecialCents: 1500 }],
  inStock: { Lindsey: true, BlueWater: false },
});
/** Only at Blue Water. */
export const CART = sourceProduct({
  externalId: "E2E-CART",
  name: "Midnight Mango Cart",
  brand: "Timeless",
  category: "vapes",
  strainType: "indica",
  thc: { value: 85, unit: "%" },
  options: [{ label: "1g", priceMedicalCents: 4500, priceSpecialCents: null }],
  inStock: { Lindsey: false, BlueWater: true },
});
/** On no shelf: its page stays, "Out of stock at both stores". */
export const OUT = sourceProduct({
  externalId: "E2E-OUT",
  name: "Violet Haze",
  brand: "Moon Dust",
  strainType: "indica",
  thc: { value: 21, unit: "%" },
  options: [{ label: "3.5g", priceMedicalCents: 3000, priceSpecialCents: null }],
  inStock: { Lindsey: false, BlueWater: false },
});
/** Hidden by the owner: 404. */
export const HIDDEN = sourceProduct({ externalId: "E2E-HIDDEN", name: "Hidden Hollow Kush", brand: "Moon Dust" });
/** Gone from its source 40 days ago: 410. */
export const RETIRED = sourceProduct({ externalId: "E2E-RETIRED", name: "Yesteryear OG", brand: "Moon Dust" });

const STRAINS = ["indica", "sativa", "hybrid"] as const;
const WORDS = [
  "Amber",
  "Cedar",
  "Clover",
  "Dusk",
  "Ember",
  "Fern",
  "Harbor",
  "Juniper",
  "Maple",
  "Meadow",
  "Opal",
  "Sage",
];
const KINDS: { category: CatalogCategory; noun: string; unit: "%" | "mg"; thc: number }[] = [
  { category: "flower", noun: "Flower", unit: "%", thc: 18 },
  { category: "pre-rolls", noun: "Pre-roll", unit: "%", thc: 20 },
  { category: "vapes", noun: "Cartridge", unit: "%", thc: 70 },
  { category: "concentrates", noun: "Badder", unit: "%", thc: 65 },
  { category: "edibles", noun: "Chews", unit: "mg", thc: 50 },
  { category: "accessories", noun: "Grinder", unit: "%", thc: 0 },
];
const BRANDS = ["Sunday Extracts", "Dime Industries", "Bodega Boyz", "Timeless", "Wyld", "Zenoa Cannabis"];

/** 60 more products over six categories: the lists have pages, and flower has more than one. */
export const FILLERS: SourceProduct[] = Array.from({ length: 60 }, (_, i) => {
  const kind = KINDS[i % KINDS.length];
  return sourceProduct({
    externalId: `E2E-FILL-${i}`,
    name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 5 + 3) % WORDS.length]} ${kind.noun} ${i + 1}`,
    brand: BRANDS[i % BRANDS.length],
    category: kind.category,
    strainType: kind.category === "accessories" ? null : STRAINS[i % 3],
    thc: kind.thc ? { value: kind.thc + (i % 9), unit: kind.unit } : null,
    options: [
      { label: "1 unit", priceMedicalCents: 1200 + (i % 10) * 250, priceSpecialCents: i % 11 === 0 ? 999 : null },
    ],
    inStock: { Lindsey: i % 4 !== 1, BlueWater: i % 4 !== 2 },
  });
});

/** The menu's products listed now (not out of stock, hidden or retired). */
export const LISTED_COUNT = 3 + FILLERS.length;

/** The whole list as the source says it now, and the day it last listed the retired product. */
export function menuCatalogImports(now = new Date()) {
  const listed = [STAR, GUMMIES, CART, OUT, HIDDEN, ...FILLERS];
  return [
    { products: [...listed, RETIRED], at: new Date(now.getTime() - 41 * DAY_MS) },
    { products: listed, at: new Date(now.getTime() - 40 * DAY_MS) },
  ];
}

/** A brands entry for the brand page's logo and site link. */
export const MENU_BRAND = {
  name: "Sunday Extracts",
  slug: "sunday-extracts",
  logoUrl: "/demo/brands/sunday-extracts.svg",
  siteUrl: "https://example.com/brands/sunday-extracts",
};
