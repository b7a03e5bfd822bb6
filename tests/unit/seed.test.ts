import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoBrands, demoDeals, demoPosts, demoReviews } from "~/content/demo";
import { isValidSlug } from "~/lib/slug";
import { markdownToPlainText } from "~/lib/text";
import { listCurrentDealSlides } from "~/models/deals.server";
import type { OpenedDatabase } from "~/server/db.server";
import { seedIfEmpty } from "~/services/seed.server";
import { createTestDatabase } from "../support/database";

const SPEC_BRANDS = [
  "Sunday Extracts",
  "Dime Industries",
  "Bodega Boyz",
  "Moon Dust",
  "Timeless",
  "Smokiez Edibles",
  "Jake's Jungle",
  "Zenoa Cannabis",
  "Altvm",
  "Wyld",
];

const publicDir = path.resolve("public");

/** Oklahoma's advertising rule (63 O.S. § 427.21): no curative or therapeutic claims in demo content. */
const THERAPEUTIC_CLAIM =
  /\b(cure[sd]?|curing|curative|treat(s|ed|ing|ment|ments)?|heal(s|ed|ing|er)?|therap(y|ies|eutic)|remed(y|ies)|reliev(e|es|ed|ing)|relief)\b/i;

async function countRows(database: OpenedDatabase): Promise<Record<string, number>> {
  const { rows } = await sql<Record<string, string>>`
    select (select count(*) from brands) as brands, (select count(*) from deals_slides) as deals,
      (select count(*) from reviews) as reviews, (select count(*) from posts) as posts,
      (select count(*) from categories) as categories, (select count(*) from tags) as tags`.execute(database.db);
  return Object.fromEntries(Object.entries(rows[0]!).map(([key, value]) => [key, Number(value)]));
}

