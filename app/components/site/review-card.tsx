import { ReviewQuote } from "~/components/site/review-quote";
import { SampleReviewNote } from "~/components/site/sample-review-note";
import { StarRating } from "~/components/site/star-rating";
import { formatLongDate } from "~/lib/dates";
import { reviewSourceLabel } from "~/content/reviews";

export interface ReviewCardData {
  author: string;
  source: string;
  rating: number;
  quote: string;
  /** "YYYY-MM-DD" */
  reviewDate: string;
  isSample: boolean;
}

/** One store review from the database: stars, quote (cut at 150 characters), author, source and date. */
export function ReviewCard({ review }: { review: ReviewCardData }) {
  return (
    <article className="review-card">
      <div className="review-card__top">
        <StarRating rating={review.rating} />
        {review.isSample ? <SampleReviewNote /> : null}
      </div>
      <ReviewQuote quote={review.quote} />
      <footer className="review-card__footer">
        <p className="review-card__author">{review.author}</p>
        <p className="review-card__meta">
          <span>{reviewSourceLabel(review.source)}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={review.reviewDate}>{formatLongDate(review.reviewDate)}</time>
        </p>
      </footer>
    </article>
  );
}
