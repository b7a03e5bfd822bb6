import type { DemoBrand } from "./types";

/**
 * The ten brands of the home page carousel, in the spec's order. The logos are original placeholder
 * wordmarks (public/demo/brands) and the links fictional: the owner uploads the real ones in Admin → Brands.
 */
const names = [
  "Sunday Extracts",
  "Dime Industries",
  "Bodega Boyz",
  "Moon Dust",
  "Timeless",
  "Smokiez Edibles",
  "Jake's Jungle",
  "Zenoa Cannabis",
  "Altvm",
  "Wyld",
] as const;

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/'/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const demoBrands: DemoBrand[] = names.map((name, index) => ({
  name,
  logoUrl: `/demo/brands/${slugOf(name)}.svg`,
  siteUrl: `https://example.com/brands/${slugOf(name)}`,
  sortOrder: index,
}));
