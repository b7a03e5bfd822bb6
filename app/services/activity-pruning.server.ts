import { pruneActivity } from "~/models/activity.server";
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
 * Prunes the activity log at start and then once a day while the server runs. Every instance may do it:
 * the delete is idempotent, and a few instances deleting the same old rows cost nothing worth a lock.
 */
export function scheduleActivityPruning(): void {
  if (timer) return;
  void pruneActivityNow();
  timer = setInterval(() => void pruneActivityNow(), DAY_MS);
  // The schedule never keeps the process alive (shutdown does not wait for tomorrow).
  timer.unref();
}

export function stopActivityPruning(): void {
  clearInterval(timer);
  timer = undefined;
}
