// "Tell me when it's back" (issue 40): after every import and sync, and on the campaign sender's rounds, the
// requests whose product is back on a shelf get their one mail (app/models/back-in-stock.server.ts).
import { addressLine } from "~/content/site";
import { mainStore, STORE_IDS, storeShortName } from "~/content/stores";
import type { StoreMailSender } from "~/lib/subscriptions";
import { queueBackInStockMail } from "~/models/back-in-stock.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { logger } from "~/server/logger.server";
import { nudgeMailWorker } from "~/services/mail-queue.server";

/**
 * Who a marketing mail is from (CAN-SPAM): the store's name and the main store's postal address as the owner
 * set them in Settings (its state from the store's facts), and the stores' names by id.
 */
export async function storeMailSender(): Promise<StoreMailSender> {
  const settings = await getSiteSettings();
  return {
    name: settings.name,
    postalAddress: addressLine({ ...settings.stores[mainStore.id], region: mainStore.region }),
    storeNames: Object.fromEntries(STORE_IDS.map((id) => [id, storeShortName(id)])),
  };
}

/** Queues the mails now due and wakes the mail worker; never throws (the next round tries again). */
export async function sendBackInStockNotices(now = new Date()): Promise<number> {
  try {
    const queued = await queueBackInStockMail(await storeMailSender(), now);
    if (queued > 0) {
      logger.info({ queued }, "Back-in-stock mails queued");
      nudgeMailWorker();
    }
    return queued;
  } catch (error) {
    logger.warn({ err: error }, "Back-in-stock mails not queued this time; the next round tries again");
    return 0;
  }
}
