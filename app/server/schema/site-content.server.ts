import type { ColumnType, Generated, Selectable } from "kysely";
import type { AdFindingColumns, DateOnly, Timestamp } from "./columns.server";

export type ReviewStore = "Lindsey" | "BlueWater";

export interface BrandsTable extends AdFindingColumns {
  id: Generated<string>;
  name: string;
  logo_url: string;
  logo_key: string | null;
  site_url: string | null;
  is_featured: ColumnType<boolean, boolean | undefined, boolean>;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DealsSlidesTable extends AdFindingColumns {
  id: Generated<string>;
  title: string;
  description: string | null;
  image_url: string | null;
  image_key: string | null;
  start_date: DateOnly | null;
  end_date: DateOnly | null;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Seeded demo content: signed-in staff see a note on the public page. An admin's save clears it. */
  is_demo: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface ReviewsTable {
  id: Generated<string>;
  store: ReviewStore;
  author: string;
  source: string;
  rating: number;
  quote: string;
  review_date: DateOnly;
  is_sample: ColumnType<boolean, boolean | undefined, boolean>;
  /** Picked by the owner: the four on /reviews and the three on the home page. */
  is_featured: ColumnType<boolean, boolean | undefined, boolean>;
  /** Kept out of the public pages without deleting it. */
  is_hidden: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One section of the owner's settings as a JSON document ('site', 'hours.Lindsey'…), validated when read. */
export interface SiteSettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export interface StoreHoursExceptionsTable {
  id: Generated<string>;
  store: ReviewStore;
  start_date: DateOnly;
  end_date: DateOnly;
  closed: ColumnType<boolean, boolean | undefined, boolean>;
  /** "HH:MM"; null when closed. */
  opens: string | null;
  closes: string | null;
  label: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GalleryPhotosTable extends AdFindingColumns {
  id: Generated<string>;
  image_url: string;
  image_key: string | null;
  alt: string;
  caption: string | null;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What the owner edits for the public pages besides posts and the catalog. */
export interface SiteContentTables {
  brands: BrandsTable;
  deals_slides: DealsSlidesTable;
  reviews: ReviewsTable;
  site_settings: SiteSettingsTable;
  store_hours_exceptions: StoreHoursExceptionsTable;
  gallery_photos: GalleryPhotosTable;
}

export type Brand = Selectable<BrandsTable>;
export type DealSlide = Selectable<DealsSlidesTable>;
export type Review = Selectable<ReviewsTable>;
export type StoreHoursException = Selectable<StoreHoursExceptionsTable>;
export type GalleryPhoto = Selectable<GalleryPhotosTable>;
