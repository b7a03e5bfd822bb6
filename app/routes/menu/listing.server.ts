// /menu and /menu/{category}: the query from the address (one canonical address per list), one page of
// products with the count, the form's facets and "Prices as of". No Last-Modified: a list changes when a
// product leaves it, which no shown product's date says (the page's ETag does).
import { redirect } from "react-router";
import type { MenuListingData } from "~/components/menu/menu-listing";
import { toProductCard } from "~/components/menu/product-card-data";
import { CATALOG_CATEGORIES, type CatalogCategory } from "~/lib/catalog";
import { MENU_PAGE_SIZE, menuHref, parseMenuQuery } from "~/lib/menu-params";
import { pageCountFor, requestedPage } from "~/lib/pagination";
import { brandIsListed, menuFacets } from "~/models/catalog-facets.server";
import { listMenuProducts } from "~/models/catalog-pages.server";
import { pricesAsOf } from "~/models/catalog-runs.server";
import { formatPricesAsOf } from "./product-view.server";

/**
 * The address a visitor asked for, as the page's own: a client navigation asks for its data at
 * /menu.data?…&_routes=…, which is the same list as /menu?….
 */
function requestedAddress(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const search = params.toString();
  const pathname = url.pathname.replace(/\.data$/, "");
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * One page of a menu list for `request`. Every list has one address: a query that says the same thing
 * differently (empty fields from the form, ?category= on /menu, an unknown strain, page 1) redirects to it,
 * a malformed page to the first and a page past the end to the last.
 */
export async function loadMenuListing(
  request: Request,
  fixedCategory: CatalogCategory | null,
): Promise<MenuListingData> {
  const url = new URL(request.url);
  const query = parseMenuQuery(url.searchParams, fixedCategory);
  const requested = requestedPage(url.searchParams);
  const canonical = menuHref(query, requested ?? 1);
  if (requested === null || requestedAddress(url) !== canonical) throw redirect(canonical);

  // A brand the menu does not list is dropped, as an unknown category or strain is: its address is the list's.
  if (query.brand && !(await brandIsListed(query.brand))) throw redirect(menuHref({ ...query, brand: null }));
  const [facets, asOf] = await Promise.all([menuFacets(query), pricesAsOf()]);
  // The facets' rows count the list too: no statement of its own.
  const total = facets.total;
  const pageCount = pageCountFor(total, MENU_PAGE_SIZE);
  if (requested > pageCount) throw redirect(menuHref(query, pageCount));
  const products =
    total === 0
      ? []
      : await listMenuProducts(query, { limit: MENU_PAGE_SIZE, offset: (requested - 1) * MENU_PAGE_SIZE });
  return {
    query,
    fixedCategory,
    page: requested,
    pageCount,
    total,
    products: products.map((product) => toProductCard(product, { showCategory: fixedCategory === null })),
    facets: {
      brands: facets.brands,
      categories: CATALOG_CATEGORIES.map((c) => ({ ...c, count: facets.categories.get(c.slug) ?? 0 })),
    },
    pricesAsOf: asOf ? formatPricesAsOf(asOf) : null,
  };
}
