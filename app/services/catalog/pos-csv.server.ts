import { CsvError, parse } from "csv-parse/sync";
import {
  CATALOG_CATEGORIES,
  CATALOG_FIELDS,
  type CatalogCategory,
  type CatalogField,
  type CategoryMapping,
  categoryKey,
  type ColumnMapping,
  SKIP_CATEGORY,
  STRAIN_TYPES,
  type StrainType,
} from "~/lib/catalog";
import { STORE_IDS, type StoreId } from "~/content/stores";
import { checkAdvertising } from "~/lib/ad-rules/check";
import type { SourceProduct } from "~/lib/catalog";
import { gramsInSize } from "~/lib/oklahoma-limits";
import { stockedNowhere } from "~/models/catalog.server";
import { exactCategory } from "./pos-categories.server";

// A point-of-sale inventory export (CSV), read through the owner's column mapping into the catalog's
// products. Every POS names its columns its own way and writes one row per option (and often per store),
// so rows are grouped into products by SKU (or brand and name when the file has none). A file with one bad
// row is refused whole, naming the row as a spreadsheet shows it (the header is row 1).

export const POS_CSV_MAX_BYTES = 20 * 1024 * 1024;

/** One product as the file says it is now. */
export type CatalogRecord = SourceProduct;

export type PosCsvResult =
  | {
      ok: true;
      products: CatalogRecord[];
      /** Rows whose description has advertising findings (63 O.S. § 427.21): shown for the owner to edit. */
      adFindings: { row: number; name: string; words: string[] }[];
      /** Rows left out because the owner chose to skip their category. */
      skippedRows: number;
    }
  | { ok: false; error: string };

/** The header row of an export, for the mapping form; null when the bytes are not a CSV with a header. */
export function readPosCsvHeader(bytes: Uint8Array): string[] | null {
  if (bytes.byteLength > POS_CSV_MAX_BYTES) return null;
  try {
    const [header] = parse(Buffer.from(bytes), { bom: true, to_line: 1, relax_column_count: true }) as string[][];
    const names = (header ?? []).map((name) => name.trim()).filter(Boolean);
    return names.length > 0 ? names : null;
  } catch {
    return null;
  }
}

class RowError extends Error {}

/**
 * Reads a whole export through `mapping` and the owner's `categories`: every product, or the first reason the
 * file cannot be applied.
 */
