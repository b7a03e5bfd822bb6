// The menu's filter form (issue 26, faceted in issue 37): each facet's counts under the other chosen filters,
// the list's total from the same rows, and whether a brand named in an address is on the menu at all.
import { sql } from "kysely";
import type { CatalogCategory } from "~/lib/catalog";
import type { MenuQuery } from "~/lib/menu-params";
import { db } from "~/server/db.server";
import { catalogBrandName, LISTED, menuConditions } from "./catalog-pages.server";
import { readUntilChanged } from "~/server/content-memo.server";

export interface MenuFacets {
  /** Per category, the listed products that match the query's other filters (categories without any are left out). */
  categories: Map<CatalogCategory, number>;
  /** The brands with products matching the query's other filters, by name, and the chosen brand always. */
  brands: { slug: string; name: string; count: number }[];
  /** The products the whole query matches: the rows of its category and brand (no statement of its own). */
  total: number;
}

/**
 * The form's facets, as faceted search counts them: each facet's counts under every other chosen filter (with
 * Indica chosen, "Flower (97)"). One statement, grouped by category and brand, filtered by what is neither.
 */
export function menuFacets(query: Omit<MenuQuery, "sort">): Promise<MenuFacets> {
  return readUntilChanged(`menu facets ${JSON.stringify(query)}`, async () => {
    const rows = await (
      await db()
    )
      .selectFrom("catalog_products")
      .select([
        "category",
        "brand_slug",
        sql<string | null>`min(brand_name)`.as("brand_name"),
        (eb) => eb.fn.countAll<string>().as("count"),
      ])
      .where((eb) => menuConditions(eb, { ...query, category: null, brand: null }))
      .groupBy(["category", "brand_slug"])
      .execute();
    const categories = new Map<CatalogCategory, number>();
    const brands = new Map<string, { slug: string; name: string; count: number }>();
    let total = 0;
    for (const row of rows) {
      const count = Number(row.count);
      const key = row.category as CatalogCategory;
      const inCategory = !query.category || row.category === query.category;
      if (inCategory && (!query.brand || row.brand_slug === query.brand)) total += count;
      if (!query.brand || row.brand_slug === query.brand) categories.set(key, (categories.get(key) ?? 0) + count);
      if (!row.brand_slug || (query.category && row.category !== query.category)) continue;
      const brand = brands.get(row.brand_slug) ?? {
        slug: row.brand_slug,
        name: row.brand_name ?? row.brand_slug,
        count: 0,
      };
      brand.count += count;
      brands.set(row.brand_slug, brand);
    }
    // The chosen brand stays a choice of its list (with its 0) when the other filters leave none of it.
    if (query.brand && !brands.has(query.brand)) {
      const name =
        rows.find((row) => row.brand_slug === query.brand)?.brand_name ?? (await catalogBrandName(query.brand));
      brands.set(query.brand, { slug: query.brand, name: name ?? query.brand, count: 0 });
    }
    return {
      categories,
      brands: [...brands.values()].sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" })),
      total,
    };
  });
}

/** Whether a brand has a product on the menu now (an unknown brand in an address is dropped, as other values are). */
export function brandIsListed(brandSlug: string): Promise<boolean> {
  return readUntilChanged(`menu brand listed ${brandSlug}`, async () => {
    const row = await (
      await db()
    )
      .selectFrom("catalog_products")
      .select("id")
      .where(LISTED)
      .where("brand_slug", "=", brandSlug)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  });
}
