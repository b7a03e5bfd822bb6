import { z } from "zod";
import { STORE_IDS } from "~/content/stores";
import { defaultMenuSyncSettings, MENU_SYNC_LIMITS, type MenuSyncSettings } from "~/lib/schemas/menu-sync";
import type { DB } from "~/server/db.server";
import { type ActivityActor, changedFields, recordActivity } from "./activity.server";
import { readSetting, saveInTransaction, writeSetting } from "./site-settings-rows.server";

// The menu provider sync's settings (Admin → Settings → Menu sync), a section of its own beside the site
// settings: they hold a secret (the provider's key), which never goes to a page, a log or the activity log.

const KEY = "menuSync";

const storedSchema = z.object({
  provider: z.enum(["none", "dutchie-plus"]),
  apiKey: z.string().max(MENU_SYNC_LIMITS.apiKey).nullable(),
  retailerIds: z.record(z.string(), z.string().nullable()),
  intervalMinutes: z.number().int().min(MENU_SYNC_LIMITS.minMinutes).max(MENU_SYNC_LIMITS.maxMinutes),
});

/** The saved settings; never saved (or in an older shape) reads as off. */
export async function getMenuSyncSettings(executor?: DB): Promise<MenuSyncSettings> {
  const parsed = storedSchema.safeParse(await readSetting(KEY, executor));
  if (!parsed.success) return defaultMenuSyncSettings();
  return {
    ...parsed.data,
    retailerIds: Object.fromEntries(
      STORE_IDS.map((id) => [id, parsed.data.retailerIds[id] ?? null]),
    ) as MenuSyncSettings["retailerIds"],
  };
}

const flat = (settings: MenuSyncSettings): Record<string, unknown> => ({
  provider: settings.provider,
  apiKey: settings.apiKey,
  ...Object.fromEntries(STORE_IDS.map((id) => [`retailerIds.${id}`, settings.retailerIds[id]])),
  intervalMinutes: settings.intervalMinutes,
});

/** Saves them with the activity row in one transaction; a changed key is logged as changed, never its value. */
export async function saveMenuSyncSettings(settings: MenuSyncSettings, actor: ActivityActor | null): Promise<void> {
  await saveInTransaction(async (trx) => {
    const before = await getMenuSyncSettings(trx);
    await writeSetting(KEY, settings, trx);
    const changes = changedFields(flat(before), flat(settings), Object.keys(flat(settings)), { redact: ["apiKey"] });
    await recordActivity(trx, {
      kind: "settings.update",
      actor,
      subject: { type: "settings", id: KEY, title: "Menu sync" },
      changes,
    });
  });
}
