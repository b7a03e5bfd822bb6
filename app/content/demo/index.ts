export { demoBrands } from "./brands";
export { demoDeals } from "./deals";
export { demoReviews } from "./reviews";
export { demoPosts } from "./posts";
export type { DemoBrand, DemoDeal, DemoPost, DemoReview } from "./types";
