import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { STORE_IDS } from "~/content/stores";
import { FIX_FIELDS_MESSAGE, type FormActionData } from "~/lib/form-result";
import { menuSyncSentence, type SyncRunView } from "~/lib/menu-sync-status";
import {
  MENU_SYNC_INTENTS,
  MENU_SYNC_MESSAGES,
  menuSyncFormSchema,
  menuSyncFromForm,
  menuSyncGap,
} from "~/lib/schemas/menu-sync";
import { latestCatalogRuns } from "~/models/catalog-runs.server";
import type { ActivityActor } from "~/models/activity.server";
import { getMenuSyncSettings, saveMenuSyncSettings } from "~/models/menu-sync-settings.server";
import type { CatalogSync } from "~/server/schema.server";
import { PROVIDER_SOURCE, syncMenuNow } from "~/services/catalog/menu-sync.server";
import { formRefusal } from "./form-refusal.server";

// Admin → Settings → Menu sync: the provider, its key (write-only: the page shows its last four characters),
// each store's id there, how often; "Sync now"; and the last sync's outcome in the dashboard's words.

const SETTINGS_PATH = "/admin/settings";

const runView = (run: CatalogSync | null | undefined): SyncRunView | null =>
  run ? { finishedAt: run.finished_at, ok: run.ok, message: run.message } : null;

/** The provider's last run as the dashboard says it; null when no sync is set up and none ever ran. */
export async function menuSyncStatus(now = new Date()): Promise<{ sentence: string; failing: boolean } | null> {
  const [settings, runs] = await Promise.all([getMenuSyncSettings(), latestCatalogRuns()]);
  const run = runs.find((entry) => entry.source === PROVIDER_SOURCE);
  if (!run && menuSyncGap(settings)) return null;
  return {
    sentence: menuSyncSentence(runView(run?.latest), runView(run?.lastGood), now),
    failing: run ? !run.latest.ok : false,
  };
}

export async function loadMenuSync(now = new Date()) {
  const settings = await getMenuSyncSettings();
  return {
    form: {
      provider: settings.provider,
      apiKey: "",
      retailerIds: Object.fromEntries(STORE_IDS.map((id) => [id, settings.retailerIds[id] ?? ""])),
      intervalMinutes: String(settings.intervalMinutes),
    },
    /** The saved key's last four characters, so the owner can tell which key it is. */
    keyHint: settings.apiKey ? `…${settings.apiKey.slice(-4)}` : null,
    gap: menuSyncGap(settings),
    status: await menuSyncStatus(now),
  };
}

/** The Menu sync form's save, or "Sync now"; null when the post is neither (the site settings form). */
type MenuSyncRefusal = ReturnType<typeof data<FormActionData & { intent: string }>>;

export async function menuSyncAction(
  formData: FormData,
  actor: ActivityActor,
): Promise<Response | MenuSyncRefusal | null> {
  const intent = formData.get("intent");
  if (intent === MENU_SYNC_INTENTS.syncNow) {
    const outcome = await syncMenuNow();
    if (!outcome.ok) {
      return redirectWithError(`${SETTINGS_PATH}#settings-menu-sync`, {
        message: MENU_SYNC_MESSAGES.syncFailed,
        description: outcome.message,
      });
    }
    const { added, changed, removed } = outcome.counts;
    return redirectWithSuccess(`${SETTINGS_PATH}#settings-menu-sync`, {
      message: MENU_SYNC_MESSAGES.synced,
      description: `${added} new, ${changed} changed, ${removed} no longer listed.`,
    });
  }
  if (intent !== MENU_SYNC_INTENTS.save) return null;

  const submission = parseWithZod(formData, { schema: menuSyncFormSchema });
  const refuse = (refusal: FormActionData) =>
    data<FormActionData & { intent: string }>({ ...refusal, intent: MENU_SYNC_INTENTS.save }, { status: 400 });
  if (submission.status !== "success") {
    return refuse(
      formRefusal(submission, FIX_FIELDS_MESSAGE, { outcome: "invalid", message: MENU_SYNC_MESSAGES.saveFailed }),
    );
  }
  const next = menuSyncFromForm(submission.value, await getMenuSyncSettings());
  if (next.provider !== "none") {
    const fieldErrors: Record<string, string[]> = {};
    if (!next.apiKey) fieldErrors.apiKey = ["Enter the key your provider gave you"];
    if (!STORE_IDS.some((id) => next.retailerIds[id])) {
      fieldErrors[`retailerIds.${STORE_IDS[0]}`] = ["Enter at least one store's id at the provider"];
    }
    if (Object.keys(fieldErrors).length > 0) {
      return refuse({
        result: submission.reply({ fieldErrors }),
        outcome: "invalid",
        message: MENU_SYNC_MESSAGES.saveFailed,
        description: FIX_FIELDS_MESSAGE,
      });
    }
  }
  await saveMenuSyncSettings(next, actor);
  return redirectWithSuccess(`${SETTINGS_PATH}#settings-menu-sync`, {
    message: MENU_SYNC_MESSAGES.saved,
    description:
      next.provider === "none"
        ? "The menu is no longer synced from a provider; its products stay until you import or remove them."
        : `The menu syncs every ${next.intervalMinutes} minutes. Use "Sync now" to sync at once.`,
  });
}
