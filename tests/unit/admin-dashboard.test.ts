// The admin dashboard's counts (a fixed "now", the stores' time zone) and the filtered lists they link to.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseSinceDays, startOfRecentDays } from "~/lib/admin-list";
import { listJobApplications } from "~/models/applications.server";
import { getDashboardCounts } from "~/models/dashboard.server";
import { listDealSlidesForAdmin } from "~/models/deals.server";
import { loader as applicationsLoader } from "~/routes/admin/applications";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as dealsLoader } from "~/routes/admin/deals";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";
import { makeUser, ORIGIN, callRoute, routeArgs, sessionCookieFor, settle } from "./auth-support";

// 11:30 PM on Saturday, November 21, 2026 in Norman (CST, UTC−6): already the 22nd in UTC.
const NOW = new Date("2026-11-22T05:30:00Z");
const TODAY = "2026-11-21";

let database: OpenedDatabase;
let adminCookie = "";
let memberCookie = "";
beforeAll(async () => {
  database = await createTestDatabase();
  adminCookie = await sessionCookieFor((await makeUser("dash-admin@example.com", "admin-pass", { admin: true })).id);
  memberCookie = await sessionCookieFor(
    (await makeUser("dash-member@example.com", "member-pass", { admin: false })).id,
  );
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  const tables = [
    "deals_slides",
    "job_applications",
    "contact_inquiries",
    "orders",
    // Subscribers without ledger records (the ledger's would forbid it): inserted directly below.
    "subscribers",
    "posts",
    "brands",
    "reviews",
    "gallery_photos",
    "user_invitations",
    "activity_log",
    "catalog_products",
    "catalog_syncs",
    "site_settings",
  ] as const;
  for (const table of tables) {
    await database.db.deleteFrom(table).execute();
  }
  await database.db.deleteFrom("users").where("email", "not like", "dash-%").execute();
});

async function addDeal(title: string, isActive: boolean, endDate: string | null, startDate: string | null = null) {
  await database.db
    .insertInto("deals_slides")
    .values({ title, is_active: isActive, end_date: endDate, start_date: startDate })
    .execute();
}

async function addApplication(name: string, createdAt: string) {
  await database.db
    .insertInto("job_applications")
    .values({
      full_name: name,
      email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
      phone: "405-555-0100",
      position: "budtender",
      availability: "Weekends",
      created_at: createdAt,
    })
    .execute();
}

async function addInquiry(name: string, status: "new" | "in-progress" | "closed") {
  await database.db
    .insertInto("contact_inquiries")
    .values({ name, email: "someone@example.com", topic: "general", message: "Hello", status })
    .execute();
}

async function addPost(slug: string, status: "draft" | "scheduled" | "published") {
  await database.db
    .insertInto("posts")
    .values({
      title: slug,
      slug,
      content: "Text",
      status,
      published_at: status === "draft" ? null : status === "scheduled" ? new Date("2026-12-01T15:00:00Z") : NOW,
    })
    .execute();
}

async function load(
  loader: (args: ReturnType<typeof routeArgs>) => unknown,
  path: string,
  cookie: string | null = adminCookie,
) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  return settle(() => callRoute(loader, new Request(`${ORIGIN}${path}`, { headers })));
}

