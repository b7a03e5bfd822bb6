// The advertising rules where the owner writes (issue 27): posts, deals, brands, gallery photos and menu
// descriptions refuse published words with findings until "Publish anyway" and a reason, which the save
// logs in its own transaction; drafts save freely. The findings are kept with each row, and the dashboard
// lists the live content that has any (of the rules switched on), each a link to its editor.
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AD_RULES_VERSION, checkUncheckedContent } from "~/models/ad-findings.server";
import { saveDisabledAdRules } from "~/models/ad-rule-settings.server";
import { insertBrand } from "~/models/brands.server";
import { applyCatalog } from "~/models/catalog.server";
import { getDealSlide, insertDealSlide, updateDealSlide } from "~/models/deals.server";
import type { DealSlide } from "~/server/schema.server";
import { AdvertisingRefused, advertisingJudge } from "~/services/advertising.server";
import { insertGalleryPhoto } from "~/models/gallery.server";
import { action as brandsAction } from "~/routes/admin/brands";
import { action as newPostAction } from "~/routes/admin/blog-new";
import { action as editPostAction } from "~/routes/admin/blog-edit";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as dealsAction } from "~/routes/admin/deals";
import { action as galleryAction } from "~/routes/admin/gallery";
import { action as menuAction } from "~/routes/admin/menu";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";
import { failActivityOfKind } from "./activity-support";
import { useTemporaryDataDir } from "../support/forms";
import { sourceProduct } from "../support/menu-catalog-data";
import { formOf, loadFrom, postTo } from "./admin-requests";
import { makeUser, sessionCookieFor } from "./auth-support";

useTemporaryDataDir("advertising-editors");
let database: OpenedDatabase;
let cookie = "";
let actor: { id: string; email: string };
beforeAll(async () => {
  database = await createTestDatabase();
  actor = await makeUser("ads-admin@example.com", "admin-pass", { admin: true });
  cookie = await sessionCookieFor(actor.id);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  for (const table of ["posts", "deals_slides", "brands", "gallery_photos", "catalog_products"] as const) {
    await database.db.deleteFrom(table).execute();
  }
  await database.db.deleteFrom("site_settings").execute();
  await database.db.deleteFrom("activity_log").execute();
});

const CLAIM = "Our tincture relieves anxiety.";
const REASON = "Quoting the lab report the state approved.";
const ANYWAY = { publishAnyway: "on", publishAnywayReason: REASON };

type Refusal = {
  description?: string;
  toast?: { description: string };
  advertising: { findings: Record<string, { phrase: string; kind: string }[]>; reasonNeeded: boolean };
};
/** The activity log's kinds, sorted (rows of one transaction share their time). */
const kinds = async () =>
  (await database.db.selectFrom("activity_log").select("kind").execute()).map((row) => row.kind).sort();

/** The dashboard's advertising card as the page gets it. */
async function dashboardFindings() {
  const page = (await loadFrom(dashboardLoader, "/admin", cookie)) as {
    advertising: { total: number; items: { kind: string; title: string; href: string; findings: string }[] };
  };
  return page.advertising;
}

const newPost = (fields: Record<string, string>) =>
  postTo(
    newPostAction,
    "/admin/blog/new",
    formOf({ slug: "", author: "", published_at: "2026-07-01T09:00", ...fields }),
    cookie,
  );

