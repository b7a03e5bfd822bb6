// Campaigns (issue 40): recipients are the confirmed subscribers when it is sent, one row each; two senders at
// once send each person one mail; a row a dead sender left is never sent again; a withdrawal after queuing is
// honoured; a refusal is tried again, an unknown outcome is not; a paused campaign waits; and every marketing
// mail has the store's name and postal address, a plain-text part and RFC 8058's unsubscribe headers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  campaignProgress,
  claimCampaignRecipients,
  CLAIM_ABANDONED_MS,
  closeCampaignRounds,
  createCampaign,
  setCampaignPaused,
  startCampaign,
} from "~/models/campaigns.server";
import { isUnsubscribeSignature, withdrawConsent } from "~/models/subscribers.server";
import type { OpenedDatabase } from "~/server/db.server";
import type { OutgoingMail } from "~/server/mail.server";
import { CAMPAIGN_CLAIM_SIZE, sendCampaignBatch } from "~/services/campaigns/campaign-sender.server";
import { createTestDatabase } from "../support/database";

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const SUBSCRIBERS = 30;
let ids: string[] = [];
let round = 0;
// Each test its own subscribers: the earlier ones have left the list (a subscriber with ledger records cannot
// be deleted, by design), and its own campaigns.
beforeEach(async () => {
  round++;
  await database.db.deleteFrom("campaigns").execute();
  await database.db.updateTable("subscribers").set({ email_status: "withdrawn" }).execute();
  const rows = Array.from({ length: SUBSCRIBERS }, (_, i) => ({
    email: `patient-${i}-${round}@example.com`,
    email_status: "confirmed" as const,
    confirmed_at: new Date(),
  }));
  ids = (await database.db.insertInto("subscribers").values(rows).returning("id").execute()).map((row) => row.id);
  await database.db
    .insertInto("subscribers")
    .values([
      { email: `waiting-${round}@example.com`, email_status: "pending" },
      { email: `gone-${round}@example.com`, email_status: "withdrawn" },
    ])
    .execute();
});

async function aCampaign() {
  const campaign = await createCampaign({ subject: "This week's deals", bodyMarkdown: "**20% off** edibles." }, null);
  expect(await startCampaign(campaign.id)).toBe(SUBSCRIBERS);
  return campaign;
}
const outbox = () => {
  const sent: OutgoingMail[] = [];
  return { sent, send: async (mail: OutgoingMail) => void sent.push(mail) };
};

