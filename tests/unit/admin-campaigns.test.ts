// Admin → Campaigns (issue 40) through its routes: "This week's deals" written from the active deals and the
// specials, a draft saved and edited, a test mailed to the admin (the plain-text part, the store's address and
// the unsubscribe headers), the advertising rules judging the words before "Send to N subscribers?" (fix the
// words, or "Publish anyway" with a reason, logged), the send (every confirmed subscriber once, words frozen),
// pause and resume, each in the activity log; and Settings → Campaigns' rate.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { campaignRatePerMinute } from "~/models/campaign-settings.server";
import { applyCatalog } from "~/models/catalog.server";
import { insertDealSlide } from "~/models/deals.server";
import { action as campaignAction, loader as campaignLoader } from "~/routes/admin/campaign";
import { action as newCampaignAction, loader as newCampaignLoader } from "~/routes/admin/campaign-new";
import { loader as listLoader } from "~/routes/admin/campaigns";
import { action as settingsAction } from "~/routes/admin/settings";
import { outboxDirectory } from "~/server/mail.server";
import { sourceProduct } from "../support/menu-catalog-data";
import { formOf, loadFrom, postTo, toastOf, useAdminAreaTests } from "./admin-requests";

const site = useAdminAreaTests("campaigns");
const CLAIM = "This strain cures insomnia.";

async function confirmedSubscribers(count: number) {
  await site.database.db
    .insertInto("subscribers")
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `reader-${i}@example.com`,
        email_status: "confirmed" as const,
        confirmed_at: new Date(),
      })),
    )
    .execute();
}

const activityKinds = async () =>
  (await site.database.db.selectFrom("activity_log").select("kind").orderBy("id").execute()).map((row) => row.kind);

const draftForm = (subject: string, content: string, extra: Record<string, string> = {}) =>
  formOf({ subject, content, ...extra });

/** Saves a new draft with `intent`; answers its id (from the redirect) and the response. */
async function newDraft(subject: string, content: string, intent = "save") {
  const response = await postTo(
    newCampaignAction,
    "/admin/campaigns/new",
    draftForm(subject, content, { intent }),
    site.adminCookie,
  );
  const location = response.headers.get("Location") ?? "";
  return { response, id: /\/admin\/campaigns\/([0-9a-f-]{36})/.exec(location)?.[1] ?? "", location };
}

const editPage = async (id: string, query = "") =>
  (await loadFrom(campaignLoader, `/admin/campaigns/${id}${query}`, site.adminCookie, { id })) as any;

