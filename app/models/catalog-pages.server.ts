// The catalog as visitors see it (issue 26): the menu's lists and facets, one product's page, the brands'
// product counts and the sitemap. "Listed" = not gone, not hidden, on a shelf at one store at least. The
// owner's edits win: the description and image a page shows are the edited ones when set.
import { type Expression, type ExpressionBuilder, sql, type SqlBool } from "kysely";
import type { CatalogCategory } from "~/lib/catalog";
import type { MenuQuery, MenuSort } from "~/lib/menu-params";
import { db } from "~/server/db.server";
import type { CatalogProduct, Database } from "~/server/schema.server";
import type { CatalogOption, Potency } from "~/lib/catalog";
import { escapeLikePattern } from "./like-pattern.server";
import { readUntilChanged } from "~/server/content-memo.server";

/** Days a product's page stays up ("out of stock") after its source stopped listing it; then 410. */
export const RETIRED_AFTER_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Words of a search that count; more are ignored (each one is another condition). */
const MAX_SEARCH_WORDS = 6;

type Products = ExpressionBuilder<Database, "catalog_products">;

/**
 * On the menu: not gone, not hidden, in stock at a store (the partial indexes' predicate, and more). The
 * dashboard's count and the advertising findings' "live" use it too.
 */
export const LISTED = sql<SqlBool>`(catalog_products.gone_since is null and not catalog_products.is_hidden and cardinality(catalog_products.in_stock_stores) > 0)`;

export type { Potency };

/** One size on special: "5 × 0.5 g $26, was $32.50". */
export interface ProductSpecial {
  label: string;
  priceCents: number;
  regularCents: number;
}

/** The option on special a card shows: the one with the lowest special price. */
function specialOf(options: CatalogOption[]): ProductSpecial | null {
  let best: ProductSpecial | null = null;
  for (const option of options) {
    if (option.priceSpecialCents === null || (best && option.priceSpecialCents >= best.priceCents)) continue;
    best = { label: option.label, priceCents: option.priceSpecialCents, regularCents: option.priceMedicalCents };
  }
  return best;
}

/** A product as a menu card shows it. */
export interface ListedProduct {
  slug: string;
  name: string;
  brandName: string | null;
  brandSlug: string | null;
  category: CatalogCategory;
  strainType: string | null;
  thc: Potency | null;
  cbd: Potency | null;
  /** The owner's photo when set, else the source's: an https URL or a site path; null: none. */
  imageUrl: string | null;
  /** The lowest price a patient pays now (a special when there is one). */
  priceFromCents: number;
  onSpecial: boolean;
  /** The option on special a card names (the lowest special price), with its regular price; null: none. */
  special: ProductSpecial | null;
  /** How many options (sizes) it comes in: "from $x" when more than one. */
  optionCount: number;
  /** The size of a product that comes in one: its card adds it to the bag in one tap. */
  onlySize: string | null;
  inStockStores: string[];
  updatedAt: Date;
}

function potency(value: string | null, unit: string | null, max: string | null): Potency | null {
  if (value === null || (unit !== "%" && unit !== "mg")) return null;
  return max === null || Number(max) === Number(value)
    ? { value: Number(value), unit }
    : { value: Number(value), unit, max: Number(max) };
}

const CARD_COLUMNS = [
  "catalog_products.slug",
  "catalog_products.name",
  "catalog_products.brand_name",
  "catalog_products.brand_slug",
  "catalog_products.category",
  "catalog_products.strain_type",
  "catalog_products.thc_value",
  "catalog_products.thc_unit",
  "catalog_products.thc_max",
  "catalog_products.cbd_value",
  "catalog_products.cbd_unit",
  "catalog_products.cbd_max",
  "catalog_products.price_from_cents",
  "catalog_products.on_special",
  "catalog_products.options",
  "catalog_products.in_stock_stores",
  "catalog_products.updated_at",
] as const;

/** A product card's columns as the list queries select them (the image already the one shown). */
type CardRow = Pick<
  CatalogProduct,
  | "slug"
  | "name"
  | "brand_name"
  | "brand_slug"
  | "category"
  | "strain_type"
  | "thc_value"
  | "thc_unit"
  | "thc_max"
  | "cbd_value"
  | "cbd_unit"
  | "cbd_max"
  | "price_from_cents"
  | "on_special"
  | "options"
  | "in_stock_stores"
  | "updated_at"
  | "image_url"
> & { option_count: number | string };