describe("demo seed", () => {
  let database: OpenedDatabase;
  let seeded: boolean;

  beforeAll(async () => {
    database = await createTestDatabase();
    seeded = await seedIfEmpty(database.db, { demo: true });
  }, 120_000); // a fresh PGlite plus the whole seed: slow when the machine is busy
  afterAll(async () => {
    await database.close();
  });

  it("seeds an empty database", () => {
    expect(seeded).toBe(true);
  });

  it("seeds the spec's 10 brands in order, each with a logo file and a fictional site", async () => {
    const brands = await database.db.selectFrom("brands").selectAll().orderBy("sort_order").execute();
    expect(brands.map((b) => b.name)).toEqual(SPEC_BRANDS);
    expect(brands.map((b) => b.sort_order)).toEqual(SPEC_BRANDS.map((_, i) => i));
    for (const brand of brands) {
      expect(brand.is_featured).toBe(true);
      expect(brand.logo_url).toMatch(/^\/demo\/brands\/[a-z0-9-]+\.svg$/);
      expect(brand.site_url).toMatch(/^https:\/\/example\.com\/brands\/[a-z0-9-]+$/);
    }
    expect(new Set(brands.map((b) => b.logo_url)).size).toBe(brands.length);
  });

  it("seeds current deals and one expired deal, each marked as a demo", async () => {
    const deals = await database.db.selectFrom("deals_slides").selectAll().execute();
    expect(deals.length).toBeGreaterThanOrEqual(3);
    expect((await listCurrentDealSlides()).length).toBeGreaterThanOrEqual(3);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
    expect(deals.some((d) => d.end_date !== null && d.end_date < today)).toBe(true);
    for (const deal of deals) {
      expect(deal.image_url).toMatch(/^\/demo\/deals\/[a-z0-9-]+\.svg$/);
      // Marked in the data; the text every visitor reads carries no hint for staff.
      expect(deal.is_demo).toBe(true);
      expect(deal.description).not.toMatch(/demo|admin/i);
    }
  });

  it("seeds 9 sample reviews per store, all marked is_sample, two of them featured", async () => {
    for (const store of ["Lindsey", "BlueWater"] as const) {
      const reviews = await database.db.selectFrom("reviews").selectAll().where("store", "=", store).execute();
      expect(reviews).toHaveLength(9);
      expect(reviews.every((r) => r.is_sample)).toBe(true);
      expect(reviews.filter((r) => r.is_featured)).toHaveLength(2);
      expect(new Set(reviews.map((r) => r.source))).toEqual(new Set(["Google", "Weedmaps", "Leafly"]));
    }
    const ratings = demoReviews.map((r) => r.rating);
    expect(ratings.filter((r) => r < 4)).toEqual([3]);
    // Some quotes exercise the page's 150-character truncation.
    expect(demoReviews.filter((r) => r.quote.length > 150).length).toBeGreaterThanOrEqual(3);
    expect(demoReviews.filter((r) => r.quote.length <= 150).length).toBeGreaterThanOrEqual(3);
    for (const review of demoReviews) expect(review.author).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
    expect(Math.max(...demoReviews.map((r) => r.daysAgo))).toBeGreaterThanOrEqual(150);
  });

  it("seeds published posts that are visible now, one draft and one scheduled post", async () => {
    const now = new Date();
    const posts = await database.db.selectFrom("posts").selectAll().execute();
    const visible = posts.filter((p) => p.status === "published" && p.published_at !== null && p.published_at <= now);
    expect(visible.length).toBeGreaterThanOrEqual(8);
    const drafts = posts.filter((p) => p.status === "draft");
    expect(drafts).toHaveLength(1);
    expect(drafts[0]!.published_at).toBeNull();
    const scheduled = posts.filter((p) => p.status === "scheduled");
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.published_at!.getTime()).toBeGreaterThan(now.getTime());
    expect(new Set(visible.map((p) => p.published_at!.getTime())).size).toBe(visible.length);
  });

  it("marks every post as demo content in the data, not in its text", async () => {
    const posts = await database.db.selectFrom("posts").select(["slug", "content", "is_demo"]).execute();
    for (const post of posts) {
      expect(post.is_demo, post.slug).toBe(true);
      expect(post.content, post.slug).not.toMatch(/demo article|admin →/i);
    }
  });

  it("gives every post at least one category and two tags", async () => {
    const rows = await database.db
      .selectFrom("posts")
      .select((eb) => [
        "posts.slug",
        eb
          .selectFrom("post_categories")
          .select(sql<string>`count(*)`.as("n"))
          .whereRef("post_categories.post_id", "=", "posts.id")
          .as("categories"),
        eb
          .selectFrom("post_tags")
          .select(sql<string>`count(*)`.as("n"))
          .whereRef("post_tags.post_id", "=", "posts.id")
          .as("tags"),
      ])
      .execute();
    expect(rows).toHaveLength(demoPosts.length);
    for (const row of rows) {
      expect(Number(row.categories), row.slug).toBeGreaterThanOrEqual(1);
      expect(Number(row.tags), row.slug).toBeGreaterThanOrEqual(2);
    }
  });

  it("references only images that exist under public/", async () => {
    const { rows } = await sql<{ url: string }>`
      select logo_url as url from brands
      union all select image_url from deals_slides where image_url is not null
      union all select hero_image_url from posts where hero_image_url is not null`.execute(database.db);
    expect(rows.length).toBe(demoBrands.length + demoDeals.length + demoPosts.length);
    for (const { url } of rows) {
      expect(url).toMatch(/^\/demo\//);
      expect(fs.existsSync(path.join(publicDir, url)), url).toBe(true);
    }
  });

  it("inserts nothing on a second run", async () => {
    const before = await countRows(database);
    expect(await seedIfEmpty(database.db, { demo: true })).toBe(false);
    expect(await countRows(database)).toEqual(before);
  });
});

describe("demo deal images", () => {
  // On a phone a 1200 px image shows at about a third of its size: words inside it shrink to a few pixels.
  // The slide's title and description are the page's text; the image only illustrates.
  it.each(demoDeals.map((d) => [d.imageUrl, d] as const))("%s carries no words", (url) => {
    const svg = fs.readFileSync(path.join(publicDir, url), "utf8");
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 1200 675"/);
    expect(svg).not.toMatch(/<(text|tspan|textPath|foreignObject)\b/);
  });
});

