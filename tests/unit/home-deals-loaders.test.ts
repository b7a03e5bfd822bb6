import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { specialsHeading } from "~/content/deals";
import { addDays, todayInStoreZone } from "~/lib/dates";
import { insertBrand } from "~/models/brands.server";
import { insertDealSlide } from "~/models/deals.server";
import { createPost } from "~/models/posts.server";
import { loader as dealsLoader } from "~/routes/site/deals";
import { loader as homeLoader } from "~/routes/site/home";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";
import { logger } from "~/server/logger.server";

const DAY = 24 * 60 * 60 * 1000;

describe("home loader", () => {
  let database: OpenedDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("returns no posts (the section is hidden) when there are none", async () => {
    const data = await homeLoader();
    expect(data.posts).toEqual([]);
  });

  it("returns featured brands in the admin's order, changes showing at once", async () => {
    await insertBrand({ name: "Wyld", logoUrl: "/w.svg", sortOrder: 2 });
    await insertBrand({ name: "Altvm", logoUrl: "/a.svg", sortOrder: 1 });
    await insertBrand({ name: "Hidden", logoUrl: "/h.svg", sortOrder: 0, isFeatured: false });
    const data = await homeLoader();
    expect(data.brands.map((b) => b.name)).toEqual(["Altvm", "Wyld"]);
    expect(data.brands[0].logoUrl).toBe("/a.svg");
  });

  it("returns the three newest visible posts, never drafts or future ones", async () => {
    const now = Date.now();
    for (const [i, daysAgo] of [10, 2, 5, 1].entries()) {
      await createPost({
        title: `Visible ${i}`,
        content: "Some words here.",
        status: "published",
        publishedAt: new Date(now - daysAgo * DAY),
      });
    }
    await createPost({ title: "Draft", content: "x", status: "draft" });
    await createPost({ title: "Scheduled", content: "x", status: "scheduled", publishedAt: new Date(now + DAY) });
    await createPost({ title: "Future", content: "x", status: "published", publishedAt: new Date(now + DAY) });

    const data = await homeLoader();
    expect(data.posts.map((p) => p.title)).toEqual(["Visible 3", "Visible 1", "Visible 2"]);
    expect(data.posts[0]).toMatchObject({ slug: "visible-3", readMinutes: 1 });
  });

  it("hides the blog section, and keeps the page, when the posts query fails", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    await sql`drop table posts cascade`.execute(database.db);
    const data = await homeLoader();
    expect(data.posts).toEqual([]);
    expect(data.brands.length).toBe(2);
    expect(logged).toHaveBeenCalled();
  });
});

describe("deals loader", () => {
  let database: OpenedDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("has an empty list when no deal is current", async () => {
    const data = await dealsLoader();
    expect(data.slides).toEqual([]);
    expect(data.heading).toBe(specialsHeading());
  });

  it("lists only active, in-date slides, in sort order", async () => {
    const today = todayInStoreZone();
    await insertDealSlide({ title: "Second", sortOrder: 2, startDate: addDays(today, -3), endDate: addDays(today, 3) });
    await insertDealSlide({
      title: "First",
      sortOrder: 1,
      startDate: today,
      endDate: today,
      imageUrl: "/d/1.svg",
      isDemo: true,
    });
    await insertDealSlide({ title: "Open-ended", sortOrder: 3 });
    await insertDealSlide({
      title: "Expired",
      sortOrder: 0,
      startDate: addDays(today, -9),
      endDate: addDays(today, -1),
    });
    await insertDealSlide({
      title: "Upcoming",
      sortOrder: 0,
      startDate: addDays(today, 1),
      endDate: addDays(today, 9),
    });
    await insertDealSlide({ title: "Inactive", sortOrder: 0, isActive: false });

    const data = await dealsLoader();
    expect(data.slides.map((s) => s.title)).toEqual(["First", "Second", "Open-ended"]);
    expect(data.slides[0]).toMatchObject({ imageUrl: "/d/1.svg", isDemo: true });
    expect(data.slides[1]).toMatchObject({ isDemo: false });
  });
});
