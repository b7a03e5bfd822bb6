// Campaigns (issue 40): a mail to every confirmed subscriber, sent through one row per recipient that a
// sender claims once (supabase/migrations/…_campaigns.sql says why at most once). The sender itself is
// app/services/campaign-sender.server.ts; this module is the SQL.
import { sql } from "kysely";
import { type DB, db } from "~/server/db.server";
import type { Campaign, CampaignRecipientStatus } from "~/server/schema.server";
import type { CampaignCounts } from "~/lib/campaigns";
import type { PublishedAnyway } from "~/lib/ad-rules/override";
import { type ActivityActor, recordActivity, recordRowChange, type RowActivity } from "./activity.server";
import { recordAdvertisingOverride } from "./ad-findings.server";

/** A claimed row left this long without an answer was the work of a sender that died: never sent again. */
export const CLAIM_ABANDONED_MS = 10 * 60 * 1000;
/** A send the mail server refused is tried again this many times in all, a few minutes apart. */
export const CAMPAIGN_SEND_ATTEMPTS = 3;

/** A campaign in the activity log: its subject as the title. */
const campaignSubject = (campaign: Pick<Campaign, "id" | "subject">) => ({
  type: "campaign",
  id: campaign.id,
  title: campaign.subject,
});

/** The editor's words; `overrideReason`: the owner's "Publish anyway" reason kept with the draft, or null. */
export interface CampaignDraftInput {
  subject: string;
  bodyMarkdown: string;
  overrideReason?: string | null;
}