describe("Admin → Campaigns", () => {
  it("'This week's deals' lists the active deals and the products on special, each with its link", async () => {
    await insertDealSlide({ title: "Edible *Tuesday*", description: "20% off all edibles", endDate: "2099-12-31" });
    await applyCatalog("csv:pos", [
      sourceProduct({
        externalId: "W-1",
        name: "Gelato [Cart]",
        brand: "Sunday Extracts",
        inStock: { Lindsey: true, BlueWater: false },
        options: [{ label: "1g", priceMedicalCents: 4000, priceSpecialCents: 3200 }],
      }),
      sourceProduct({ externalId: "W-2", name: "Plain Flower" }),
    ]);
    const page = (await loadFrom(newCampaignLoader, "/admin/campaigns/new?template=deals", site.adminCookie)) as any;
    expect(page.values.subject).toBe("This week's deals at Lindsey Street Cannabis Co.");
    const body: string = page.values.content;
    expect(body).toContain("**Edible \\*Tuesday\\***: 20% off all edibles (until Dec 31, 2099)");
    expect(body).toContain("/deals)");
    expect(body).toMatch(
      /- \[Gelato \\\[Cart\\\]\]\(http[^)]+\/menu\/flower\/gelato-cart\) by Sunday Extracts: 1g \$32, was \$40, at Lindsey Street\n/,
    );
    expect(body).not.toContain("Plain Flower");
    expect(page.previewHtml).toContain("Edible *Tuesday*");
    const blank = (await loadFrom(newCampaignLoader, "/admin/campaigns/new", site.adminCookie)) as any;
    expect(blank.values).toMatchObject({ subject: "", content: "" });
  });

  it("saves a draft, refuses one without a subject, and mails a test to the admin", async () => {
    const refused = await postTo(
      newCampaignAction,
      "/admin/campaigns/new",
      draftForm("", "Hello", { intent: "save" }),
      site.adminCookie,
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.subject).toEqual(["Write a subject."]);

    const { response, id } = await newDraft("Weekend hours", "We open at **9** on Saturday.");
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ message: "Draft saved." });
    expect(await activityKinds()).toContain("campaign.create");

    fs.rmSync(outboxDirectory(), { recursive: true, force: true });
    const tested = await postTo(
      campaignAction,
      `/admin/campaigns/${id}`,
      draftForm("Weekend hours", "We open at **9** on Saturday and Sunday.", { intent: "test" }),
      site.adminCookie,
      { id },
    );
    expect(await toastOf(tested)).toMatchObject({ message: "Test sent to campaigns-admin@example.com" });
    const [file] = fs.readdirSync(outboxDirectory());
    const mail = fs.readFileSync(path.join(outboxDirectory(), file), "utf8");
    expect(mail).toContain("Subject: [Test] Weekend hours");
    expect(mail).toContain("To: campaigns-admin@example.com");
    expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail).toContain("Content-Type: text/plain");
    expect(mail).toContain("Content-Type: text/html");
    expect(mail).toMatch(/Norman, OK/);
    expect((await editPage(id)).values.content).toBe("We open at **9** on Saturday and Sunday.");
    expect(await activityKinds()).toEqual(expect.arrayContaining(["campaign.update", "campaign.test"]));
  });

  it("sends nothing while no one has confirmed a subscription", async () => {
    const { id } = await newDraft("Too early", "Hello.");
    expect((await editPage(id, "?send")).recipients).toBe(0);
    const refused = await postTo(
      campaignAction,
      `/admin/campaigns/${id}`,
      formOf({ intent: "send" }),
      site.adminCookie,
      {
        id,
      },
    );
    expect(await toastOf(refused)).toMatchObject({ message: expect.stringContaining("No one has confirmed") });
    expect((await editPage(id)).mode).toBe("edit");
  });

  it("judges the words before sending: a finding comes back beside the text until fixed or published anyway", async () => {
    await confirmedSubscribers(3);
    const { id, location } = await newDraft("Deals", CLAIM, "review");
    expect(location).toBe(`/admin/campaigns/${id}?send`);
    const refused = await editPage(id, "?send");
    expect(refused.confirmSend).toBe(false);
    expect(refused.refusal.findings.content[0]).toMatchObject({ phrase: "cures", kind: "health-claim" });

    // "Publish anyway" with too short a reason saves nothing.
    const short = await postTo(
      campaignAction,
      `/admin/campaigns/${id}`,
      draftForm("Deals", CLAIM, { intent: "review", publishAnyway: "on", publishAnywayReason: "ok" }),
      site.adminCookie,
      { id },
    );
    expect(short.status).toBe(400);

    // Fixed words: the confirmation opens.
    await postTo(
      campaignAction,
      `/admin/campaigns/${id}`,
      draftForm("Deals", "Flower is 10% off this week.", { intent: "review" }),
      site.adminCookie,
      { id },
    );
    const ready = await editPage(id, "?send");
    expect(ready).toMatchObject({ confirmSend: true, refusal: null, recipients: 3 });
  });

  it("sends with 'Publish anyway' and its reason, once, to every confirmed subscriber; then the words are frozen", async () => {
    const reason = "Quoting the OMMA notice word for word.";
    const { id } = await newDraft("Notice", CLAIM);
    await postTo(
      campaignAction,
      `/admin/campaigns/${id}`,
      draftForm("Notice", CLAIM, { intent: "review", publishAnyway: "on", publishAnywayReason: reason }),
      site.adminCookie,
      { id },
    );
    const ready = await editPage(id, "?send");
    expect(ready.confirmSend).toBe(true);
    expect(ready.values).toMatchObject({ publishAnyway: true, publishAnywayReason: reason });

    const sent = await postTo(campaignAction, `/admin/campaigns/${id}`, formOf({ intent: "send" }), site.adminCookie, {
      id,
    });
    const confirmed = Number(
      (
        await site.database.db
          .selectFrom("subscribers")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("email_status", "=", "confirmed")
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(await toastOf(sent)).toMatchObject({ message: `Sending to ${confirmed} subscribers` });
    const page = await editPage(id);
    expect(page.mode).toBe("progress");
    expect(page.counts).toMatchObject({ recipients: confirmed, waiting: confirmed, sent: 0 });
    expect(page.campaign.overrideReason).toBe(reason);
    const override = await site.database.db
      .selectFrom("activity_log")
      .select(["kind", "changes"])
      .where("kind", "=", "advertising.override")
      .where("subject_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(override.changes)).toContain(reason);
    expect(await activityKinds()).toContain("campaign.send");

    const again = await postTo(campaignAction, `/admin/campaigns/${id}`, formOf({ intent: "send" }), site.adminCookie, {
      id,
    });
    expect(await toastOf(again)).toMatchObject({ message: "This campaign went out already." });
    const edited = await postTo(
      campaignAction,
      `/admin/campaigns/${id}`,
      draftForm("Changed", "Changed", { intent: "save" }),
      site.adminCookie,
      { id },
    );
    expect(await toastOf(edited)).toMatchObject({ message: expect.stringContaining("can no longer change") });
    const recipients = await site.database.db
      .selectFrom("campaign_recipients")
      .select("subscriber_id")
      .where("campaign_id", "=", id)
      .execute();
    expect(recipients).toHaveLength(confirmed);

    // Pause and resume, each logged; the list shows it.
    await postTo(campaignAction, `/admin/campaigns/${id}`, formOf({ intent: "pause" }), site.adminCookie, { id });
    expect((await editPage(id)).campaign.status).toBe("paused");
    await postTo(campaignAction, `/admin/campaigns/${id}`, formOf({ intent: "resume" }), site.adminCookie, { id });
    expect((await editPage(id)).campaign.status).toBe("sending");
    expect(await activityKinds()).toEqual(expect.arrayContaining(["campaign.pause", "campaign.resume"]));
    const list = (await loadFrom(listLoader, "/admin/campaigns", site.adminCookie)) as any;
    expect(list.campaigns.find((row: any) => row.id === id).sentence).toContain(`0 of ${confirmed} sent`);
  });

  it("a draft can be deleted; an unknown campaign goes back to the list; a member is refused", async () => {
    const { id } = await newDraft("Scrap", "Never mind.");
    const deleted = await postTo(
      campaignAction,
      `/admin/campaigns/${id}`,
      formOf({ intent: "delete" }),
      site.adminCookie,
      { id },
    );
    expect(await toastOf(deleted)).toMatchObject({ message: "Draft deleted." });
    const gone = (await loadFrom(campaignLoader, `/admin/campaigns/${id}`, site.adminCookie, { id })) as Response;
    expect(gone.headers.get("Location")).toBe("/admin/campaigns");
    const member = (await loadFrom(listLoader, "/admin/campaigns", site.memberCookie)) as Response;
    expect(member.status).toBeGreaterThanOrEqual(300);
    expect(member.headers.get("Location") ?? "").not.toContain("/admin/campaigns");
  });

  it("Settings → Campaigns keeps a whole number of mails a minute, 1 to 6,000", async () => {
    expect(await campaignRatePerMinute()).toBe(60);
    const bad = await postTo(
      settingsAction,
      "/admin/settings",
      new URLSearchParams({ intent: "campaign-rate", ratePerMinute: "0.5" }),
      site.adminCookie,
    );
    expect(await toastOf(bad)).toMatchObject({ message: "Campaigns were not saved" });
    await postTo(
      settingsAction,
      "/admin/settings",
      new URLSearchParams({ intent: "campaign-rate", ratePerMinute: "600" }),
      site.adminCookie,
    );
    expect(await campaignRatePerMinute()).toBe(600);
  });
});
