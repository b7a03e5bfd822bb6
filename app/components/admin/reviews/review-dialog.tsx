import { getCollectionProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Callout, Flex, Text, TextArea, TextField } from "@radix-ui/themes";
import { type ListReply, useAdminForm } from "~/components/admin/admin-list-parts";
import { FormDialog } from "~/components/admin/list-dialogs";
import { Field } from "~/components/ui/field";
import { StarIcon } from "~/components/ui/icons";
import { FEATURED_REVIEW_LIMIT, REVIEW_SOURCES } from "~/content/reviews";
import { type StoreId, stores } from "~/content/stores";
import { REVIEW_RATINGS, reviewLimits, reviewSchema } from "~/lib/schemas/review";
import type { ReviewView } from "./review-item";

/**
 * Admin → Reviews' dialog that adds a review (`review` null) or edits one, as the customer wrote it: author,
 * date, store, source, rating, quote, and whether it is featured or hidden.
 */
export function ReviewDialog({
  review,
  store,
  today,
  closeTo,
  lastResult,
}: {
  review: ReviewView | null;
  /** The store tab the list shows: a new review starts there. */
  store: StoreId;
  today: string;
  closeTo: string;
  lastResult: ListReply | undefined;
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
    ariaDescribedBy: fields.author.descriptionId,
  });
  const { key: sourceKey, ...sourceProps } = getSelectProps(fields.source);
  const { key: quoteKey, ...quoteProps } = getTextareaProps(fields.quote, {
    ariaDescribedBy: fields.quote.descriptionId,
  });
  const { key: dateKey, ...dateProps } = getInputProps(fields.review_date, { type: "date" });
  const { key: featuredKey, ...featuredProps } = getInputProps(fields.is_featured, {
    type: "checkbox",
    ariaDescribedBy: fields.is_featured.descriptionId,
  });
  const { key: hiddenKey, ...hiddenProps } = getInputProps(fields.is_hidden, { type: "checkbox" });
  const ratingOptions = getCollectionProps(fields.rating, { type: "radio", options: [...REVIEW_RATINGS] });
  const ratingError = fields.rating.errors?.[0];
  const featuredError = fields.is_featured.errors?.[0];

  return (
    <FormDialog
      title={review ? "Edit Review" : "Add Review"}
      closeTo={closeTo}
      size="wide"
      form={form}
      rowId={review?.id}
      submitLabel={review ? "Update Review" : "Create Review"}
      busyLabel={review ? "Updating..." : "Submitting..."}
    >
      {review?.isSample ? (
        <Callout.Root color="amber" variant="surface" highContrast size="1">
          <Callout.Text>
            This is a sample review. Saving it makes it yours and removes its &lsquo;Sample review&rsquo; label: enter a
            real customer&rsquo;s review, as they wrote it.
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <div className="admin-form-row">
        <Field
          meta={fields.author}
          label="Author"
          required
          hint="As the customer signed it, e.g. Jordan M."
          look="admin"
        >
          <TextField.Root key={authorKey} {...authorProps} maxLength={reviewLimits.author} autoComplete="off" />
        </Field>
        <Field meta={fields.review_date} label="Review date" required look="admin">
          <TextField.Root key={dateKey} {...dateProps} max={today} />
        </Field>
      </div>
      <div className="admin-form-row">
        <Field meta={fields.store} label="Store" required look="admin">
          <select key={storeKey} {...storeProps} className="admin-select">
            {stores.map((option) => (
              <option key={option.id} value={option.id}>
                {option.shortName}
              </option>
            ))}
          </select>
        </Field>
        <Field meta={fields.source} label="Source" required look="admin">
          <select key={sourceKey} {...sourceProps} className="admin-select">
            <option value="">Choose…</option>
            {REVIEW_SOURCES.map((source) => (
              <option key={source} value={source}>
                {source}
              </option>
            ))}
          </select>
        </Field>
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
      <Field
        meta={fields.quote}
        label="Quote"
        required
        hint={`The customer's words, up to ${reviewLimits.quote.toLocaleString("en-US")} characters. The Reviews page shows the first 150 with 'Read more'.`}
        look="admin"
      >
        <TextArea key={quoteKey} {...quoteProps} rows={5} maxLength={reviewLimits.quote} />
      </Field>
      <Flex direction="column" gap="1">
        <label className="admin-checkbox" htmlFor={fields.is_featured.id}>
          <input key={featuredKey} {...featuredProps} />
          Featured
        </label>
        <Text
          as="p"
          size="1"
          color="gray"
          id={fields.is_featured.descriptionId}
          className="admin-reviews__featured-hint"
        >
          Up to {FEATURED_REVIEW_LIMIT} featured reviews lead the Reviews page; the newest three are also the home page
          testimonials.
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
    </FormDialog>
  );
}
