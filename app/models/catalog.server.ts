import { sql } from "kysely";
import { STORE_IDS, type StoreId } from "~/content/stores";
import type { SourceProduct } from "~/lib/catalog";
import { slugify } from "~/lib/slug";
import { db, type DB } from "~/server/db.server";
import type { CatalogProduct } from "~/server/schema.server";

// The store's own catalog: what a source (a POS export, the menu provider) says its products are now,
// compared with what the catalog holds, and applied in one transaction. An import never touches the
// owner's edits (edited_*, is_hidden), and never retires a product the owner edited unless asked.

/** A product's stock before a source says where it is: on no store's shelf. */
export function stockedNowhere(): Record<StoreId, boolean> {
  return Object.fromEntries(STORE_IDS.map((id) => [id, false])) as Record<StoreId, boolean>;
}

/** What a source decides about a product: everything but the owner's edits and the catalog's own dates. */
interface SourceColumns {
  name: string;
  brand_name: string | null;
  brand_slug: string | null;
  category: string;
  strain_type: string | null;
  thc_value: string | null;
  thc_unit: string | null;
  thc_max: string | null;
  cbd_value: string | null;
  cbd_unit: string | null;
  cbd_max: string | null;
  description: string | null;
  image_url: string | null;
  options: string;
  price_from_cents: number;
  on_special: boolean;
  in_stock_stores: string[];
}

/** The names the import report uses for what changed. */
const FIELD_LABELS: Record<keyof SourceColumns, string> = {
  name: "name",
  brand_name: "brand",
  brand_slug: "brand",
  category: "category",
  strain_type: "strain type",
  thc_value: "THC",
  thc_unit: "THC",
  thc_max: "THC",
  cbd_value: "CBD",
  cbd_unit: "CBD",
  cbd_max: "CBD",
  description: "description",
  image_url: "image",
  options: "prices",
  price_from_cents: "prices",
  on_special: "prices",
  in_stock_stores: "stock",
};

const potency = (value: number | null | undefined) => (value == null ? null : value.toFixed(2));

function sourceColumns(product: SourceProduct): SourceColumns {
  const prices = product.options.map((option) => option.priceSpecialCents ?? option.priceMedicalCents);
  return {
    name: product.name,
    brand_name: product.brand,
    brand_slug: product.brand ? slugify(product.brand) || null : null,
    category: product.category,
    strain_type: product.strainType,
    thc_value: potency(product.thc?.value),
    thc_unit: product.thc?.unit ?? null,
    thc_max: potency(product.thc?.max),
    cbd_value: potency(product.cbd?.value),
    cbd_unit: product.cbd?.unit ?? null,
    cbd_max: potency(product.cbd?.max),
    description: product.description,
    image_url: product.imageUrl,
    options: JSON.stringify(product.options),
    price_from_cents: prices.length > 0 ? Math.min(...prices) : 0,
    on_special: product.options.some((option) => option.priceSpecialCents !== null),
    in_stock_stores: Object.entries(product.inStock)
      .filter(([, stocked]) => stocked)
      .map(([store]) => store)
      .sort(),
  };
}

/** The same columns as the catalog holds them, to compare with what a source says now. */
function heldColumns(row: CatalogProduct): SourceColumns {
  return {
    name: row.name,
    brand_name: row.brand_name,
    brand_slug: row.brand_slug,
    category: row.category,
    strain_type: row.strain_type,
    thc_value: potency(row.thc_value === null ? null : Number(row.thc_value)),
    thc_unit: row.thc_unit,
    thc_max: potency(row.thc_max === null ? null : Number(row.thc_max)),
    cbd_value: potency(row.cbd_value === null ? null : Number(row.cbd_value)),
    cbd_unit: row.cbd_unit,
    cbd_max: potency(row.cbd_max === null ? null : Number(row.cbd_max)),
    description: row.description,
    image_url: row.image_url,
    options: JSON.stringify(row.options),
    price_from_cents: row.price_from_cents,
    on_special: row.on_special,
    in_stock_stores: [...row.in_stock_stores].sort(),
  };
}

function changedFields(held: SourceColumns, now: SourceColumns): string[] {
  const fields = (Object.keys(now) as (keyof SourceColumns)[]).filter(
    (key) => JSON.stringify(held[key]) !== JSON.stringify(now[key]),
  );
  return [...new Set(fields.map((key) => FIELD_LABELS[key]))];
}

export interface CatalogDiff {
  added: { externalId: string; name: string }[];
  /** Listed again with other values: which fields, in the report's words. */
  changed: { id: string; name: string; fields: string[] }[];
  /** In the catalog but no longer listed. `edited`: the owner changed it by hand, so it stays unless asked. */
  removed: { id: string; name: string; edited: boolean }[];
}

