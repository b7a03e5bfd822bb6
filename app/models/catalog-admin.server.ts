import { type ExpressionBuilder, type Selectable, sql } from "kysely";
import { gramsOfUnit } from "~/lib/bag";
import { type CatalogCategory, type CategoryMapping, type ColumnMapping, isCategoryChoice } from "~/lib/catalog";
import { LIMIT_OF_CATEGORY } from "~/lib/oklahoma-limits";
import type { MenuFilter } from "~/lib/schemas/menu";
import { type DB, db } from "~/server/db.server";
import type { CatalogProduct, CatalogUploadsTable, Database } from "~/server/schema.server";
import { type ActivityActor, recordActivity, recordRowChange, type RowActivity } from "./activity.server";
import { type OverrideFor, overrideFor, recordAdvertisingOverride } from "./ad-findings.server";
import { containsPattern } from "./like-pattern.server";
import { lockRowForUpdate } from "./row-lock.server";

// Admin → Menu: the catalog's products as the owner sees them (every source's, searched and filtered), and
// the owner's hand edits — a description, a photo, hiding a product — each written with its activity entry in
// one transaction. The edits live in their own columns (edited_*, is_hidden), which no import or sync writes.
// And what an import of a POS export keeps between its steps: the file waiting (catalog_uploads, pruned after a
// day), and the owner's column mapping, remembered per source.

/** The owner's columns, as the activity log compares them. */
const EDITED_FIELDS = ["edited_description", "edited_image_url", "is_hidden"] as const;

const PRODUCT_ACTIVITY: RowActivity<CatalogProduct> = {
  subject: (product) => ({ type: "menu-product", id: product.id, title: product.name }),
  fields: EDITED_FIELDS,
};

export interface AdminProductQuery {
  search?: string;
  filter?: MenuFilter;
  /** The kinds of advertising rule switched off: the "Advertising findings" filter leaves them out. */
  disabledAdRules: readonly string[];
  /** For the "Weight not listed" filter: the products it lists (unweighedProductIds). */
  unweighedIds?: readonly string[];
}

/**
 * The products on the menu that count toward one of Oklahoma's limits with a size whose weight the catalog
 * does not know (its label names no grams, and no net weight came with it): a bag allows them and shows
 * "weight not listed", and the owner can fill the weights in with an import's net-weight column. Read in
 * code, by the same rule the bag uses (lib/bag.ts gramsOfUnit), rather than a second one in SQL.
 */
export async function unweighedProductIds(): Promise<string[]> {
  const limited = (Object.keys(LIMIT_OF_CATEGORY) as CatalogCategory[]).filter(
    (category) => LIMIT_OF_CATEGORY[category] !== null,
  );
  const rows = await (
    await db()
  )
    .selectFrom("catalog_products")
    .select(["id", "options"])
    .where("category", "in", limited)
    .where("gone_since", "is", null)
    .execute();
  return rows
    .filter((row) => row.options.some((option) => gramsOfUnit(option.label, option.netWeightGrams) === null))
    .map((row) => row.id);
}

function productCondition(eb: ExpressionBuilder<Database, "catalog_products">, query: AdminProductQuery) {
  const conditions = [];
  const q = query.search?.trim();
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(eb.or([eb("name", "ilike", pattern), eb("brand_name", "ilike", pattern)]));
  }
  switch (query.filter) {
    case "hidden":
      conditions.push(eb("is_hidden", "=", true));
      break;
    case "edited":
      conditions.push(eb.or([eb("edited_at", "is not", null), eb("is_hidden", "=", true)]));
      break;
    case "out-of-stock":
      conditions.push(sql<boolean>`cardinality(in_stock_stores) = 0`);
      break;
    case "unweighed":
      conditions.push(query.unweighedIds?.length ? eb("id", "in", [...query.unweighedIds]) : sql<boolean>`false`);
      break;
    case "advertising":
      // The findings kept with the product (app/models/ad-findings.server.ts; the loader checks changed ones first).
      conditions.push(
        sql<boolean>`exists (select 1 from jsonb_array_elements(ad_findings) as finding where not (finding->>'kind' = any(${[...query.disabledAdRules]}::text[])))`,
      );
      break;
  }
  return eb.and(conditions);
}

