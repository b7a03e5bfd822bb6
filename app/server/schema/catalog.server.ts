import type { CatalogOption } from "~/lib/catalog";
import type { ColumnType, Generated, Selectable } from "kysely";
import type { AdFindingColumns, Timestamp } from "./columns.server";

/** A product of the store's own catalog (app/models/catalog.server.ts). */
export interface CatalogProductsTable extends AdFindingColumns {
  id: Generated<string>;
  source: string;
  external_id: string;
  slug: string;
  name: string;
  brand_name: string | null;
  /** The brand as a URL slug (/brands/{slug}), kept by each import. */
  brand_slug: string | null;
  category: string;
  strain_type: string | null;
  /** numeric: read as a string. */
  thc_value: ColumnType<string | null, number | string | null, number | string | null>;
  thc_unit: string | null;
  /** The high end of a range (the provider's 18.2–22.5 %); null for one figure. */
  thc_max: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  cbd_value: ColumnType<string | null, number | string | null, number | string | null>;
  cbd_unit: string | null;
  cbd_max: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  description: string | null;
  image_url: string | null;
  options: ColumnType<CatalogOption[], string, string>;
  price_from_cents: number;
  on_special: ColumnType<boolean, boolean | undefined, boolean>;
  in_stock_stores: ColumnType<string[], string[] | undefined, string[]>;
  edited_description: string | null;
  edited_image_url: string | null;
  is_hidden: ColumnType<boolean, boolean | undefined, boolean>;
  edited_at: Date | null;
  is_demo: ColumnType<boolean, boolean | undefined, boolean>;
  first_seen_at: Timestamp;
  seen_at: Timestamp;
  gone_since: Date | null;
  updated_at: Timestamp;
}
export type CatalogProduct = Selectable<CatalogProductsTable>;

export interface CatalogCsvMappingsTable {
  source: string;
  mapping: ColumnType<Record<string, string>, string, string>;
  /** The owner's category for each of the export's category values (categoryKey → slug or "skip"). */
  categories: ColumnType<Record<string, string>, string | undefined, string>;
  updated_at: Timestamp;
}

/** A POS export waiting between the owner's import steps (map, see the difference, apply). */
export interface CatalogUploadsTable {
  id: Generated<string>;
  source: string;
  file_name: string;
  bytes: Uint8Array;
  uploaded_by: string | null;
  uploaded_at: Timestamp;
}

/** One import or provider sync and how it ended (the dashboard's line, "Prices as of"). */
export interface CatalogSyncsTable {
  id: Generated<string>;
  source: string;
  kind: "import" | "sync" | "demo";
  started_at: Date;
  finished_at: Timestamp;
  ok: boolean;
  message: string | null;
  added: ColumnType<number, number | undefined, number>;
  changed: ColumnType<number, number | undefined, number>;
  removed: ColumnType<number, number | undefined, number>;
}
export type CatalogSync = Selectable<CatalogSyncsTable>;

/** The menu's products and how they came in (imports, provider syncs). */
export interface CatalogTables {
  catalog_products: CatalogProductsTable;
  catalog_csv_mappings: CatalogCsvMappingsTable;
  catalog_uploads: CatalogUploadsTable;
  catalog_syncs: CatalogSyncsTable;
}
