import { z } from "zod";
import { STORE_IDS, type StoreId } from "~/content/stores";

// Admin → Settings → Menu sync: which menu provider the catalog is synced from, its key, each store's id
// there and how often. The key is write-only in the form: an empty field keeps the saved one.

export const MENU_PROVIDERS = [
  { value: "none", label: "Off (the menu comes from POS exports)" },
  { value: "dutchie-plus", label: "Dutchie Plus" },
] as const;
export type MenuProviderChoice = (typeof MENU_PROVIDERS)[number]["value"];

export const MENU_SYNC_LIMITS = { apiKey: 500, retailerId: 100, minMinutes: 5, maxMinutes: 1440 };
export const DEFAULT_SYNC_MINUTES = 15;

/** The two forms of the section: its save, and "Sync now". */
export const MENU_SYNC_INTENTS = { save: "menu-sync", syncNow: "menu-sync-now" } as const;

export const MENU_SYNC_MESSAGES = {
  saved: "Menu sync saved",
  saveFailed: "Failed to save menu sync",
  synced: "Menu synced",
  syncFailed: "Menu sync failed",
  notConfigured: "Choose a provider, enter its key and at least one store's id first.",
} as const;

/** What is stored (site_settings 'menuSync'). */
export interface MenuSyncSettings {
  provider: MenuProviderChoice;
  apiKey: string | null;
  retailerIds: Record<StoreId, string | null>;
  intervalMinutes: number;
}

export function defaultMenuSyncSettings(): MenuSyncSettings {
  return {
    provider: "none",
    apiKey: null,
    retailerIds: Object.fromEntries(STORE_IDS.map((id) => [id, null])) as Record<StoreId, string | null>,
    intervalMinutes: DEFAULT_SYNC_MINUTES,
  };
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .optional()
    .transform((value) => value || null);

export const menuSyncFormSchema = z.object({
  intent: z.literal("menu-sync"),
  provider: z.enum(["none", "dutchie-plus"], { error: "Choose a provider" }),
  /** Empty keeps the saved key. */
  apiKey: optionalText(MENU_SYNC_LIMITS.apiKey, "The key"),
  removeApiKey: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  retailerIds: z.object(
    Object.fromEntries(STORE_IDS.map((id) => [id, optionalText(MENU_SYNC_LIMITS.retailerId, "An id")])) as Record<
      StoreId,
      ReturnType<typeof optionalText>
    >,
  ),
  intervalMinutes: z
    .string({ error: "Enter a number of minutes" })
    .trim()
    .regex(/^\d{1,5}$/, "Enter whole minutes")
    .transform(Number)
    .pipe(
      z
        .number()
        .min(MENU_SYNC_LIMITS.minMinutes, `At least every ${MENU_SYNC_LIMITS.minMinutes} minutes`)
        .max(MENU_SYNC_LIMITS.maxMinutes, "At least once a day (1440 minutes)"),
    ),
});
export type MenuSyncForm = z.output<typeof menuSyncFormSchema>;

/** The stored settings from a form: the key kept unless a new one is entered or it is removed. */
export function menuSyncFromForm(form: MenuSyncForm, saved: MenuSyncSettings): MenuSyncSettings {
  return {
    provider: form.provider,
    apiKey: form.removeApiKey ? null : (form.apiKey ?? saved.apiKey),
    retailerIds: form.retailerIds as Record<StoreId, string | null>,
    intervalMinutes: form.intervalMinutes,
  };
}

/** Why a sync cannot run with these settings; null when it can. */
export function menuSyncGap(settings: MenuSyncSettings): string | null {
  if (settings.provider === "none") return "No menu provider is chosen.";
  if (!settings.apiKey) return "The provider's key is not set.";
  if (!STORE_IDS.some((id) => settings.retailerIds[id])) return "No store's id at the provider is set.";
  return null;
}
