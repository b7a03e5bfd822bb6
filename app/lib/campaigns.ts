// Admin → Campaigns (issue 40): the editor's fields, its buttons' intents and the words the pages say about a
// campaign's progress. Browser-safe: the editor validates with the same schema the server does.
import { z } from "zod";

export const CAMPAIGNS_PATH = "/admin/campaigns";
export const campaignPath = (id: string) => `${CAMPAIGNS_PATH}/${id}`;

export const CAMPAIGN_LIMITS = { subject: 150, body: 50_000 } as const;

/** The editor's buttons: each saves the draft first. */
export const CAMPAIGN_INTENTS = {
  save: "save",
  /** Saves, then mails the draft to the signed-in admin. */
  test: "test",
  /** Saves, judges the words (advertising rules), then asks "Send to N subscribers?". */
  review: "review",
  /** The confirmation's button: the campaign goes to every confirmed subscriber. */
  send: "send",
  pause: "pause",
  resume: "resume",
  delete: "delete",
} as const;

export const campaignSchema = z.object({
  subject: z
    .string({ error: "Write a subject." })
    .trim()
    .min(1, "Write a subject.")
    .max(CAMPAIGN_LIMITS.subject, `Keep the subject to ${CAMPAIGN_LIMITS.subject} characters.`),
  content: z
    .string({ error: "Write the mail." })
    .trim()
    .min(1, "Write the mail.")
    .max(CAMPAIGN_LIMITS.body, `Keep the mail to ${CAMPAIGN_LIMITS.body.toLocaleString("en-US")} characters.`),
});

export type CampaignStatusView = "draft" | "sending" | "paused" | "sent";

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatusView, string> = {
  draft: "Draft",
  sending: "Sending",
  paused: "Paused",
  sent: "Sent",
};

/** The status badge's colour (Radix Themes' accent names). */
export const CAMPAIGN_STATUS_COLORS = { draft: "gray", sending: "blue", paused: "orange", sent: "green" } as const;

/** A campaign's recipients by where they are: waiting (not sent yet), sent, failed, and skipped (withdrew since). */
export interface CampaignCounts {
  recipients: number;
  waiting: number;
  sent: number;
  failed: number;
  skipped: number;
}

const count = (n: number) => n.toLocaleString("en-US");

/** "340 of 1,200 sent, 2 failed, 1 skipped (unsubscribed since)". */
export function progressSentence(counts: CampaignCounts): string {
  const parts = [`${count(counts.sent)} of ${count(counts.recipients)} sent`];
  if (counts.failed > 0) parts.push(`${count(counts.failed)} failed`);
  if (counts.skipped > 0) parts.push(`${count(counts.skipped)} skipped (unsubscribed since it was queued)`);
  return parts.join(", ");
}

/** How long sending `recipients` takes at `ratePerMinute`: "about 21 minutes". */
export function sendingTime(recipients: number, ratePerMinute: number): string {
  const minutes = Math.ceil(recipients / Math.max(1, ratePerMinute));
  if (minutes <= 1) return "about a minute";
  if (minutes < 90) return `about ${minutes} minutes`;
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `about ${hours.toLocaleString("en-US")} hours`;
}

/** Settings → Campaigns: how many marketing mails a minute the store's mail server is given. */
export const CAMPAIGN_RATE_LIMITS = { min: 1, max: 6000, default: 60 } as const;
export const CAMPAIGN_RATE_INTENT = "campaign-rate";
