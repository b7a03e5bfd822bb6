// The activity log rows of the reviews, settings, hours, inquiry-status and CSV-export writes: each change
// made through its admin route writes exactly one row (who, what, which fields), a refused change writes
// none, and a failure inside the change's own transaction (the log row cannot be written: its actor is no
// account) undoes the change too — the row and the change are one transaction.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { site } from "~/content/site";
import { stores } from "~/content/stores";
import { todayInStoreZone } from "~/lib/dates";
import { updateInquiryStatus } from "~/models/inquiries.server";
import { submitContactInquiry, submitJobApplication } from "~/services/submissions.server";
import {
  createReview,
  createReviews,
  deleteReview,
  deleteSampleReviews,
  getReview,
  type ReviewInput,
  setReviewFeatured,
  setReviewHidden,
  updateReview,
} from "~/models/reviews.server";
import { getSiteSettings, saveSiteSettings } from "~/models/site-settings.server";
import {
  createHoursException,
  deleteHoursException,
  getHoursException,
  getWeeklyHours,
  saveWeeklyHours,
  updateHoursException,
} from "~/models/store-hours-settings.server";
import { loader as applicationsExport } from "~/routes/admin/applications-export";
import { action as hoursAction } from "~/routes/admin/hours";
import { action as inquiriesAction } from "~/routes/admin/inquiries";
import { loader as inquiriesExport } from "~/routes/admin/inquiries-export";
import { action as reviewsAction } from "~/routes/admin/reviews";
import { action as settingsAction } from "~/routes/admin/settings";
import type { OpenedDatabase } from "~/server/db.server";
import { recordCsvExport } from "~/routes/admin/export-activity.server";
import { csvResponse } from "~/server/csv.server";
import { createTestDatabase } from "../support/database";
import { useTemporaryDataDir } from "../support/forms";
import { formOf, loadFrom, postTo, settingsFormWith } from "./admin-requests";
import { makeUser, sessionCookieFor } from "./auth-support";

useTemporaryDataDir("activity-recording");

let database: OpenedDatabase;
let admin = { id: "", email: "" };
let cookie = "";
/** Not an account: writing its log row breaks the foreign key, inside the change's transaction. */
const ghost = { id: randomUUID(), email: "ghost@example.com" };

beforeAll(async () => {
  database = await createTestDatabase();
  const user = await makeUser("recorder@example.com", "recorder-pass", { admin: true });
  admin = { id: user.id, email: user.email };
  cookie = await sessionCookieFor(user.id);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  for (const table of [
    "activity_log",
    "reviews",
    "site_settings",
    "store_hours_exceptions",
    "contact_inquiries",
    "job_applications",
  ] as const) {
    await database.db.deleteFrom(table).execute();
  }
});

const logRows = () => database.db.selectFrom("activity_log").selectAll().orderBy("created_at").orderBy("id").execute();

/** The one row the change wrote, checked for who did it. */
async function onlyRow() {
  const rows = await logRows();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ actor_id: admin.id, actor_email: admin.email });
  return rows[0];
}

async function expectNoRows() {
  expect(await logRows()).toEqual([]);
}

const reviewFields = {
  intent: "create",
  store: "Lindsey",
  author: "Jordan M.",
  source: "Google",
  rating: "5",
  quote: "Friendly staff and a clean shop.",
  review_date: "2026-06-01",
};

const reviewInput: ReviewInput = {
  store: "BlueWater",
  author: "Casey R.",
  source: "Leafly",
  rating: 4,
  quote: "Quick service.",
  reviewDate: "2026-05-02",
};

/** Reviews inserted the way the seed does (no log row). */
async function seedReviews(...inputs: Partial<ReviewInput>[]) {
  await createReviews(inputs.map((input, i) => ({ ...reviewInput, author: `Seeded ${i}`, ...input })));
  return database.db.selectFrom("reviews").selectAll().orderBy("author").execute();
}

const postReview = (fields: Record<string, string>, search = "") =>
  postTo(reviewsAction, `/admin/reviews${search}`, formOf(fields), cookie);