describe("dashboard counts", () => {
  it("counts what needs attention, with today and the last 7 days in America/Chicago", async () => {
    await addDeal("Ends today", true, TODAY);
    await addDeal("Ends in 7 days", true, "2026-11-28");
    await addDeal("Ends in 8 days", true, "2026-11-29");
    await addDeal("Ended yesterday, still active", true, "2026-11-20");
    await addDeal("Ended yesterday, switched off", false, "2026-11-20");
    await addDeal("Inactive, ends soon", false, "2026-11-25");
    await addDeal("Active, no end date", true, null);
    await addDeal("Active, starts next week", true, "2026-12-31", "2026-11-30");

    // The window starts at midnight, Sunday November 15, in Norman (06:00 UTC).
    await addApplication("At the first instant", "2026-11-15T06:00:00Z");
    await addApplication("A second too early", "2026-11-15T05:59:59Z");
    await addApplication("Late tonight", "2026-11-22T05:00:00Z");
    await addApplication("Weeks ago", "2026-11-01T18:00:00Z");

    await addInquiry("First", "new");
    await addInquiry("Second", "new");
    await addInquiry("Third", "in-progress");
    await addInquiry("Fourth", "closed");

    await addPost("draft-one", "draft");
    await addPost("draft-two", "draft");
    await addPost("scheduled-one", "scheduled");
    await addPost("published-one", "published");

    await database.db
      .insertInto("brands")
      .values([
        { name: "A", logo_url: "/a.png", is_featured: true },
        { name: "B", logo_url: "/b.png", is_featured: false },
        { name: "C", logo_url: "/c.png", is_featured: true },
      ])
      .execute();

    const review = {
      store: "Lindsey" as const,
      author: "A",
      source: "Google",
      rating: 5,
      quote: "Q",
      review_date: TODAY,
    };
    await database.db
      .insertInto("reviews")
      .values([
        { ...review, is_sample: true },
        { ...review, is_sample: true, is_featured: true },
        { ...review, is_sample: true, is_hidden: true, is_featured: true },
        { ...review, is_featured: true },
      ])
      .execute();
    await database.db.insertInto("gallery_photos").values({ image_url: "/p.webp", alt: "The counter" }).execute();

    // Two admins (the test's own and this one, with two-factor on); the member is not counted.
    const second = await makeUser("second-admin@example.com", "second-password", { admin: true });
    await database.db
      .insertInto("user_two_factor")
      .values({ user_id: second.id, secret_encrypted: "x", enabled_at: NOW, last_used_step: null })
      .execute();
    const invitation = { email: "invitee@example.com", created_at: NOW };
    await database.db
      .insertInto("user_invitations")
      .values([
        { ...invitation, token_hash: "a", expires_at: "2026-11-28T00:00:00Z" },
        { ...invitation, token_hash: "b", expires_at: "2026-11-21T00:00:00Z" },
      ])
      .execute();
    await database.db
      .insertInto("activity_log")
      .values([
        { kind: "brand.create", created_at: "2026-11-15T06:00:00Z" },
        { kind: "brand.update", created_at: "2026-11-15T05:59:59Z" },
      ])
      .execute();

    // The menu: on it (in stock somewhere, not hidden), hidden, out of stock at both stores, retired.
    const product = (name: string, extra: Record<string, unknown>) => ({
      source: "csv:pos",
      external_id: name,
      slug: name,
      name,
      category: "flower",
      price_from_cents: 1000,
      options: "[]",
      in_stock_stores: ["Lindsey"],
      ...extra,
    });
    await database.db
      .insertInto("catalog_products")
      .values([
        product("on-a", {}),
        product("on-b", { in_stock_stores: ["Lindsey", "BlueWater"] }),
        product("hidden", { is_hidden: true }),
        product("out", { in_stock_stores: [] }),
        product("gone", { in_stock_stores: [], gone_since: NOW }),
      ])
      .execute();

    // Orders for pickup: the new one needs attention; the ready one does not.
    const order = {
      store_id: "Lindsey",
      customer_name: "Pat",
      customer_phone: "4055550142",
      pickup_starts_at: new Date("2026-11-15T18:00:00Z"),
      pickup_ends_at: new Date("2026-11-15T18:30:00Z"),
      subtotal_cents: 3500,
      item_count: 1,
    };
    await database.db
      .insertInto("orders")
      .values([
        { ...order, number: "ABCDEF" },
        { ...order, number: "ABCDEG", status: "ready" },
      ])
      .execute();
    // Subscribers: only the confirmed count (not those waiting, nor those withdrawn).
    await database.db
      .insertInto("subscribers")
      .values([
        { email: "one@example.com", email_status: "confirmed" },
        { email: "two@example.com", email_status: "pending" },
        { email: "three@example.com", email_status: "withdrawn" },
      ])
      .execute();

    expect(await getDashboardCounts(NOW)).toEqual({
      menuProducts: 2,
      hiddenProducts: 1,
      newInquiries: 2,
      newOrders: 1,
      confirmedSubscribers: 1,
      recentApplications: 2,
      draftPosts: 2,
      scheduledPosts: 1,
      activeDeals: 6,
      dealsEndingSoon: 2,
      expiredActiveDeals: 1,
      brands: 3,
      featuredBrands: 2,
      // Hidden reviews are not on the site: neither a sample still shown nor a featured one.
      reviews: 4,
      sampleReviews: 2,
      featuredReviews: 2,
      galleryPhotos: 1,
      admins: 2,
      adminsWithoutTwoFactor: 1,
      // The expired one is not pending.
      pendingInvitations: 1,
      recentActivity: 1,
    });
  });

  it("agrees with the filtered lists the cards link to", async () => {
    await addDeal("Ends today", true, TODAY);
    await addDeal("Ended, still active", true, "2026-11-01");
    await addDeal("Ended, inactive", false, "2026-11-01");
    await addApplication("Recent", "2026-11-20T15:00:00Z");
    await addApplication("Old", "2026-10-20T15:00:00Z");
    const counts = await getDashboardCounts(NOW);

    const titles = async (filter: "active" | "ending-soon" | "expired-active") =>
      (await listDealSlidesForAdmin({ filter }, NOW)).map((d) => d.title);
    expect(await titles("ending-soon")).toEqual(["Ends today"]);
    expect(await titles("expired-active")).toEqual(["Ended, still active"]);
    expect((await titles("active")).length).toBe(counts.activeDeals);
    expect(counts.dealsEndingSoon).toBe(1);
    expect(counts.expiredActiveDeals).toBe(1);

    const recent = await listJobApplications({ since: startOfRecentDays(7, NOW) });
    expect(recent.rows.map((a) => a.full_name)).toEqual(["Recent"]);
    expect(recent.total).toBe(counts.recentApplications);
  });

  it("is all zeros on a database with nothing but the signed-in admin", async () => {
    const { admins, adminsWithoutTwoFactor, ...counts } = await getDashboardCounts(NOW);
    expect({ admins, adminsWithoutTwoFactor }).toEqual({ admins: 1, adminsWithoutTwoFactor: 1 });
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
  });
});

