// A small catalog for the menu's tests (catalog-pages*.test.ts): each product there for one rule.
import { applyCatalog } from "~/models/catalog.server";
import { sourceProduct } from "../support/menu-catalog-data";
import type { DB } from "~/server/db.server";

export const SOURCE = "csv:menu-test";
const DAY_MS = 24 * 60 * 60 * 1000;
/** The catalog's first import; later dates are counted from it. */
export const T0 = new Date("2026-11-02T15:00:00Z");
export const daysAfter = (days: number, ms = 0) => new Date(T0.getTime() + days * DAY_MS + ms);

/** In stock and listed: the menu's four. */
export const LISTED = [
  sourceProduct({
    externalId: "BD-1",
    name: "Blue Dream",
    brand: "Sunny Farms",
    strainType: "hybrid",
    thc: { value: 24, unit: "%" },
    description: "Berry aroma.",
    options: [{ label: "3.5g", priceMedicalCents: 3500, priceSpecialCents: null }],
  }),
  sourceProduct({
    externalId: "G-1",
    name: "Sour Gummies",
    brand: "Kiva",
    category: "edibles",
    strainType: "sativa",
    thc: { value: 100, unit: "mg" },
    options: [{ label: "10 pack", priceMedicalCents: 2000, priceSpecialCents: 1500 }],
    inStock: { Lindsey: true, BlueWater: false },
  }),
  sourceProduct({
    externalId: "V-1",
    name: "Gelato Cart",
    brand: "Sunny Farms",
    category: "vapes",
    strainType: "indica",
    thc: { value: 85.5, unit: "%" },
    imageUrl: "https://images.example/gelato.png",
    options: [
      { label: "0.5g", priceMedicalCents: 2500, priceSpecialCents: null },
      { label: "1g", priceMedicalCents: 4500, priceSpecialCents: 4000 },
    ],
    inStock: { Lindsey: false, BlueWater: true },
  }),
  sourceProduct({
    externalId: "T-1",
    name: "Calm 100% Tincture",
    brand: null,
    category: "tinctures",
    strainType: "cbd",
    options: [{ label: "30ml", priceMedicalCents: 4000, priceSpecialCents: null }],
  }),
];

/** On no shelf, but still in its source's list: a page that says so. */
export const OUT_OF_STOCK = sourceProduct({
  externalId: "OOS-1",
  name: "Purple Punch",
  brand: "Sunny Farms",
  strainType: "indica",
  thc: { value: 20, unit: "%" },
  inStock: { Lindsey: false, BlueWater: false },
});
/** Hidden by the owner. */
export const HIDDEN = sourceProduct({ externalId: "H-1", name: "Hidden Haze", brand: "Kiva" });
/** Dropped from the source one day after T0. */
export const GONE = sourceProduct({ externalId: "GONE-1", name: "Old Kush", brand: "Kiva" });

/** The catalog: imported at T0, the hidden one hidden, and Old Kush gone since T0 + 1 day. */
export async function putMenuCatalog(db: DB): Promise<void> {
  await applyCatalog(SOURCE, [...LISTED, OUT_OF_STOCK, HIDDEN, GONE], { now: T0 });
  await db.updateTable("catalog_products").set({ is_hidden: true }).where("external_id", "=", "H-1").execute();
  await applyCatalog(SOURCE, [...LISTED, OUT_OF_STOCK, HIDDEN], { now: daysAfter(1) });
}
