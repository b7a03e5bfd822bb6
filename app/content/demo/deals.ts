import type { DemoDeal } from "./types";

export const demoDeals: DemoDeal[] = [];
