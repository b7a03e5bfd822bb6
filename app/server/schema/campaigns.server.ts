import type { Generated, Selectable } from "kysely";
import type { Timestamp } from "./columns.server";

export type CampaignStatus = "draft" | "sending" | "paused" | "sent";
export type CampaignRecipientStatus = "pending" | "claimed" | "sent" | "failed" | "skipped" | "interrupted";

/** A mail to every confirmed subscriber (supabase/migrations/…_campaigns.sql). */
export interface CampaignsTable {
  id: Generated<string>;
  subject: string;
  body_markdown: string;
  status: Generated<CampaignStatus>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  queued_at: Date | null;
  finished_at: Date | null;
  recipient_count: Generated<number>;
  override_reason: string | null;
}
export type Campaign = Selectable<CampaignsTable>;

/** One recipient of a campaign, claimed once. */
export interface CampaignRecipientsTable {
  campaign_id: string;
  subscriber_id: string;
  status: Generated<CampaignRecipientStatus>;
  attempts: Generated<number>;
  claimed_at: Date | null;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: Date | null;
}
export type CampaignRecipient = Selectable<CampaignRecipientsTable>;

export interface CampaignTables {
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
}
