import { REVIEW_QUOTE_LIMIT } from "~/content/reviews";
import { truncate } from "~/lib/text";

/**
 * A review's words. Long quotes show their first 150 characters and a native <details> toggle,
 * so "Read more" / "Show less" works without JavaScript; CSS hides the short text while it is open.
 */
export function ReviewQuote({ quote }: { quote: string }) {
  const short = truncate(quote, REVIEW_QUOTE_LIMIT);
  if (!short.truncated) {
    return (
      <blockquote className="review-quote">
        <p>{quote}</p>
      </blockquote>
    );
  }
  return (
    <div className="review-quote review-quote--long">
      <blockquote className="review-quote__short">
        <p>{short.text}</p>
      </blockquote>
      <details className="review-quote__more">
        <summary>
          <span className="review-quote__read-more">Read more</span>
          <span className="review-quote__show-less">Show less</span>
        </summary>
        <blockquote className="review-quote__full">
          <p>{quote}</p>
        </blockquote>
      </details>
    </div>
  );
}
