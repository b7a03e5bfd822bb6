// /brands/{slug}: a brand of the brands list (its logo and site) and/or of the catalog (its products). A slug
// that names neither is a 404.
import { data, redirect } from "react-router";
import { toProductCard } from "~/components/menu/product-card-data";
import { EMPTY_MENU_QUERY, MENU_PAGE_SIZE } from "~/lib/menu-params";
import { pageCountFor, pageHref, requestedPage } from "~/lib/pagination";
import { isValidSlug, slugify } from "~/lib/slug";
import { listBrands } from "~/models/brands.server";
import { catalogBrandName, listMenuPage } from "~/models/catalog-pages.server";
import { notFoundPageHeaders, publicPageHeaders } from "~/server/http-cache.server";

export async function loadBrandPage(request: Request, slug: string) {
  const notFound = () => data({ brand: null }, { status: 404, headers: notFoundPageHeaders() });
  if (!isValidSlug(slug)) return notFound();
  const url = new URL(request.url);
  const path = `/brands/${slug}`;
  const requested = requestedPage(url.searchParams);
  if (requested === null) throw redirect(path);

  const { products, total } = await listMenuPage(
    { ...EMPTY_MENU_QUERY, brand: slug },
    { limit: MENU_PAGE_SIZE, offset: (requested - 1) * MENU_PAGE_SIZE },
  );
  const pageCount = pageCountFor(total, MENU_PAGE_SIZE);
  if (requested > pageCount) throw redirect(pageHref(path, {}, pageCount));
  // The brands list is short (the owner's logos): read whole and matched by the slug of each name.
  const entry = (await listBrands()).find((brand) => slugify(brand.name) === slug);
  const name = entry?.name ?? products[0]?.brandName ?? (await catalogBrandName(slug));
  if (!name) return notFound();
  return data(
    {
      brand: {
        slug,
        name,
        logoUrl: entry?.logo_url ?? null,
        siteUrl: entry?.site_url ?? null,
      },
      page: requested,
      pageCount,
      total,
      products: products.map((product) => toProductCard(product, { showBrand: false })),
    },
    { headers: publicPageHeaders() },
  );
}
