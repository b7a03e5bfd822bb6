import { parse } from "csv-parse/sync";
import { fileTypeFromBuffer } from "file-type";
import { CATALOG_FIELDS, type CatalogField, type ColumnMapping } from "~/lib/catalog";
import { MENU_IMPORT_TOO_LARGE } from "~/lib/schemas/menu";
import { POS_CSV_MAX_BYTES, readPosCsvHeader } from "~/services/catalog/pos-csv.server";

// Admin → Menu → Import: what an uploaded POS export is, before it is kept (text with a header row, not a
// spreadsheet or anything binary), and the first guess of which column is which field.

export type ExportFileCheck =
  { ok: true; /** The file as UTF-8 text. */ bytes: Uint8Array; header: string[] } | { ok: false; message: string };

/** The fewest columns a POS export can have: the product's name, its category and its price. */
const MIN_COLUMNS = 3;
const NOT_CSV = "Export the inventory from your POS or spreadsheet as CSV (comma-separated values) and upload that.";

/** Checks an upload by its content: a CSV's text with a header row, at most 20 MB. */
export async function checkExportFile(bytes: Uint8Array): Promise<ExportFileCheck> {
  if (bytes.byteLength > POS_CSV_MAX_BYTES) return { ok: false, message: MENU_IMPORT_TOO_LARGE };
  if (!bytes.some((byte) => byte > 0x20 && byte !== 0xef && byte !== 0xbb && byte !== 0xbf)) {
    return { ok: false, message: "The file is empty." };
  }
  // A spreadsheet (.xlsx, .xls), a PDF, an image…: formats known by their first bytes. Text never holds NUL.
  const type = await fileTypeFromBuffer(bytes);
  if (type || bytes.subarray(0, 64 * 1024).includes(0)) {
    const what = type
      ? `This file is a .${type.ext} file, not a CSV.`
      : "This file holds binary data, not text: it is not a CSV.";
    return { ok: false, message: `${what} ${NOT_CSV}` };
  }
  const text = asUtf8(bytes);
  if (text.byteLength > POS_CSV_MAX_BYTES) return { ok: false, message: MENU_IMPORT_TOO_LARGE };
  const header = readPosCsvHeader(text);
  if (!header) {
    return {
      ok: false,
      message: "The file has no header row: its first row must name the columns (e.g. Product Name, Category, Price).",
    };
  }
  if (header.length < MIN_COLUMNS) {
    const names = header.length === 1 ? "one column" : `${header.length} columns`;
    return {
      ok: false,
      message: `The first row names only ${names}: a POS export names at least the product's name, category and price. ${NOT_CSV}`,
    };
  }
  return { ok: true, bytes: text, header };
}

/**
 * UTF-8 as it is; anything else read as Windows-1252 (what Excel's plain "CSV" writes on Windows), so an
 * accented name arrives as the owner typed it rather than as "�".
 */
function asUtf8(bytes: Uint8Array): Uint8Array {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return bytes;
  } catch {
    return new TextEncoder().encode(new TextDecoder("windows-1252").decode(bytes));
  }
}

/** The header row and, for each column, its value in the first product row (a hint in the mapping form). */
export function exportColumns(bytes: Uint8Array): { name: string; example: string }[] {
  let rows: string[][] = [];
  try {
    rows = parse(Buffer.from(bytes), { bom: true, skip_empty_lines: true, relax_column_count: true, to: 2 });
  } catch {
    // A broken row is the import's own message at the next step; here it only costs the examples.
  }
  const cells = (rows[0] ?? []).map((cell) => cell.trim());
  const first = rows[1] ?? [];
  return (readPosCsvHeader(bytes) ?? []).map((name) => ({ name, example: (first[cells.indexOf(name)] ?? "").trim() }));
}

/**
 * Column names POS systems use for each field, most specific first. A header matches when it is one of these,
 * compared by its letters, digits and % only ("Product_Name", "product name" and "PRODUCT NAME" alike).
 */
const COLUMN_NAMES: Record<CatalogField, string[]> = {
  name: ["product name", "name", "product", "item name", "item", "product title", "title"],
  brand: ["brand", "brand name", "vendor", "manufacturer", "producer"],
  category: ["category", "product category", "product type", "type", "department"],
  strainType: ["strain type", "strain", "lineage", "genetics"],
  thc: ["thc %", "thc", "thc percent", "thc percentage", "total thc", "thc content", "thc mg", "potency"],
  cbd: ["cbd %", "cbd", "cbd percent", "cbd percentage", "total cbd", "cbd content", "cbd mg"],
  option: ["size", "option", "weight", "unit size", "package size", "variant", "unit"],
  priceMedical: ["med price", "medical price", "price med", "price medical", "price", "unit price", "retail price"],
  priceSpecial: ["sale price", "special price", "special", "price special", "discount price", "promo price"],
  netWeight: ["net weight", "net weight g", "net wt", "net weight grams", "weight g", "grams"],
  stock: ["qty", "quantity", "qty on hand", "quantity on hand", "on hand", "stock", "in stock", "available"],
  imageUrl: ["image url", "image", "photo url", "photo", "picture", "img"],
  description: ["description", "product description", "desc", "details"],
  externalId: ["sku", "product id", "item id", "id", "barcode", "upc"],
  store: ["store", "location", "store name", "location name", "shop"],
};

const comparable = (column: string) => column.toLowerCase().replace(/[^a-z0-9%]/g, "");

/** A first guess from the header's names: each field the first column named like it, each column used once. */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const free = new Map(header.map((column) => [comparable(column), column]));
  const mapping: ColumnMapping = {};
  for (const field of CATALOG_FIELDS) {
    for (const name of COLUMN_NAMES[field.key]) {
      const column = free.get(comparable(name));
      if (column !== undefined) {
        mapping[field.key] = column;
        free.delete(comparable(name));
        break;
      }
    }
  }
  return mapping;
}

/**
 * The mapping the form starts from: the one remembered for this export, where its columns are still in the
 * file (a field remembered as "not in this file", "", stays so), and the guess for the rest.
 */
export function startingMapping(header: readonly string[], remembered: ColumnMapping | null): ColumnMapping {
  if (!remembered) return guessMapping(header);
  const present = new Map(header.map((column) => [column.toLowerCase(), column]));
  const kept: ColumnMapping = {};
  const toGuess: CatalogField[] = [];
  for (const field of CATALOG_FIELDS) {
    const wanted = remembered[field.key];
    if (wanted === "") {
      kept[field.key] = "";
      continue;
    }
    const column = wanted ? present.get(wanted.toLowerCase()) : undefined;
    if (column) kept[field.key] = column;
    else toGuess.push(field.key);
  }
  const used = new Set(Object.values(kept).map((column) => column!.toLowerCase()));
  const guessed = guessMapping(header.filter((column) => !used.has(column.toLowerCase())));
  for (const field of toGuess) if (guessed[field]) kept[field] = guessed[field];
  return kept;
}
