import { pruneActivity } from "~/models/activity.server";
import { pruneIdleBags } from "~/models/bags.server";
import { getOrderingSettings } from "~/models/ordering-settings.server";
import { pruneOrderPersonalData } from "~/models/orders.server";
import { pruneUnconfirmedSignUps } from "~/models/subscribers.server";
import { pruneCatalogUploads } from "~/models/catalog-admin.server";
import { pruneCatalogRuns } from "~/models/catalog-runs.server";
import { isDatabaseUnavailable } from "~/server/db-guards.server";
import { logger } from "~/server/logger.server";

const DAY_MS = 24 * 60 * 60 * 1000;
let timer: NodeJS.Timeout | undefined;

/**
 * One pruning step: its count logged when it removed something; a failure logged (a warning while the
 * database is away) and tried again tomorrow.
 */
async function pruneStep(what: string, prune: () => Promise<{ count: number; line: string }>): Promise<number> {
  try {
    const { count, line } = await prune();
    if (count > 0) logger.info({ count }, line);
    return count;
  } catch (error) {
    if (isDatabaseUnavailable(error)) logger.warn(`${what} skipped: the database is unavailable`);
    else logger.error({ err: error }, `${what} failed`);
    return 0;
  }
}

/** Deletes activity rows past their retention (a year). */
export const pruneActivityNow = (now = new Date()) =>
  pruneStep("Activity log pruning", async () => {
    const deleted = await pruneActivity(undefined, now);
    return { count: deleted, line: `Pruned ${deleted} activity log rows older than a year` };
  });

/**
 * Deletes what Admin → Menu leaves behind: POS exports waiting between import steps for more than a day
 * (each up to 20 MB), and import and sync runs older than 30 days (each source's latest good one stays).
 */
export const pruneCatalogLeftoversNow = (now = new Date()) =>
  pruneStep("Catalog pruning", async () => {
    const uploads = await pruneCatalogUploads(now);
    await pruneCatalogRuns(now);
    return { count: uploads, line: `Removed ${uploads} POS exports left between import steps` };
  });

/** Deletes patients' bags nobody changed for 7 days (lib/bag.ts BAG_IDLE_DAYS). */
export const pruneIdleBagsNow = (now = new Date()) =>
  pruneStep("Bag pruning", async () => {
    const bags = await pruneIdleBags(now);
    return { count: bags, line: `Removed ${bags} bags idle for a week` };
  });

/** Removes the personal data of orders past Settings → Ordering's retention (their totals stay). */
export const pruneOrderPersonalDataNow = (now = new Date()) =>
  pruneStep("Order pruning", async () => {
    const { retentionDays } = await getOrderingSettings();
    const orders = await pruneOrderPersonalData(retentionDays, now);
    return { count: orders, line: `Removed the personal data of ${orders} orders past ${retentionDays} days` };
  });

/** Removes e-mail sign-ups never confirmed within a week (their ledger records stay, anonymous). */
export const pruneUnconfirmedSignUpsNow = (now = new Date()) =>
  pruneStep("Sign-up pruning", async () => {
    const signUps = await pruneUnconfirmedSignUps(now);
    return { count: signUps, line: `Removed ${signUps} sign-ups never confirmed within a week` };
  });

function pruneAllNow(): void {
  void pruneActivityNow();
  void pruneCatalogLeftoversNow();
  void pruneIdleBagsNow();
  void pruneOrderPersonalDataNow();
  void pruneUnconfirmedSignUpsNow();
}

/**
 * Prunes the activity log, the catalog's leftovers, idle bags, old orders' personal data and sign-ups never
 * confirmed at start and then
 * once a day while the server runs. Every instance may do it:
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