export async function createCampaign(
  input: CampaignDraftInput,
  actor: ActivityActor | null,
  now = new Date(),
): Promise<Campaign> {
  return (await db()).transaction().execute(async (trx) => {
    const campaign = await trx
      .insertInto("campaigns")
      .values({
        subject: input.subject,
        body_markdown: input.bodyMarkdown,
        override_reason: input.overrideReason ?? null,
        created_by: actor?.id ?? null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (actor) await recordActivity(trx, { kind: "campaign.create", actor, subject: campaignSubject(campaign) });
    return campaign;
  });
}

/** The campaign `id` while it is a draft, locked for the rest of the transaction. */
function lockedDraft(trx: DB, id: string): Promise<Campaign | undefined> {
  return trx
    .selectFrom("campaigns")
    .selectAll()
    .where("id", "=", id)
    .where("status", "=", "draft")
    .forUpdate()
    .executeTakeFirst();
}

/** Saves a draft's words; null when it is no longer a draft (sent meanwhile) or gone. */
export async function updateCampaignDraft(
  id: string,
  input: CampaignDraftInput,
  actor: ActivityActor,
  now = new Date(),
): Promise<Campaign | null> {
  return (await db()).transaction().execute(async (trx) => {
    const before = await lockedDraft(trx, id);
    if (!before) return null;
    const after = await trx
      .updateTable("campaigns")
      .set({
        subject: input.subject,
        body_markdown: input.bodyMarkdown,
        override_reason: input.overrideReason ?? null,
        updated_at: now,
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (before.subject !== after.subject || before.body_markdown !== after.body_markdown) {
      await recordRowChange(trx, "campaign.update", actor, CAMPAIGN_ACTIVITY, before, after);
    }
    return after;
  });
}

const CAMPAIGN_ACTIVITY: RowActivity<Campaign> = {
  subject: campaignSubject,
  fields: ["subject", "body_markdown"],
};

/** A test of the draft mailed to an admin, in the activity log (whom it went to is the actor). */
export async function recordCampaignTest(campaign: Pick<Campaign, "id" | "subject">, actor: ActivityActor) {
  await recordActivity(await db(), { kind: "campaign.test", actor, subject: campaignSubject(campaign) });
}

/** Deletes a draft (a campaign that went out stays: it is the record of what was sent). */
export async function deleteCampaignDraft(id: string, actor: ActivityActor): Promise<boolean> {
  return (await db()).transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("campaigns")
      .where("id", "=", id)
      .where("status", "=", "draft")
      .returningAll()
      .executeTakeFirst();
    if (deleted) await recordActivity(trx, { kind: "campaign.delete", actor, subject: campaignSubject(deleted) });
    return Boolean(deleted);
  });
}

export async function getCampaign(id: string): Promise<Campaign | undefined> {
  return (await db()).selectFrom("campaigns").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Sends a draft: its recipients are the confirmed subscribers of this moment, one row each, made in one
 * statement (20,000 rows never pass through the app). `judge` sees the draft as this transaction locked it
 * and answers the advertising override to record (or throws, which sends nothing). Returns how many
 * recipients, or null when it was not a draft.
 */
export async function startCampaign(
  id: string,
  options: {
    actor?: ActivityActor | null;
    judge?: (draft: Campaign) => PublishedAnyway | null;
    now?: Date;
  } = {},
): Promise<number | null> {
  const now = options.now ?? new Date();
  return (await db()).transaction().execute(async (trx) => {
    const draft = await lockedDraft(trx, id);
    if (!draft) return null;
    const override = options.judge?.(draft) ?? null;
    const inserted = await trx
      .insertInto("campaign_recipients")
      .columns(["campaign_id", "subscriber_id", "next_attempt_at"])
      .expression((eb) =>
        eb
          .selectFrom("subscribers")
          .select([eb.val(id).as("campaign_id"), "id", eb.val(now).as("next_attempt_at")])
          .where("email_status", "=", "confirmed")
          .where("erased_at", "is", null),
      )
      .executeTakeFirst();
    const count = Number(inserted.numInsertedOrUpdatedRows ?? 0);
    await trx
      .updateTable("campaigns")
      .set({
        status: "sending",
        queued_at: now,
        updated_at: now,
        recipient_count: count,
        override_reason: override?.reason ?? null,
      })
      .where("id", "=", id)
      .execute();
    if (options.actor) {
      await recordActivity(trx, {
        kind: "campaign.send",
        actor: options.actor,
        subject: campaignSubject(draft),
        changes: { recipients: { from: null, to: count } },
      });
      if (override) await recordAdvertisingOverride(trx, options.actor, campaignSubject(draft), override);
    }
    return count;
  });
}

/** Pauses a sending campaign, or resumes a paused one; false when it was not in the state to. */
export async function setCampaignPaused(
  id: string,
  paused: boolean,
  actor: ActivityActor | null = null,
  now = new Date(),
): Promise<boolean> {
  return (await db()).transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable("campaigns")
      .set({ status: paused ? "paused" : "sending", updated_at: now })
      .where("id", "=", id)
      .where("status", "=", paused ? "sending" : "paused")
      .returning(["id", "subject"])
      .executeTakeFirst();
    if (changed && actor) {
      await recordActivity(trx, {
        kind: paused ? "campaign.pause" : "campaign.resume",
        actor,
        subject: campaignSubject(changed),
      });
    }
    return Boolean(changed);
  });
}

export interface ClaimedRecipient {
  campaignId: string;
  subscriberId: string;
  attempts: number;
}

/**
 * Claims up to `limit` due recipients of sending campaigns (oldest campaign first) for this sender: each row
 * becomes "claimed" in the statement that picks it (FOR UPDATE SKIP LOCKED), so no other sender, now or
 * after a restart, takes it again.
 */
export async function claimCampaignRecipients(limit: number, now = new Date()): Promise<ClaimedRecipient[]> {
  const { rows } = await sql<{ campaign_id: string; subscriber_id: string; attempts: number }>`
    with picked as (
      select r.campaign_id, r.subscriber_id
      from campaign_recipients r
      join campaigns c on c.id = r.campaign_id and c.status = 'sending'
      where r.status = 'pending' and r.next_attempt_at <= ${now}
      order by c.queued_at, r.campaign_id, r.subscriber_id
      limit ${limit}
      for update of r skip locked
    )
    update campaign_recipients r
    set status = 'claimed', claimed_at = ${now}, attempts = r.attempts + 1
    from picked
    where r.campaign_id = picked.campaign_id and r.subscriber_id = picked.subscriber_id
    returning r.campaign_id, r.subscriber_id, r.attempts`.execute(await db());
  return rows.map((row) => ({ campaignId: row.campaign_id, subscriberId: row.subscriber_id, attempts: row.attempts }));
}

/** What the claimed rows' mails are made of: each campaign's words, and each subscriber as they are now. */
export async function claimedMailParts(claimed: readonly ClaimedRecipient[]) {
  const database = await db();
  const [campaigns, subscribers] = await Promise.all([
    database
      .selectFrom("campaigns")
      .select(["id", "subject", "body_markdown"])
      .where("id", "in", [...new Set(claimed.map((row) => row.campaignId))])
      .execute(),
    database
      .selectFrom("subscribers")
      .select(["id", "email", "email_status"])
      .where(
        "id",
        "in",
        claimed.map((row) => row.subscriberId),
      )
      .execute(),
  ]);
  return {
    campaigns: new Map(campaigns.map((campaign) => [campaign.id, campaign])),
    subscribers: new Map(subscribers.map((subscriber) => [subscriber.id, subscriber])),
  };
}

/** The answer to a claimed send: sent, refused (tried again later while attempts remain), failed or skipped. */
export async function settleCampaignRecipient(
  claimed: ClaimedRecipient,
  outcome: { status: "sent" | "skipped" } | { status: "failed"; error: string; retry: boolean },
  now = new Date(),
): Promise<void> {
  const retry = outcome.status === "failed" && outcome.retry && claimed.attempts < CAMPAIGN_SEND_ATTEMPTS;
  await (
    await db()
  )
    .updateTable("campaign_recipients")
    .set({
      status: retry ? "pending" : outcome.status,
      sent_at: outcome.status === "sent" ? now : null,
      last_error: outcome.status === "failed" ? outcome.error.slice(0, 500) : null,
      next_attempt_at: retry ? new Date(now.getTime() + 5 * 60_000 * claimed.attempts) : now,
    })
    .where("campaign_id", "=", claimed.campaignId)
    .where("subscriber_id", "=", claimed.subscriberId)
    .where("status", "=", "claimed")
    .execute();
}

/** Claimed rows a stopping sender never tried: back in the queue as they were (nothing was sent for them). */
export async function releaseCampaignRecipients(rows: readonly ClaimedRecipient[]): Promise<void> {
  if (rows.length === 0) return;
  const database = await db();
  for (const row of rows) {
    await database
      .updateTable("campaign_recipients")
      .set((eb) => ({ status: "pending", claimed_at: null, attempts: eb("attempts", "-", 1) }))
      .where("campaign_id", "=", row.campaignId)
      .where("subscriber_id", "=", row.subscriberId)
      .where("status", "=", "claimed")
      .execute();
  }
}

/**
 * Rows claimed long ago by a sender that is gone: "interrupted", never sent again (we cannot know whether the
 * mail left). Then every sending campaign with nothing left to send is "sent". Returns the rows given up.
 */
export async function closeCampaignRounds(now = new Date(), executor?: DB): Promise<number> {
  const database = executor ?? (await db());
  const abandoned = await database
    .updateTable("campaign_recipients")
    .set({ status: "interrupted" })
    .where("status", "=", "claimed")
    .where("claimed_at", "<", new Date(now.getTime() - CLAIM_ABANDONED_MS))
    .executeTakeFirst();
  await database
    .updateTable("campaigns")
    .set({ status: "sent", finished_at: now, updated_at: now })
    .where("status", "=", "sending")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("campaign_recipients as r")
            .select("r.subscriber_id")
            .whereRef("r.campaign_id", "=", "campaigns.id")
            .where("r.status", "in", ["pending", "claimed"]),
        ),
      ),
    )
    .execute();
  return Number(abandoned.numUpdatedRows);
}

