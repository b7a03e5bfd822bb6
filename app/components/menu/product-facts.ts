// How the menu writes a product's facts: prices, potency, where it is in stock. Browser-safe.

/** "$28" for whole dollars, "$28.50" otherwise. */
export function formatPrice(cents: number): string {
  const dollars = cents / 100;
  return `$${cents % 100 === 0 ? dollars.toFixed(0) : dollars.toFixed(2)}`;
}

/** "24%", "100 mg", "0.5%". */
export function formatPotency(potency: { value: number; unit: "%" | "mg" }): string {
  const value = String(Number(potency.value.toFixed(2)));
  return potency.unit === "%" ? `${value}%` : `${value} mg`;
}

/** Where a product is on a shelf, in the stores' own names: "Lindsey Street", "both stores", or null. */
export function stockedAt(inStockStores: readonly string[], stores: readonly { id: string; shortName: string }[]) {
  const named = stores.filter((store) => inStockStores.includes(store.id));
  if (named.length === 0) return null;
  return named.length === stores.length ? "both stores" : named.map((store) => store.shortName).join(" and ");
}