describe("reviews", () => {
  it("review.create: one row with the reviewer, the store and the new values", async () => {
    const result = await postReview(reviewFields, "?dialog=new");
    expect(result.status).toBe(302);
    const review = (await database.db.selectFrom("reviews").selectAll().executeTakeFirstOrThrow())!;
    const row = await onlyRow();
    expect(row).toMatchObject({
      kind: "review.create",
      subject_type: "review",
      subject_id: review.id,
      subject_title: "Jordan M. · Lindsey Street",
    });
    expect(row.changes).toMatchObject({
      author: { from: null, to: "Jordan M." },
      rating: { from: null, to: 5 },
      quote: { from: null, to: "Friendly staff and a clean shop." },
      is_hidden: { from: null, to: false },
    });
  });

  it("review.create: a refused save (the featured places are taken) and a failure in its transaction write none", async () => {
    await seedReviews(...Array.from({ length: 4 }, () => ({ isFeatured: true })));
    const refused = await postReview({ ...reviewFields, is_featured: "on" }, "?dialog=new");
    expect(refused.status).toBe(400);
    await expectNoRows();

    await expect(createReview(reviewInput, ghost)).rejects.toThrow();
    expect(await database.db.selectFrom("reviews").where("author", "=", "Casey R.").selectAll().execute()).toEqual([]);
    await expectNoRows();
  });

  it("review.update: only the fields that changed, a sample becoming the owner's among them", async () => {
    const [sample] = await seedReviews({ author: "Marcus T.", isSample: true, store: "Lindsey" });
    const result = await postReview(
      {
        ...reviewFields,
        intent: "update",
        id: sample.id,
        author: "Marcus T.",
        source: "Leafly",
        rating: "4",
        review_date: "2026-05-02",
        quote: "Real words now.",
      },
      `?edit=${sample.id}`,
    );
    expect(result.status).toBe(302);
    const row = await onlyRow();
    expect(row).toMatchObject({
      kind: "review.update",
      subject_id: sample.id,
      subject_title: "Marcus T. · Lindsey Street",
    });
    expect(row.changes).toEqual({
      quote: { from: "Quick service.", to: "Real words now." },
      is_sample: { from: true, to: false },
    });
  });

  it("review.update: a missing review and a failure in its transaction write none, and the review stays as it was", async () => {
    const missing = await postReview({ ...reviewFields, intent: "update", id: randomUUID() });
    expect(missing.status).toBe(302);
    await expectNoRows();

    const [review] = await seedReviews({});
    await expect(updateReview(review.id, { ...reviewInput, quote: "Changed" }, ghost)).rejects.toThrow();
    expect((await getReview(review.id))?.quote).toBe("Quick service.");
    await expectNoRows();
  });

  it("review.delete: one row with what the review held; a missing one or a failed transaction none", async () => {
    const [review] = await seedReviews({ author: "Dana P." });
    expect((await postReview({ intent: "delete", id: randomUUID(), confirmed: "yes" })).status).toBe(302);
    await expectNoRows();

    await expect(deleteReview(review.id, ghost)).rejects.toThrow();
    expect(await getReview(review.id)).toBeDefined();
    await expectNoRows();

    expect((await postReview({ intent: "delete", id: review.id, confirmed: "yes" })).status).toBe(302);
    expect(await getReview(review.id)).toBeUndefined();
    const row = await onlyRow();
    expect(row).toMatchObject({ kind: "review.delete", subject_id: review.id, subject_title: "Dana P. · Blue Water" });
    expect(row.changes).toMatchObject({
      author: { from: "Dana P.", to: null },
      quote: { from: "Quick service.", to: null },
    });
  });

  it("review.feature / unfeature / hide / show: one row each, with the flag that changed", async () => {
    const [review] = await seedReviews({ author: "Eli K." });
    for (const intent of ["feature", "unfeature", "hide", "show"]) {
      expect((await postReview({ intent, id: review.id })).status).toBe(302);
    }
    const rows = await logRows();
    expect(rows.map((row) => [row.kind, row.subject_id, row.actor_id, row.changes])).toEqual([
      ["review.feature", review.id, admin.id, { is_featured: { from: false, to: true } }],
      ["review.unfeature", review.id, admin.id, { is_featured: { from: true, to: false } }],
      ["review.hide", review.id, admin.id, { is_hidden: { from: false, to: true } }],
      ["review.show", review.id, admin.id, { is_hidden: { from: true, to: false } }],
    ]);
  });

  it("review.feature / hide: refused, missing or failed in the transaction, none — and nothing changes", async () => {
    const seeded = await seedReviews(...Array.from({ length: 4 }, () => ({ isFeatured: true })), { author: "Z" });
    const plain = seeded.find((r) => !r.is_featured)!;
    expect((await postReview({ intent: "feature", id: plain.id })).status).toBe(302);
    expect((await postReview({ intent: "hide", id: randomUUID() })).status).toBe(302);
    expect((await postReview({ intent: "unfeature", id: randomUUID() })).status).toBe(302);
    await expectNoRows();

    await expect(setReviewHidden(plain.id, true, ghost)).rejects.toThrow();
    await expect(setReviewFeatured(seeded[0].id, false, ghost)).rejects.toThrow();
    expect(await getReview(plain.id)).toMatchObject({ is_hidden: false, is_featured: false });
    expect(await getReview(seeded[0].id)).toMatchObject({ is_featured: true });
    await expectNoRows();
  });

  it("review.remove-samples: one row for the lot; none when there are none, or when the transaction fails", async () => {
    await seedReviews({ isSample: true }, { isSample: true }, { isSample: true }, { author: "Owner's own" });
    await expect(deleteSampleReviews(ghost)).rejects.toThrow();
    expect(await database.db.selectFrom("reviews").selectAll().execute()).toHaveLength(4);
    await expectNoRows();

    expect((await postReview({ intent: "remove-samples", confirmed: "yes" })).status).toBe(302);
    const row = await onlyRow();
    expect(row).toMatchObject({
      kind: "review.remove-samples",
      subject_type: "review",
      subject_id: "samples",
      subject_title: "3 sample reviews",
    });

    expect((await postReview({ intent: "remove-samples", confirmed: "yes" })).status).toBe(302);
    expect(await logRows()).toHaveLength(1);
  });
});

