// What a bag shows and whether it can go on to checkout, worked out from its lines as the catalog has them
// now (app/models/bags.server.ts reads them): prices, the chosen store's stock, and Oklahoma's limits.
import type { StoreId } from "~/content/stores";
import type { CatalogCategory } from "./catalog";
import { excessOf, gramsInSize, LIMIT_OF_CATEGORY, standAgainstLimits, type LimitStanding } from "./oklahoma-limits";

export const MAX_BAG_LINES = 50;
export const MAX_LINE_QUANTITY = 10;
/** A bag nobody changed for this long is deleted (the daily pruning). */
export const BAG_IDLE_DAYS = 7;

/** One line as the catalog has it now. */
export interface BagLineFacts {
  productId: string;
  slug: string;
  name: string;
  brandName: string | null;
  category: CatalogCategory;
  optionLabel: string;
  quantity: number;
  /** The price when the line was added or last changed (special where one applied). */
  seenPriceCents: number;
  /** The option now; null when the product no longer offers this size. */
  option: { priceMedicalCents: number; priceSpecialCents: number | null; netWeightGrams: number | null } | null;
  /** False when the product is hidden or gone from its source. */
  listed: boolean;
  inStockStores: string[];
}

export interface BagLineView extends BagLineFacts {
  /** The unit price now (the special where one applies); null when the size is gone. */
  unitPriceCents: number | null;
  lineTotalCents: number;
  priceChanged: boolean;
  /** Whether the chosen store has it (true while no store is chosen and some store has it). */
  atChosenStore: boolean;
  /** The other store, when the chosen one lacks it and that one has it. */
  otherStore: StoreId | null;
  /** Grams of one unit, or null when the catalog does not say. */
  gramsEach: number | null;
  /** Why the line cannot be ordered now, in the patient's words; null when it can. */
  problem: string | null;
}

export interface BagSummary {
  lines: BagLineView[];
  itemCount: number;
  subtotalCents: number;
  standings: LimitStanding[];
  /** Lines that count toward a limit but whose weight the catalog does not list. */
  unweighedLines: number;
  /** Every reason the bag cannot go on to checkout: a limit exceeded, a line that cannot be ordered. */
  blockers: string[];
}

/** What a patient pays for one unit of a size now: its special price while it has one, else its medical price. */
export const unitPriceOf = (option: { priceMedicalCents: number; priceSpecialCents: number | null }) =>
  option.priceSpecialCents ?? option.priceMedicalCents;

/** The grams of one unit of a size: what its label names ("3.5g", "1/8 oz"), else its net weight when known. */
export function gramsOfUnit(optionLabel: string, netWeightGrams: number | null | undefined): number | null {
  return gramsInSize(optionLabel) ?? netWeightGrams ?? null;
}

/** The bag worked out for the chosen store (null: none chosen yet) from its lines as the catalog has them now. */
export function summarizeBag(
  facts: readonly BagLineFacts[],
  storeId: StoreId | null,
  storeIds: readonly StoreId[],
  storeName: (id: StoreId) => string,
): BagSummary {
  const lines = facts.map((line): BagLineView => {
    const unitPriceCents = line.option ? unitPriceOf(line.option) : null;
    const stocked = line.listed && line.option !== null ? line.inStockStores : [];
    const atChosenStore = storeId === null ? stocked.length > 0 : stocked.includes(storeId);
    const other =
      storeId === null || atChosenStore ? undefined : storeIds.find((id) => id !== storeId && stocked.includes(id));
    let problem: string | null = null;
    if (!line.listed) problem = "No longer on the menu.";
    else if (!line.option) problem = `The ${line.optionLabel} size is no longer offered.`;
    else if (stocked.length === 0) problem = "Out of stock at both stores.";
    else if (!atChosenStore && storeId !== null) problem = `Not in stock at ${storeName(storeId)}.`;
    return {
      ...line,
      unitPriceCents,
      lineTotalCents: (unitPriceCents ?? 0) * line.quantity,
      priceChanged: unitPriceCents !== null && unitPriceCents !== line.seenPriceCents,
      atChosenStore,
      otherStore: other ?? null,
      gramsEach: gramsOfUnit(line.optionLabel, line.option?.netWeightGrams),
      problem,
    };
  });
  const orderable = lines.filter((line) => line.problem === null);
  const standings = standAgainstLimits(
    orderable.map((line) => ({ category: line.category, grams: line.gramsEach, quantity: line.quantity })),
  );
  const blockers: string[] = [];
  for (const standing of standings) {
    if (!standing.over) continue;
    blockers.push(
      `${standing.limit.label} is over Oklahoma's limit of ${standing.limit.stated} a sale by ${excessOf(standing)}.`,
    );
  }
  const unavailable = lines.filter((line) => line.problem !== null).length;
  if (unavailable > 0) {
    blockers.push(
      unavailable === 1
        ? "One item cannot be ordered as it is: change or remove it."
        : `${unavailable} items cannot be ordered as they are: change or remove them.`,
    );
  }
  return {
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents: orderable.reduce((sum, line) => sum + line.lineTotalCents, 0),
    standings,
    unweighedLines: orderable.filter((line) => LIMIT_OF_CATEGORY[line.category] !== null && line.gramsEach === null)
      .length,
    blockers,
  };
}