export function readPosCsv(bytes: Uint8Array, mapping: ColumnMapping, categories: CategoryMapping = {}): PosCsvResult {
  if (bytes.byteLength > POS_CSV_MAX_BYTES) {
    return { ok: false, error: `The file is larger than ${POS_CSV_MAX_BYTES / 1024 / 1024} MB.` };
  }
  let table: string[][];
  try {
    // Every cell stays text: a cell that looks like a formula ("=SUM(…)") is a name, not something to run.
    table = parse(Buffer.from(bytes), { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, error: `The file is not a valid CSV: ${error.message}` };
    throw error;
  }
  const [header, ...rows] = table;
  if (!header) return { ok: false, error: "The file is empty." };

  const columns = new Map<CatalogField, number>();
  const headerIndex = new Map(header.map((name, index) => [name.trim().toLowerCase(), index]));
  for (const field of CATALOG_FIELDS) {
    const column = mapping[field.key]?.trim();
    if (!column) {
      if (field.required) return { ok: false, error: `Choose the column that holds the ${field.label.toLowerCase()}.` };
      continue;
    }
    const index = headerIndex.get(column.toLowerCase());
    if (index === undefined) {
      return { ok: false, error: `The column “${column}” (mapped to ${field.label}) is not in this file.` };
    }
    columns.set(field.key, index);
  }

  const products = new Map<string, CatalogRecord>();
  const adFindings: { row: number; name: string; words: string[] }[] = [];
  let skippedRows = 0;
  for (const [index, cells] of rows.entries()) {
    const row = index + 2;
    const cell = (field: CatalogField) => {
      const column = columns.get(field);
      return column === undefined ? "" : (cells[column] ?? "").trim();
    };
    if ([...columns.values()].every((column) => !(cells[column] ?? "").trim())) continue;
    try {
      const read = readRow(cell, categories);
      if (!read) {
        skippedRows += 1;
        continue;
      }
      const { record, stock, stores } = read;
      const stocked = columns.has("stock") ? readStock(stock) : true;
      const key = record.externalId.toLowerCase();
      let product = products.get(key);
      if (!product) {
        product = record;
        products.set(key, product);
        const words = record.description ? advertisingPhrases(record.description) : [];
        if (words.length > 0) adFindings.push({ row, name: record.name, words });
      } else if (!product.options.some((option) => option.label === record.options[0].label)) {
        product.options.push(record.options[0]);
      }
      for (const store of stores) product.inStock[store] ||= stocked;
    } catch (error) {
      if (error instanceof RowError) return { ok: false, error: `Row ${row}: ${error.message}` };
      throw error;
    }
  }
  return { ok: true, products: [...products.values()], adFindings, skippedRows };
}

/**
 * A row's product (with the row's option as its only one), its stock cell and the stores it is for; null for a
 * row of a category the owner skips.
 */
function readRow(
  cell: (field: CatalogField) => string,
  categories: CategoryMapping,
): { record: CatalogRecord; stock: string; stores: StoreId[] } | null {
  const category = readCategory(cell("category"), categories);
  if (category === null) return null;
  const name = cell("name");
  if (!name) throw new RowError("the name is empty.");
  // The catalog's own limits (catalog_products' checks), so a long cell is a row's message, not a failed import.
  if (name.length > 200) throw new RowError("the name is longer than 200 characters.");
  const brand = cell("brand") || null;
  if (brand && brand.length > 120) throw new RowError("the brand is longer than 120 characters.");
  if (cell("externalId").length > 200) throw new RowError("the SKU or id is longer than 200 characters.");
  const imageUrl = cell("imageUrl") || null;
  if (imageUrl && !/^https?:\/\//i.test(imageUrl)) {
    throw new RowError(`the image URL “${imageUrl}” does not start with https://.`);
  }
  const optionLabel = cell("option");
  const priceMedicalCents = readPrice(cell("priceMedical"), "medical price");
  if (priceMedicalCents === null) throw new RowError("the medical price is empty.");
  const record: CatalogRecord = {
    externalId: cell("externalId") || `${brand ?? ""}|${name}`.slice(0, 200),
    name,
    brand,
    category,
    strainType: readStrainType(cell("strainType")),
    thc: readPotency(cell("thc"), "THC"),
    cbd: readPotency(cell("cbd"), "CBD"),
    description: cell("description") || null,
    imageUrl,
    options: [
      {
        label: optionLabel,
        priceMedicalCents,
        priceSpecialCents: readPrice(cell("priceSpecial"), "special price"),
        ...readNetWeight(cell("netWeight")),
      },
    ],
    inStock: stockedNowhere(),
  };
  return { record, stock: cell("stock"), stores: readStores(cell("store")) };
}

/**
 * The net-weight column's grams for the row's size ("100", "100g", "3.5 oz"); nothing when the cell is empty,
 * so a size without one stays as it was written (the bag shows "weight not listed").
 */
function readNetWeight(text: string): { netWeightGrams?: number } {
  if (!text) return {};
  const grams = /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : gramsInSize(text);
  if (grams === null || !(grams > 0) || grams > 100_000) {
    throw new RowError(`the net weight “${text}” is not a weight, like 100 or 100g.`);
  }
  return { netWeightGrams: grams };
}

/** A quantity (more than 0 is in stock) or a yes/no; an empty cell is none on hand. */
function readStock(stock: string): boolean {
  const text = stock.toLowerCase();
  if (!text) return false;
  if (/^(yes|y|true|in stock|available)$/.test(text)) return true;
  if (/^(no|n|false|out of stock|sold out|unavailable)$/.test(text)) return false;
  const quantity = Number(text.replace(/,/g, ""));
  if (!Number.isFinite(quantity)) throw new RowError(`the quantity “${stock}” is not a number or yes/no.`);
  return quantity > 0;
}

function readStores(text: string): StoreId[] {
  const value = text.toLowerCase().replace(/[^a-z]/g, "");
  if (!value || value === "both" || value === "all") return [...STORE_IDS];
  if (value.startsWith("lindsey") || value === "main") return ["Lindsey"];
  if (value.startsWith("bluewater")) return ["BlueWater"];
  throw new RowError(`the store “${text}” is not Lindsey, Blue Water or both.`);
}

/** "$1,234.50", "12.5", "12" → cents; empty → null. */
function readPrice(text: string, what: string): number | null {
  if (!text) return null;
  const cleaned = text.replace(/^\$\s*/, "").replace(/,/g, "");
  const value = Number(cleaned);
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned) || !Number.isFinite(value)) {
    throw new RowError(`the ${what} “${text}” is not an amount in dollars.`);
  }
  if (value >= 100_000) throw new RowError(`the ${what} “${text}” is more than $99,999.99.`);
  return Math.round(value * 100);
}

function readPotency(text: string, what: string): SourceProduct["thc"] {
  if (!text) return null;
  const match = /^(\d+(?:\.\d+)?)\s*(%|mg)?$/i.exec(text.replace(/,/g, ""));
  if (!match) throw new RowError(`the ${what} “${text}” is not a percentage or milligrams.`);
  if (Number(match[1]) >= 1_000_000) throw new RowError(`the ${what} “${text}” is too large.`);
  return { value: Number(match[1]), unit: match[2]?.toLowerCase() === "mg" ? "mg" : "%" };
}

/** The row's category: the owner's choice for its value, else the menu's own word; null: its rows are skipped. */
function readCategory(text: string, categories: CategoryMapping): CatalogCategory | null {
  const key = categoryKey(text);
  if (!key) throw new RowError("the category is empty.");
  const chosen = categories[key] ?? exactCategory(key);
  if (chosen === SKIP_CATEGORY) return null;
  if (chosen) return chosen;
  const labels = CATALOG_CATEGORIES.map((category) => category.label).join(", ");
  throw new RowError(`the category “${text}” is not one of ${labels}: match it to one (or skip it) with the columns.`);
}

function readStrainType(text: string): StrainType | null {
  const value = text.toLowerCase();
  return STRAIN_TYPES.find((type) => value.startsWith(type)) ?? null;
}

/** The phrases of `text` Oklahoma's advertising rules forbid (the site's checker, app/lib/ad-rules), each once. */
export function advertisingPhrases(text: string): string[] {
  return [...new Set(checkAdvertising(text).map((finding) => finding.phrase.replace(/\s+/g, " ").toLowerCase()))];
}
