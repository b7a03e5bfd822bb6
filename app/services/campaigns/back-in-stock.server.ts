// "Tell me when it's back" (issue 40): after every import and sync, and on the campaign sender's rounds, the
// requests whose product is back on a shelf get their one mail (app/models/back-in-stock.server.ts).
import { queueBackInStockMail } from "~/models/back-in-stock.server";
import { logger } from "~/server/logger.server";
import { nudgeMailWorker } from "~/services/mail-queue.server";
import { storeMailSender } from "./campaign-mail.server";

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
