// Admin → Reviews: the guard, create / update / delete with the spec's fields, a sample becoming the owner's
// review when edited, Feature / Unfeature (at most four), Hide / Show, 'Remove all sample reviews', and the
// public queries that /reviews and the home page read.
import { getToast } from "remix-toast";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInStoreZone } from "~/lib/dates";
import {
  RATING_MESSAGE,
  REVIEW_DATE_FUTURE,
  REVIEW_DATE_INVALID,
  REVIEW_DATE_REQUIRED,
  REVIEW_MESSAGES,
  SOURCE_MESSAGE,
  STORE_MESSAGE,
} from "~/lib/schemas/review";
import {
  createReviews,
  getReview,
  setReviewFeatured,
  listFeaturedReviews,
  listVisibleReviewsForStore,
  type ReviewInput,
} from "~/models/reviews.server";
import { action, loader } from "~/routes/admin/reviews";
import { loader as homeLoader } from "~/routes/site/home";
import { loader as reviewsPageLoader } from "~/routes/site/reviews";
import { db, type OpenedDatabase } from "~/server/db.server";
import type { Review } from "~/server/schema.server";
import { createPostgresTestDatabase, createTestDatabase } from "../support/database";
import { asResult, makeUser, ORIGIN, callRoute, sessionCookieFor, settle } from "./auth-support";

let database: OpenedDatabase;
let adminCookie = "";
let memberCookie = "";
beforeAll(async () => {
  database = await createTestDatabase();
  adminCookie = await sessionCookieFor((await makeUser("reviews-admin@example.com", "admin-pass", { admin: true })).id);
  memberCookie = await sessionCookieFor(
    (await makeUser("reviews-member@example.com", "member-pass", { admin: false })).id,
  );
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom("reviews").execute();
});

const TODAY = todayInStoreZone();

