import { redirect } from "react-router";
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from "remix-toast";
import { isRowId, listHref } from "~/lib/admin-list";
import { REVIEW_MESSAGES, samplesRemovedMessage } from "~/lib/schemas/review";
import { deleteSampleReviews, setReviewFeatured, setReviewHidden } from "~/models/reviews.server";
import type { AdminUser } from "~/services/auth.server";

// The review list's own small forms, beside the building block's create / update / delete: Feature /
// Unfeature and Hide / Show on a row, and 'Remove all sample reviews' (after a confirmation in the address).

/** The intents this module answers; anything else goes on to `listAction`. */
export const REVIEW_ROW_INTENTS = ["feature", "unfeature", "hide", "show", "remove-samples"] as const;
type ReviewRowIntent = (typeof REVIEW_ROW_INTENTS)[number];

const isReviewRowIntent = (value: unknown): value is ReviewRowIntent =>
  REVIEW_ROW_INTENTS.includes(value as ReviewRowIntent);

/**
 * Answers a row intent, or null when the form is something else (the list action's `otherIntents`, so the
 * admin session is checked and the body read already).
 */
export async function reviewRowAction(
  path: string,
  intent: FormDataEntryValue | null,
  formData: FormData,
  url: URL,
  actor: AdminUser,
): Promise<Response | null> {
  if (!isReviewRowIntent(intent)) return null;
  const listUrl = listHref(path, url.search);

  if (intent === "remove-samples") {
    // Without the confirmation's field (a hand-made post), ask first.
    if (formData.get("confirmed") !== "yes") {
      throw redirect(listHref(path, url.search, { dialog: "remove-samples" }));
    }
    const removed = await deleteSampleReviews(actor);
    return removed === 0
      ? redirectWithInfo(listUrl, REVIEW_MESSAGES.noSamples)
      : redirectWithSuccess(listUrl, samplesRemovedMessage(removed));
  }

  const id = formData.get("id")?.toString();
  const gone = (message: string) => redirectWithError(listUrl, { message, description: REVIEW_MESSAGES.gone });

  if (intent === "hide" || intent === "show") {
    const saved = isRowId(id) ? await setReviewHidden(id, intent === "hide", actor) : undefined;
    if (!saved) return gone(REVIEW_MESSAGES.updateFailed);
    return redirectWithSuccess(listUrl, intent === "hide" ? REVIEW_MESSAGES.hidden : REVIEW_MESSAGES.shown);
  }

  const featuring = intent === "feature";
  const result = isRowId(id) ? await setReviewFeatured(id, featuring, actor) : ({ status: "missing" } as const);
  if (result.status === "missing")
    return gone(featuring ? REVIEW_MESSAGES.featureFailed : REVIEW_MESSAGES.updateFailed);
  if (result.status === "featured-limit") return redirectWithError(listUrl, REVIEW_MESSAGES.featuredLimit);
  return redirectWithSuccess(listUrl, featuring ? REVIEW_MESSAGES.featured : REVIEW_MESSAGES.unfeatured);
}
