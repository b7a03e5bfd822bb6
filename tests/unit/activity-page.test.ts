// Admin → Activity Log: the guard, the list's filters (person, kind group, one kind), its pages, and the
// CSV export (the same filters, formula-safe, and its own export.activity row).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACTIVITY_CSV_HEADER, activityCsvFileName } from "~/models/activity-listing.server";
import { recordActivity } from "~/models/activity.server";
import { loader as exportLoader } from "~/routes/admin/activity-export";
import { loader } from "~/routes/admin/activity";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";
import { loadFrom } from "./admin-requests";
import { makeUser, sessionCookieFor } from "./auth-support";
import { csvOf } from "../support/csv-response";

let database: OpenedDatabase;
let owner = { id: "", email: "" };
let manager = { id: "", email: "" };
let ownerCookie = "";
let memberCookie = "";

beforeAll(async () => {
  database = await createTestDatabase();
  const o = await makeUser("owner@example.com", "owner-pass", { admin: true });
  const m = await makeUser("manager@example.com", "manager-pass", { admin: true });
  owner = { id: o.id, email: o.email };
  manager = { id: m.id, email: m.email };
  ownerCookie = await sessionCookieFor(o.id);
  memberCookie = await sessionCookieFor((await makeUser("member@example.com", "member-pass", { admin: false })).id);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom("activity_log").execute();
});

type PageData = Awaited<ReturnType<typeof loader>>;
const load = async (query = "", cookie: string | null = ownerCookie) =>
  (await loadFrom(loader, `/admin/activity${query}`, cookie)) as PageData;
const loadResponse = async (query = "", cookie: string | null = ownerCookie) =>
  (await loadFrom(loader, `/admin/activity${query}`, cookie)) as Response;

/** A row written directly at a chosen time (minutes after a fixed start), as a change would write it. */
async function logAt(
  minute: number,
  kind: string,
  actor: { id: string | null; email: string } | null,
  subject: { type: string; id: string; title: string } | null = {
    type: "brand",
    id: `b${minute}`,
    title: `Brand ${minute}`,
  },
  changes: Record<string, unknown> | null = null,
) {
  await database.db
    .insertInto("activity_log")
    .values({
      created_at: new Date(Date.UTC(2026, 10, 20, 22, minute)),
      kind,
      actor_id: actor?.id ?? null,
      actor_email: actor?.email ?? null,
      subject_type: subject?.type ?? null,
      subject_id: subject?.id ?? null,
      subject_title: subject?.title ?? null,
      changes: changes ? JSON.stringify(changes) : null,
      ip: actor ? "203.0.113.7" : null,
    })
    .execute();
}

const titles = (data: PageData) => data.entries.map((entry) => entry.subject?.title ?? entry.what);

