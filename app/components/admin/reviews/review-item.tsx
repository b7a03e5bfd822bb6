import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Form } from "react-router";
import { RowActions } from "~/components/admin/row-actions";
import type { ReviewCardData } from "~/components/site/review-card";
import { StarRating } from "~/components/site/star-rating";
import { reviewSourceLabel } from "~/content/reviews";
import type { StoreId } from "~/content/stores";
import { formatShortDate } from "~/lib/dates";
import { REVIEW_MESSAGES } from "~/lib/schemas/review";

// A review in Admin → Reviews: its card in the list, with Edit, Feature / Unfeature, Hide / Show and Delete.

/** A review as the admin's list and dialog show it. */
export interface ReviewView extends ReviewCardData {
  id: string;
  store: StoreId;
  isFeatured: boolean;
  isHidden: boolean;
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

/** Feature / Unfeature and Hide / Show: one button each, keyed by what it toggles so focus stays on it. */
const toggles = (review: ReviewView) => [
  {
    key: "featured",
    intent: review.isFeatured ? "unfeature" : "feature",
    label: review.isFeatured ? "Unfeature" : "Feature",
    className: "admin-review__toggle",
  },
  {
    key: "hidden",
    intent: review.isHidden ? "show" : "hide",
    label: review.isHidden ? "Show" : "Hide",
    className: "admin-review__toggle admin-review__toggle--narrow",
  },
];

export function ReviewItem({ review, editTo }: { review: ReviewView; editTo: string }) {
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
          <RowActions
            id={review.id}
            name={`the review by ${review.author}`}
            editTo={editTo}
            confirmMessage={REVIEW_MESSAGES.confirmDelete}
          >
            {toggles(review).map(({ key, ...toggle }) => (
              <RowIntentButton key={key} id={review.id} author={review.author} {...toggle} />
            ))}
          </RowActions>
        </div>
      </Card>
    </li>
  );
}