export type CampaignProgress = Record<CampaignRecipientStatus, number>;

/** How far a campaign is: its recipients by status. */
export async function campaignProgress(id: string): Promise<CampaignProgress> {
  return (await progressOf([id])).get(id) ?? emptyProgress();
}

/** The pages' counts of a campaign from its recipients by status (an interrupted send counts as failed). */
export function campaignCounts(progress: CampaignProgress, recipientCount: number): CampaignCounts {
  return {
    recipients: recipientCount,
    waiting: progress.pending + progress.claimed,
    sent: progress.sent,
    failed: progress.failed + progress.interrupted,
    skipped: progress.skipped,
  };
}

export interface ListedCampaign {
  id: string;
  subject: string;
  status: Campaign["status"];
  updatedAt: Date;
  queuedAt: Date | null;
  finishedAt: Date | null;
  counts: CampaignCounts;
}

function listedCampaign(row: Campaign, progress: CampaignProgress): ListedCampaign {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    updatedAt: row.updated_at,
    queuedAt: row.queued_at,
    finishedAt: row.finished_at,
    counts: campaignCounts(progress, row.recipient_count),
  };
}

/** Campaigns, newest first, each with its counts (one grouped read of the page's recipients). */
export async function listCampaigns(page: { limit: number; offset: number }) {
  const database = await db();
  const [rows, total] = await Promise.all([
    database
      .selectFrom("campaigns")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    database
      .selectFrom("campaigns")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  const progress = await progressOf(rows.filter((row) => row.status !== "draft").map((row) => row.id));
  const campaigns = rows.map((row) => listedCampaign(row, progress.get(row.id) ?? emptyProgress()));
  return { campaigns, total: Number(total.n) };
}

const emptyProgress = (): CampaignProgress => ({
  pending: 0,
  claimed: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
  interrupted: 0,
});

async function progressOf(ids: readonly string[]): Promise<Map<string, CampaignProgress>> {
  const byCampaign = new Map<string, CampaignProgress>();
  if (ids.length === 0) return byCampaign;
  const rows = await (
    await db()
  )
    .selectFrom("campaign_recipients")
    .select(["campaign_id", "status", (eb) => eb.fn.countAll<string>().as("count")])
    .where("campaign_id", "in", ids)
    .groupBy(["campaign_id", "status"])
    .execute();
  for (const row of rows) {
    const progress = byCampaign.get(row.campaign_id) ?? emptyProgress();
    progress[row.status] = Number(row.count);
    byCampaign.set(row.campaign_id, progress);
  }
  return byCampaign;
}

/** The campaign going out now (sending or paused, the oldest first) with its counts; null when none is. */
export async function campaignInFlight(): Promise<ListedCampaign | null> {
  const row = await (
    await db()
  )
    .selectFrom("campaigns")
    .selectAll()
    .where("status", "in", ["sending", "paused"])
    .orderBy("queued_at")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return listedCampaign(row, await campaignProgress(row.id));
}