async function post(fields: Record<string, string>, search = "", cookie: string | null = adminCookie) {
  const headers = new Headers({ Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`${ORIGIN}/admin/reviews${search}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
  });
  return asResult(await settle(() => callRoute(action, request)));
}

type LoaderData = Awaited<ReturnType<typeof loader>>;
async function load(search = "", cookie: string | null = adminCookie) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  return settle(() => callRoute(loader, new Request(`${ORIGIN}/admin/reviews${search}`, { headers })));
}

async function toastOf(response: { headers: Headers }) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  return (await getToast(new Request(ORIGIN, { headers: { Cookie: cookie.split(";")[0] } }))).toast;
}

/** Every review in the app's database, newest first. */
const allReviews = async () => (await db()).selectFrom("reviews").selectAll().orderBy("review_date", "desc").execute();

const valid = {
  intent: "create",
  store: "Lindsey",
  author: "Pat Q.",
  source: "Google",
  rating: "5",
  quote: "Friendly and quick.",
  review_date: "2026-01-15",
};

/** Adds reviews directly (as the seed does) and answers them by author. */
async function seed(...inputs: Partial<ReviewInput>[]): Promise<Record<string, Review>> {
  await createReviews(
    inputs.map((input, i) => ({
      store: "Lindsey",
      author: `Author ${i}`,
      source: "Google",
      rating: 5,
      quote: "Fine.",
      reviewDate: addDays("2026-01-01", i),
      ...input,
    })),
  );
  return Object.fromEntries((await allReviews()).map((r) => [r.author, r]));
}

describe("admin reviews: guard", () => {
  it("refuses anonymous visitors and signed-in users without the admin role, loader and every action", async () => {
    const anonymous = (await load("?store=BlueWater", null)) as Response;
    expect(anonymous.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Freviews%3Fstore%3DBlueWater");
    expect(((await load("", memberCookie)) as Response).headers.get("Location")).toBe("/");

    const { Kept: kept } = await seed({ author: "Kept", isSample: true });
    const attempts: Record<string, string>[] = [
      valid,
      { ...valid, intent: "update", id: kept.id },
      { intent: "delete", id: kept.id, confirmed: "yes" },
      { intent: "feature", id: kept.id },
      { intent: "hide", id: kept.id },
      { intent: "remove-samples", confirmed: "yes" },
    ];
    for (const fields of attempts) {
      const anonymousPost = await post(fields, "", null);
      expect(anonymousPost.status).toBe(302);
      expect(anonymousPost.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
      expect((await post(fields, "", memberCookie)).headers.get("Location")).toBe("/");
    }
    expect(await allReviews()).toEqual([kept]);
  });
});

describe("admin reviews: list", () => {
  it("shows one store per tab, newest review first, with counts, and searches author and quote", async () => {
    await seed(
      { author: "Old Lindsey", reviewDate: "2025-05-01", quote: "Great flower." },
      { author: "New Lindsey", reviewDate: "2026-02-01", quote: "Fast pickup.", isHidden: true },
      {
        author: "Blue One",
        store: "BlueWater",
        reviewDate: "2026-01-01",
        quote: "100% happy_customer",
        isSample: true,
      },
    );
    const lindsey = (await load()) as LoaderData;
    expect(lindsey.store).toBe("Lindsey");
    // Hidden reviews are in the admin's list (with their badge), not on the website.
    expect(lindsey.reviews.map((r) => [r.author, r.isHidden])).toEqual([
      ["New Lindsey", true],
      ["Old Lindsey", false],
    ]);
    expect(lindsey.counts).toEqual({ perStore: { Lindsey: 2, BlueWater: 1 }, samples: 1, featured: 0 });

    const blue = (await load("?store=BlueWater")) as LoaderData;
    expect(blue.reviews.map((r) => r.author)).toEqual(["Blue One"]);

    const authors = async (search: string) => ((await load(search)) as LoaderData).reviews.map((r) => r.author);
    expect(await authors("?q=FLOWER")).toEqual(["Old Lindsey"]);
    expect(await authors("?q=new%20lind")).toEqual(["New Lindsey"]);
    // LIKE's wildcards are taken literally.
    expect(await authors("?store=BlueWater&q=100%25")).toEqual(["Blue One"]);
    expect(await authors("?store=BlueWater&q=y_c")).toEqual(["Blue One"]);
    expect(await authors("?q=%25")).toEqual([]);
    expect(await authors("?q=_")).toEqual([]);
    // The tabs count what the search finds in each store.
    expect(((await load("?q=happy")) as LoaderData).counts.perStore).toEqual({ Lindsey: 0, BlueWater: 1 });
  });
});

describe("admin reviews: create", () => {
  it("creates a review and returns to the list with the spec's toast", async () => {
    const result = await post(
      { ...valid, author: "  Pat Q. ", quote: " Friendly and quick. ", is_featured: "on" },
      "?dialog=new&q=pat",
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/reviews?q=pat");
    expect(await toastOf(result)).toMatchObject({ type: "success", message: REVIEW_MESSAGES.created });
    expect(await allReviews()).toMatchObject([
      {
        store: "Lindsey",
        author: "Pat Q.",
        source: "Google",
        rating: 5,
        quote: "Friendly and quick.",
        review_date: "2026-01-15",
        is_sample: false,
        is_featured: true,
        is_hidden: false,
      },
    ]);
  });

  it("goes to the saved review's store tab when it belongs to the other store", async () => {
    const result = await post({ ...valid, store: "BlueWater", source: "In store" }, "?store=Lindsey&page=2&dialog=new");
    expect(result.headers.get("Location")).toBe("/admin/reviews?store=BlueWater");
    expect((await allReviews())[0]).toMatchObject({ store: "BlueWater", source: "In store" });
  });

  it("refuses missing and invalid fields, keeping what was typed", async () => {
    const empty = await post({ intent: "create", quote: "kept words" });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ outcome: "invalid", message: REVIEW_MESSAGES.createFailed });
    expect(empty.data.result.error).toMatchObject({
      store: [STORE_MESSAGE],
      author: ["Author is required"],
      source: [SOURCE_MESSAGE],
      rating: [RATING_MESSAGE],
      review_date: [REVIEW_DATE_REQUIRED],
    });
    expect(empty.data.result.initialValue).toMatchObject({ quote: "kept words" });

    const wrong = await post({
      ...valid,
      store: "Tulsa",
      source: "Twitter",
      rating: "6",
      author: "x".repeat(81),
      quote: "y".repeat(1001),
      review_date: "2026-02-30",
    });
    expect(wrong.data.result.error).toMatchObject({
      store: [STORE_MESSAGE],
      source: [SOURCE_MESSAGE],
      rating: [RATING_MESSAGE],
      author: ["Author must be at most 80 characters"],
      quote: ["Quote must be at most 1,000 characters"],
      review_date: [REVIEW_DATE_INVALID],
    });
    for (const rating of ["0", "4.5", "five"]) {
      expect((await post({ ...valid, rating })).data.result.error.rating).toEqual([RATING_MESSAGE]);
    }
    expect((await post({ ...valid, author: "   " })).data.result.error.author).toEqual(["Author is required"]);
    expect(await allReviews()).toEqual([]);
  });

  it("takes today's date in the stores' zone and refuses tomorrow's", async () => {
    const tomorrow = await post({ ...valid, review_date: addDays(TODAY, 1) });
    expect(tomorrow.status).toBe(400);
    expect(tomorrow.data.result.error.review_date).toEqual([REVIEW_DATE_FUTURE]);
    const today = await post({ ...valid, review_date: TODAY });
    expect(today.status).toBe(302);
    expect((await allReviews())[0].review_date).toBe(TODAY);
  });

  it("offers today's date, the current store tab and the new-review dialog from the address", async () => {
    const page = (await load("?store=BlueWater&dialog=new")) as LoaderData;
    expect(page.today).toBe(TODAY);
    expect(page.dialog).toEqual({ mode: "new" });
  });
});

describe("admin reviews: update", () => {
  it("updates every field; a sample review edited by the owner is no longer a sample", async () => {
    const { Sample: sample } = await seed({ author: "Sample", isSample: true, isFeatured: true });
    const page = (await load(`?edit=${sample.id}`)) as LoaderData;
    expect(page.dialog).toMatchObject({ mode: "edit", row: { id: sample.id, isSample: true } });

    const result = await post(
      {
        ...valid,
        intent: "update",
        id: sample.id,
        author: "Real Customer",
        quote: "Their real words.",
        source: "Yelp",
        rating: "4",
        is_featured: "on",
      },
      `?edit=${sample.id}&q=sam`,
    );
    expect(result.headers.get("Location")).toBe("/admin/reviews?q=sam");
    expect(await toastOf(result)).toMatchObject({ type: "success", message: REVIEW_MESSAGES.updated });
    const saved = await getReview(sample.id);
    expect(saved).toMatchObject({
      author: "Real Customer",
      quote: "Their real words.",
      source: "Yelp",
      rating: 4,
      review_date: "2026-01-15",
      is_sample: false,
      is_featured: true,
      is_hidden: false,
    });
    expect(saved!.updated_at.getTime()).toBeGreaterThan(sample.updated_at.getTime());

    // On the website at once, without the Sample label.
    const reviewsPage = await callRoute(reviewsPageLoader, new Request(`${ORIGIN}/reviews`));
    expect(reviewsPage.featured).toMatchObject([{ author: "Real Customer", isSample: false }]);
  });

  it("refuses an invalid edit and answers an edit of a missing review with the error toast", async () => {
    const { Kept: kept } = await seed({ author: "Kept" });
    const invalid = await post({ ...valid, intent: "update", id: kept.id, quote: "" }, `?edit=${kept.id}`);
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({ message: REVIEW_MESSAGES.updateFailed });
    expect(invalid.data.result.error.quote).toEqual(["Quote is required"]);
    expect((await getReview(kept.id))?.author).toBe("Kept");

    const missing = "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f";
    const gone = await post({ ...valid, intent: "update", id: missing }, `?edit=${missing}`);
    expect(await toastOf(gone)).toMatchObject({ type: "error", message: REVIEW_MESSAGES.updateFailed });
    const dialog = asResult(await load(`?edit=${missing}`));
    expect(dialog.status).toBe(302);
    expect(await toastOf(dialog)).toMatchObject({ type: "error", description: REVIEW_MESSAGES.gone });
  });
});

describe("admin reviews: hide and show", () => {
  it("hides a review from the public pages and shows it again, with the toasts", async () => {
    const { Quiet: quiet } = await seed({ author: "Quiet", isFeatured: true }, { author: "Loud" });
    const hidden = await post({ intent: "hide", id: quiet.id }, "?store=Lindsey&q=q");
    expect(hidden.headers.get("Location")).toBe("/admin/reviews?store=Lindsey&q=q");
    expect(await toastOf(hidden)).toMatchObject({ type: "success", message: REVIEW_MESSAGES.hidden });
    expect((await getReview(quiet.id))?.is_hidden).toBe(true);
    expect((await listVisibleReviewsForStore("Lindsey")).map((r) => r.author)).toEqual(["Loud"]);
    expect(await listFeaturedReviews()).toEqual([]);

    const shown = await post({ intent: "show", id: quiet.id });
    expect(await toastOf(shown)).toMatchObject({ type: "success", message: REVIEW_MESSAGES.shown });
    expect((await listVisibleReviewsForStore("Lindsey")).map((r) => r.author)).toEqual(["Loud", "Quiet"]);
    expect((await listFeaturedReviews()).map((r) => r.author)).toEqual(["Quiet"]);

    const missing = await post({ intent: "hide", id: "not-an-id" });
    expect(await toastOf(missing)).toMatchObject({ type: "error", description: REVIEW_MESSAGES.gone });
  });

  it("saves Hidden from the edit form", async () => {
    const { Kept: kept } = await seed({ author: "Kept" });
    await post({ ...valid, intent: "update", id: kept.id, author: "Kept", is_hidden: "on" }, `?edit=${kept.id}`);
    expect((await getReview(kept.id))?.is_hidden).toBe(true);
  });
});

describe("admin reviews: featured", () => {
  it("features and unfeatures a review, at most four at a time", async () => {
    const rows = await seed(
      { author: "A", isFeatured: true },
      { author: "B", isFeatured: true },
      { author: "C", isFeatured: true, isHidden: true },
      { author: "D" },
      { author: "E" },
    );
    const featured = await post({ intent: "feature", id: rows.D.id });
    expect(await toastOf(featured)).toMatchObject({ type: "success", message: REVIEW_MESSAGES.featured });
    expect((await getReview(rows.D.id))?.is_featured).toBe(true);

    // Four featured (a hidden one counts: showing it again must not make five).
    const fifth = await post({ intent: "feature", id: rows.E.id }, "?store=Lindsey");
    expect(fifth.headers.get("Location")).toBe("/admin/reviews?store=Lindsey");
    expect(await toastOf(fifth)).toMatchObject({ type: "error", message: REVIEW_MESSAGES.featuredLimit });
    expect((await getReview(rows.E.id))?.is_featured).toBe(false);
    // Featuring one already featured is no fifth.
    expect(await toastOf(await post({ intent: "feature", id: rows.A.id }))).toMatchObject({ type: "success" });

    // Nor through the forms: create or edit with Featured checked.
    const created = await post({ ...valid, is_featured: "on" });
    expect(created.status).toBe(400);
    expect(created.data).toMatchObject({
      message: REVIEW_MESSAGES.createFailed,
      description: REVIEW_MESSAGES.featuredLimit,
    });
    expect(created.data.result.error.is_featured).toEqual([REVIEW_MESSAGES.featuredLimit]);
    const edited = await post({ ...valid, intent: "update", id: rows.E.id, is_featured: "on" }, `?edit=${rows.E.id}`);
    expect(edited.status).toBe(400);
    expect(edited.data.result.error.is_featured).toEqual([REVIEW_MESSAGES.featuredLimit]);
    expect((await getReview(rows.E.id))?.is_featured).toBe(false);
    // Editing a review that is already featured keeps it featured.
    const kept = await post({ ...valid, intent: "update", id: rows.A.id, is_featured: "on" }, `?edit=${rows.A.id}`);
    expect(kept.status).toBe(302);

    const unfeatured = await post({ intent: "unfeature", id: rows.B.id });
    expect(await toastOf(unfeatured)).toMatchObject({ type: "success", message: REVIEW_MESSAGES.unfeatured });
    expect(await toastOf(await post({ intent: "feature", id: rows.E.id }))).toMatchObject({
      message: REVIEW_MESSAGES.featured,
    });
    expect(((await load()) as LoaderData).counts.featured).toBe(4);
  });
});

describe("admin reviews: delete", () => {
  it("asks for confirmation without JavaScript, then deletes the review", async () => {
    const { Gone: review } = await seed({ author: "Gone" });
    const unconfirmed = await post({ intent: "delete", id: review.id }, "?store=Lindsey");
    expect(unconfirmed.status).toBe(302);
    expect(unconfirmed.headers.get("Location")).toBe(`/admin/reviews?store=Lindsey&confirm-delete=${review.id}`);
    expect(await getReview(review.id)).toBeDefined();
    const page = (await load(`?store=Lindsey&confirm-delete=${review.id}`)) as LoaderData;
    expect(page.dialog).toMatchObject({ mode: "confirm-delete", row: { id: review.id, author: "Gone" } });

    const confirmed = await post(
      { intent: "delete", id: review.id, confirmed: "yes" },
      `?store=Lindsey&confirm-delete=${review.id}`,
    );
    expect(confirmed.headers.get("Location")).toBe("/admin/reviews?store=Lindsey");
    expect(await toastOf(confirmed)).toMatchObject({ type: "success", message: REVIEW_MESSAGES.deleted });
    expect(await getReview(review.id)).toBeUndefined();

    const again = await post({ intent: "delete", id: review.id, confirmed: "yes" });
    expect(await toastOf(again)).toMatchObject({ type: "error", message: REVIEW_MESSAGES.deleteFailed });
  });
});

describe("admin reviews: remove all sample reviews", () => {
  it("asks in the address first, then deletes every sample in both stores and says how many", async () => {
    await seed(
      { author: "Sample L", isSample: true, isFeatured: true },
      { author: "Sample B", store: "BlueWater", isSample: true },
      { author: "Sample B2", store: "BlueWater", isSample: true, isHidden: true },
      { author: "Owner's", store: "BlueWater" },
    );
    expect(((await load("?dialog=remove-samples")) as LoaderData).confirmRemoveSamples).toBe(true);

    // A post without the confirmation's field asks first.
    const unconfirmed = await post({ intent: "remove-samples" }, "?store=BlueWater");
    expect(unconfirmed.headers.get("Location")).toBe("/admin/reviews?store=BlueWater&dialog=remove-samples");
    expect(await allReviews()).toHaveLength(4);

    const removed = await post(
      { intent: "remove-samples", confirmed: "yes" },
      "?store=BlueWater&dialog=remove-samples",
    );
    expect(removed.headers.get("Location")).toBe("/admin/reviews?store=BlueWater");
    expect(await toastOf(removed)).toMatchObject({ type: "success", message: "3 sample reviews removed" });
    expect((await allReviews()).map((r) => r.author)).toEqual(["Owner's"]);

    // Nothing left to remove: no dialog, and a second post says so.
    const page = (await load("?dialog=remove-samples")) as LoaderData;
    expect(page.confirmRemoveSamples).toBe(false);
    expect(page.counts.samples).toBe(0);
    const again = await post({ intent: "remove-samples", confirmed: "yes" });
    expect(await toastOf(again)).toMatchObject({ type: "info", message: REVIEW_MESSAGES.noSamples });
  });

  it("says '1 sample review removed' for one", async () => {
    await seed({ author: "Only", isSample: true });
    const removed = await post({ intent: "remove-samples", confirmed: "yes" });
    expect(await toastOf(removed)).toMatchObject({ message: "1 sample review removed" });
  });

  it("answers an unknown intent with 400", async () => {
    expect((await post({ intent: "explode" })).status).toBe(400);
  });
});

describe("public reviews", () => {
  it("/reviews: the store's visible reviews, and up to four featured visible ones, newest first", async () => {
    await seed(
      { author: "F1", reviewDate: "2026-01-01", isFeatured: true, isSample: true },
      { author: "F2", reviewDate: "2026-03-01", isFeatured: true, store: "BlueWater" },
      { author: "F3", reviewDate: "2026-02-01", isFeatured: true },
      { author: "F4", reviewDate: "2026-04-01", isFeatured: true, isHidden: true },
      { author: "Plain", reviewDate: "2026-05-01" },
      { author: "Hidden", reviewDate: "2026-06-01", isHidden: true },
    );
    const page = await callRoute(reviewsPageLoader, new Request(`${ORIGIN}/reviews`));
    expect(page.featured.map((r) => r.author)).toEqual(["F2", "F3", "F1"]);
    expect(page.featured.map((r) => r.isSample)).toEqual([false, false, true]);
    expect(page.reviews.map((r) => r.author)).toEqual(["Plain", "F3", "F1"]);
    const blue = await callRoute(reviewsPageLoader, new Request(`${ORIGIN}/reviews?store=BlueWater`));
    expect(blue.reviews.map((r) => r.author)).toEqual(["F2"]);

    // The home page: the first three of the featured.
    await post({ intent: "show", id: (await allReviews()).find((r) => r.author === "F4")!.id });
    expect((await listFeaturedReviews()).map((r) => r.author)).toEqual(["F4", "F2", "F3", "F1"]);
    const home = await homeLoader();
    expect(home.testimonials).toEqual([
      expect.objectContaining({ author: "F4", rating: 5, quote: "Fine.", isSample: false }),
      expect.objectContaining({ author: "F2" }),
      expect.objectContaining({ author: "F3" }),
    ]);
  });

  it("has no featured section and no home testimonials when nothing is featured", async () => {
    await seed({ author: "Plain" });
    expect((await callRoute(reviewsPageLoader, new Request(`${ORIGIN}/reviews`))).featured).toEqual([]);
    expect((await homeLoader()).testimonials).toEqual([]);
  });
});

// PGlite is one session, so requests never overlap there; on Postgres they do, and the lock must hold.
describe("admin reviews: featuring at once, on Postgres", () => {
  let postgres: OpenedDatabase;
  let actor: { id: string; email: string };
  beforeAll(async () => {
    postgres = await createPostgresTestDatabase();
    actor = await makeUser("reviews-postgres-admin@example.com", "admin-pass", { admin: true });
  }, 60_000);
  afterAll(async () => {
    await postgres?.close();
  });

  it("never lets requests at the same moment make five featured reviews", async () => {
    for (let round = 0; round < 5; round++) {
      await postgres.db.deleteFrom("reviews").execute();
      const rows = Object.values(
        await seed(
          { author: "A", isFeatured: true },
          { author: "B", isFeatured: true },
          { author: "C", isFeatured: true },
          ...["D", "E", "F", "G", "H", "I"].map((author) => ({ author })),
        ),
      ).filter((r) => !r.is_featured);
      const outcomes = await Promise.all(rows.map((r) => setReviewFeatured(r.id, true, actor)));
      expect(outcomes.filter((o) => o.status === "saved")).toHaveLength(1);
      expect(
        await postgres.db.selectFrom("reviews").selectAll().where("is_featured", "=", true).execute(),
      ).toHaveLength(4);
    }
  });
});
