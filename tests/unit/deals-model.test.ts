import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  insertDealSlide,
  deleteDealSlide,
  listCurrentDealSlides,
  listDealSlidesForAdmin,
  updateDealSlide,
} from "~/models/deals.server";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";
import { makeUser } from "./auth-support";

let database: OpenedDatabase;
let admin: { id: string; email: string };
beforeAll(async () => {
  database = await createTestDatabase();
  admin = await makeUser("deals-model-admin@example.com", "admin-pass", { admin: true });
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom("deals_slides").execute();
});

// 23:30 on Nov 22 in Chicago is already Nov 23 in UTC: "today" must be the store's day.
const lateEveningChicago = new Date("2026-11-23T05:30:00Z");
const justAfterMidnightChicago = new Date("2026-11-23T06:30:00Z");

describe("deal filters relative to today in America/Chicago", () => {
  beforeEach(async () => {
    await insertDealSlide({ title: "Ends today", startDate: "2026-11-01", endDate: "2026-11-22", sortOrder: 1 });
    await insertDealSlide({ title: "Starts tomorrow", startDate: "2026-11-23", endDate: "2026-11-30", sortOrder: 2 });
    await insertDealSlide({
      title: "Paused flower deal",
      startDate: "2026-11-01",
      endDate: "2026-12-31",
      isActive: false,
      sortOrder: 0,
    });
    await insertDealSlide({ title: "Open-ended", sortOrder: 3 });
  });

  it("late on the 22nd, a deal ending the 22nd is still current and one starting the 23rd is upcoming", async () => {
    const current = await listCurrentDealSlides(lateEveningChicago);
    expect(current.map((d) => d.title)).toEqual(["Ends today", "Open-ended"]);
    const upcoming = await listDealSlidesForAdmin({ filter: "upcoming" }, lateEveningChicago);
    expect(upcoming.map((d) => d.title)).toEqual(["Starts tomorrow"]);
    const expired = await listDealSlidesForAdmin({ filter: "expired" }, lateEveningChicago);
    expect(expired).toEqual([]);
  });

  it("just after midnight, the 22nd's deal has expired and the 23rd's is current", async () => {
    const current = await listCurrentDealSlides(justAfterMidnightChicago);
    expect(current.map((d) => d.title)).toEqual(["Starts tomorrow", "Open-ended"]);
    const expired = await listDealSlidesForAdmin({ filter: "expired" }, justAfterMidnightChicago);
    expect(expired.map((d) => d.title)).toEqual(["Ends today"]);
  });

  it("Active means is_active, All is everything in sort order, and filters combine with the title search", async () => {
    const active = await listDealSlidesForAdmin({ filter: "active" }, lateEveningChicago);
    expect(active.map((d) => d.title)).not.toContain("Paused flower deal");
    const all = await listDealSlidesForAdmin({ filter: "all" }, lateEveningChicago);
    expect(all.map((d) => d.title)).toEqual(["Paused flower deal", "Ends today", "Starts tomorrow", "Open-ended"]);
    const search = await listDealSlidesForAdmin({ search: "FLOWER" }, lateEveningChicago);
    expect(search.map((d) => d.title)).toEqual(["Paused flower deal"]);
    const searchActive = await listDealSlidesForAdmin({ search: "flower", filter: "active" }, lateEveningChicago);
    expect(searchActive).toEqual([]);
    expect(await listDealSlidesForAdmin({ search: "%" }, lateEveningChicago)).toEqual([]);
  });
});

describe("deal updates", () => {
  it("keeps the image unless replaced, and returns what was there before", async () => {
    const deal = await insertDealSlide({ title: "A", imageUrl: "/media/deals/a.png", imageKey: "a.png" });
    const kept = await updateDealSlide(deal.id, { title: "B" }, admin);
    expect(kept?.after.image_key).toBe("a.png");
    const replaced = await updateDealSlide(
      deal.id,
      { title: "B", imageUrl: "/media/deals/b.png", imageKey: "b.png" },
      admin,
    );
    expect(replaced?.before.image_key).toBe("a.png");
    expect(replaced?.after.image_key).toBe("b.png");
    expect(await updateDealSlide("00000000-0000-0000-0000-000000000000", { title: "x" }, admin)).toBeUndefined();
    expect((await deleteDealSlide(deal.id, admin))?.image_key).toBe("b.png");
    expect(await deleteDealSlide(deal.id, admin)).toBeUndefined();
  });
});

describe("the demo flag", () => {
  it("is off for an admin's deal, on for a seeded one, and an admin's save clears it", async () => {
    expect((await insertDealSlide({ title: "Admin's own" })).is_demo).toBe(false);
    const demo = await insertDealSlide({ title: "Seeded", description: "A demo special.", isDemo: true });
    expect(demo.is_demo).toBe(true);
    expect((await listCurrentDealSlides()).find((d) => d.id === demo.id)?.is_demo).toBe(true);
    const saved = await updateDealSlide(demo.id, { title: "Seeded, reworded", description: "Now the owner's." }, admin);
    expect(saved?.before.is_demo).toBe(true);
    expect(saved?.after.is_demo).toBe(false);
  });
});
