import { Flex } from "@radix-ui/themes";
import { redirectWithSuccess } from "remix-toast";
import { AddLink, ListBody, ListSkeleton, useAdminList } from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { ListDialogs } from "~/components/admin/list-dialogs";
import { FilterNav, ListSearch } from "~/components/admin/list-filters";
import { AdminListPager } from "~/components/admin/list-pager";
import { ReviewDialog } from "~/components/admin/reviews/review-dialog";
import { ReviewItem, type ReviewView } from "~/components/admin/reviews/review-item";
import { RemoveSamplesDialog, SampleReviewsNotice } from "~/components/admin/reviews/sample-reviews";
import { FEATURED_REVIEW_LIMIT } from "~/content/reviews";
import { storeFromParam, stores, storeShortName } from "~/content/stores";
import { listHref } from "~/lib/admin-list";
import { todayInStoreZone } from "~/lib/dates";
import { REVIEW_MESSAGES, reviewSchema } from "~/lib/schemas/review";
import {
  countReviewsForAdmin,
  createReview,
  deleteReview,
  getReview,
  listReviewsPageForAdmin,
  updateReview,
} from "~/models/reviews.server";
import { signedInAdmin } from "~/services/auth.server";
import type { Review } from "~/server/schema.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import reviewStyles from "~/styles/admin-reviews.css?url";
import type { Route } from "./+types/reviews";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { listAction, loadListPage } from "./list-action.server";
import { reviewRowAction } from "./reviews.server";

// Admin → Reviews: each store's customer reviews, searched, featured or hidden, and the demo's samples.

const PATH = "/admin/reviews";
const MAX_QUERY_LENGTH = 100;
const REMOVE_SAMPLES_DIALOG = "remove-samples";

export const links: Route.LinksFunction = () => stylesheets(catalogStyles, reviewStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, PATH, "Reviews", "Manage the customer reviews shown on the website.");