describe("the post editor", () => {
  it("refuses to publish a post with findings, names the field and the words, and saves nothing", async () => {
    const refused = await newPost({
      title: "Evening tinctures",
      content: `Intro.\n\n**${CLAIM}**`,
      status: "published",
    });
    expect(refused.status).toBe(400);
    const data = refused.data as Refusal;
    expect(data.toast?.description).toBe(
      "This text has advertising findings. Change the words, or tick “Publish anyway” and say why.",
    );
    expect(data.advertising.findings.content).toMatchObject([{ phrase: "relieves anxiety", kind: "health-claim" }]);
    expect(data.advertising.findings.title).toEqual([]);
    expect(await database.db.selectFrom("posts").select("id").execute()).toEqual([]);
    // Scheduled is on its way to the site: the same.
    const scheduled = await newPost({ title: "Cures boredom", content: "Hi.", status: "scheduled" });
    expect((scheduled.data as Refusal).advertising.findings.title).toMatchObject([{ phrase: "Cures" }]);
  });

  it("saves a draft with findings freely, and it is not on the dashboard", async () => {
    const saved = await newPost({ title: "Evening tinctures", content: CLAIM, status: "draft" });
    expect(saved.status).toBe(302);
    expect(await kinds()).toEqual(["post.create"]);
    expect((await dashboardFindings()).total).toBe(0);
  });

  it("asks for a reason of a few words, then publishes anyway: the post and the override in one transaction", async () => {
    const short = await newPost({ title: "T", content: CLAIM, status: "published", publishAnyway: "on" });
    expect((short.data as Refusal).advertising.reasonNeeded).toBe(true);
    const saved = await newPost({ title: "Evening tinctures", content: CLAIM, status: "published", ...ANYWAY });
    expect(saved.status).toBe(302);
    expect(await kinds()).toEqual(["advertising.override", "post.create"]);
    const override = await database.db
      .selectFrom("activity_log")
      .selectAll()
      .where("kind", "=", "advertising.override")
      .executeTakeFirstOrThrow();
    expect(override).toMatchObject({ subject_type: "post", subject_title: "Evening tinctures" });
    expect(override.changes).toEqual({
      findings: { from: null, to: "“relieves anxiety” (Health claim)" },
      reason: { from: null, to: REASON },
    });
    // Live with its findings: the dashboard lists it, a link to its editor.
    const post = await database.db.selectFrom("posts").select("id").executeTakeFirstOrThrow();
    expect(await dashboardFindings()).toEqual({
      total: 1,
      items: [
        {
          key: `post-${post.id}`,
          kind: "Post",
          title: "Evening tinctures",
          href: `/admin/blog/edit/${post.id}`,
          findings: "“relieves anxiety” (Health claim)",
        },
      ],
    });
    // New words: off the dashboard.
    const edited = await postTo(
      editPostAction,
      `/admin/blog/edit/${post.id}`,
      formOf({
        title: "Evening tinctures",
        slug: "evening-tinctures",
        author: "",
        published_at: "2026-07-01T09:00",
        content: "Many patients choose it in the evening.",
        status: "published",
      }),
      cookie,
      { id: post.id },
    );
    expect(edited.status).toBe(302);
    expect((await dashboardFindings()).total).toBe(0);
  });

  it("saves nothing when the override's log entry cannot be written", async () => {
    const restore = await failActivityOfKind(database.db, "advertising.override");
    try {
      const failed = await newPost({ title: "Evening tinctures", content: CLAIM, status: "published", ...ANYWAY });
      expect(failed.status).toBe(500);
      expect(await database.db.selectFrom("posts").select("id").execute()).toEqual([]);
      expect(await kinds()).toEqual([]);
    } finally {
      await restore();
    }
  });
});

describe("deals, brands, gallery photos and menu descriptions", () => {
  const deal = (fields: Record<string, string>) =>
    postTo(dealsAction, "/admin/deals", formOf({ intent: "create", sort_order: "0", ...fields }), cookie);

  it("a deal: active needs 'Publish anyway', inactive saves freely", async () => {
    const refused = await deal({ title: "All you can smoke Friday", is_active: "on" });
    expect(refused.status).toBe(400);
    expect((refused.data as Refusal).advertising.findings.title).toMatchObject([
      { phrase: "All you can smoke", kind: "overconsumption" },
    ]);
    expect(await kinds()).toEqual([]);
    expect((await deal({ title: "All you can smoke Friday" })).status).toBe(302);
    expect((await deal({ title: "Get wasted Saturday", is_active: "on", ...ANYWAY })).status).toBe(302);
    expect(await kinds()).toEqual(["advertising.override", "deal.create", "deal.create"]);
    const { items } = await dashboardFindings();
    expect(items.map((item) => [item.kind, item.title])).toEqual([["Deal", "Get wasted Saturday"]]);
    expect(items[0].href).toMatch(/^\/admin\/deals\?edit=[0-9a-f-]{36}$/);
  });

  it("a brand's name and a photo's caption are always on the site", async () => {
    const brand = await postTo(
      brandsAction,
      "/admin/brands",
      formOf({ intent: "create", name: "Kid-Friendly Farms", logo_url: "/logos/x.png", sort_order: "0" }),
      cookie,
    );
    expect(brand.status).toBe(400);
    expect((brand.data as Refusal).advertising.findings.name).toMatchObject([{ kind: "minors" }]);

    const photo = await insertGalleryPhoto({ alt: "The counter", caption: null, imageUrl: "/x.webp", imageKey: null });
    const update = (fields: Record<string, string>) =>
      postTo(
        galleryAction,
        `/admin/gallery?edit=${photo.id}`,
        formOf({ intent: "update", id: photo.id, alt: "The counter", sort_order: "0", ...fields }),
        cookie,
      );
    const refused = await update({ caption: "Where the binge begins" });
    expect((refused.data as Refusal).advertising.findings.caption).toMatchObject([{ phrase: "binge" }]);
    expect((await update({ caption: "Where the binge begins", ...ANYWAY })).status).toBe(302);
    expect(await kinds()).toEqual(["advertising.override", "gallery.update"]);
    expect((await dashboardFindings()).items.map((item) => item.kind)).toEqual(["Gallery photo"]);
  });

  it("a menu description: the source's words count until the owner writes better ones; hidden saves freely", async () => {
    await applyCatalog("csv:test", [
      sourceProduct({ externalId: "T-1", name: "Calm Drops", category: "tinctures", description: CLAIM }),
    ]);
    const product = await database.db.selectFrom("catalog_products").select("id").executeTakeFirstOrThrow();
    expect((await dashboardFindings()).items.map((item) => [item.kind, item.title])).toEqual([
      ["Menu product", "Calm Drops"],
    ]);
    const edit = (fields: Record<string, string>) =>
      postTo(
        menuAction,
        `/admin/menu?edit=${product.id}`,
        formOf({ intent: "update", id: product.id, ...fields }),
        cookie,
      );
    // Hidden saves freely; shown again, the source's words (emptied, the field leaves them) are published anew.
    expect((await edit({ description: "", is_hidden: "on" })).status).toBe(302);
    expect((await dashboardFindings()).total).toBe(0);
    const refused = await edit({ description: "" });
    expect((refused.data as Refusal).advertising.findings.description).toMatchObject([{ phrase: "relieves anxiety" }]);
    expect((await edit({ description: "A peppermint tincture." })).status).toBe(302);
    expect((await dashboardFindings()).total).toBe(0);
  });
});

