import type { DemoBrand } from "./types";

export const demoBrands: DemoBrand[] = [];
