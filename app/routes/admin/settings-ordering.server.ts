import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { STORE_IDS, storeShortName } from "~/content/stores";
import { CHECKOUT_MODES, ORDERING_INTENT, type OrderingSettings, orderingSettingsSchema } from "~/lib/schemas/ordering";
import type { ActivityActor } from "~/models/activity.server";
import { getMenuSyncSettings } from "~/models/menu-sync-settings.server";
import { getOrderingSettings, saveOrderingSettings } from "~/models/ordering-settings.server";

// Admin → Settings → Ordering: how each store takes an order from the bag, the lead time for a pickup window,
// and how long an order keeps the patient's details. A form of its own beside the site settings.

const SECTION = "/admin/settings#settings-ordering";

export async function loadOrdering() {
  const [settings, sync] = await Promise.all([getOrderingSettings(), getMenuSyncSettings()]);
  return {
    ...settings,
    stores: STORE_IDS.map((id) => ({
      id,
      name: storeShortName(id),
      // The provider's checkout needs Menu sync's key and this store's id there.
      providerReady: sync.provider === "dutchie-plus" && Boolean(sync.apiKey) && Boolean(sync.retailerIds[id]),
    })),
  };
}

/** The section's save; null when the post is another form's. */
export async function orderingAction(formData: FormData, actor: ActivityActor): Promise<Response | null> {
  if (formData.get("intent") !== ORDERING_INTENT) return null;
  const parsed = orderingSettingsSchema.safeParse({
    modes: Object.fromEntries(STORE_IDS.map((id) => [id, formData.get(`mode.${id}`)])),
    leadMinutes: formData.get("leadMinutes"),
    retentionDays: formData.get("retentionDays"),
  });
  if (!parsed.success) {
    return redirectWithError(SECTION, {
      message: "Ordering was not saved",
      description: "Choose how each store takes orders, a lead time of 0 to 1,440 minutes and 7 to 365 days.",
    });
  }
  const settings: OrderingSettings = { ...parsed.data, modes: parsed.data.modes as OrderingSettings["modes"] };
  await saveOrderingSettings(settings, actor);
  const words = STORE_IDS.map(
    (id) => `${storeShortName(id)}: ${CHECKOUT_MODES.find((mode) => mode.value === settings.modes[id])?.label}`,
  );
  return redirectWithSuccess(SECTION, { message: "Ordering saved", description: words.join(". ") });
}
