// What tests/support/provider-ordering.ts puts in, for the spec that checks it out through the provider.
import { sourceProduct } from "./menu-catalog-data";

export const PROVIDER_SETTINGS = { apiKey: "plus-key-e2e-0123456789", retailerId: "r-bluewater" } as const;

/** Synced from the provider (its id there is the external id), at Blue Water only, in two sizes. */
export const PROVIDER_PRODUCT = sourceProduct({
  externalId: "dutchie-cart-1",
  name: "Gelato Cart",
  brand: "Timeless",
  category: "vapes",
  options: [
    { label: "0.5g", priceMedicalCents: 2500, priceSpecialCents: null },
    { label: "1g", priceMedicalCents: 4500, priceSpecialCents: null },
  ],
  inStock: { Lindsey: false, BlueWater: true },
});