describe("activity log: guard", () => {
  it("sends a signed-out visitor to the login page, and a signed-in non-admin home, from the page and the export", async () => {
    const page = await loadResponse("", null);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Factivity");
    const file = (await loadFrom(exportLoader, "/admin/activity/export.csv", null)) as Response;
    expect(file.status).toBe(302);
    expect(file.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    expect(((await loadFrom(loader, "/admin/activity", memberCookie)) as Response).headers.get("Location")).toBe("/");
    // A refused export is no export: nothing recorded.
    expect(await database.db.selectFrom("activity_log").selectAll().execute()).toEqual([]);
  });
});

describe("activity log: the list", () => {
  it("shows each entry newest first: when (stores' time), who, what, the subject and the changes", async () => {
    await logAt(5, "brand.update", owner, undefined, {
      name: { from: "Old", to: "New" },
      is_featured: { from: false, to: true },
      logo: "(changed)",
    });
    await logAt(1, "auth.sign-in-failed", null, null);
    const data = await load();
    expect(data.total).toBe(2);
    expect(data.entries[0]).toEqual({
      id: expect.any(String),
      at: "2026-11-20T22:05:00.000Z",
      atText: "Nov 20, 2026, 4:05 PM",
      who: "owner@example.com",
      ip: "203.0.113.7",
      kind: "brand.update",
      group: "content",
      what: "Brand updated",
      subject: { type: "Brand", id: "b5", title: "Brand 5" },
      // (jsonb keeps its own key order.)
      changes: expect.arrayContaining([
        { field: "name", redacted: false, from: "Old", to: "New" },
        { field: "is_featured", redacted: false, from: "No", to: "Yes" },
        { field: "logo", redacted: true },
      ]),
    });
    expect(data.entries[0].changes).toHaveLength(3);
    expect(data.entries[1]).toMatchObject({ who: null, what: "Sign-in failed", subject: null, changes: [] });
    expect(data.exportHref).toBe("/admin/activity/export.csv");
  });

  it("offers each person in the log (a removed account by its kept e-mail) and every group and kind", async () => {
    await logAt(1, "brand.create", owner);
    await logAt(2, "deal.create", manager);
    await logAt(3, "post.create", { id: null, email: "former@example.com" });
    const data = await load();
    expect(data.people).toEqual([
      { value: "email:former@example.com", label: "former@example.com (removed)" },
      { value: manager.id, label: "manager@example.com" },
      { value: owner.id, label: "owner@example.com" },
    ]);
    expect(data.kinds.map((group) => group.id)).toEqual([
      "content",
      "reviews",
      "settings",
      "users",
      "submissions",
      "exports",
      "sign-in",
    ]);
    expect(data.kinds.find((group) => group.id === "reviews")!.kinds).toContainEqual({
      value: "review.hide",
      label: "Review hidden",
    });
  });

  it("filters by person: an account by its id, a removed account by its e-mail", async () => {
    await logAt(1, "brand.create", owner);
    await logAt(2, "deal.create", manager);
    await logAt(3, "post.create", { id: null, email: "former@example.com" });
    await logAt(4, "review.hide", manager, { type: "review", id: "r1", title: "Jordan M." });

    const managers = await load(`?person=${manager.id}`);
    expect(titles(managers)).toEqual(["Jordan M.", "Brand 2"]);
    expect(managers).toMatchObject({ person: manager.id, kind: null, total: 2 });
    expect(managers.exportHref).toBe(`/admin/activity/export.csv?person=${manager.id}`);

    expect(titles(await load("?person=email:former@example.com"))).toEqual(["Brand 3"]);
    // An id of nobody in the log: nothing matches, and the form still shows the choice.
    const nobody = await load(`?person=${crypto.randomUUID()}`);
    expect(nobody.entries).toEqual([]);
    // Not a person at all: ignored.
    const ignored = await load("?person=robert'); drop table");
    expect(ignored).toMatchObject({ person: null, total: 4 });
  });

  it("filters by kind: a whole group, or one kind; combined with a person; an unknown kind is ignored", async () => {
    await logAt(1, "brand.create", owner);
    await logAt(2, "review.hide", owner, { type: "review", id: "r1", title: "Hidden by owner" });
    await logAt(3, "review.feature", manager, { type: "review", id: "r2", title: "Featured by manager" });
    await logAt(4, "settings.update", manager, { type: "settings", id: "site", title: "Site settings" });

    expect(titles(await load("?kind=reviews"))).toEqual(["Featured by manager", "Hidden by owner"]);
    expect(titles(await load("?kind=review.hide"))).toEqual(["Hidden by owner"]);
    expect(titles(await load(`?kind=reviews&person=${manager.id}`))).toEqual(["Featured by manager"]);
    expect(await load("?kind=users")).toMatchObject({ entries: [], total: 0, kind: "users" });
    expect(await load("?kind=nonsense")).toMatchObject({ kind: null, total: 4 });
  });

  it("drops a filter the form left empty from the address", async () => {
    const response = await loadResponse("?person=&kind=reviews");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/activity?kind=reviews");
  });

  it("pages by 50, newest first, and sends a page past the end (or a malformed one) back", async () => {
    await database.db
      .insertInto("activity_log")
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          created_at: new Date(Date.UTC(2026, 10, 1, 0, i)),
          kind: "brand.update",
          actor_id: owner.id,
          actor_email: owner.email,
          subject_type: "brand",
          subject_id: `b${i}`,
          subject_title: `Brand ${i}`,
        })),
      )
      .execute();
    const first = await load();
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 120, first: 1 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0].subject?.title).toBe("Brand 119");
    const last = await load("?page=3");
    expect(last.entries.map((e) => e.subject?.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Brand ${19 - i}`));
    expect(last.first).toBe(101);

    const past = await loadResponse("?kind=content&page=9");
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/admin/activity?kind=content&page=3");
    const malformed = await loadResponse("?page=abc");
    expect(malformed.headers.get("Location")).toBe("/admin/activity");
    // A filter that matches one page: page 2 goes back to the only page.
    const filtered = await loadResponse("?kind=reviews&page=2");
    expect(filtered.headers.get("Location")).toBe("/admin/activity?kind=reviews");
  });
});

describe("activity log: CSV export", () => {
  it("streams the filtered log, formula-safe, as an attachment, and records its own export first", async () => {
    await logAt(
      1,
      "brand.update",
      owner,
      { type: "brand", id: "b1", title: '=HYPERLINK("http://evil")' },
      {
        name: { from: "+1", to: "@SUM(A1)" },
      },
    );
    await logAt(2, "review.hide", manager, { type: "review", id: "r1", title: "Jordan M." });
    await logAt(3, "review.feature", owner, { type: "review", id: "r2", title: "Casey R." });

    const response = (await loadFrom(exportLoader, "/admin/activity/export.csv", ownerCookie)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${activityCsvFileName()}"`);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const [header, ...rows] = await csvOf(response);
    expect(header).toEqual(ACTIVITY_CSV_HEADER);
    expect(rows.map((row) => row[2])).toEqual([
      "Activity log exported",
      "Review featured",
      "Review hidden",
      "Brand updated",
    ]);
    expect(rows[0]).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      "owner@example.com",
      "Activity log exported",
      "export",
      activityCsvFileName(),
      "Activity log",
      "",
      // The request's client address (whatever the test request has).
      expect.any(String),
    ]);
    // Spreadsheet formulas are defused with a leading apostrophe.
    const brand = rows[3];
    expect(brand[5]).toBe('\'=HYPERLINK("http://evil")');
    expect(brand[6]).toBe("name: +1 → @SUM(A1)");
    expect(rows[2]).toEqual([
      "2026-11-20 16:02",
      "manager@example.com",
      "Review hidden",
      "review",
      "r1",
      "Jordan M.",
      "",
      "203.0.113.7",
    ]);
  });

  it("exports only what the filters match, and records the filters it used by name", async () => {
    await logAt(1, "brand.update", owner);
    await logAt(2, "review.hide", manager, { type: "review", id: "r1", title: "Jordan M." });
    await logAt(3, "review.feature", owner, { type: "review", id: "r2", title: "Casey R." });

    const response = (await loadFrom(
      exportLoader,
      `/admin/activity/export.csv?person=${owner.id}&kind=reviews`,
      ownerCookie,
    )) as Response;
    const [, ...rows] = await csvOf(response);
    expect(rows.map((row) => [row[1], row[2], row[5]])).toEqual([["owner@example.com", "Review featured", "Casey R."]]);

    const exported = await database.db
      .selectFrom("activity_log")
      .selectAll()
      .where("kind", "=", "export.activity")
      .execute();
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({
      actor_id: owner.id,
      actor_email: owner.email,
      subject_type: "export",
      subject_id: activityCsvFileName(),
      subject_title: "Activity log",
    });
    expect(exported[0].changes).toEqual({
      person: { from: null, to: "owner@example.com" },
      kind: { from: null, to: "Reviews" },
    });
    // It shows on the page, under Exports.
    expect(titles(await load("?kind=exports"))).toEqual(["Activity log"]);
  });

  it("writes a row through recordActivity that the list then shows with its changes", async () => {
    await recordActivity(await database.db, {
      kind: "hours.update",
      actor: manager,
      subject: { type: "hours", id: "hours.Lindsey", title: "Lindsey Street weekly hours" },
      changes: { saturday: { from: "9 AM – 12 AM", to: "10 AM – 1 AM" } },
    });
    const [entry] = (await load("?kind=settings")).entries;
    expect(entry).toMatchObject({
      who: "manager@example.com",
      what: "Hours updated",
      subject: { type: "Hours", title: "Lindsey Street weekly hours" },
      changes: [{ field: "saturday", redacted: false, from: "9 AM – 12 AM", to: "10 AM – 1 AM" }],
    });
  });
});
