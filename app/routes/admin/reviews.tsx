import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Badge, Button, Callout, Card, Flex, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import { Form, Link, useActionData, useLocation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminField } from "~/components/admin/admin-field";
import { SearchIcon } from "~/components/admin/admin-icons";
import {
  AddLink,
  ConfirmDeleteDialog,
  DeleteButton,
  DialogActions,
  EditLink,
  ListBody,
  ListSkeleton,
  useActionFailureToast,
  useAdminForm,
  useDialogResult,
} from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { FormAlert } from "~/components/admin/form-alert";
import { AdminListPager } from "~/components/admin/list-pager";
import { StarRating } from "~/components/site/star-rating";
import { StarIcon } from "~/components/ui/icons";
import { useListLoading } from "~/components/ui/use-list-loading";
import { useSearchAsYouType } from "~/components/ui/use-search-as-you-type";
import { FEATURED_REVIEW_LIMIT, REVIEW_SOURCES, reviewSourceLabel } from "~/content/reviews";
import { storeFromParam, stores, storeShortName } from "~/content/stores";
import { ADMIN_LIST_PAGE_SIZE, listHref, listPage, redirectPastLastPage } from "~/lib/admin-list";
import { formatShortDate, todayInStoreZone } from "~/lib/dates";
import { pageCountFor } from "~/lib/pagination";
import { REVIEW_MESSAGES, REVIEW_RATINGS, reviewLimits, reviewSchema } from "~/lib/schemas/review";
import { pageMeta } from "~/lib/seo";
import {
  countReviewsForAdmin,
  createReview,
  deleteReview,
  getReview,
  listReviewsPageForAdmin,
  updateReview,
} from "~/models/reviews.server";
import { signedInAdmin } from "~/server/auth.server";
import { dialogFromUrl, type ListActionData, listAction } from "~/server/admin-list-action.server";
import type { Review } from "~/server/schema.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import reviewStyles from "~/styles/admin-reviews.css?url";
import type { Route } from "./+types/reviews";
import { reviewRowAction } from "./reviews.server";

const PATH = "/admin/reviews";
const REVIEW_SKELETON_COUNT = 3;
const MAX_QUERY_LENGTH = 100;
const REMOVE_SAMPLES_DIALOG = "remove-samples";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: reviewStyles },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Reviews",
    description: "Manage the customer reviews shown on the website.",
    path: PATH,
    noindex: true,
  });