const toView = (review: Review): ReviewView => ({
  id: review.id,
  store: review.store,
  author: review.author,
  source: review.source,
  rating: review.rating,
  quote: review.quote,
  reviewDate: review.review_date,
  isSample: review.is_sample,
  isFeatured: review.is_featured,
  isHidden: review.is_hidden,
});

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const store = storeFromParam(url.searchParams.get("store"));
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const [{ rows, page, pageCount, dialog }, counts] = await Promise.all([
    loadListPage(url, PATH, {
      load: (page, pageSize) =>
        listReviewsPageForAdmin({ store, search: q, page, pageSize }).then(({ reviews, total }) => ({
          rows: reviews,
          total,
        })),
      find: getReview,
      view: toView,
      messages: REVIEW_MESSAGES,
    }),
    countReviewsForAdmin(q),
  ]);
  return {
    store,
    q,
    reviews: rows,
    page,
    pageCount,
    counts,
    dialog,
    // Asked for in the address (works without JavaScript); nothing to confirm once there are no samples.
    confirmRemoveSamples: url.searchParams.get("dialog") === REMOVE_SAMPLES_DIALOG && counts.samples > 0,
    // The new-review form's date, and the date field's maximum, as the stores' calendar has it.
    today: todayInStoreZone(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const currentStore = storeFromParam(url.searchParams.get("store"));
  return listAction(request, signedInAdmin(context), {
    path: PATH,
    noun: "Review",
    // Feature / Unfeature, Hide / Show and 'Remove all sample reviews'; the rest is the building block's.
    otherIntents: (intent, formData, url, actor) => reviewRowAction(PATH, intent, formData, url, actor),
    messages: REVIEW_MESSAGES,
    schema: reviewSchema,
    confirmDelete: true,
    find: getReview,
    remove: deleteReview,
    save: async ({ intent, existing, value, listUrl, refuseField, actor, gone }) => {
      const input = {
        store: value.store,
        author: value.author,
        source: value.source,
        rating: value.rating,
        quote: value.quote,
        reviewDate: value.review_date,
        isFeatured: value.is_featured,
        isHidden: value.is_hidden,
      };
      const result =
        intent === "create" ? await createReview(input, actor) : await updateReview(existing!.id, input, actor);
      if (result.status === "featured-limit") return refuseField("is_featured", REVIEW_MESSAGES.featuredLimit);
      if (result.status === "missing") return gone();
      // Back to the list on the saved review's store tab, so the admin sees it.
      const { store } = result.review;
      const to = store === currentStore ? listUrl : listHref(PATH, url.search, { store, page: null });
      return redirectWithSuccess(to, intent === "create" ? REVIEW_MESSAGES.created : REVIEW_MESSAGES.updated);
    },
  });
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { store, q, reviews, page, pageCount, counts, dialog, confirmRemoveSamples, today } = loaderData;
  // A new store, search or page (not a dialog opening over the list) shows the skeletons.
  const list = useAdminList(PATH, ["store", "q", "page"]);
  const storeName = storeShortName(store);

  return (
    <div className="admin-catalog admin-reviews">
      <AdminPageHeader
        title="Reviews"
        description={
          <>
            The reviews on the Reviews page. Featured reviews ({counts.featured} of {FEATURED_REVIEW_LIMIT}) lead the
            Reviews page, and the newest three are the home page testimonials.
          </>
        }
        breadcrumbs={[{ label: "Reviews" }]}
        actions={<AddLink to={list.href({ dialog: "new" })}>Add Review</AddLink>}
      />

      <Flex direction="column" gap="4">
        {counts.samples > 0 ? (
          <SampleReviewsNotice count={counts.samples} removeTo={list.href({ dialog: REMOVE_SAMPLES_DIALOG })} />
        ) : null}

        <Flex gap="3" wrap="wrap" align="center" justify="between">
          <ListSearch
            path={PATH}
            q={q}
            id="review-search"
            label="Search reviews by author or quote"
            placeholder="Search reviews..."
            maxLength={MAX_QUERY_LENGTH}
            keep={{ store }}
          />
          <FilterNav
            label="Stores"
            links={stores.map((option) => ({
              key: option.id,
              to: list.href({ store: option.id, page: null }),
              current: store === option.id,
              children: (
                <>
                  {option.shortName}
                  <span className="admin-reviews__count">
                    <span className="visually-hidden">, </span>
                    {counts.perStore[option.id]}
                    <span className="visually-hidden">{q ? " matching reviews" : " reviews"}</span>
                  </span>
                </>
              ),
            }))}
          />
        </Flex>

        <ListBody
          loading={list.loading}
          skeleton={<ListSkeleton variant="rows" testId="review-skeleton" />}
          isEmpty={reviews.length === 0}
          emptyMessage={q ? `No ${storeName} reviews match “${q}”` : `No ${storeName} reviews yet`}
        >
          <ul className="admin-review-list" aria-label={`${storeName} reviews`}>
            {reviews.map((review) => (
              <ReviewItem key={review.id} review={review} editTo={list.href({ edit: review.id })} />
            ))}
          </ul>
        </ListBody>
        <AdminListPager path={PATH} page={page} pageCount={pageCount} label="Review pages" />
      </Flex>

      {dialog ? (
        <ListDialogs
          dialog={dialog}
          closeTo={list.closeTo}
          confirmDelete={{
            title: "Delete review",
            message: REVIEW_MESSAGES.confirmDelete,
            name: (review) => `${review.author}: “${review.quote}”`,
          }}
          form={(review) => (
            <ReviewDialog
              review={review}
              store={store}
              today={today}
              closeTo={list.closeTo}
              lastResult={list.lastResult}
            />
          )}
        />
      ) : confirmRemoveSamples ? (
        <RemoveSamplesDialog count={counts.samples} closeTo={list.closeTo} />
      ) : null}
    </div>
  );
}
