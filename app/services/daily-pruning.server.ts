import { pruneActivity } from "~/models/activity.server";
import { pruneCatalogUploads } from "~/models/catalog-admin.server";
import { pruneCatalogRuns } from "~/models/catalog-runs.server";
import { isDatabaseUnavailable } from "~/server/db-guards.server";
import { logger } from "~/server/logger.server";

const DAY_MS = 24 * 60 * 60 * 1000;
let timer: NodeJS.Timeout | undefined;

/** Deletes activity rows past their retention (a year); a failure is logged and tried again tomorrow. */
export async function pruneActivityNow(now = new Date()): Promise<number> {
  try {
    const deleted = await pruneActivity(undefined, now);
    if (deleted > 0) logger.info({ deleted }, `Pruned ${deleted} activity log rows older than a year`);
    return deleted;
  } catch (error) {
    if (isDatabaseUnavailable(error)) logger.warn("Activity log pruning skipped: the database is unavailable");
    else logger.error({ err: error }, "Activity log pruning failed");
    return 0;
  }
}

/**
 * Deletes what Admin → Menu leaves behind: POS exports waiting between import steps for more than a day
 * (each up to 20 MB), and import and sync runs older than 30 days (each source's latest good one stays).
 */
export async function pruneCatalogLeftoversNow(now = new Date()): Promise<number> {
  try {
    const uploads = await pruneCatalogUploads(now);
    await pruneCatalogRuns(now);
    if (uploads > 0) logger.info({ uploads }, `Removed ${uploads} POS exports left between import steps`);
    return uploads;
  } catch (error) {
    if (isDatabaseUnavailable(error)) logger.warn("Catalog pruning skipped: the database is unavailable");
    else logger.error({ err: error }, "Catalog pruning failed");
    return 0;
  }
}

function pruneAllNow(): void {
  void pruneActivityNow();
  void pruneCatalogLeftoversNow();
}

/**
 * Prunes the activity log and the catalog's leftovers at start and then once a day while the server runs. Every instance may do it:
 * the delete is idempotent, and a few instances deleting the same old rows cost nothing worth a lock.
 */
export function scheduleDailyPruning(): void {
  if (timer) return;
  pruneAllNow();
  timer = setInterval(pruneAllNow, DAY_MS);
  // The schedule never keeps the process alive (shutdown does not wait for tomorrow).
  timer.unref();
}

export function stopDailyPruning(): void {
  clearInterval(timer);
  timer = undefined;
}