describe("the filters the dashboard links to", () => {
  it("starts the last N days at midnight in Norman, today included, across a DST change", () => {
    expect(startOfRecentDays(7, NOW).toISOString()).toBe("2026-11-15T06:00:00.000Z");
    expect(startOfRecentDays(1, NOW).toISOString()).toBe("2026-11-21T06:00:00.000Z");
    // Daylight time ended on November 1, 2026: midnight on October 30 was 05:00 UTC.
    expect(startOfRecentDays(3, new Date("2026-11-01T18:00:00Z")).toISOString()).toBe("2026-10-30T05:00:00.000Z");
  });

  it("reads ?since= as whole days, refusing anything else", () => {
    expect(parseSinceDays("7d")).toBe(7);
    expect(parseSinceDays("30d")).toBe(30);
    for (const bad of [null, "", "7", "0d", "-1d", "7days", "1000d", "7d7"]) expect(parseSinceDays(bad)).toBeNull();
  });

  it("the deals list takes ?filter=ending-soon and ?filter=expired-active", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
    const shift = (days: number) => {
      const date = new Date(`${today}T12:00:00Z`);
      date.setUTCDate(date.getUTCDate() + days);
      return date.toISOString().slice(0, 10);
    };
    await addDeal("Soon", true, shift(3));
    await addDeal("Over", true, shift(-3));
    await addDeal("Later", true, shift(30));
    const soon = (await load(dealsLoader, "/admin/deals?filter=ending-soon")) as Awaited<
      ReturnType<typeof dealsLoader>
    >;
    expect(soon.filter).toBe("ending-soon");
    expect(soon.deals.map((d) => d.title)).toEqual(["Soon"]);
    expect(soon.reorderable).toBe(false);
    const over = (await load(dealsLoader, "/admin/deals?filter=expired-active")) as Awaited<
      ReturnType<typeof dealsLoader>
    >;
    expect(over.deals.map((d) => d.title)).toEqual(["Over"]);
    const unknown = (await load(dealsLoader, "/admin/deals?filter=nonsense")) as Awaited<
      ReturnType<typeof dealsLoader>
    >;
    expect(unknown.filter).toBe("all");
    expect(unknown.deals).toHaveLength(3);
  });

  it("the applications list takes ?since=7d and keeps it in its paging links", async () => {
    await addApplication("Yesterday", new Date(Date.now() - 24 * 3600 * 1000).toISOString());
    await addApplication("Last month", new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString());
    const recent = (await load(applicationsLoader, "/admin/applications?since=7d")) as Awaited<
      ReturnType<typeof applicationsLoader>
    >;
    expect(recent.since).toBe("7d");
    expect(recent.applications.map((a) => a.name)).toEqual(["Yesterday"]);
    expect(recent.total).toBe(1);
    const all = (await load(applicationsLoader, "/admin/applications?since=forever")) as Awaited<
      ReturnType<typeof applicationsLoader>
    >;
    expect(all.since).toBeNull();
    expect(all.total).toBe(2);
  });
});

describe("dashboard loader", () => {
  it("is for admins only", async () => {
    const anonymous = (await load(dashboardLoader, "/admin", null)) as Response;
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(((await load(dashboardLoader, "/admin", memberCookie)) as Response).headers.get("Location")).toBe("/");
  });

  it("returns the counts", async () => {
    await addInquiry("Waiting", "new");
    const data = (await load(dashboardLoader, "/admin")) as Awaited<ReturnType<typeof dashboardLoader>>;
    expect(data.email).toBe("dash-admin@example.com");
    expect(data.counts.newInquiries).toBe(1);
    // No menu provider set up and no sync ever ran: the menu card says nothing about syncing.
    expect(data.menuSync).toBeNull();
  });

  it("says when the menu last synced and why the last sync failed, as something that needs attention", async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await database.db
      .insertInto("catalog_syncs")
      .values([
        { source: "provider", kind: "sync", started_at: hoursAgo(3), finished_at: hoursAgo(3), ok: true },
        {
          source: "provider",
          kind: "sync",
          started_at: hoursAgo(0.1),
          finished_at: hoursAgo(0.1),
          ok: false,
          message: "provider answered 401",
        },
      ])
      .execute();
    const data = (await load(dashboardLoader, "/admin")) as Awaited<ReturnType<typeof dashboardLoader>>;
    expect(data.menuSync).toEqual({ sentence: "Menu last synced 3 hours ago: provider answered 401", failing: true });
    const { sectionsFor } = await import("~/routes/admin/dashboard-sections");
    const menu = sectionsFor(data.counts, [], false, data.menuSync).find((section) => section.title === "Menu");
    expect(menu && "note" in menu ? menu.note : null).toEqual({
      text: "Menu last synced 3 hours ago: provider answered 401",
      to: "/admin/settings#settings-menu-sync",
      tone: "alert",
    });
  });
});
