// The campaign sender (issue 40): in every instance, a few times a minute, it claims the next recipients of
// sending campaigns (each row once, app/models/campaigns.server.ts), reads each subscriber as they are now (a
// withdrawal since the campaign was queued is honoured: "skipped"), and sends the marketing mail through the
// same SMTP transport as every mail, at the rate Settings → Campaigns sets for the whole store.
import {
  claimCampaignRecipients,
  claimedMailParts,
  closeCampaignRounds,
  type ClaimedRecipient,
  releaseCampaignRecipients,
  settleCampaignRecipient,
} from "~/models/campaigns.server";
import { campaignRatePerMinute } from "~/models/campaign-settings.server";
import { isDatabaseUnavailable } from "~/server/db-guards.server";
import { logger } from "~/server/logger.server";
import { type OutgoingMail, sendMail, withBulkMailSender } from "~/server/mail.server";
import { describeSendError, withTimeout } from "~/services/mail-queue.server";
import { sendBackInStockNotices } from "./back-in-stock.server";
import { marketingMail, storeMailSender } from "./campaign-mail.server";

const TICK_MS = 10_000;
const SEND_TIMEOUT_MS = 30_000;
/** A test waits for the mail server this long before the editor says it was not sent. */
const TEST_TIMEOUT_MS = 15_000;
/** The test's unsubscribe link names no subscriber: it shows the page every unknown link shows. */
const NO_SUBSCRIBER = "00000000-0000-0000-0000-000000000000";

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

/**
 * Rows claimed at a time. A sender that dies leaves its claimed rows in doubt (never sent again), so a claim is
 * kept small: a crash costs at most this many recipients, not a whole round's share (the benchmark's kill -9
 * left 500 of 3,000 unsent when a round claimed 1,000 at once).
 */
export const CAMPAIGN_CLAIM_SIZE = 10;

/** Sends up to `limit` recipients' mails, one at a time, claiming a few at a time; stops early when asked. */
export async function sendCampaignBatch(
  options: {
    limit: number;
    send?: (mail: OutgoingMail) => Promise<void>;
    now?: () => Date;
    /** Asked between mails: true once the server is stopping (the rest stays for the next sender). */
    stopping?: () => boolean;
  } = { limit: 10 },
): Promise<CampaignBatchResult> {
  if (!options.send) return withBulkMailSender((send) => sendCampaignBatch({ ...options, send }));
  const send = options.send;
  const now = options.now ?? (() => new Date());
  const stopping = options.stopping ?? (() => false);
  const result: CampaignBatchResult = { sent: 0, skipped: 0, failed: 0 };
  const sender = await storeMailSender();
  let left = options.limit;
  while (left > 0 && !stopping()) {
    const claimed = await claimCampaignRecipients(Math.min(CAMPAIGN_CLAIM_SIZE, left), now());
    if (claimed.length === 0) break;
    left -= claimed.length;
    const { campaigns, subscribers } = await claimedMailParts(claimed);
    for (const [index, row] of claimed.entries()) {
      if (stopping()) {
        // Nothing was sent for these: they go back to the queue, not into doubt.
        await releaseCampaignRecipients(claimed.slice(index));
        return result;
      }
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
  }
  return result;
}

/**
 * The draft as a subscriber will receive it, sent at once to the admin who asked (subject marked "Test").
 * Throws when the mail server refuses or does not answer in time: the editor says so.
 */
export async function sendCampaignTest(
  campaign: { subject: string; bodyMarkdown: string },
  to: string,
  send: (mail: OutgoingMail) => Promise<void> = sendMail,
): Promise<void> {
  const mail = marketingMail({
    to,
    subscriberId: NO_SUBSCRIBER,
    subject: `[Test] ${campaign.subject}`,
    bodyMarkdown: campaign.bodyMarkdown,
    sender: await storeMailSender(),
  });
  await withTimeout(send(mail), TEST_TIMEOUT_MS);
}

async function settleRefusal(row: ClaimedRecipient, error: unknown, now: Date) {
  // The server's answer as the notification mail's last_error says it (one line, short, no credentials).
  const answer = describeSendError(error);
  await settleCampaignRecipient(row, { status: "failed", error: answer, retry: deliveredNothing(error) }, now);
  // The campaign and the attempt, never the address.
  logger.warn({ campaignId: row.campaignId, attempt: row.attempts }, "Campaign mail not sent");
}

// ——— The schedule: a tick every 10 s sends the rate's share of a minute ———

let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | undefined;
/** Set by stopCampaignSender: a round in flight finishes the mail it is sending and gives the rest back. */
let stopping = false;

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
    await sendCampaignBatch({ limit: perTick, stopping: () => stopping });
  } catch (error) {
    if (isDatabaseUnavailable(error)) logger.warn("Campaign sending waits: the database is unavailable");
    else logger.error({ err: error }, "Campaign sending failed; trying again on the next tick");
  }
}

/** A campaign was just started or resumed: its first mails go now, not at the next tick (up to 10 s away). */
export function nudgeCampaignSender(): void {
  if (timer) tick();
}

export function startCampaignSender(): void {
  if (timer) return;
  stopping = false;
  timer = setInterval(tick, TICK_MS);
  timer.unref();
}

/**
 * Stops the schedule; a round in flight finishes the mail it is sending (marked before the database closes)
 * and gives its other claimed rows back to the queue, so a shutdown waits for one mail, not a round's share.
 */
export async function stopCampaignSender(): Promise<void> {
  stopping = true;
  clearInterval(timer);
  timer = undefined;
  await running;
}
