// The campaign sender (issue 40): in every instance, a few times a minute, it claims the next recipients of
// sending campaigns (each row once, app/models/campaigns.server.ts), reads each subscriber as they are now (a
// withdrawal since the campaign was queued is honoured: "skipped"), and sends the marketing mail through the
// same SMTP transport as every mail, at the rate Settings → Campaigns sets for the whole store.
import {
  claimCampaignRecipients,
  claimedMailParts,
  closeCampaignRounds,
  type ClaimedRecipient,
  settleCampaignRecipient,
} from "~/models/campaigns.server";
import { readSetting } from "~/models/site-settings-rows.server";
import { isDatabaseUnavailable } from "~/server/db-guards.server";
import { logger } from "~/server/logger.server";
import { type OutgoingMail, sendMail } from "~/server/mail.server";
import { withTimeout } from "~/services/mail-queue.server";
import { sendBackInStockNotices, storeMailSender } from "./back-in-stock.server";
import { marketingMail } from "./campaign-mail.server";

/** Mails a minute when Settings says nothing (a small store's SMTP relay takes this without complaint). */
export const DEFAULT_CAMPAIGN_RATE_PER_MINUTE = 60;
const TICK_MS = 10_000;
const SEND_TIMEOUT_MS = 30_000;

export async function campaignRatePerMinute(): Promise<number> {
  const stored = (await readSetting("campaigns")) as { ratePerMinute?: unknown } | null;
  const rate = Number(stored?.ratePerMinute);
  return Number.isInteger(rate) && rate >= 1 && rate <= 6000 ? rate : DEFAULT_CAMPAIGN_RATE_PER_MINUTE;
}

/**
 * Whether a failed send delivered nothing, so trying again cannot make a second copy: the mail server
 * answered with a refusal code (nodemailer's `responseCode`), or the connection never opened. A timeout or a
 * connection lost mid-message may have delivered it: that one is not tried again.
 */
function deliveredNothing(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: number; code?: string };
  if (typeof responseCode === "number") return responseCode >= 400 && responseCode < 500;
  return code === "ECONNREFUSED" || code === "EDNS" || code === "ECONNECTION";
}

export interface CampaignBatchResult {
  sent: number;
  skipped: number;
  failed: number;
}

/** Sends up to `limit` claimed recipients' mails, one at a time. */
export async function sendCampaignBatch(
  options: { limit: number; send?: (mail: OutgoingMail) => Promise<void>; now?: () => Date } = { limit: 10 },
): Promise<CampaignBatchResult> {
  const send = options.send ?? sendMail;
  const now = options.now ?? (() => new Date());
  const result: CampaignBatchResult = { sent: 0, skipped: 0, failed: 0 };
  const claimed = await claimCampaignRecipients(options.limit, now());
  if (claimed.length === 0) return result;
  const { campaigns, subscribers } = await claimedMailParts(claimed);
  const sender = await storeMailSender();
  for (const row of claimed) {
    const campaign = campaigns.get(row.campaignId);
    const subscriber = subscribers.get(row.subscriberId);
    if (!campaign || !subscriber?.email || subscriber.email_status !== "confirmed") {
      await settleCampaignRecipient(row, { status: "skipped" }, now());
      result.skipped++;
      continue;
    }
    try {
      await withTimeout(
        send(
          marketingMail({
            to: subscriber.email,
            subscriberId: subscriber.id,
            subject: campaign.subject,
            bodyMarkdown: campaign.body_markdown,
            sender,
          }),
        ),
        SEND_TIMEOUT_MS,
      );
      await settleCampaignRecipient(row, { status: "sent" }, now());
      result.sent++;
    } catch (error) {
      await settleRefusal(row, error, now());
      result.failed++;
    }
  }
  return result;
}

async function settleRefusal(row: ClaimedRecipient, error: unknown, now: Date) {
  const message = error instanceof Error ? error.message : String(error);
  await settleCampaignRecipient(row, { status: "failed", error: message, retry: deliveredNothing(error) }, now);
  // The campaign and the attempt, never the address.
  logger.warn({ campaignId: row.campaignId, attempt: row.attempts }, "Campaign mail not sent");
}

// ——— The schedule: a tick every 10 s sends the rate's share of a minute ———

let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | undefined;

function tick(): void {
  running ??= sendDue().finally(() => {
    running = undefined;
  });
}

async function sendDue(): Promise<void> {
  try {
    await closeCampaignRounds();
    await sendBackInStockNotices();
    const perTick = Math.max(1, Math.floor(((await campaignRatePerMinute()) * TICK_MS) / 60_000));
    await sendCampaignBatch({ limit: perTick });
  } catch (error) {
    if (isDatabaseUnavailable(error)) logger.warn("Campaign sending waits: the database is unavailable");
    else logger.error({ err: error }, "Campaign sending failed; trying again on the next tick");
  }
}

export function startCampaignSender(): void {
  if (timer) return;
  timer = setInterval(tick, TICK_MS);
  timer.unref();
}

/** Stops the schedule and lets a batch in flight finish (each of its mails is marked before the database closes). */
export async function stopCampaignSender(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  await running;
}
