import { STORE_IDS, type StoreId } from "~/content/stores";
import {
  type CheckoutMode,
  defaultOrderingSettings,
  type OrderingSettings,
  orderingSettingsSchema,
} from "~/lib/schemas/ordering";
import { readUntilChanged } from "~/server/content-memo.server";
import type { DB } from "~/server/db.server";
import { type ActivityActor, changedFields, recordActivity } from "./activity.server";
import { getMenuSyncSettings } from "./menu-sync-settings.server";
import { readSetting, saveInTransaction, writeSetting } from "./site-settings-rows.server";

const KEY = "ordering";

/**
 * The saved settings; never saved (or in an older shape) reads as the defaults (ordering off). Kept until the
 * settings change (the bag, the checkout and the privacy page read them at every request), except inside a
 * caller's transaction.
 */
export async function getOrderingSettings(executor?: DB): Promise<OrderingSettings> {
  if (!executor) return readUntilChanged(`settings ${KEY}`, () => readOrderingSettings());
  return readOrderingSettings(executor);
}

async function readOrderingSettings(executor?: DB): Promise<OrderingSettings> {
  const parsed = orderingSettingsSchema.safeParse(await readSetting(KEY, executor));
  const defaults = defaultOrderingSettings();
  if (!parsed.success) return defaults;
  return {
    ...parsed.data,
    modes: Object.fromEntries(
      STORE_IDS.map((id) => [id, (parsed.data.modes[id] as CheckoutMode | undefined) ?? defaults.modes[id]]),
    ) as OrderingSettings["modes"],
  };
}

const flat = (settings: OrderingSettings): Record<string, unknown> => ({
  ...Object.fromEntries(STORE_IDS.map((id) => [`modes.${id}`, settings.modes[id]])),
  leadMinutes: settings.leadMinutes,
  retentionDays: settings.retentionDays,
});

/** Saves them with the activity row in one transaction. */
export async function saveOrderingSettings(settings: OrderingSettings, actor: ActivityActor | null): Promise<void> {
  await saveInTransaction(async (trx) => {
    const before = await getOrderingSettings(trx);
    await writeSetting(KEY, settings, trx);
    await recordActivity(trx, {
      kind: "settings.update",
      actor,
      subject: { type: "settings", id: KEY, title: "Ordering" },
      changes: changedFields(flat(before), flat(settings), Object.keys(flat(settings))),
    });
  });
}

/** How a store takes an order now: the provider mode only with a provider key and the store's id there. */
export type StoreCheckout =
  { mode: "off" } | { mode: "store"; leadMinutes: number } | { mode: "provider"; apiKey: string; retailerId: string };

export async function storeCheckout(storeId: StoreId): Promise<StoreCheckout> {
  const settings = await getOrderingSettings();
  const mode = settings.modes[storeId];
  if (mode === "store") return { mode, leadMinutes: settings.leadMinutes };
  if (mode === "provider") {
    const sync = await getMenuSyncSettings();
    const retailerId = sync.retailerIds[storeId];
    if (sync.provider === "dutchie-plus" && sync.apiKey && retailerId) {
      return { mode, apiKey: sync.apiKey, retailerId };
    }
  }
  return { mode: "off" };
}
