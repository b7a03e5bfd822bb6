import type { DemoReview } from "./types";

export const demoReviews: DemoReview[] = [];
