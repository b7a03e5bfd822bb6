import type { Store } from "~/content/site";

/** One featured review shown at the top of /reviews. */
export interface FeaturedReview {
  author: string;
  source: "Google" | "Weedmaps" | "Leafly";
  rating: 1 | 2 | 3 | 4 | 5;
  quote: string;
  /**
   * Placeholder written for the demo, shown with a "Sample review" note. Publishing made-up reviews
   * as real is unlawful (16 CFR 465): the owner replaces these with real customers' words.
   */
  isSample: boolean;
}

export const featuredReviews: FeaturedReview[] = [
  {
    author: "Jordan M.",
    source: "Google",
    rating: 5,
    quote:
      "The budtenders took their time explaining the difference between a few strains and never rushed me. Clean store, fair prices and the price match made it an easy choice.",
    isSample: true,
  },
  {
    author: "Alexis R.",
    source: "Weedmaps",
    rating: 5,
    quote:
      "Ordered online and picked up at the curb in a few minutes. The loyalty points add up quickly, and the first-time discount was a nice welcome.",
    isSample: true,
  },
  {
    author: "Chris T.",
    source: "Google",
    rating: 5,
    quote:
      "Great selection of flower and edibles, fresh stock every time I stop by, and the ATM on site saves me a trip. Friendly staff who remember your name.",
    isSample: true,
  },
  {
    author: "Morgan L.",
    source: "Leafly",
    rating: 4,
    quote:
      "Open late, which fits my schedule after work. The Blue Water store is small but well organised, and the team always checks my card quickly and politely.",
    isSample: true,
  },
];

/** The store whose reviews /reviews shows first. */
export const defaultReviewStore: Store["id"] = "Lindsey";

/** The store named by a `?store=` value; anything unknown falls back to the default store. */
export function reviewStoreFromParam(value: string | null | undefined): Store["id"] {
  return value === "Lindsey" || value === "BlueWater" ? value : defaultReviewStore;
}

/** Quotes longer than this are cut, with a per-review "Read more" toggle. */
export const REVIEW_QUOTE_LIMIT = 150;