function toListedProduct(row: CardRow): ListedProduct {
  return {
    slug: row.slug,
    name: row.name,
    brandName: row.brand_name,
    brandSlug: row.brand_slug,
    category: row.category as CatalogCategory,
    strainType: row.strain_type,
    thc: potency(row.thc_value, row.thc_unit, row.thc_max),
    cbd: potency(row.cbd_value, row.cbd_unit, row.cbd_max),
    imageUrl: row.image_url,
    priceFromCents: row.price_from_cents,
    onSpecial: row.on_special,
    special: row.on_special ? specialOf(row.options) : null,
    optionCount: Number(row.option_count),
    onlySize: row.options.length === 1 ? row.options[0].label : null,
    inStockStores: row.in_stock_stores,
    updatedAt: new Date(row.updated_at),
  };
}

/** The query's filters (not the sort), on top of "listed". */
export function menuConditions(eb: Products, query: Omit<MenuQuery, "sort">) {
  const conditions: Expression<SqlBool>[] = [LISTED];
  if (query.category) conditions.push(eb("catalog_products.category", "=", query.category));
  if (query.brand) conditions.push(eb("catalog_products.brand_slug", "=", query.brand));
  if (query.strain) conditions.push(eb("catalog_products.strain_type", "=", query.strain));
  if (query.special) conditions.push(eb("catalog_products.on_special", "=", true));
  const stores = query.store === "both" ? ["Lindsey", "BlueWater"] : query.store ? [query.store] : [];
  for (const store of stores) conditions.push(sql<SqlBool>`${store} = any(catalog_products.in_stock_stores)`);
  // Every word in the name or the brand, literally (a "%" is a percent sign), case-insensitively.
  for (const word of query.q.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS)) {
    const pattern = `%${escapeLikePattern(word)}%`;
    conditions.push(
      eb.or([eb("catalog_products.name", "ilike", pattern), eb("catalog_products.brand_name", "ilike", pattern)]),
    );
  }
  return eb.and(conditions);
}

/** The list's order; name and id last, so a page never repeats or skips a product. */
function orderFor(sort: MenuSort) {
  switch (sort) {
    case "price":
      return sql`catalog_products.price_from_cents asc, catalog_products.name asc, catalog_products.id asc`;
    // THC in percent first (flower, vapes), then in milligrams (edibles, tinctures), each high to low: the two
    // units do not compare. Products without a THC figure last.
    case "thc":
      return sql`catalog_products.thc_value is null, catalog_products.thc_unit = 'mg', catalog_products.thc_value desc, catalog_products.name asc, catalog_products.id asc`;
    default:
      return sql`catalog_products.name asc, catalog_products.id asc`;
  }
}

/**
 * One page of the menu, in the query's order. It walks the sort's partial index
 * (20261203090000_catalog_listing_indexes.sql) and stops after its rows; a window count in the same statement
 * would read and sort every match first, so the count is its own statement (countMenu, or the facets' counts).
 */
export function listMenuProducts(query: MenuQuery, page: { limit: number; offset: number }): Promise<ListedProduct[]> {
  return readUntilChanged(`menu products ${JSON.stringify([query, page])}`, async () => {
    const rows = await (
      await db()
    )
      .selectFrom("catalog_products")
      .select(CARD_COLUMNS)
      .select([
        sql<string | null>`coalesce(catalog_products.edited_image_url, catalog_products.image_url)`.as("image_url"),
        sql<number>`jsonb_array_length(catalog_products.options)`.as("option_count"),
      ])
      .where((eb) => menuConditions(eb, query))
      .orderBy(orderFor(query.sort))
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return (rows as CardRow[]).map(toListedProduct);
  });
}

/** One page of the menu and how many products the query matches. */
export async function listMenuPage(
  query: MenuQuery,
  page: { limit: number; offset: number },
): Promise<{ products: ListedProduct[]; total: number }> {
  const [products, total] = await Promise.all([listMenuProducts(query, page), countMenu(query)]);
  return { products, total };
}

export function countMenu(query: Omit<MenuQuery, "sort">): Promise<number> {
  return readUntilChanged(`menu count ${JSON.stringify(query)}`, async () => {
    const row = await (
      await db()
    )
      .selectFrom("catalog_products")
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .where((eb) => menuConditions(eb, query))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  });
}

/** How many products each brand lists now, by brand slug (/brands links the brands that have some). */
export function countListedProductsByBrand(): Promise<Map<string, number>> {
  return readUntilChanged("menu counts by brand", async () => {
    const rows = await (
      await db()
    )
      .selectFrom("catalog_products")
      .select(["brand_slug", (eb) => eb.fn.countAll<string>().as("count")])
      .where(LISTED)
      .where("brand_slug", "is not", null)
      .groupBy("brand_slug")
      .execute();
    return new Map(rows.map((row) => [row.brand_slug!, Number(row.count)]));
  });
}

