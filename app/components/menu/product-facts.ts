// How the menu writes a product's facts: prices, potency, where it is in stock. Browser-safe.
import type { Potency } from "~/lib/catalog";

/** "24%", "100 mg", "0.5%", and a range as the provider gives it: "18.2–22.5%". */
export function formatPotency(potency: Potency): string {
  const figure = (amount: number) => String(Number(amount.toFixed(2)));
  const high = potency.max != null && potency.max !== potency.value ? potency.max : null;
  const value = high === null ? figure(potency.value) : `${figure(potency.value)}\u2013${figure(high)}`;
  return potency.unit === "%" ? `${value}%` : `${value} mg`;
}

/** Where a product is on a shelf, in the stores' own names: "Lindsey Street", "both stores", or null. */
export function stockedAt(inStockStores: readonly string[], stores: readonly { id: string; shortName: string }[]) {
  const named = stores.filter((store) => inStockStores.includes(store.id));
  if (named.length === 0) return null;
  return named.length === stores.length ? "both stores" : named.map((store) => store.shortName).join(" and ");
}
