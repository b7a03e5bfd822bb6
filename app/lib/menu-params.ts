// The store's own menu (issue 26): what a /menu address asks for, and the address of each list and product.
// Browser-safe: the filter form, the pagination links and the server read the same rules.
import { normalizeSearch } from "~/lib/blog";
import { CATALOG_CATEGORIES, STRAIN_TYPES, type CatalogCategory, type StrainType } from "~/lib/catalog";

/** Products per page of a menu list (a multiple of 2, 3 and 4: full rows at every width). */
export const MENU_PAGE_SIZE = 24;

export const MENU_SORTS = [
  { value: "name", label: "Name (A–Z)" },
  { value: "price", label: "Price (low to high)" },
  { value: "thc", label: "THC (high to low)" },
] as const;
export type MenuSort = (typeof MENU_SORTS)[number]["value"];

/** A store's id (app/content/stores.ts), or "both": in stock at each of them. */
export type MenuStore = "Lindsey" | "BlueWater" | "both";
const MENU_STORES: readonly MenuStore[] = ["Lindsey", "BlueWater", "both"];

export const STRAIN_LABELS: Record<StrainType, string> = {
  indica: "Indica",
  sativa: "Sativa",
  hybrid: "Hybrid",
  cbd: "CBD",
};

/** What a menu list shows: every field is a filter, except the sort. */
export interface MenuQuery {
  q: string;
  category: CatalogCategory | null;
  /** A brand's slug (catalog_products.brand_slug). */
  brand: string | null;
  strain: StrainType | null;
  store: MenuStore | null;
  special: boolean;
  sort: MenuSort;
}

export const EMPTY_MENU_QUERY: MenuQuery = {
  q: "",
  category: null,
  brand: null,
  strain: null,
  store: null,
  special: false,
  sort: "name",
};

const BRAND_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function menuCategory(slug: string | null | undefined): (typeof CATALOG_CATEGORIES)[number] | undefined {
  return CATALOG_CATEGORIES.find((category) => category.slug === slug);
}

export function categoryLabel(slug: string): string {
  return menuCategory(slug)?.label ?? slug;
}

/** One value of a list, matched without regard to case; anything else is no filter. */
function oneOf<T extends string>(values: readonly T[], raw: string | null): T | null {
  const wanted = (raw ?? "").trim().toLowerCase();
  return values.find((value) => value.toLowerCase() === wanted) ?? null;
}

/**
 * The menu query an address asks for. A value the menu does not know (a strain called "purple", a sort by
 * colour) is dropped rather than refused: the visitor still gets a list, and the canonical address without it.
 */
export function parseMenuQuery(params: URLSearchParams, fixedCategory: CatalogCategory | null = null): MenuQuery {
  const brand = (params.get("brand") ?? "").trim().toLowerCase();
  return {
    q: normalizeSearch(params.get("q")),
    category:
      fixedCategory ??
      oneOf(
        CATALOG_CATEGORIES.map((c) => c.slug),
        params.get("category"),
      ),
    brand: brand.length <= 120 && BRAND_SLUG.test(brand) ? brand : null,
    strain: oneOf(STRAIN_TYPES, params.get("strain")),
    store: oneOf(MENU_STORES, params.get("store")),
    special: ["on", "true", "1", "yes"].includes((params.get("special") ?? "").trim().toLowerCase()),
    sort:
      oneOf(
        MENU_SORTS.map((s) => s.value),
        params.get("sort"),
      ) ?? "name",
  };
}

/** Whether anything narrows the list (the sort does not). */
export function menuIsFiltered(query: MenuQuery, fixedCategory: CatalogCategory | null = null): boolean {
  return Boolean(
    query.q ||
    (query.category && query.category !== fixedCategory) ||
    query.brand ||
    query.strain ||
    query.store ||
    query.special,
  );
}

/** How many of the panel's filters are set (the disclosure's badge on a phone): search and category aside. */
export function panelFilterCount(query: MenuQuery): number {
  return [query.brand, query.strain, query.store, query.special || null].filter(Boolean).length;
}

/** A list's address: /menu or /menu/{category}, with the query's other fields and the page in the query string. */
export function menuHref(query: MenuQuery, page = 1): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.brand) params.set("brand", query.brand);
  if (query.strain) params.set("strain", query.strain);
  if (query.store) params.set("store", query.store);
  if (query.special) params.set("special", "on");
  if (query.sort !== "name") params.set("sort", query.sort);
  if (page > 1) params.set("page", String(page));
  const path = query.category ? `/menu/${query.category}` : "/menu";
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The menu's products on special now (the deals page links here). */
export const SPECIALS_MENU_HREF = menuHref({ ...EMPTY_MENU_QUERY, special: true });

export function productPath(category: string, slug: string): string {
  return `/menu/${category}/${slug}`;
}

export function brandPath(brandSlug: string): string {
  return `/brands/${brandSlug}`;
}