describe("only the words a save publishes anew (issue 37)", () => {
  const post = (id: string, fields: Record<string, string>) =>
    postTo(
      editPostAction,
      `/admin/blog/edit/${id}`,
      formOf({ slug: "evening-tinctures", author: "", published_at: "2026-07-01T09:00", ...fields }),
      cookie,
      { id },
    );

  it("a post: unchanged flagged words save freely; changed or newly published ones need 'Publish anyway'", async () => {
    const words: Record<string, string> = { title: "Evening tinctures", content: `Intro.\n\n${CLAIM}` };
    expect((await newPost({ ...words, status: "draft" })).status).toBe(302);
    const { id } = await database.db.selectFrom("posts").select("id").executeTakeFirstOrThrow();
    // Draft → published: the words go out for the first time.
    const first = await post(id, { ...words, status: "published" });
    expect(Object.keys((first.data as Refusal).advertising.findings)).toEqual([
      "title",
      "excerpt",
      "content",
      "meta_title",
      "meta_description",
    ]);
    expect((await post(id, { ...words, status: "published", ...ANYWAY })).status).toBe(302);
    // Published: a new author, or the content sent back with a browser's CRLF line breaks, changes no words.
    expect((await post(id, { ...words, status: "published", author: "Jo" })).status).toBe(302);
    expect(
      (await post(id, { ...words, content: words.content.replace(/\n/g, "\r\n"), status: "published" })).status,
    ).toBe(302);
    // Unflagged new words in another field: fine.
    expect((await post(id, { ...words, excerpt: "For the evening.", status: "published" })).status).toBe(302);
    words.excerpt = "For the evening.";
    // A flagged field changed: judged, and only the fields that changed are named.
    const changed = await post(id, { ...words, title: "Cures boredom", status: "published" });
    expect(changed.status).toBe(400);
    expect((changed.data as Refusal).advertising.findings).toEqual({
      title: [expect.objectContaining({ phrase: "Cures" })],
    });
    const content = await post(id, {
      ...words,
      content: `${words.content} It also relieves pain.`,
      status: "published",
    });
    expect(Object.keys((content.data as Refusal).advertising.findings)).toEqual(["content"]);
    expect(await kinds()).toEqual([
      "advertising.override",
      "post.create",
      "post.update",
      "post.update",
      "post.update",
      "post.update",
    ]);
  });

  it("a meta title filled in from the title is judged (and logged) once, as the title", async () => {
    const fields = { title: "Cures boredom", meta_title: "Cures boredom", content: "Hi.", status: "published" };
    const refused = await newPost(fields);
    expect((refused.data as Refusal).advertising.findings).toMatchObject({
      title: [{ phrase: "Cures" }],
      meta_title: [],
    });
    expect((await newPost({ ...fields, ...ANYWAY })).status).toBe(302);
    const override = await database.db
      .selectFrom("activity_log")
      .select("changes")
      .where("kind", "=", "advertising.override")
      .executeTakeFirstOrThrow();
    expect(override.changes).toMatchObject({ findings: { to: "“Cures” (Health claim)" } });
    // Its own words are its own findings.
    const own = await newPost({ ...fields, slug: "other", meta_title: "Relieves anxiety" });
    expect((own.data as Refusal).advertising.findings.meta_title).toMatchObject([{ phrase: "Relieves anxiety" }]);
  });

  it("a deal: an active deal's other fields save past its words; inactive → active publishes them anew", async () => {
    const slide = await insertDealSlide({ title: "All you can smoke Friday", isActive: false, sortOrder: 0 });
    const update = (fields: Record<string, string>) =>
      postTo(
        dealsAction,
        `/admin/deals?edit=${slide.id}`,
        formOf({ intent: "update", id: slide.id, title: "All you can smoke Friday", sort_order: "0", ...fields }),
        cookie,
      );
    expect((await update({ is_active: "on" })).status).toBe(400);
    expect((await update({ is_active: "on", ...ANYWAY })).status).toBe(302);
    expect((await update({ is_active: "on", sort_order: "3" })).status).toBe(302);
    expect((await update({ is_active: "on", title: "Get wasted Saturday" })).status).toBe(400);
  });
});