interface ReviewView {
  id: string;
  store: Review["store"];
  author: string;
  source: string;
  rating: number;
  quote: string;
  /** "YYYY-MM-DD" */
  reviewDate: string;
  isSample: boolean;
  isFeatured: boolean;
  isHidden: boolean;
}

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
  const page = listPage(url, PATH);
  const [{ reviews, total }, counts] = await Promise.all([
    listReviewsPageForAdmin({ store, search: q, page, pageSize: ADMIN_LIST_PAGE_SIZE }),
    countReviewsForAdmin(q),
  ]);
  const pageCount = pageCountFor(total, ADMIN_LIST_PAGE_SIZE);
  redirectPastLastPage(url, PATH, page, pageCount);
  const dialog = await dialogFromUrl(url, PATH, { find: getReview, view: toView, messages: REVIEW_MESSAGES });
  return {
    store,
    q,
    reviews: reviews.map(toView),
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
    save: async ({ intent, existing, value, listUrl, refuseField, actor }) => {
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
      if (result.status === "missing") {
        return redirectWithError(listUrl, { message: REVIEW_MESSAGES.updateFailed, description: REVIEW_MESSAGES.gone });
      }
      // Back to the list on the saved review's store tab, so the admin sees it.
      const { store } = result.review;
      const to = store === currentStore ? listUrl : listHref(PATH, url.search, { store, page: null });
      return redirectWithSuccess(to, intent === "create" ? REVIEW_MESSAGES.created : REVIEW_MESSAGES.updated);
    },
  });
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { store, q, reviews, page, pageCount, counts, dialog, confirmRemoveSamples, today } = loaderData;
  const location = useLocation();
  useActionFailureToast(useActionData<typeof action>());
  const lastResult = useDialogResult<ListActionData>();
  // A new store, search or page (not a dialog opening over the list) shows the skeletons.
  const changingList = useListLoading(PATH, ["store", "q", "page"]);
  const closeTo = listHref(PATH, location.search);
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
        actions={<AddLink to={listHref(PATH, location.search, { dialog: "new" })}>Add Review</AddLink>}
      />

      <Flex direction="column" gap="4">
        {counts.samples > 0 ? (
          <Callout.Root color="amber" variant="surface" highContrast className="admin-reviews__samples">
            <Callout.Text>
              {counts.samples === 1 ? "1 sample review" : `${counts.samples} sample reviews`} (demo content) in this
              list; the website labels each &lsquo;Sample review&rsquo;. Replace them with your customers&rsquo; real
              words: edit a sample and save it to make it yours, or remove them all.
            </Callout.Text>
            <div>
              <Button asChild variant="soft" color="red" highContrast size="2">
                <Link to={listHref(PATH, location.search, { dialog: REMOVE_SAMPLES_DIALOG })} preventScrollReset>
                  Remove all sample reviews
                </Link>
              </Button>
            </div>
          </Callout.Root>
        ) : null}

        <Flex gap="3" wrap="wrap" align="center" justify="between">
          <ReviewSearch q={q} store={store} />
          <nav aria-label="Stores" className="admin-filters">
            <ul>
              {stores.map((option) => (
                <li key={option.id}>
                  <Link
                    to={listHref(PATH, location.search, { store: option.id, page: null })}
                    className="admin-filters__link"
                    aria-current={store === option.id ? "true" : undefined}
                    preventScrollReset
                  >
                    {option.shortName}
                    <span className="admin-reviews__count">
                      <span className="visually-hidden">, </span>
                      {counts.perStore[option.id]}
                      <span className="visually-hidden">{q ? " matching reviews" : " reviews"}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </Flex>

        <ListBody
          loading={changingList}
          skeleton={<ListSkeleton count={REVIEW_SKELETON_COUNT} variant="rows" testId="review-skeleton" />}
          isEmpty={reviews.length === 0}
          emptyMessage={q ? `No ${storeName} reviews match “${q}”` : `No ${storeName} reviews yet`}
        >
          <ul className="admin-review-list" aria-label={`${storeName} reviews`}>
            {reviews.map((review) => (
              <ReviewItem key={review.id} review={review} search={location.search} />
            ))}
          </ul>
        </ListBody>
        <AdminListPager path={PATH} page={page} pageCount={pageCount} label="Review pages" />
      </Flex>

      {dialog?.mode === "confirm-delete" ? (
        <ConfirmDeleteDialog
          title="Delete review"
          message={REVIEW_MESSAGES.confirmDelete}
          id={dialog.row.id}
          name={`${dialog.row.author}: “${dialog.row.quote}”`}
          closeTo={closeTo}
        />
      ) : dialog ? (
        <ReviewDialog
          key={dialog.mode === "edit" ? dialog.row.id : "new"}
          review={dialog.mode === "edit" ? dialog.row : null}
          store={store}
          today={today}
          closeTo={closeTo}
          lastResult={lastResult}
        />
      ) : confirmRemoveSamples ? (
        <RemoveSamplesDialog count={counts.samples} closeTo={closeTo} />
      ) : null}
    </div>
  );
}

function ReviewSearch({ q, store }: { q: string; store: string }) {
  // The store tab travels as a hidden field, with and without JavaScript.
  const { inputRef, formProps } = useSearchAsYouType({ action: PATH, q });
  return (
    <Form method="get" action={PATH} role="search" className="admin-search" {...formProps}>
      <label htmlFor="review-search" className="visually-hidden">
        Search reviews by author or quote
      </label>
      <TextField.Root
        ref={inputRef}
        id="review-search"
        type="search"
        name="q"
        defaultValue={q}
        placeholder="Search reviews..."
        maxLength={MAX_QUERY_LENGTH}
        autoComplete="off"
        size="3"
        className="admin-search__input"
      >
        <TextField.Slot>
          <SearchIcon />
        </TextField.Slot>
      </TextField.Root>
      <input type="hidden" name="store" value={store} />
      <Button type="submit" variant="soft" size="3">
        Search
      </Button>
    </Form>
  );
}

/** A small POST form on a row (Feature / Unfeature, Hide / Show); the server answers with a toast. */
function RowIntentButton({
  intent,
  id,
  label,
  author,
  className,
}: {
  intent: string;
  id: string;
  label: string;
  author: string;
  className: string;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="soft" color="gray" size="2" className={className}>
        {label}
        <span className="visually-hidden"> the review by {author}</span>
      </Button>
    </Form>
  );
}

function ReviewItem({ review, search }: { review: ReviewView; search: string }) {
  const name = `the review by ${review.author}`;
  return (
    <li>
      <Card size="2" className={review.isHidden ? "admin-review admin-review--hidden" : "admin-review"}>
        <div className="admin-review__body">
          <Flex align="center" gap="2" wrap="wrap" className="admin-review__top">
            <StarRating rating={review.rating} />
            {review.isFeatured ? (
              <Badge color="green" variant="solid">
                Featured
              </Badge>
            ) : null}
            {review.isHidden ? (
              <Badge color="gray" variant="solid">
                Hidden
              </Badge>
            ) : null}
            {review.isSample ? (
              <Badge color="amber" variant="soft">
                Sample
              </Badge>
            ) : null}
          </Flex>
          <Heading as="h2" size="3" className="admin-review__author">
            {review.author}
          </Heading>
          <Text as="p" size="2" color="gray" className="admin-review__meta">
            {reviewSourceLabel(review.source)}
            <span aria-hidden="true"> · </span>
            <time dateTime={review.reviewDate}>{formatShortDate(review.reviewDate)}</time>
          </Text>
          <p className="admin-review__quote">{review.quote}</p>
        </div>
        <div className="admin-row-actions admin-review__actions">
          <EditLink to={listHref(PATH, search, { edit: review.id })} name={name} />
          <RowIntentButton
            intent={review.isFeatured ? "unfeature" : "feature"}
            id={review.id}
            label={review.isFeatured ? "Unfeature" : "Feature"}
            author={review.author}
            className="admin-review__toggle"
          />
          <RowIntentButton
            intent={review.isHidden ? "show" : "hide"}
            id={review.id}
            label={review.isHidden ? "Show" : "Hide"}
            author={review.author}
            className="admin-review__toggle admin-review__toggle--narrow"
          />
          <DeleteButton id={review.id} name={name} confirmMessage={REVIEW_MESSAGES.confirmDelete} />
        </div>
      </Card>
    </li>
  );
}

function ReviewDialog({
  review,
  store,
  today,
  closeTo,
  lastResult,
}: {
  review: ReviewView | null;
  /** The store tab the list shows: a new review starts there. */
  store: ReviewView["store"];
  today: string;
  closeTo: string;
  lastResult: ListActionData | undefined;
}) {
  const [form, fields] = useAdminForm(reviewSchema, {
    id: review ? `review-${review.id}` : "review-new",
    lastResult,
    defaultValue: review
      ? {
          store: review.store,
          author: review.author,
          // A source outside the list (written before the list existed) must be chosen again.
          source: (REVIEW_SOURCES as readonly string[]).includes(review.source) ? review.source : undefined,
          rating: String(review.rating),
          quote: review.quote,
          review_date: review.reviewDate,
          is_featured: review.isFeatured,
          is_hidden: review.isHidden,
        }
      : // No rating or source is assumed: the owner copies the customer's own.
        { store, review_date: today, is_featured: false, is_hidden: false },
  });

  const { key: storeKey, ...storeProps } = getSelectProps(fields.store);
  const { key: authorKey, ...authorProps } = getInputProps(fields.author, {
    type: "text",
    ariaDescribedBy: `${fields.author.id}-hint`,
  });
  const { key: sourceKey, ...sourceProps } = getSelectProps(fields.source);
  const { key: quoteKey, ...quoteProps } = getTextareaProps(fields.quote, {
    ariaDescribedBy: `${fields.quote.id}-hint`,
  });
  const { key: dateKey, ...dateProps } = getInputProps(fields.review_date, { type: "date" });
  const featuredHintId = `${fields.is_featured.id}-hint`;
  const { key: featuredKey, ...featuredProps } = getInputProps(fields.is_featured, {
    type: "checkbox",
    ariaDescribedBy: featuredHintId,
  });
  const { key: hiddenKey, ...hiddenProps } = getInputProps(fields.is_hidden, { type: "checkbox" });
  const ratingOptions = getCollectionProps(fields.rating, { type: "radio", options: [...REVIEW_RATINGS] });
  const ratingError = fields.rating.errors?.[0];
  const featuredError = fields.is_featured.errors?.[0];

  return (
    <AdminDialog title={review ? "Edit Review" : "Add Review"} closeTo={closeTo} size="wide">
      <Form method="post" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value={review ? "update" : "create"} />
        {review ? <input type="hidden" name="id" value={review.id} /> : null}
        <Flex direction="column" gap="4">
          <FormAlert id={form.errorId} messages={form.errors} />
          {review?.isSample ? (
            <Callout.Root color="amber" variant="surface" highContrast size="1">
              <Callout.Text>
                This is a sample review. Saving it makes it yours and removes its &lsquo;Sample review&rsquo; label:
                enter a real customer&rsquo;s review, as they wrote it.
              </Callout.Text>
            </Callout.Root>
          ) : null}
          <div className="admin-form-row">
            <AdminField
              id={fields.author.id}
              label="Author"
              required
              hint="As the customer signed it, e.g. Jordan M."
              hintId={`${fields.author.id}-hint`}
              errorId={fields.author.errorId}
              errors={fields.author.errors}
            >
              <TextField.Root key={authorKey} {...authorProps} maxLength={reviewLimits.author} autoComplete="off" />
            </AdminField>
            <AdminField
              id={fields.review_date.id}
              label="Review date"
              required
              errorId={fields.review_date.errorId}
              errors={fields.review_date.errors}
            >
              <TextField.Root key={dateKey} {...dateProps} max={today} />
            </AdminField>
          </div>
          <div className="admin-form-row">
            <AdminField
              id={fields.store.id}
              label="Store"
              required
              errorId={fields.store.errorId}
              errors={fields.store.errors}
            >
              <select key={storeKey} {...storeProps} className="admin-select">
                {stores.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.shortName}
                  </option>
                ))}
              </select>
            </AdminField>
            <AdminField
              id={fields.source.id}
              label="Source"
              required
              errorId={fields.source.errorId}
              errors={fields.source.errors}
            >
              <select key={sourceKey} {...sourceProps} className="admin-select">
                <option value="">Choose…</option>
                {REVIEW_SOURCES.map((source) => (
                  <option key={source} value={source}>
                    {source}
                  </option>
                ))}
              </select>
            </AdminField>
          </div>
          {/* Native radios: arrow keys move between them, and the group is named by its legend. */}
          <fieldset
            className="admin-rating"
            role="radiogroup"
            aria-labelledby={`${fields.rating.id}-legend`}
            aria-describedby={ratingError ? fields.rating.errorId : undefined}
            aria-invalid={ratingError ? true : undefined}
            aria-required="true"
          >
            <legend className="admin-rating__legend" id={`${fields.rating.id}-legend`}>
              Rating
              <span className="admin-field__required" aria-hidden="true">
                {" "}
                *
              </span>
            </legend>
            <div className="admin-rating__options">
              {ratingOptions.map(({ key, ...props }) => (
                <label key={key} htmlFor={props.id} className="admin-rating__option">
                  <input {...props} aria-describedby={undefined} aria-invalid={undefined} />
                  <span className="admin-rating__value">{props.value}</span>
                  <StarIcon size={16} />
                  <span className="visually-hidden">{props.value === "1" ? " star" : " stars"}</span>
                </label>
              ))}
            </div>
            {ratingError ? (
              <Text as="p" size="2" color="red" id={fields.rating.errorId} className="admin-field-error">
                {ratingError}
              </Text>
            ) : null}
          </fieldset>
          <AdminField
            id={fields.quote.id}
            label="Quote"
            required
            hint={`The customer's words, up to ${reviewLimits.quote.toLocaleString("en-US")} characters. The Reviews page shows the first 150 with 'Read more'.`}
            hintId={`${fields.quote.id}-hint`}
            errorId={fields.quote.errorId}
            errors={fields.quote.errors}
          >
            <TextArea key={quoteKey} {...quoteProps} rows={5} maxLength={reviewLimits.quote} />
          </AdminField>
          <Flex direction="column" gap="1">
            <label className="admin-checkbox" htmlFor={fields.is_featured.id}>
              <input key={featuredKey} {...featuredProps} />
              Featured
            </label>
            <Text as="p" size="1" color="gray" id={featuredHintId} className="admin-reviews__featured-hint">
              Up to {FEATURED_REVIEW_LIMIT} featured reviews lead the Reviews page; the newest three are also the home
              page testimonials.
            </Text>
            {featuredError ? (
              <Text as="p" size="2" color="red" id={fields.is_featured.errorId} className="admin-field-error">
                {featuredError}
              </Text>
            ) : null}
            <label className="admin-checkbox" htmlFor={fields.is_hidden.id}>
              <input key={hiddenKey} {...hiddenProps} />
              Hidden (kept off the website)
            </label>
          </Flex>
          <DialogActions
            closeTo={closeTo}
            label={review ? "Update Review" : "Create Review"}
            busyLabel={review ? "Updating..." : "Submitting..."}
          />
        </Flex>
      </Form>
    </AdminDialog>
  );
}

function RemoveSamplesDialog({ count, closeTo }: { count: number; closeTo: string }) {
  const what = count === 1 ? "1 sample review" : `${count} sample reviews`;
  return (
    <AdminDialog title="Remove all sample reviews" closeTo={closeTo} description={REVIEW_MESSAGES.confirmRemoveSamples}>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="remove-samples" />
        <input type="hidden" name="confirmed" value="yes" />
        <Flex gap="3" justify="end" wrap="wrap" className="admin-dialog__actions">
          <Button asChild variant="soft" color="gray" size="3">
            {/* Focus starts on the safe choice, not on the button that deletes. */}
            <Link to={closeTo} preventScrollReset data-autofocus>
              Cancel
            </Link>
          </Button>
          <Button type="submit" color="red" size="3">
            Remove {what}
          </Button>
        </Flex>
      </Form>
    </AdminDialog>
  );
}