/** A brand's name as the catalog spells it (its most recent product's), for a brand page without a brands entry. */
export function catalogBrandName(brandSlug: string): Promise<string | null> {
  return readUntilChanged(`menu brand name ${brandSlug}`, async () => {
    const row = await (
      await db()
    )
      .selectFrom("catalog_products")
      .select("brand_name")
      .where("brand_slug", "=", brandSlug)
      .where("gone_since", "is", null)
      .where("is_hidden", "=", false)
      .orderBy("updated_at", "desc")
      .limit(1)
      .executeTakeFirst();
    return row?.brand_name ?? null;
  });
}

/** One product for its page, whatever its state: the route decides 200, 301, 404 or 410 (productPageState). */
export interface CatalogProductPage extends ListedProduct {
  id: string;
  externalId: string;
  description: string | null;
  options: CatalogOption[];
  isHidden: boolean;
  goneSince: Date | null;
}

export function findCatalogProductBySlug(slug: string): Promise<CatalogProductPage | null> {
  return readUntilChanged(`menu product ${slug}`, async () => {
    const row = await (
      await db()
    )
      .selectFrom("catalog_products")
      .select(CARD_COLUMNS)
      .select([
        "id",
        "external_id",
        "is_hidden",
        "gone_since",
        sql<string | null>`coalesce(edited_image_url, image_url)`.as("image_url"),
        sql<string | null>`coalesce(edited_description, description)`.as("description"),
        sql<number>`jsonb_array_length(options)`.as("option_count"),
      ])
      .where("slug", "=", slug)
      .executeTakeFirst();
    if (!row) return null;
    return {
      ...toListedProduct(row as CardRow),
      id: row.id,
      externalId: row.external_id,
      description: row.description,
      options: row.options,
      isHidden: row.is_hidden,
      goneSince: row.gone_since ? new Date(row.gone_since) : null,
    };
  });
}

export type ProductPageState = "hidden" | "retired" | "out-of-stock" | "in-stock";

/**
 * What a product's page is at `now`: hidden by the owner (404); gone from its source more than
 * RETIRED_AFTER_DAYS ago (410); out of stock at both stores (200, says so); or in stock somewhere.
 */
export function productPageState(
  product: Pick<CatalogProductPage, "isHidden" | "goneSince" | "inStockStores">,
  now: Date,
): ProductPageState {
  if (product.isHidden) return "hidden";
  if (product.goneSince && now.getTime() - product.goneSince.getTime() > RETIRED_AFTER_DAYS * DAY_MS) return "retired";
  if (product.goneSince || product.inStockStores.length === 0) return "out-of-stock";
  return "in-stock";
}

/** Every product page the sitemap lists: not hidden, and not gone for more than RETIRED_AFTER_DAYS. */
export async function listSitemapProducts(now: Date): Promise<{ category: string; slug: string; lastmod: Date }[]> {
  const retiredBefore = new Date(now.getTime() - RETIRED_AFTER_DAYS * DAY_MS);
  const rows = await (
    await db()
  )
    .selectFrom("catalog_products")
    .select(["category", "slug", "updated_at"])
    .where("is_hidden", "=", false)
    .where((eb) => eb.or([eb("gone_since", "is", null), eb("gone_since", ">=", retiredBefore)]))
    .orderBy("category")
    .orderBy("slug")
    .execute();
  return rows.map((row) => ({ category: row.category, slug: row.slug, lastmod: new Date(row.updated_at) }));
}

/** The newest change among the listed products of each category and each brand (the lists' lastmod). */
export async function listSitemapListings(): Promise<{
  categories: Map<string, Date>;
  brands: { slug: string; lastmod: Date }[];
}> {
  const database = await db();
  const categories = await database
    .selectFrom("catalog_products")
    .select(["category", (eb) => eb.fn.max("updated_at").as("lastmod")])
    .where(LISTED)
    .groupBy("category")
    .execute();
  const brands = await database
    .selectFrom("catalog_products")
    .select(["brand_slug", (eb) => eb.fn.max("updated_at").as("lastmod")])
    .where(LISTED)
    .where("brand_slug", "is not", null)
    .groupBy("brand_slug")
    .orderBy("brand_slug")
    .execute();
  return {
    categories: new Map(categories.map((row) => [row.category, new Date(row.lastmod)])),
    brands: brands.map((row) => ({ slug: row.brand_slug!, lastmod: new Date(row.lastmod) })),
  };
}