describe("settings and hours", () => {
  it("settings.update: one row naming each changed field by its dotted name, the recipients as one text", async () => {
    const before = await getSiteSettings();
    const result = await postTo(
      settingsAction,
      "/admin/settings",
      await settingsFormWith({
        name: "Norman Green Co.",
        "stores.Lindsey.phone": "405-555-0111",
        "banner.text": "Closed Thanksgiving Day.",
        "notify.inquiries": "front@example.com\nowner@example.com",
      }),
      cookie,
    );
    expect(result.status).toBe(302);
    const row = await onlyRow();
    expect(row).toMatchObject({
      kind: "settings.update",
      subject_type: "settings",
      subject_id: "site",
      subject_title: "Site settings",
    });
    expect(row.changes).toEqual({
      name: { from: site.name, to: "Norman Green Co." },
      "banner.text": { from: before.banner.text, to: "Closed Thanksgiving Day." },
      "notify.inquiries": { from: before.notify.inquiries.join(", "), to: "front@example.com, owner@example.com" },
      "stores.Lindsey.phone": { from: stores[0].phone, to: "(405) 555-0111" },
    });
  });

  it("settings.update: an invalid form and a failure in the transaction write none; the settings stay", async () => {
    const invalid = await postTo(settingsAction, "/admin/settings", await settingsFormWith({ email: "nope" }), cookie);
    expect(invalid.status).toBe(400);
    await expectNoRows();

    await expect(saveSiteSettings({ ...(await getSiteSettings()), name: "Never Saved" }, ghost)).rejects.toThrow();
    expect((await getSiteSettings()).name).toBe(site.name);
    await expectNoRows();
  });

  /** The weekly form: 9 AM – 10 PM every day, then `days`. */
  function weekForm(store: string, days: Record<number, { opens: string; closes: string }>) {
    const fields: Record<string, string> = { intent: "save-week", store };
    for (let day = 0; day < 7; day++) {
      const value = days[day] ?? { opens: "09:00", closes: "22:00" };
      fields[`d${day}.opens`] = value.opens;
      fields[`d${day}.closes`] = value.closes;
    }
    return new URLSearchParams(fields);
  }

  it("hours.update: one row for the store's week, with each changed day in words", async () => {
    // Lindsey Street's defaults: 9 AM – 10 PM, Friday and Saturday until midnight.
    const result = await postTo(
      hoursAction,
      "/admin/hours",
      weekForm("Lindsey", { 5: { opens: "09:00", closes: "00:00" }, 6: { opens: "10:00", closes: "01:30" } }),
      cookie,
    );
    expect(result.status).toBe(302);
    const row = await onlyRow();
    expect(row).toMatchObject({
      kind: "hours.update",
      subject_type: "hours",
      subject_id: "hours.Lindsey",
      subject_title: "Lindsey Street weekly hours",
    });
    expect(row.changes).toEqual({ saturday: { from: "9 AM – midnight", to: "10 AM – 1:30 AM" } });
  });

  it("hours.update: an invalid week and a failure in the transaction write none; the hours stay", async () => {
    const invalid = await postTo(
      hoursAction,
      "/admin/hours",
      weekForm("BlueWater", { 2: { opens: "25:00", closes: "22:00" } }),
      cookie,
    );
    expect(invalid.status).toBe(400);
    await expectNoRows();

    const week = await getWeeklyHours("BlueWater");
    await expect(
      saveWeeklyHours(
        "BlueWater",
        week.map(() => null),
        ghost,
      ),
    ).rejects.toThrow();
    expect(await getWeeklyHours("BlueWater")).toEqual(week);
    await expectNoRows();
  });

  const closure = {
    intent: "create",
    store: "Lindsey",
    start_date: "2026-11-26",
    end_date: "",
    kind: "closed",
    opens: "",
    closes: "",
    label: "Thanksgiving",
  };

  it("hours-exception.create / update / delete: one row each, titled by its label, dates and store", async () => {
    expect((await postTo(hoursAction, "/admin/hours?dialog=new", new URLSearchParams(closure), cookie)).status).toBe(
      302,
    );
    const created = await database.db.selectFrom("store_hours_exceptions").selectAll().executeTakeFirstOrThrow();
    const update = { ...closure, intent: "update", id: created.id, kind: "special", opens: "09:00", closes: "15:00" };
    expect(
      (await postTo(hoursAction, `/admin/hours?edit=${created.id}`, new URLSearchParams(update), cookie)).status,
    ).toBe(302);
    const remove = new URLSearchParams({ intent: "delete", id: created.id, confirmed: "yes" });
    expect((await postTo(hoursAction, "/admin/hours", remove, cookie)).status).toBe(302);

    const rows = await logRows();
    expect(rows.map((row) => [row.kind, row.subject_type, row.subject_id, row.subject_title, row.actor_id])).toEqual([
      [
        "hours-exception.create",
        "hours-exception",
        created.id,
        "Thanksgiving, Nov 26, 2026 (Lindsey Street)",
        admin.id,
      ],
      [
        "hours-exception.update",
        "hours-exception",
        created.id,
        "Thanksgiving, Nov 26, 2026 (Lindsey Street)",
        admin.id,
      ],
      [
        "hours-exception.delete",
        "hours-exception",
        created.id,
        "Thanksgiving, Nov 26, 2026 (Lindsey Street)",
        admin.id,
      ],
    ]);
    expect(rows[0].changes).toMatchObject({
      label: { from: null, to: "Thanksgiving" },
      closed: { from: null, to: true },
      start_date: { from: null, to: "2026-11-26" },
    });
    expect(rows[1].changes).toEqual({
      closed: { from: true, to: false },
      opens: { from: null, to: "09:00" },
      closes: { from: null, to: "15:00" },
    });
    expect(rows[2].changes).toMatchObject({ label: { from: "Thanksgiving", to: null } });
  });

  it("hours-exception: invalid, missing, or failed in the transaction, none — and nothing changes", async () => {
    const invalid = await postTo(hoursAction, "/admin/hours", new URLSearchParams({ ...closure, label: "" }), cookie);
    expect(invalid.status).toBe(400);
    const missing = { ...closure, intent: "update", id: randomUUID() };
    expect((await postTo(hoursAction, "/admin/hours", new URLSearchParams(missing), cookie)).status).toBe(302);
    const gone = new URLSearchParams({ intent: "delete", id: randomUUID(), confirmed: "yes" });
    expect((await postTo(hoursAction, "/admin/hours", gone, cookie)).status).toBe(302);
    await expectNoRows();

    const input = {
      store: "BlueWater" as const,
      startDate: "2026-12-25",
      endDate: "2026-12-25",
      closed: true,
      opens: null,
      closes: null,
      label: "Christmas",
    };
    await expect(createHoursException(input, ghost)).rejects.toThrow();
    expect(await database.db.selectFrom("store_hours_exceptions").selectAll().execute()).toEqual([]);
    const row = await createHoursException(input, admin);
    await database.db.deleteFrom("activity_log").execute();
    await expect(updateHoursException(row.id, { ...input, label: "Christmas Day" }, ghost)).rejects.toThrow();
    await expect(deleteHoursException(row.id, ghost)).rejects.toThrow();
    expect(await getHoursException(row.id)).toMatchObject({ label: "Christmas" });
    await expectNoRows();
  });
});

