import { parse } from "csv-parse/sync";
import { type CatalogCategory, type CategoryMapping, categoryKey, type ColumnMapping } from "~/lib/catalog";

// A POS export's category values, matched to the menu's categories (issue 37). Every POS names its categories
// its own way ("Vape Cartridge", "Infused Pre-Rolls", "Flower - Indica"): a value that is one of the menu's
// own words is settled; any other is guessed from the words in it, and the owner confirms or chooses it (or
// skips its rows) in the import's mapping step, remembered per export like the columns.

/** The menu's own words for each category: a value that is exactly one of these needs no question. */
const CATEGORY_WORDS: [RegExp, CatalogCategory][] = [
  [/^(flower|flowers|bud|buds)$/, "flower"],
  [/^(edible|edibles|gummies|gummy|chocolate|chocolates)$/, "edibles"],
  [/^(pre-?rolls?|pre rolls?|joints?|prerolls?)$/, "pre-rolls"],
  [/^(vapes?|vaporizers?|cartridges?|carts?|disposables?)$/, "vapes"],
  [/^(concentrates?|extracts?|wax|shatter|rosin|resin|badder|budder)$/, "concentrates"],
  [/^(accessories|accessory|gear|paraphernalia)$/, "accessories"],
  [/^(topicals?|lotions?|balms?)$/, "topicals"],
  [/^(tinctures?|oils?)$/, "tinctures"],
];

/** The category a value names exactly ("Flower", "edibles", "Pre-rolls"), or null. */
export function exactCategory(value: string): CatalogCategory | null {
  const key = categoryKey(value);
  return CATEGORY_WORDS.find(([pattern]) => pattern.test(key))?.[1] ?? null;
}

/**
 * Words that point at a category anywhere in a value, checked in this order: a pre-roll is made of flower and
 * may be "infused" with concentrate, a cartridge holds concentrate, so the product's form comes first.
 */
const GUESS_WORDS: [RegExp, CatalogCategory][] = [
  [/\b(pre-?rolls?|prerolls?|joints?|blunts?|dogwalkers?)\b/, "pre-rolls"],
  [/\b(vapes?|vaporizers?|vaping|cartridges?|carts?|disposables?|pods?|510)\b/, "vapes"],
  [
    /\b(edibles?|gummies|gummy|chocolates?|candy|candies|chews?|cookies?|brownies?|beverages?|drinks?|mints?)\b/,
    "edibles",
  ],
  [/\b(tinctures?|drops|sublingual|capsules?|oils?)\b/, "tinctures"],
  [/\b(topicals?|lotions?|balms?|salves?|creams?|patch(es)?|bath)\b/, "topicals"],
  [
    /\b(concentrates?|extracts?|wax|shatter|rosin|resin|badder|budder|diamonds|sauce|crumble|dabs?|hash|kief|rso)\b/,
    "concentrates",
  ],
  [
    /\b(accessories|accessory|gear|paraphernalia|papers?|grinders?|pipes?|bongs?|lighters?|batteries|battery|merch)\b/,
    "accessories",
  ],
  [/\b(flowers?|buds?|shake|smalls|popcorn|eighths?|ounces?|indica|sativa|hybrid)\b/, "flower"],
];

/** A sensible guess for a value the menu does not know word for word ("Vape Cartridge" → vapes), or null. */
export function guessCategory(value: string): CatalogCategory | null {
  const key = categoryKey(value);
  return exactCategory(key) ?? GUESS_WORDS.find(([pattern]) => pattern.test(key))?.[1] ?? null;
}

/**
 * The category column's values, each once (case and spacing aside), in the order the file first has them; []
 * when the mapping names no category column or the file cannot be read (the import's own step says why).
 */
export function readCategoryValues(bytes: Uint8Array, mapping: ColumnMapping): string[] {
  const column = mapping.category?.trim().toLowerCase();
  if (!column) return [];
  let table: string[][];
  try {
    table = parse(Buffer.from(bytes), { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch {
    return [];
  }
  const [header, ...rows] = table;
  const index = (header ?? []).findIndex((name) => name.trim().toLowerCase() === column);
  if (index < 0) return [];
  const values = new Map<string, string>();
  for (const row of rows) {
    const value = (row[index] ?? "").trim();
    const key = categoryKey(value);
    if (key && !values.has(key)) values.set(key, value);
  }
  return [...values.values()];
}

/** The values of `values` the owner must still answer: neither chosen (now or last time) nor the menu's own word. */
export function unsettledCategoryValues(values: readonly string[], chosen: CategoryMapping): string[] {
  return values.filter((value) => !chosen[categoryKey(value)] && !exactCategory(value));
}