async function heldProducts(executor: DB, source: string): Promise<Map<string, CatalogProduct>> {
  const rows = await executor.selectFrom("catalog_products").selectAll().where("source", "=", source).execute();
  return new Map(rows.map((row) => [row.external_id.toLowerCase(), row]));
}

function diff(held: Map<string, CatalogProduct>, products: SourceProduct[]): CatalogDiff {
  const listed = new Set<string>();
  const result: CatalogDiff = { added: [], changed: [], removed: [] };
  for (const product of products) {
    const key = product.externalId.toLowerCase();
    listed.add(key);
    const row = held.get(key);
    if (!row) {
      result.added.push({ externalId: product.externalId, name: product.name });
      continue;
    }
    const fields = changedFields(heldColumns(row), sourceColumns(product));
    // A product that comes back after it was gone has changed, even if nothing else did.
    if (row.gone_since) fields.push("back in the list");
    if (fields.length > 0) result.changed.push({ id: row.id, name: product.name, fields });
  }
  for (const [key, row] of held) {
    if (!listed.has(key) && !row.gone_since) {
      result.removed.push({ id: row.id, name: row.name, edited: row.edited_at !== null || row.is_hidden });
    }
  }
  return result;
}

/** What applying `products` as `source`'s whole list would change, for the owner to see first. */
export async function diffCatalog(source: string, products: SourceProduct[]): Promise<CatalogDiff> {
  const executor = await db();
  return diff(await heldProducts(executor, source), products);
}

/** A slug for a new product: its name, else with its brand, else numbered; unique across the catalog. */
function newSlug(product: SourceProduct, taken: Set<string>): string {
  const base = slugify(product.name) || "product";
  const candidates = [base, product.brand ? `${base}-${slugify(product.brand)}` : null].filter(Boolean) as string[];
  let slug = candidates.find((candidate) => !taken.has(candidate));
  for (let n = 2; !slug; n += 1) if (!taken.has(`${base}-${n}`)) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

const INSERT_BATCH = 500;

/**
 * Makes the catalog hold `products` as `source`'s whole list, in one transaction: new products are added,
 * changed ones updated (their edits kept), unlisted ones retired (gone_since) — except those the owner
 * edited, unless `retireEdited`. Applying the same list twice changes nothing. Returns what changed.
 */
export async function applyCatalog(
  source: string,
  products: SourceProduct[],
  /** `trx`: the caller's transaction, so what it records with the import (its run, its log entry) commits with it. */
  options: { retireEdited?: boolean; isDemo?: boolean; now?: Date; trx?: DB } = {},
): Promise<CatalogDiff> {
  const now = options.now ?? new Date();
  const applyIn = async (trx: DB): Promise<CatalogDiff> => {
    // One import of a source at a time: a second waits and then sees the first one's result.
    await sql`select pg_advisory_xact_lock(hashtext(${`catalog:${source}`}))`.execute(trx);
    const held = await heldProducts(trx, source);
    const result = diff(held, products);
    const changedIds = new Set(result.changed.map((change) => change.id));
    const taken = new Set((await trx.selectFrom("catalog_products").select("slug").execute()).map((row) => row.slug));
    const inserts = [];
    for (const product of products) {
      const row = held.get(product.externalId.toLowerCase());
      const columns = sourceColumns(product);
      if (!row) {
        inserts.push({
          ...columns,
          source,
          external_id: product.externalId,
          slug: newSlug(product, taken),
          is_demo: options.isDemo ?? false,
          first_seen_at: now,
          seen_at: now,
          updated_at: now,
        });
      } else if (changedIds.has(row.id)) {
        await trx
          .updateTable("catalog_products")
          .set({ ...columns, seen_at: now, gone_since: null, updated_at: now })
          .where("id", "=", row.id)
          .execute();
      }
    }
    for (let start = 0; start < inserts.length; start += INSERT_BATCH) {
      await trx
        .insertInto("catalog_products")
        .values(inserts.slice(start, start + INSERT_BATCH))
        .execute();
    }
    const retired = result.removed.filter((product) => options.retireEdited || !product.edited);
    if (retired.length > 0) {
      await trx
        .updateTable("catalog_products")
        .set({ gone_since: now, in_stock_stores: [], updated_at: now })
        .where(
          "id",
          "in",
          retired.map((product) => product.id),
        )
        .execute();
    }
    return { ...result, removed: retired };
  };
  return options.trx ? applyIn(options.trx) : (await db()).transaction().execute(applyIn);
}

/** The source's own ids (externalId) of these products, for those that came from `source`. */
export async function externalIdsFrom(source: string, productIds: readonly string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await (
    await db()
  )
    .selectFrom("catalog_products")
    .select(["id", "external_id"])
    .where("source", "=", source)
    .where("id", "in", [...productIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.external_id]));
}
