import { useMatches } from "react-router";
import { ReviewCard } from "~/components/site/review-card";
import { ReviewStoreTabs } from "~/components/site/review-store-tabs";
import { SampleReviewNote } from "~/components/site/sample-review-note";
import { StarRating } from "~/components/site/star-rating";
import { StoreStructuredData } from "~/components/site/store-structured-data";
import { reviewSourceLabel } from "~/content/reviews";
import { storeFromParam, stores } from "~/content/stores";
import { pageMeta, publicOrigin, siteName } from "~/lib/seo";
import { listFeaturedReviews, listVisibleReviewsForStore } from "~/models/reviews.server";
import type { Review } from "~/server/schema.server";
import reviewsStyles from "~/styles/reviews.css?url";
import type { Route } from "./+types/reviews";
import { PageHero } from "~/components/site/page-hero";
import { PageSection } from "~/components/site/page-section";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reviewsStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Customer Reviews",
    description: `What customers say about ${siteName(matches)} in Norman, Oklahoma: reviews of our Lindsey Street and Blue Water stores from Google, Weedmaps and Leafly.`,
    path: "/reviews",
  });

export async function loader({ request }: Route.LoaderArgs) {
  const store = storeFromParam(new URL(request.url).searchParams.get("store"));
  // Hidden reviews never reach a visitor; the featured ones are the owner's pick (none: no section).
  const [reviews, featured] = await Promise.all([listVisibleReviewsForStore(store), listFeaturedReviews()]);
  return { store, reviews: reviews.map(toCard), featured: featured.map(toCard) };
}

const toCard = (r: Review) => ({
  id: r.id,
  author: r.author,
  source: r.source,
  rating: r.rating,
  quote: r.quote,
  reviewDate: r.review_date,
  isSample: r.is_sample,
});

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { reviews, featured } = loaderData;
  const store = stores.find((s) => s.id === loaderData.store) ?? stores[0];
  const origin = publicOrigin(useMatches());
  return (
    <div className="reviews-page">
      <StoreStructuredData origin={origin} />
      <PageHero
        title="What Our Customers Say"
        lead="Reviews from customers of our Lindsey Street and Blue Water stores."
      />

      {featured.length > 0 ? (
        <PageSection titleId="featured-reviews" title="Featured Reviews">
          <ul className="featured-reviews">
            {featured.map((review) => (
              <li key={review.id} className="featured-review">
                <div className="featured-review__top">
                  <StarRating rating={review.rating} size={20} />
                  {review.isSample ? <SampleReviewNote /> : null}
                </div>
                <blockquote className="featured-review__quote">
                  <p>{review.quote}</p>
                </blockquote>
                <p className="featured-review__author">
                  {review.author}
                  <span className="featured-review__source"> {reviewSourceLabel(review.source)}</span>
                </p>
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}

      <PageSection titleId="location-reviews" title="Location Reviews" tone="alt">
        <ReviewStoreTabs current={store.id} />
        <div className="review-panel" aria-labelledby="review-panel-title" role="region">
          <div className="review-panel__head">
            <h3 id="review-panel-title">{store.shortName} reviews</h3>
            <div className="button-row">
              <a href={store.googleReviewUrl} target="_blank" rel="noopener noreferrer" className="button-link">
                Write on Google
                <span className="visually-hidden"> (opens in a new window)</span>
              </a>
              <a
                href={store.weedmapsUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="button-link button-link--outline"
              >
                View on Weedmaps
                <span className="visually-hidden"> (opens in a new window)</span>
              </a>
            </div>
          </div>
          {reviews.length === 0 ? (
            <p className="review-panel__empty">No reviews for this store yet.</p>
          ) : (
            <ul className="review-list">
              {reviews.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </PageSection>
    </div>
  );
}
