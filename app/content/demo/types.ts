// Shapes of the demo content seeded into an empty database (SEED_DEMO=false skips it).
export interface DemoBrand {
  name: string;
  /** Path under /public, e.g. "/demo/brands/sunday-extracts.svg" */
  logoUrl: string;
  siteUrl: string | null;
  sortOrder: number;
}

export interface DemoDeal {
  title: string;
  description: string;
  /** Path under /public */
  imageUrl: string;
  /** Days from today (store time zone) the deal starts and ends; null = open-ended. */
  startOffsetDays: number | null;
  endOffsetDays: number | null;
  isActive: boolean;
  sortOrder: number;
}

export interface DemoReview {
  store: "Lindsey" | "BlueWater";
  author: string;
  source: "Google" | "Weedmaps" | "Leafly";
  rating: 1 | 2 | 3 | 4 | 5;
  quote: string;
  /** Days before today */
  daysAgo: number;
  /** One of the four featured on /reviews (the newest three also on the home page). */
  featured?: boolean;
}

export interface DemoPost {
  title: string;
  slug: string;
  excerpt: string;
  /** Markdown */
  content: string;
  heroImageUrl: string | null;
  status: "draft" | "scheduled" | "published";
  /** Days relative to now (negative = past); null for drafts. */
  publishOffsetDays: number | null;
  categories: string[];
  tags: string[];
  metaDescription?: string;
}