describe("sending a campaign", () => {
  it("two senders at once: every confirmed subscriber gets one mail, and nobody else", async () => {
    const campaign = await aCampaign();
    expect(await startCampaign(campaign.id)).toBeNull();
    const a = outbox();
    const b = outbox();
    for (let round = 0; round < 4; round++) {
      await Promise.all([sendCampaignBatch({ limit: 7, send: a.send }), sendCampaignBatch({ limit: 7, send: b.send })]);
    }
    const recipients = [...a.sent, ...b.sent].map((mail) => mail.to);
    expect(recipients).toHaveLength(SUBSCRIBERS);
    expect(new Set(recipients).size).toBe(SUBSCRIBERS);
    expect(recipients).not.toContain(`waiting-${round}@example.com`);
    expect(a.sent.length).toBeGreaterThan(0);
    expect(b.sent.length).toBeGreaterThan(0);
    await closeCampaignRounds();
    expect((await campaignProgress(campaign.id)).sent).toBe(SUBSCRIBERS);
    expect((await database.db.selectFrom("campaigns").select("status").executeTakeFirstOrThrow()).status).toBe("sent");
  });

  it("each mail: HTML and plain text, the store's name and address, and the one-click unsubscribe headers", async () => {
    await aCampaign();
    const { sent, send } = outbox();
    await sendCampaignBatch({ limit: 1, send });
    const [mail] = sent;
    expect(mail.subject).toBe("This week's deals");
    expect(mail.html).toContain("<strong>20% off</strong>");
    expect(mail.text).toContain("**20% off** edibles.");
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain("Lindsey Street");
      expect(part).toMatch(/Norman, OK \d{5}/);
    }
    const unsubscribe = /^<(https?:\/\/[^>]+)>$/.exec(mail.headers!["List-Unsubscribe"])![1];
    expect(mail.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain(unsubscribe);
    const url = new URL(unsubscribe);
    expect(url.pathname).toBe("/unsubscribe");
    expect(isUnsubscribeSignature(url.searchParams.get("s")!, url.searchParams.get("k"))).toBe(true);
  });

  it("skips a subscriber who withdrew after the campaign was queued", async () => {
    const campaign = await aCampaign();
    await withdrawConsent(
      { subscriberId: ids[0], channels: ["email"], method: "one-click" },
      { page: null, clientNetwork: null },
    );
    const { sent, send } = outbox();
    await sendCampaignBatch({ limit: 100, send });
    expect(sent.map((mail) => mail.to)).not.toContain(`patient-0-${round}@example.com`);
    expect(await campaignProgress(campaign.id)).toMatchObject({ sent: SUBSCRIBERS - 1, skipped: 1 });
  });

  it("never sends again a row a dead sender left claimed; the rest go, and the campaign ends", async () => {
    const campaign = await aCampaign();
    const lost = await claimCampaignRecipients(5);
    expect(lost).toHaveLength(5);
    const { sent, send } = outbox();
    await sendCampaignBatch({ limit: 100, send });
    expect(sent).toHaveLength(SUBSCRIBERS - 5);
    await closeCampaignRounds(new Date(Date.now() + CLAIM_ABANDONED_MS + 1000));
    await sendCampaignBatch({ limit: 100, send });
    expect(sent).toHaveLength(SUBSCRIBERS - 5);
    expect(await campaignProgress(campaign.id)).toMatchObject({ sent: SUBSCRIBERS - 5, interrupted: 5, claimed: 0 });
  });

  it("tries a refused mail again later; one whose outcome is unknown, never", async () => {
    const campaign = await aCampaign();
    let calls = 0;
    const refusing = async () => {
      calls++;
      throw calls === 1
        ? Object.assign(new Error("451 try later"), { responseCode: 451 })
        : Object.assign(new Error("socket closed mid-message"), { code: "ECONNRESET" });
    };
    await sendCampaignBatch({ limit: 2, send: refusing });
    expect(await campaignProgress(campaign.id)).toMatchObject({ pending: SUBSCRIBERS - 1, failed: 1 });
    const retried = await database.db
      .selectFrom("campaign_recipients")
      .select(["attempts", "next_attempt_at"])
      .where("status", "=", "pending")
      .where("attempts", "=", 1)
      .executeTakeFirstOrThrow();
    expect(retried.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
  });

  it("claims a few at a time: a sender that dies mid-round leaves at most CAMPAIGN_CLAIM_SIZE in doubt", async () => {
    const campaign = await aCampaign();
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const { sent, send } = outbox();
    // The 13th mail hangs, as a process about to be killed would: what would be lost is what is claimed now.
    const round = sendCampaignBatch({
      limit: SUBSCRIBERS,
      send: async (mail) => (sent.length === 12 ? stuck.then(() => send(mail)) : send(mail)),
    });
    await expect.poll(() => sent.length).toBe(12);
    const progress = await campaignProgress(campaign.id);
    expect(progress.claimed).toBeLessThanOrEqual(CAMPAIGN_CLAIM_SIZE);
    expect(progress).toMatchObject({ sent: 12, pending: SUBSCRIBERS - 12 - progress.claimed });
    release();
    await round;
    expect(await campaignProgress(campaign.id)).toMatchObject({ sent: SUBSCRIBERS, claimed: 0 });
  });

  it("a sender told to stop finishes its mail and gives back the rows it had not tried", async () => {
    const campaign = await aCampaign();
    const { sent, send } = outbox();
    const result = await sendCampaignBatch({ limit: SUBSCRIBERS, send, stopping: () => sent.length >= 3 });
    expect(result.sent).toBe(3);
    expect(await campaignProgress(campaign.id)).toMatchObject({ sent: 3, claimed: 0, pending: SUBSCRIBERS - 3 });
    const untried = await database.db
      .selectFrom("campaign_recipients")
      .select(["attempts", "claimed_at"])
      .where("status", "=", "pending")
      .execute();
    expect(untried.every((row) => row.attempts === 0 && row.claimed_at === null)).toBe(true);
    await sendCampaignBatch({ limit: SUBSCRIBERS, send });
    expect(new Set(sent.map((mail) => mail.to)).size).toBe(SUBSCRIBERS);
  });

  it("a paused campaign sends nothing until it is resumed", async () => {
    const campaign = await aCampaign();
    expect(await setCampaignPaused(campaign.id, true)).toBe(true);
    const { sent, send } = outbox();
    await sendCampaignBatch({ limit: 100, send });
    expect(sent).toHaveLength(0);
    expect(await setCampaignPaused(campaign.id, false)).toBe(true);
    await sendCampaignBatch({ limit: 100, send });
    expect(sent).toHaveLength(SUBSCRIBERS);
  });
});