/** One page of the catalog for the admin list (every source, hidden and retired ones too), and the count. */
export async function listCatalogProductsPageForAdmin(
  query: AdminProductQuery & { page: number; pageSize: number },
): Promise<{ products: CatalogProduct[]; total: number }> {
  const database = await db();
  const filtered = () => database.selectFrom("catalog_products").where((eb) => productCondition(eb, query));
  const [products, count] = await Promise.all([
    filtered()
      .selectAll()
      .orderBy("name")
      .orderBy("id")
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered()
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { products, total: Number(count.total) };
}

export async function getCatalogProduct(id: string): Promise<CatalogProduct | undefined> {
  return (await db()).selectFrom("catalog_products").selectAll().where("id", "=", id).executeTakeFirst();
}

/** What the owner's dialog saves. */
export interface ProductEdit {
  /** Their own description; null shows the source's. */
  description: string | null;
  /** Their own photo's address; null shows the source's; undefined keeps what is there. */
  imageUrl?: string | null;
  isHidden: boolean;
}

const isEdited = (row: Pick<CatalogProduct, "edited_description" | "edited_image_url" | "is_hidden">) =>
  row.edited_description !== null || row.edited_image_url !== null || row.is_hidden;

/**
 * Saves the owner's edit of a product with its "menu.edit" entry, in one transaction. The product counts as
 * edited (edited_at: kept through imports, never retired without asking) while any edit remains.
 * Answers the rows before and after (a replaced photo's file is removed), or undefined when it is gone.
 */
export async function editCatalogProduct(
  id: string,
  edit: ProductEdit,
  actor: ActivityActor,
  /** The owner published words with advertising findings anyway: kept in the activity log. */
  override?: OverrideFor<CatalogProduct>,
  now = new Date(),
): Promise<{ before: CatalogProduct; after: CatalogProduct } | undefined> {
  return (await db()).transaction().execute(async (trx) => {
    const before = await lockRowForUpdate(trx, "catalog_products", id);
    if (!before) return undefined;
    const values = {
      edited_description: edit.description,
      edited_image_url: edit.imageUrl === undefined ? before.edited_image_url : edit.imageUrl,
      is_hidden: edit.isHidden,
    };
    const changed = EDITED_FIELDS.some((field) => values[field] !== before[field]);
    const after = await trx
      .updateTable("catalog_products")
      .set({
        ...values,
        edited_at: !isEdited(values) ? null : changed ? now : before.edited_at,
        updated_at: changed ? now : before.updated_at,
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordRowChange(trx, "menu.edit", actor, PRODUCT_ACTIVITY, before, after);
    const decided = overrideFor(override, before);
    if (decided) await recordAdvertisingOverride(trx, actor, PRODUCT_ACTIVITY.subject(after), decided);
    return { before, after };
  });
}

/**
 * Takes the owner's edits off a product (the source's description and photo again, shown on the menu) with
 * its "menu.reset" entry, in one transaction. Answers the rows before and after, or undefined when it is gone.
 */
export async function resetCatalogProduct(
  id: string,
  actor: ActivityActor,
  now = new Date(),
): Promise<{ before: CatalogProduct; after: CatalogProduct } | undefined> {
  return (await db()).transaction().execute(async (trx) => {
    const before = await lockRowForUpdate(trx, "catalog_products", id);
    if (!before) return undefined;
    const after = await trx
      .updateTable("catalog_products")
      .set({
        edited_description: null,
        edited_image_url: null,
        is_hidden: false,
        edited_at: null,
        updated_at: isEdited(before) ? now : before.updated_at,
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordRowChange(trx, "menu.reset", actor, PRODUCT_ACTIVITY, before, after);
    return { before, after };
  });
}

// The import's steps.

export type CatalogUpload = Selectable<CatalogUploadsTable>;

/** How long an uploaded export waits for the owner's next step. */
export const UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;

/** Keeps an uploaded export for the next steps (and drops those older than a day); answers its id. */
export async function storeCatalogUpload(
  upload: { source: string; fileName: string; bytes: Uint8Array; uploadedBy: string | null },
  now = new Date(),
): Promise<string> {
  await pruneCatalogUploads(now);
  const row = await (
    await db()
  )
    .insertInto("catalog_uploads")
    .values({
      source: upload.source,
      file_name: upload.fileName,
      bytes: upload.bytes,
      uploaded_by: upload.uploadedBy,
      uploaded_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An export still waiting (uploaded within the day), or undefined. `id` must be a uuid (isRowId). */
export async function getCatalogUpload(id: string, now = new Date()): Promise<CatalogUpload | undefined> {
  return (await db())
    .selectFrom("catalog_uploads")
    .selectAll()
    .where("id", "=", id)
    .where("uploaded_at", ">=", new Date(now.getTime() - UPLOAD_KEPT_MS))
    .executeTakeFirst();
}

/** Drops a waiting export (applied or cancelled); false when it was not there (any more). */
export async function deleteCatalogUpload(id: string, executor?: DB): Promise<boolean> {
  const result = await (executor ?? (await db())).deleteFrom("catalog_uploads").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Drops exports left waiting for more than a day; answers how many. */
export async function pruneCatalogUploads(now = new Date()): Promise<number> {
  const result = await (
    await db()
  )
    .deleteFrom("catalog_uploads")
    .where("uploaded_at", "<", new Date(now.getTime() - UPLOAD_KEPT_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The POS export sources ('csv:<name>') already used: mapped before, or holding products; most recent first. */
export async function csvSourcesInUse(): Promise<string[]> {
  const database = await db();
  const [mapped, stocked] = await Promise.all([
    database.selectFrom("catalog_csv_mappings").select("source").orderBy("updated_at", "desc").execute(),
    database
      .selectFrom("catalog_products")
      .select("source")
      .distinct()
      .where("source", "like", "csv:%")
      .orderBy("source")
      .execute(),
  ]);
  return [...new Set([...mapped, ...stocked].map((row) => row.source))];
}

/** The mapping the owner used last for `source`, or null before their first import of it. */
export async function rememberedCsvMapping(source: string): Promise<ColumnMapping | null> {
  const row = await (
    await db()
  )
    .selectFrom("catalog_csv_mappings")
    .select("mapping")
    .where("source", "=", source)
    .executeTakeFirst();
  return row ? (row.mapping as ColumnMapping) : null;
}

/** The owner's category for each category value of `source`'s files so far ({} before the first). */
export async function rememberedCategoryMapping(source: string): Promise<CategoryMapping> {
  const row = await (
    await db()
  )
    .selectFrom("catalog_csv_mappings")
    .select("categories")
    .where("source", "=", source)
    .executeTakeFirst();
  const remembered: CategoryMapping = {};
  for (const [key, choice] of Object.entries(row?.categories ?? {}))
    if (isCategoryChoice(choice)) remembered[key] = choice;
  return remembered;
}

/**
 * Remembers `source`'s mapping for its next upload, with the import's transaction; the category choices are
 * added to those of earlier files (a value this file lacks keeps its choice for the next one that has it).
 */
export async function rememberCsvMapping(
  executor: DB,
  source: string,
  mapping: ColumnMapping,
  categories: CategoryMapping = {},
): Promise<void> {
  const json = JSON.stringify(mapping);
  const categoriesJson = JSON.stringify(categories);
  await executor
    .insertInto("catalog_csv_mappings")
    .values({ source, mapping: json, categories: categoriesJson, updated_at: new Date() })
    .onConflict((conflict) =>
      conflict.column("source").doUpdateSet({
        mapping: json,
        categories: sql<string>`catalog_csv_mappings.categories || ${categoriesJson}::jsonb`,
        updated_at: new Date(),
      }),
    )
    .execute();
}

/** The "menu.import" entry of an applied import, with its transaction: the export, and what changed. */
export async function recordMenuImport(
  executor: DB,
  actor: ActivityActor,
  run: { source: string; fileName: string; counts: { added: number; changed: number; removed: number } },
): Promise<void> {
  const { added, changed, removed } = run.counts;
  await recordActivity(executor, {
    kind: "menu.import",
    actor,
    subject: { type: "menu-source", id: run.source, title: run.fileName },
    changes: {
      added: { from: null, to: added },
      changed: { from: null, to: changed },
      removed: { from: null, to: removed },
    },
  });
}
