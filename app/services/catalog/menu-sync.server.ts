import { STORE_IDS, type StoreId, storeShortName } from "~/content/stores";
import { menuSyncGap, type MenuSyncSettings } from "~/lib/schemas/menu-sync";
import { slugify } from "~/lib/slug";
import type { SourceProduct } from "~/lib/catalog";
import { applyCatalog, type CatalogDiff } from "~/models/catalog.server";
import { latestCatalogRun, recordCatalogRun } from "~/models/catalog-runs.server";
import { getMenuSyncSettings } from "~/models/menu-sync-settings.server";
import { db } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/db-guards.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { sendBackInStockNotices } from "~/services/campaigns/back-in-stock.server";
import { dutchiePlusProvider } from "./dutchie-plus.server";
import { type MenuProvider, ProviderError } from "./menu-provider.server";

// The menu provider's sync: every store's menu read, merged into one list (a product both stores carry is
// one product, stocked at both), and applied as the catalog's "provider" source. A failed sync changes
// nothing: the last good catalog stays, and the run's reason is recorded for the dashboard. See
// docs/decisions/2026-11-27-menu-sync.md.

/** The provider's products in catalog_products, whichever provider it is (a switch keeps their pages). */
export const PROVIDER_SOURCE = "provider";

export type SyncOutcome =
  | { ok: true; counts: { added: number; changed: number; removed: number } }
  | { ok: false; message: string; retryAfterSeconds?: number | null };

function providerFor(settings: MenuSyncSettings): MenuProvider {
  return dutchiePlusProvider({
    apiKey: settings.apiKey ?? "",
    retailerIds: Object.fromEntries(STORE_IDS.map((id) => [id, settings.retailerIds[id] ?? undefined])),
    endpoint: env().MENU_PROVIDER_ENDPOINT || undefined,
  });
}

/** One product per brand, name and category across the stores; the first store's (the main one's) data wins. */
export function mergeStoreMenus(menus: SourceProduct[][]): SourceProduct[] {
  const merged = new Map<string, SourceProduct>();
  for (const menu of menus) {
    for (const product of menu) {
      const key = `${product.category}/${slugify(product.brand ?? "")}/${slugify(product.name) || product.externalId}`;
      const held = merged.get(key);
      if (!held) {
        merged.set(key, { ...product, externalId: key.slice(0, 200), inStock: { ...product.inStock } });
        continue;
      }
      for (const store of STORE_IDS) held.inStock[store] ||= product.inStock[store];
      // A size only the other store lists is added; one both list keeps the first store's prices.
      const labels = new Set(held.options.map((option) => option.label.toLowerCase()));
      held.options.push(...product.options.filter((option) => !labels.has(option.label.toLowerCase())));
      held.description ??= product.description;
      held.imageUrl ??= product.imageUrl;
      held.thc ??= product.thc;
      held.cbd ??= product.cbd;
      held.strainType ??= product.strainType;
    }
  }
  return [...merged.values()];
}

const counted = (diff: CatalogDiff) => ({
  added: diff.added.length,
  changed: diff.changed.length,
  removed: diff.removed.length,
});

/**
 * Reads every configured store's menu and applies it; a failure keeps the catalog and is recorded.
 * `provider` replaces the adapter the settings name (tests: one pointed at a local stand-in).
 */
export async function syncMenuNow(options: { provider?: MenuProvider; now?: Date } = {}): Promise<SyncOutcome> {
  const settings = await getMenuSyncSettings();
  const gap = menuSyncGap(settings);
  if (gap) return { ok: false, message: gap };
  const provider = options.provider ?? providerFor(settings);
  const startedAt = options.now ?? new Date();
  // The run ends "now": the caller's clock when it passes one (the schedule and tests), else the real one.
  const finishedAt = () => options.now ?? new Date();
  let store: StoreId | null = null;
  try {
    const menus: SourceProduct[][] = [];
    for (store of STORE_IDS.filter((id) => settings.retailerIds[id])) {
      menus.push(await provider.fetchMenu(store));
    }
    store = null;
    const products = mergeStoreMenus(menus);
    // An empty menu is far likelier a provider's fault than a store that sells nothing: retiring every
    // product on it would empty the site.
    if (products.length === 0) throw new ProviderError("provider sent an empty menu");
    // The catalog's changes and the run that says so commit together.
    const counts = await (await db()).transaction().execute(async (trx) => {
      const applied = counted(await applyCatalog(PROVIDER_SOURCE, products, { now: startedAt, trx }));
      const run = { source: PROVIDER_SOURCE, startedAt, finishedAt: finishedAt(), ok: true, counts: applied };
      await recordCatalogRun({ ...run, kind: "sync" }, trx);
      return applied;
    });
    logger.info(counts, `Menu synced from ${provider.name}`);
    await sendBackInStockNotices();
    return { ok: true, counts };
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      logger.warn("Menu sync skipped: the database is unavailable");
      return { ok: false, message: "the database is unavailable" };
    }
    const where = store ? ` (${storeShortName(store)})` : "";
    const reason =
      error instanceof ProviderError ? error.message : "the sync failed unexpectedly (the server log has the details)";
    if (!(error instanceof ProviderError)) logger.error({ err: error }, "Menu sync failed");
    else logger.warn({ status: error.status }, `Menu sync failed: ${reason}${where}`);
    const message = `${reason}${where}`;
    await recordCatalogRun({
      source: PROVIDER_SOURCE,
      kind: "sync",
      startedAt,
      finishedAt: finishedAt(),
      ok: false,
      message,
    }).catch(() => {});
    return {
      ok: false,
      message,
      retryAfterSeconds: error instanceof ProviderError ? error.retryAfterSeconds : null,
    };
  }
}

// The schedule: a look once a minute whether a sync is due (the interval since the last run, or the wait a
// 429 asked for). The last run is read from the database, so several instances mostly take turns; one that
// does not only repeats an idempotent sync.
const TICK_MS = 60_000;
let timer: NodeJS.Timeout | undefined;
let running = false;
let notBefore = 0;

/** Runs a sync when one is due; never throws (a failure is recorded or logged). */
export async function syncMenuIfDue(
  now = new Date(),
  options: { provider?: MenuProvider } = {},
): Promise<SyncOutcome | null> {
  if (running || now.getTime() < notBefore) return null;
  running = true;
  try {
    const settings = await getMenuSyncSettings();
    if (menuSyncGap(settings)) return null;
    const last = await latestCatalogRun(PROVIDER_SOURCE);
    if (last && now.getTime() - last.finished_at.getTime() < settings.intervalMinutes * 60_000) return null;
    const outcome = await syncMenuNow({ ...options, now });
    if (!outcome.ok && outcome.retryAfterSeconds) notBefore = now.getTime() + outcome.retryAfterSeconds * 1000;
    return outcome;
  } catch (error) {
    if (isDatabaseUnavailable(error)) logger.warn("Menu sync skipped: the database is unavailable");
    else logger.error({ err: error }, "Menu sync check failed");
    return null;
  } finally {
    running = false;
  }
}

export function scheduleMenuSync(): void {
  if (timer) return;
  timer = setInterval(() => void syncMenuIfDue(), TICK_MS);
  // The schedule never keeps the process alive.
  timer.unref();
}

export function stopMenuSync(): void {
  clearInterval(timer);
  timer = undefined;
  notBefore = 0;
}