describe("demo seed switched off", () => {
  it("leaves a fresh database empty when demo is false", async () => {
    const database = await createTestDatabase();
    try {
      expect(await seedIfEmpty(database.db, { demo: false })).toBe(false);
      expect(await countRows(database)).toEqual({ brands: 0, deals: 0, reviews: 0, posts: 0, categories: 0, tags: 0 });
    } finally {
      await database.close();
    }
  });
});

describe("demo posts content", () => {
  const publishedSlugs = new Set(demoPosts.filter((p) => p.status === "published").map((p) => p.slug));
  const sitePages = new Set(["/locations", "/deals", "/brands", "/about", "/contact"]);

  it("has valid, unique slugs and distinct publish offsets", () => {
    expect(new Set(demoPosts.map((p) => p.slug)).size).toBe(demoPosts.length);
    for (const post of demoPosts) expect(isValidSlug(post.slug), post.slug).toBe(true);
    const offsets = demoPosts.map((p) => p.publishOffsetDays).filter((d) => d !== null);
    expect(new Set(offsets).size).toBe(offsets.length);
  });

  it.each(demoPosts.map((p) => [p.slug, p] as const))("%s is a complete article", (_slug, post) => {
    const words = markdownToPlainText(post.content).split(/\s+/).filter(Boolean).length;
    expect(words).toBeGreaterThanOrEqual(500);
    expect(words).toBeLessThanOrEqual(900);
    expect(post.content).toMatch(/^## /m);
    expect(post.content).toMatch(/^(- |\d+\. )/m);
    expect(post.content).not.toMatch(/demo article|admin →/i);
    expect(post.excerpt.length).toBeLessThan(300);
    if (post.metaDescription) expect(post.metaDescription.length).toBeLessThanOrEqual(160);
    expect(post.heroImageUrl).toBe(`/demo/blog/${post.slug}.svg`);
    expect(post.categories.length).toBeGreaterThanOrEqual(1);
    expect(post.categories.length).toBeLessThanOrEqual(2);
    expect(post.tags.length).toBeGreaterThanOrEqual(2);
    expect(post.tags.length).toBeLessThanOrEqual(4);
  });

  it.each(demoPosts.map((p) => [p.slug, p] as const))("%s links only to real pages", (_slug, post) => {
    const links = [...post.content.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
    expect(links.some((href) => sitePages.has(href))).toBe(true);
    expect(links.some((href) => href.startsWith("https://"))).toBe(true);
    for (const href of links) {
      if (href.startsWith("https://")) continue;
      const blogSlug = /^\/blog\/([a-z0-9-]+)$/.exec(href)?.[1];
      // Internal links point to site pages or to posts that are published.
      expect(sitePages.has(href) || (blogSlug !== undefined && publishedSlugs.has(blogSlug)), href).toBe(true);
    }
  });

  it("links to the Oklahoma Medical Marijuana Authority", () => {
    expect(demoPosts.some((p) => p.content.includes("https://oklahoma.gov/omma.html"))).toBe(true);
  });

  it("the claim guard catches therapeutic wording and spares ordinary words", () => {
    for (const claim of ["cures insomnia", "Treats pain", "a healing strain", "therapeutic use", "pain relief"]) {
      expect(claim).toMatch(THERAPEUTIC_CLAIM);
    }
    for (const fine of ["health questions", "a secure jar", "child-resistant packaging"]) {
      expect(fine).not.toMatch(THERAPEUTIC_CLAIM);
    }
  });

  it("makes no curative or therapeutic claims anywhere in the demo content", () => {
    const texts = [
      ...demoPosts.flatMap((p) => [p.title, p.excerpt, p.content, p.metaDescription ?? ""]),
      ...demoDeals.flatMap((d) => [d.title, d.description]),
      ...demoReviews.map((r) => r.quote),
    ];
    for (const text of texts) expect(text).not.toMatch(THERAPEUTIC_CLAIM);
  });

  it("uses tables or blockquotes in some posts", () => {
    expect(demoPosts.filter((p) => /^\|.+\|$/m.test(p.content)).length).toBeGreaterThanOrEqual(3);
    expect(demoPosts.filter((p) => /^> /m.test(p.content)).length).toBeGreaterThanOrEqual(2);
  });
});