describe("inquiry status", () => {
  const inquiry = () =>
    submitContactInquiry({
      name: "Sam Lee",
      email: "sam@example.com",
      topic: "product-suggestion",
      message: "Please stock more pre-rolls.",
    });
  const postStatus = (id: string, status: string) =>
    postTo(
      inquiriesAction,
      "/admin/inquiries",
      new URLSearchParams({ intent: "status", id, status, via: "fetcher" }),
      cookie,
    );

  it("inquiry.status: one row, the inquiry named by its topic (never the sender), status from → to", async () => {
    const row = await inquiry();
    expect((await postStatus(row.id, "in-progress")).status).toBe(200);
    const logged = await onlyRow();
    expect(logged).toMatchObject({
      kind: "inquiry.status",
      subject_type: "inquiry",
      subject_id: row.id,
      subject_title: "Product Suggestion",
    });
    expect(logged.changes).toEqual({ status: { from: "new", to: "in-progress" } });
    expect(JSON.stringify(logged)).not.toMatch(/Sam|sam@example/);
  });

  it("inquiry.status: an unknown inquiry or status, or a failure in the transaction, writes none", async () => {
    const row = await inquiry();
    expect((await postStatus(randomUUID(), "closed")).status).toBe(404);
    expect((await postStatus(row.id, "archived")).status).toBe(400);
    await expect(updateInquiryStatus(row.id, "closed", ghost)).rejects.toThrow();
    const stored = await database.db.selectFrom("contact_inquiries").select("status").executeTakeFirstOrThrow();
    expect(stored.status).toBe("new");
    await expectNoRows();
  });
});