describe("the gate's word inside the save's transaction (issue 37)", () => {
  it("judges against the row as the save reads it: words another save changed meanwhile are new again", async () => {
    const slide = await insertDealSlide({ title: "Get wasted Saturday", isActive: true, sortOrder: 0 });
    // The editor saw the flagged words live (so a first look lets them through), then another admin changed them.
    const judge = await advertisingJudge<DealSlide>(formOf({}), (row) => ({
      fields: { title: "Get wasted Saturday" },
      publishing: true,
      stored: row && { fields: { title: row.title }, published: row.is_active },
    }));
    await database.db.updateTable("deals_slides").set({ title: "Fine words" }).where("id", "=", slide.id).execute();
    const input = { title: "Get wasted Saturday", isActive: true, sortOrder: 0 };
    await expect(updateDealSlide(slide.id, input, actor, judge)).rejects.toBeInstanceOf(AdvertisingRefused);
    expect((await getDealSlide(slide.id))?.title).toBe("Fine words");
    expect(await kinds()).toEqual([]);
    // Unchanged as the transaction reads them: saved, nothing to override.
    await database.db
      .updateTable("deals_slides")
      .set({ title: "Get wasted Saturday" })
      .where("id", "=", slide.id)
      .execute();
    expect(await updateDealSlide(slide.id, { ...input, sortOrder: 2 }, actor, judge)).toBeDefined();
    expect(await kinds()).toEqual(["deal.update"]);
  });
});

describe("the findings kept with the content", () => {
  it("leaves out the kinds the owner switched off, and lists the banner", async () => {
    await insertDealSlide({ title: "Get wasted Saturday", isActive: true });
    await insertBrand({ name: "Recreational Co", logoUrl: "/logos/r.png" });
    expect((await dashboardFindings()).total).toBe(2);
    await saveDisabledAdRules(["overconsumption"], actor);
    expect((await dashboardFindings()).items.map((item) => item.kind)).toEqual(["Brand"]);
  });

  it("checks again what was checked with other rules (a deploy that changed them)", async () => {
    const deal = await insertDealSlide({ title: "Cures Mondays", isActive: true });
    expect(await checkUncheckedContent()).toBeGreaterThanOrEqual(1);
    // As if older rules had found nothing in these words.
    await sql`update deals_slides set ad_findings = '[]', ad_checked_with = 'older-rules' where id = ${deal.id}`.execute(
      database.db,
    );
    expect(await checkUncheckedContent()).toBe(0);
    expect(await checkUncheckedContent(undefined, { rulesChanged: true })).toBe(1);
    const row = await database.db
      .selectFrom("deals_slides")
      .select(["ad_findings", "ad_checked_with"])
      .where("id", "=", deal.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      ad_findings: [{ field: "title", kind: "health-claim", phrase: "Cures" }],
      ad_checked_with: AD_RULES_VERSION,
    });
  });

  it("marks a row unchecked whenever its words change, however they are written", async () => {
    const deal = await insertDealSlide({ title: "Cures Mondays", isActive: true });
    expect((await dashboardFindings()).total).toBe(1);
    const checkedWith = async () =>
      (
        await database.db
          .selectFrom("deals_slides")
          .select("ad_checked_with")
          .where("id", "=", deal.id)
          .executeTakeFirstOrThrow()
      ).ad_checked_with;
    // Not its words: still checked.
    await database.db.updateTable("deals_slides").set({ sort_order: 3 }).where("id", "=", deal.id).execute();
    expect(await checkedWith()).toBe(AD_RULES_VERSION);
    // Its words, written straight to the table: unchecked, and the next look checks them.
    await database.db.updateTable("deals_slides").set({ title: "Happy Mondays" }).where("id", "=", deal.id).execute();
    expect(await checkedWith()).toBeNull();
    expect((await dashboardFindings()).total).toBe(0);
    expect(await checkedWith()).toBe(AD_RULES_VERSION);
  });
});
