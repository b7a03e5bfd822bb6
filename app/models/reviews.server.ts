import { db } from "~/server/db.server";
import type { Review, ReviewStore } from "~/server/schema.server";

/** One store's reviews, newest first. */
export async function listReviewsForStore(store: ReviewStore): Promise<Review[]> {
  return (await db())
    .selectFrom("reviews")
    .selectAll()
    .where("store", "=", store)
    .orderBy("review_date", "desc")
    .orderBy("created_at", "desc")
    .execute();
}

export interface ReviewInput {
  store: ReviewStore;
  author: string;
  source: string;
  rating: number;
  quote: string;
  reviewDate: string;
  isSample?: boolean;
}

export async function createReviews(inputs: ReviewInput[]): Promise<void> {
  if (inputs.length === 0) return;
  await (
    await db()
  )
    .insertInto("reviews")
    .values(
      inputs.map((r) => ({
        store: r.store,
        author: r.author,
        source: r.source,
        rating: r.rating,
        quote: r.quote,
        review_date: r.reviewDate,
        is_sample: r.isSample ?? false,
      })),
    )
    .execute();
}