describe("CSV exports", () => {
  const today = todayInStoreZone();

  it("export.applications: one row naming the file and the filters used, before the file streams", async () => {
    await submitJobApplication({
      fullName: "Jordan Rivera",
      email: "jordan@example.com",
      phone: "(405) 555-0199",
      position: "budtender",
      availability: "Weekdays",
      howDidYouHear: null,
    });
    const response = (await loadFrom(
      applicationsExport,
      "/admin/applications/export.csv?q=jordan&since=7d",
      cookie,
    )) as Response;
    expect(response.status).toBe(200);
    // Written before a byte of the file was read.
    const row = await onlyRow();
    expect(row).toMatchObject({
      kind: "export.applications",
      subject_type: "export",
      subject_id: `job-applications-${today}.csv`,
      subject_title: "Job applications",
    });
    expect(row.changes).toEqual({ search: { from: null, to: "jordan" }, since: { from: null, to: "last 7 days" } });
    expect(await response.text()).toContain("Jordan Rivera");
  });

  it("export.inquiries: one row with its filters; none for a signed-out request", async () => {
    const signedOut = (await loadFrom(inquiriesExport, "/admin/inquiries/export.csv", null)) as Response;
    expect(signedOut.status).toBe(302);
    await expectNoRows();

    const response = (await loadFrom(inquiriesExport, "/admin/inquiries/export.csv?status=closed", cookie)) as Response;
    expect(response.status).toBe(200);
    const row = await onlyRow();
    expect(row).toMatchObject({ kind: "export.inquiries", subject_id: `contact-inquiries-${today}.csv` });
    expect(row.changes).toEqual({ status: { from: null, to: "Closed" } });

    await database.db.deleteFrom("activity_log").execute();
    await loadFrom(inquiriesExport, "/admin/inquiries/export.csv", cookie);
    expect((await onlyRow()).changes).toBeNull();
  });

  it("an export whose row cannot be written fails, and its file is cancelled before it starts", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      cancel() {
        cancelled = true;
      },
    });
    const attempt = recordCsvExport(csvResponse(body, "contact-inquiries-x.csv"), {
      kind: "export.inquiries",
      actor: ghost,
      title: "Contact inquiries",
      filters: {},
    });
    await expect(attempt).rejects.toThrow();
    expect(cancelled).toBe(true);
    await expectNoRows();
  });
});
