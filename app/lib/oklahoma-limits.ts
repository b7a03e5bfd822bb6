// Oklahoma's limits on what a medical patient may buy in one sale, kept as data with their citation: a rule
// change is a change to SALE_LIMITS, not to the code that checks a bag (issue 39). The weights come from
// the products' sizes ("3.5g", "1/8 oz") or, for an edible, its net weight; a size that names no weight
// ("100mg" is an edible's THC, "Each") leaves the line's weight unknown, which is allowed and shown.
import type { CatalogCategory } from "./catalog";

export const GRAMS_PER_OUNCE = 28.349523125;

export type LimitKind = "flower" | "concentrate" | "edibles";

export interface SaleLimit {
  kind: LimitKind;
  /** As the bag names it: "Flower 2.5 of 3 oz". */
  label: string;
  /** The most one sale may hold, in grams. */
  grams: number;
  /** The limit as the rule states it, for people. */
  stated: string;
}

/**
 * A dispensary may not sell a patient more than this in one transaction. The amounts are those of 63 O.S.
 * § 420(A) (what a licensed patient may carry), which OAC 442:10-5-12(a) applies to each sale; the owner
 * confirms the current text with OMMA (oklahoma.gov/omma) before relying on it.
 */
export const SALE_LIMITS = {
  citation: "OAC 442:10-5-12(a); 63 O.S. § 420(A)",
  limits: [
    { kind: "flower", label: "Flower", grams: 3 * GRAMS_PER_OUNCE, stated: "3 oz" },
    { kind: "concentrate", label: "Concentrate", grams: 1 * GRAMS_PER_OUNCE, stated: "1 oz" },
    { kind: "edibles", label: "Edibles", grams: 72 * GRAMS_PER_OUNCE, stated: "72 oz" },
  ] satisfies SaleLimit[],
} as const;

/**
 * Which limit a category's products count toward: flower and pre-rolls are usable marijuana; a vape
 * cartridge holds concentrate; edibles by their net weight. Tinctures, topicals and accessories count
 * toward none of the three.
 */
export const LIMIT_OF_CATEGORY: Record<CatalogCategory, LimitKind | null> = {
  flower: "flower",
  "pre-rolls": "flower",
  concentrates: "concentrate",
  vapes: "concentrate",
  edibles: "edibles",
  tinctures: null,
  topicals: null,
  accessories: null,
};

const FRACTION_OUNCES: Record<string, number> = { "1/8": 1 / 8, "1/4": 1 / 4, "1/2": 1 / 2 };
const WORD_OUNCES: Record<string, number> = { eighth: 1 / 8, quarter: 1 / 4, half: 1 / 2, ounce: 1 };

/**
 * The grams a size names ("3.5g", "3.5 grams", "1/8 oz", "1 oz", "an eighth", "2 x 0.5g", "28g"), or null
 * when it names none ("100mg" — an edible's THC, not its weight — "Each", "1 pack"). Milligrams count only
 * as a net weight of at least a gram ("1000mg"), never as a dose.
 */
export function gramsInSize(size: string): number | null {
  const text = size.trim().toLowerCase().replace(/,/g, ".");
  const count = /^(\d+)\s*(?:x|×|pk|pack\s*of)\s*/.exec(text);
  const rest = count ? text.slice(count[0].length) : text;
  const times = count ? Number(count[1]) : 1;
  const grams = singleGrams(rest);
  return grams === null || times < 1 ? null : Math.round(grams * times * 1000) / 1000;
}

function singleGrams(text: string): number | null {
  const fraction = /^(1\/8|1\/4|1\/2)\s*(?:oz|ounce)\b/.exec(text);
  if (fraction) return FRACTION_OUNCES[fraction[1]] * GRAMS_PER_OUNCE;
  const ounces = /^(\d+(?:\.\d+)?)\s*(?:oz|ounces?)\b/.exec(text);
  if (ounces) return Number(ounces[1]) * GRAMS_PER_OUNCE;
  const word = /^(?:an?\s+)?(eighth|quarter|half|ounce)\b/.exec(text);
  if (word) return WORD_OUNCES[word[1]] * GRAMS_PER_OUNCE;
  const milligrams = /^(\d+(?:\.\d+)?)\s*mg\b/.exec(text);
  if (milligrams) return null;
  const grams = /^(\d+(?:\.\d+)?)\s*(?:g|gr|grams?)\b/.exec(text);
  if (grams) return Number(grams[1]);
  return null;
}

export interface WeighedLine {
  category: CatalogCategory;
  /** The grams of one unit (its size, or the product's net weight), null when not listed. */
  grams: number | null;
  quantity: number;
}

export interface LimitStanding {
  limit: SaleLimit;
  /** The grams the bag's weighed lines hold toward it. */
  grams: number;
  /** Lines that count toward it with no weight listed (allowed; shown as "weight not listed"). */
  unweighed: number;
  over: boolean;
}

/** How a bag stands against each limit: the grams toward it, the lines without a weight, and whether it is over. */
export function standAgainstLimits(lines: readonly WeighedLine[]): LimitStanding[] {
  return SALE_LIMITS.limits.map((limit) => {
    let grams = 0;
    let unweighed = 0;
    for (const line of lines) {
      if (LIMIT_OF_CATEGORY[line.category] !== limit.kind) continue;
      if (line.grams === null) unweighed++;
      else grams += line.grams * line.quantity;
    }
    // A hundredth of a gram of slack: eight 3.5 g eighths are 28 g, under an ounce's 28.35.
    return { limit, grams, unweighed, over: grams > limit.grams + 0.01 };
  });
}

/** "2.5 of 3 oz" (ounces for flower and edibles, grams under an ounce of concentrate shown as ounces too). */
export function describeStanding(standing: LimitStanding): string {
  const ounces = standing.grams / GRAMS_PER_OUNCE;
  const shown = Math.round(ounces * 100) / 100;
  return `${standing.limit.label} ${shown} of ${standing.limit.stated}`;
}

/** By how much a bag is over a limit, for the message that stops it: "0.5 oz". */
export function excessOf(standing: LimitStanding): string {
  const ounces = (standing.grams - standing.limit.grams) / GRAMS_PER_OUNCE;
  return `${Math.max(0.01, Math.round(ounces * 100) / 100)} oz`;
}
