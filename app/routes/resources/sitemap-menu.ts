import { CATALOG_CATEGORIES } from "~/lib/catalog";
import { brandPath, productPath } from "~/lib/menu-params";
import { listSitemapListings, listSitemapProducts } from "~/models/catalog-pages.server";
import { env } from "~/server/env.server";
import { buildUrlSet, XML_CONTENT_TYPE } from "./feeds.server";
import { cachedTextResponse, newest } from "~/server/http-cache.server";
import type { Route } from "./+types/sitemap-menu";

/**
 * /sitemap-menu.xml: the menu, each category's page, each product page that still answers 200 (not hidden,
 * not gone for more than 30 days) and each brand page with products in stock. A list's lastmod is its newest
 * product's change.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const products = await listSitemapProducts(new Date());
  const { categories, brands } = await listSitemapListings();
  const body = buildUrlSet(
    [
      { path: "/menu", lastmod: newest(categories.values()) },
      ...CATALOG_CATEGORIES.map((category) => ({
        path: `/menu/${category.slug}`,
        lastmod: categories.get(category.slug) ?? null,
      })),
      ...products.map((product) => ({ path: productPath(product.category, product.slug), lastmod: product.lastmod })),
      ...brands.map((brand) => ({ path: brandPath(brand.slug), lastmod: brand.lastmod })),
    ],
    new URL(env().PUBLIC_URL).origin,
  );
  return cachedTextResponse(request, body, {
    contentType: XML_CONTENT_TYPE,
    lastModified: newest(products.map((product) => product.lastmod)),
  });
}
