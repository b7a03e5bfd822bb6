import { z } from "zod";
import { REVIEW_SOURCES } from "~/content/reviews";
import { STORE_IDS, type StoreId } from "~/content/stores";
import { todayInStoreZone } from "~/lib/dates";
import { requiredText } from "./fields";
import { isCalendarDay } from "./admin-fields";

export const reviewLimits = { author: 80, quote: 1000 } as const;

export const REVIEW_RATINGS = ["1", "2", "3", "4", "5"] as const;

export const STORE_MESSAGE = "Please choose a store";
export const SOURCE_MESSAGE = "Please choose where the review was left";
export const RATING_MESSAGE = "Please choose a rating from 1 to 5 stars";
export const REVIEW_DATE_REQUIRED = "Review date is required";
export const REVIEW_DATE_INVALID = "Review date must be a valid date";
export const REVIEW_DATE_FUTURE = "Review date can't be in the future";

/**
 * The review dialog ('Add Review' / 'Edit Review'). The date is a calendar day no later than today in the
 * stores' time zone (the same day on the server and in the browser).
 */
export const reviewSchema = z.object({
  store: z.enum(STORE_IDS as [StoreId, ...StoreId[]], { error: STORE_MESSAGE }),
  author: requiredText("Author", reviewLimits.author),
  source: z.enum(REVIEW_SOURCES, { error: SOURCE_MESSAGE }),
  rating: z.enum(REVIEW_RATINGS, { error: RATING_MESSAGE }).transform(Number),
  quote: requiredText("Quote", reviewLimits.quote),
  review_date: z
    .string({ error: REVIEW_DATE_REQUIRED })
    .trim()
    .min(1, { error: REVIEW_DATE_REQUIRED, abort: true })
    .refine(isCalendarDay, { error: REVIEW_DATE_INVALID, abort: true })
    .refine((day) => day <= todayInStoreZone(), REVIEW_DATE_FUTURE),
  is_featured: z.boolean().optional().default(false),
  is_hidden: z.boolean().optional().default(false),
});

export type ReviewSubmission = z.infer<typeof reviewSchema>;

export const REVIEW_MESSAGES = {
  created: "Review created successfully",
  updated: "Review updated successfully",
  deleted: "Review deleted successfully",
  createFailed: "Failed to create review",
  updateFailed: "Failed to update review",
  deleteFailed: "Failed to delete review",
  confirmDelete: "Are you sure you want to delete this review?",
  gone: "This review no longer exists.",
  saveFailed: "The review could not be saved. Please try again.",
  shown: "Review shown",
  hidden: "Review hidden",
  featured: "Review featured",
  unfeatured: "Review no longer featured",
  featureFailed: "Failed to feature review",
  featuredLimit: "Four reviews are already featured: unfeature one first",
  confirmRemoveSamples:
    "This deletes every sample review (the demo reviews marked ‘Sample review’) from both stores. Reviews you added or edited stay. This cannot be undone.",
  noSamples: "There are no sample reviews to remove",
  removeSamplesFailed: "Failed to remove sample reviews",
} as const;

/** "14 sample reviews removed", "1 sample review removed". */
export function samplesRemovedMessage(count: number): string {
  return `${count} sample review${count === 1 ? "" : "s"} removed`;
}
