import { z } from "zod";
import { STORE_IDS, type StoreId } from "~/content/stores";

// Admin → Settings → Ordering (issue 39): how each store takes an order for pickup from the bag.
//  - off: the bag only lists; it offers the provider's full menu to order there;
//  - provider: the bag is handed to the menu provider's checkout (Dutchie Plus: Settings → Menu sync's key
//    and the store's retailer id);
//  - store: the store keeps the order itself (name, phone or e-mail, a pickup window), Admin → Orders.

export const CHECKOUT_MODES = [
  { value: "off", label: "Off (the bag offers the provider's menu)" },
  { value: "provider", label: "Handed to the menu provider (Dutchie Plus)" },
  { value: "store", label: "Kept by the store (Admin → Orders)" },
] as const;
export type CheckoutMode = (typeof CHECKOUT_MODES)[number]["value"];

/** The section's form on Admin → Settings. */
export const ORDERING_INTENT = "ordering";

export const ORDERING_LIMITS = {
  minLeadMinutes: 0,
  maxLeadMinutes: 24 * 60,
  minRetentionDays: 7,
  maxRetentionDays: 365,
};

/** What is stored (site_settings 'ordering'). */
export interface OrderingSettings {
  modes: Record<StoreId, CheckoutMode>;
  /** The soonest a pickup window may start, in minutes from the order. */
  leadMinutes: number;
  /** Days after which an order's name, phone, e-mail and note are removed (its totals stay). */
  retentionDays: number;
}

export function defaultOrderingSettings(): OrderingSettings {
  return {
    modes: Object.fromEntries(STORE_IDS.map((id) => [id, "off"])) as Record<StoreId, CheckoutMode>,
    leadMinutes: 30,
    retentionDays: 90,
  };
}

export const orderingSettingsSchema = z.object({
  modes: z.record(z.string(), z.enum(["off", "provider", "store"])),
  leadMinutes: z.coerce.number().int().min(ORDERING_LIMITS.minLeadMinutes).max(ORDERING_LIMITS.maxLeadMinutes),
  retentionDays: z.coerce.number().int().min(ORDERING_LIMITS.minRetentionDays).max(ORDERING_LIMITS.maxRetentionDays),
});
