/** Quotes longer than this are cut, with a per-review "Read more" toggle. */
export const REVIEW_QUOTE_LIMIT = 150;

/** /reviews shows this many featured reviews (the owner picks them); the home page the first three. */
export const FEATURED_REVIEW_LIMIT = 4;
export const HOME_TESTIMONIAL_COUNT = 3;

/** Where a customer left a review: the sites people review dispensaries on, or in person at the counter. */
export const REVIEW_SOURCES = ["Google", "Weedmaps", "Leafly", "Facebook", "Yelp", "In store"] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/** "via Google", but "in store" for a review given in person. */
export function reviewSourceLabel(source: string): string {
  return source === "In store" ? "in store" : `via ${source}`;
}
