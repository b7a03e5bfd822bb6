// The catalog's shared words: the menu's categories (the home page's chips), strain types, and the fields a
// point-of-sale export is mapped onto. Browser-safe: the import page's mapping form uses them too.
import type { StoreId } from "~/content/stores";

export const CATALOG_CATEGORIES = [
  { slug: "flower", label: "Flower" },
  { slug: "edibles", label: "Edibles" },
  { slug: "pre-rolls", label: "Pre-rolls" },
  { slug: "vapes", label: "Vapes" },
  { slug: "concentrates", label: "Concentrates" },
  { slug: "accessories", label: "Accessories" },
  { slug: "topicals", label: "Topicals" },
  { slug: "tinctures", label: "Tinctures" },
] as const;
export type CatalogCategory = (typeof CATALOG_CATEGORIES)[number]["slug"];

export const STRAIN_TYPES = ["indica", "sativa", "hybrid", "cbd"] as const;
export type StrainType = (typeof STRAIN_TYPES)[number];

/** What a column of a POS export can be mapped to, in the order the mapping form asks for them. */
export const CATALOG_FIELDS = [
  { key: "name", label: "Name", required: true },
  { key: "brand", label: "Brand", required: false },
  { key: "category", label: "Category", required: true },
  { key: "strainType", label: "Strain type", required: false },
  { key: "thc", label: "THC", required: false },
  { key: "cbd", label: "CBD", required: false },
  { key: "option", label: "Size or option", required: false },
  { key: "priceMedical", label: "Medical price", required: true },
  { key: "priceSpecial", label: "Special price", required: false },
  { key: "netWeight", label: "Net weight (grams)", required: false },
  { key: "stock", label: "Quantity or in stock", required: false },
  { key: "imageUrl", label: "Image URL", required: false },
  { key: "description", label: "Description", required: false },
  { key: "externalId", label: "SKU or id", required: false },
  { key: "store", label: "Store", required: false },
] as const;
export type CatalogField = (typeof CATALOG_FIELDS)[number]["key"];

/** A potency: one figure, or a range from `value` to `max` (the provider's 18.2–22.5 %). */
export interface Potency {
  value: number;
  unit: "%" | "mg";
  max?: number | null;
}

/** One size of a product with its prices, in cents (a special price only while it is on special). */
export interface CatalogOption {
  label: string;
  priceMedicalCents: number;
  priceSpecialCents: number | null;
  /**
   * The grams one unit weighs, when a source says so (a POS export's net-weight column): an edible's "10 pack"
   * names none, and Oklahoma's edibles limit counts its weight. A size that names grams ("3.5g") needs none.
   */
  netWeightGrams?: number | null;
}

/**
 * One product as a source says it is now — a POS export, the menu provider, the demo catalog — before the
 * catalog applies it (app/models/catalog.server.ts).
 */
export interface SourceProduct {
  externalId: string;
  name: string;
  brand: string | null;
  category: CatalogCategory;
  strainType: StrainType | null;
  thc: Potency | null;
  cbd: Potency | null;
  description: string | null;
  imageUrl: string | null;
  options: CatalogOption[];
  inStock: Record<StoreId, boolean>;
}

/** The choice that leaves a POS export's category value off the menu (its rows are not imported). */
export const SKIP_CATEGORY = "skip";
export type CategoryChoice = CatalogCategory | typeof SKIP_CATEGORY;
/** The owner's choice for each category value of an export, keyed by categoryKey(value). */
export type CategoryMapping = Record<string, CategoryChoice>;

/** A category value as the mapping knows it: "Flower - Indica", " flower -  indica" alike. */
export const categoryKey = (value: string) => value.trim().toLowerCase().replace(/\s+/g, " ");

export function isCategoryChoice(value: unknown): value is CategoryChoice {
  return value === SKIP_CATEGORY || CATALOG_CATEGORIES.some((category) => category.slug === value);
}

/** Which CSV column (by its header) feeds each field; a field left out is empty for every row. */
export type ColumnMapping = Partial<Record<CatalogField, string>>;
