import { type ExpressionBuilder, sql } from "kysely";
import { FEATURED_REVIEW_LIMIT } from "~/content/reviews";
import { storeShortName } from "~/content/stores";
import { db, type DB } from "~/server/db.server";
import type { Database, Review, ReviewStore } from "~/server/schema.server";
import { type ActivityActor, recordActivity, recordRowChange, type RowActivity } from "./activity.server";
import { containsPattern } from "./like-pattern.server";
import { lockRowForUpdate } from "./row-lock.server";
import { readUntilChanged } from "~/server/content-memo.server";

// Customer reviews: the public lists (/reviews, the home testimonials) and the owner's admin list. At most
// FEATURED_REVIEW_LIMIT reviews are featured at any time (hidden ones included), so what the owner picked
// is exactly what /reviews shows.

/** One store's reviews that visitors may see (not hidden), newest first. */
export async function listVisibleReviewsForStore(store: ReviewStore): Promise<Review[]> {
  return (await db())
    .selectFrom("reviews")
    .selectAll()
    .where("store", "=", store)
    .where("is_hidden", "=", false)
    .orderBy("review_date", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id", "asc")
    .execute();
}

/** The featured reviews visitors may see, newest first: the four on /reviews, the first three on home. */
export function listFeaturedReviews(limit = FEATURED_REVIEW_LIMIT): Promise<Review[]> {
  return readUntilChanged(`reviews featured ${limit}`, async () => {
    return (await db())
      .selectFrom("reviews")
      .selectAll()
      .where("is_featured", "=", true)
      .where("is_hidden", "=", false)
      .orderBy("review_date", "desc")
      .orderBy("created_at", "desc")
      .orderBy("id", "asc")
      .limit(limit)
      .execute();
  });
}

export interface ReviewInput {
  store: ReviewStore;
  author: string;
  source: string;
  rating: number;
  quote: string;
  /** "YYYY-MM-DD" */
  reviewDate: string;
  /** Demo content (the seed sets it; an admin's save clears it). */
  isSample?: boolean;
  isFeatured?: boolean;
  isHidden?: boolean;
}

const toRow = (r: ReviewInput) => ({
  store: r.store,
  author: r.author.trim(),
  source: r.source,
  rating: r.rating,
  quote: r.quote.trim(),
  review_date: r.reviewDate,
  is_sample: r.isSample ?? false,
  is_featured: r.isFeatured ?? false,
  is_hidden: r.isHidden ?? false,
});

/** Inserts reviews as given (the seed); the featured limit is the caller's to keep. */
export async function createReviews(inputs: ReviewInput[]): Promise<void> {
  if (inputs.length === 0) return;
  await (await db()).insertInto("reviews").values(inputs.map(toRow)).execute();
}

/** The admin list's filters: one store, and text found in the author or the quote. */
export interface ReviewListFilter {
  store: ReviewStore;
  search?: string;
}

function matchesSearch(eb: ExpressionBuilder<Database, "reviews">, search: string) {
  const pattern = containsPattern(search);
  return eb.or([eb("author", "ilike", pattern), eb("quote", "ilike", pattern)]);
}

function filteredReviews(database: DB, { store, search }: ReviewListFilter) {
  let query = database.selectFrom("reviews").where("store", "=", store);
  const q = search?.trim();
  if (q) query = query.where((eb) => matchesSearch(eb, q));
  return query;
}

/** One page of a store's reviews for the admin (hidden ones too), newest review first, and the total. */
export async function listReviewsPageForAdmin(
  options: ReviewListFilter & { page: number; pageSize: number },
): Promise<{ reviews: Review[]; total: number }> {
  const database = await db();
  const [reviews, count] = await Promise.all([
    filteredReviews(database, options)
      .selectAll()
      .orderBy("review_date", "desc")
      .orderBy("created_at", "desc")
      .orderBy("id", "asc")
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    filteredReviews(database, options)
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { reviews, total: Number(count.total) };
}

/** What the admin's header and tabs count: reviews per store (matching the search), samples, featured. */
export async function countReviewsForAdmin(
  search?: string,
): Promise<{ perStore: Record<ReviewStore, number>; samples: number; featured: number }> {
  const q = search?.trim();
  const row = await (
    await db()
  )
    .selectFrom("reviews")
    .select((eb) => {
      const matching = q ? matchesSearch(eb, q) : sql<boolean>`true`;
      return [
        eb.fn
          .countAll<string>()
          .filterWhere(eb.and([eb("store", "=", "Lindsey"), matching]))
          .as("lindsey"),
        eb.fn
          .countAll<string>()
          .filterWhere(eb.and([eb("store", "=", "BlueWater"), matching]))
          .as("bluewater"),
        eb.fn.countAll<string>().filterWhere("is_sample", "=", true).as("samples"),
        eb.fn.countAll<string>().filterWhere("is_featured", "=", true).as("featured"),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    perStore: { Lindsey: Number(row.lindsey), BlueWater: Number(row.bluewater) },
    samples: Number(row.samples),
    featured: Number(row.featured),
  };
}

export async function getReview(id: string): Promise<Review | undefined> {
  return (await db()).selectFrom("reviews").selectAll().where("id", "=", id).executeTakeFirst();
}

export type SaveReviewResult =
  { status: "saved"; review: Review } | { status: "featured-limit" } | { status: "missing" };

// Featuring checks the count and writes in one transaction, under a lock every featuring write takes, so
// two admins featuring at once cannot make it five.
async function lockFeatured(trx: DB) {
  await sql`select pg_advisory_xact_lock(hashtext('reviews.is_featured'))`.execute(trx);
}

async function featuredElsewhere(trx: DB, exceptId: string | null): Promise<number> {
  let query = trx
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("is_featured", "=", true);
  if (exceptId) query = query.where("id", "<>", exceptId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The fields the owner edits, as the activity log compares them (is_sample: a save makes a sample theirs). */
const REVIEW_FIELDS = [
  "store",
  "author",
  "source",
  "rating",
  "quote",
  "review_date",
  "is_featured",
  "is_hidden",
  "is_sample",
] as const;

/** The log's subject: the reviewer as they signed, and the store ("Jordan M. · Lindsey Street"). */
/** A review in the activity log: its author and store as the title, and the fields an admin edits. */
const REVIEW_ACTIVITY: RowActivity<Review> = {
  subject: (review) => ({ type: "review", id: review.id, title: `${review.author} · ${storeShortName(review.store)}` }),
  fields: REVIEW_FIELDS,
};

/** Adds one review by the owner; refused when it is featured and the featured places are taken. */
export async function createReview(input: ReviewInput, actor: ActivityActor): Promise<SaveReviewResult> {
  return (await db()).transaction().execute(async (trx) => {
    if (input.isFeatured) {
      await lockFeatured(trx);
      if ((await featuredElsewhere(trx, null)) >= FEATURED_REVIEW_LIMIT) return { status: "featured-limit" };
    }
    const review = await trx.insertInto("reviews").values(toRow(input)).returningAll().executeTakeFirstOrThrow();
    await recordRowChange(trx, "review.create", actor, REVIEW_ACTIVITY, null, review);
    return { status: "saved", review };
  });
}

/**
 * Saves the owner's edit. Saved by the owner, a sample review becomes theirs (is_sample false): that is how
 * a demo review is replaced by a real one. Keeping a review featured never counts against the limit.
 */
export async function updateReview(id: string, input: ReviewInput, actor: ActivityActor): Promise<SaveReviewResult> {
  return (await db()).transaction().execute(async (trx) => {
    if (input.isFeatured) await lockFeatured(trx);
    const before = await lockRowForUpdate(trx, "reviews", id);
    if (!before) return { status: "missing" };
    if (input.isFeatured && !before.is_featured && (await featuredElsewhere(trx, id)) >= FEATURED_REVIEW_LIMIT) {
      return { status: "featured-limit" };
    }
    const review = await trx
      .updateTable("reviews")
      .set({ ...toRow({ ...input, isSample: false }), updated_at: new Date() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordRowChange(trx, "review.update", actor, REVIEW_ACTIVITY, before, review);
    return { status: "saved", review };
  });
}

/** Deletes a review; returns it, or undefined when it did not exist. */
export async function deleteReview(id: string, actor: ActivityActor): Promise<Review | undefined> {
  return (await db()).transaction().execute(async (trx) => {
    const review = await trx.deleteFrom("reviews").where("id", "=", id).returningAll().executeTakeFirst();
    if (!review) return undefined;
    await recordRowChange(trx, "review.delete", actor, REVIEW_ACTIVITY, review, null);
    return review;
  });
}

/** Hides a review from the public pages, or shows it again; undefined when it does not exist. */
export async function setReviewHidden(id: string, hidden: boolean, actor: ActivityActor): Promise<Review | undefined> {
  return (await db()).transaction().execute(async (trx) => {
    const before = await lockRowForUpdate(trx, "reviews", id);
    if (!before) return undefined;
    const review = await trx
      .updateTable("reviews")
      .set({ is_hidden: hidden, updated_at: new Date() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordRowChange(trx, hidden ? "review.hide" : "review.show", actor, REVIEW_ACTIVITY, before, review);
    return review;
  });
}

/** Features a review (refused when the featured places are taken) or stops featuring it. */
export async function setReviewFeatured(
  id: string,
  featured: boolean,
  actor: ActivityActor,
): Promise<SaveReviewResult> {
  return (await db()).transaction().execute(async (trx) => {
    if (featured) await lockFeatured(trx);
    const before = await lockRowForUpdate(trx, "reviews", id);
    if (!before) return { status: "missing" };
    if (featured && !before.is_featured && (await featuredElsewhere(trx, id)) >= FEATURED_REVIEW_LIMIT) {
      return { status: "featured-limit" };
    }
    const review = await trx
      .updateTable("reviews")
      .set({ is_featured: featured, updated_at: new Date() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordRowChange(
      trx,
      featured ? "review.feature" : "review.unfeature",
      actor,
      REVIEW_ACTIVITY,
      before,
      review,
    );
    return { status: "saved", review };
  });
}

/**
 * Deletes every sample (demo) review in both stores; returns how many went. One log entry for the lot
 * (none when there was nothing to remove).
 */
export async function deleteSampleReviews(actor: ActivityActor): Promise<number> {
  return (await db()).transaction().execute(async (trx) => {
    const result = await trx.deleteFrom("reviews").where("is_sample", "=", true).executeTakeFirst();
    const removed = Number(result.numDeletedRows);
    if (removed > 0) {
      await recordActivity(trx, {
        kind: "review.remove-samples",
        actor,
        subject: {
          type: "review",
          id: "samples",
          title: removed === 1 ? "1 sample review" : `${removed} sample reviews`,
        },
      });
    }
    return removed;
  });
}
