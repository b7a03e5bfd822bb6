import { Link } from "react-router";
import { Pagination } from "~/components/blog/pagination";
import { PageHero } from "~/components/site/page-hero";
import { useSite } from "~/components/ui/use-root-data";
import type { CatalogCategory } from "~/lib/catalog";
import { EMPTY_MENU_QUERY, type MenuQuery, menuHref, menuIsFiltered } from "~/lib/menu-params";
import { Breadcrumbs } from "./breadcrumbs";
import { type MenuFacets, MenuFilters } from "./menu-filters";
import { MedicalPricesNote } from "./medical-prices-note";
import { type ProductCardData, ProductGrid } from "./product-card";

export interface MenuListingData {
  query: MenuQuery;
  fixedCategory: CatalogCategory | null;
  page: number;
  pageCount: number;
  total: number;
  products: ProductCardData[];
  facets: MenuFacets;
  pricesAsOf: string | null;
}

export const productCount = (total: number) =>
  total === 1 ? "1 product" : `${total.toLocaleString("en-US")} products`;

/** The categories as links to their own pages, the current one marked. */
function CategoryLinks({
  current,
  categories,
}: {
  current: CatalogCategory | null;
  categories: MenuFacets["categories"];
}) {
  return (
    <nav className="menu-categories" aria-label="Menu categories">
      <ul className="container">
        <li>
          <Link className="menu-categories__link" to="/menu" aria-current={current === null ? "page" : undefined}>
            All
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              className="menu-categories__link"
              to={`/menu/${category.slug}`}
              aria-current={current === category.slug ? "page" : undefined}
            >
              {category.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** No product to show: with filters, the way back to the whole list; with none, the provider's menu. */
function EmptyResults({ filtered, clearHref }: { filtered: boolean; clearHref: string }) {
  const site = useSite();
  return (
    <div className="menu-empty card">
      {filtered ? (
        <>
          <h3>No products match</h3>
          <p>Try another search or fewer filters.</p>
          <Link className="button-link" to={clearHref}>
            Clear filters
          </Link>
        </>
      ) : (
        <>
          <h3>Nothing listed here right now</h3>
          <p>Our menu is updated all day. The full menu on our ordering site has everything in stock.</p>
          <a className="button-link" href={site.menu.url}>
            Open the full menu
          </a>
        </>
      )}
    </div>
  );
}

/** /menu and /menu/{category}: the hero, the categories, the form, the count, the cards and the pages. */
export function MenuListing({ data, title, lead }: { data: MenuListingData; title: string; lead: string }) {
  const { query, fixedCategory, page, pageCount, total, products, facets } = data;
  const filtered = menuIsFiltered(query, fixedCategory);
  const clearHref = menuHref({ ...EMPTY_MENU_QUERY, category: fixedCategory });
  const category = facets.categories.find((c) => c.slug === fixedCategory);
  return (
    <div className="menu-page">
      <PageHero
        title={title}
        lead={lead}
        className="menu-hero"
        titleId="menu-title"
        before={
          category ? <Breadcrumbs items={[{ name: "Menu", href: "/menu" }, { name: category.label }]} /> : undefined
        }
      />
      <CategoryLinks current={fixedCategory} categories={facets.categories} />
      <section className="section menu-section" aria-labelledby="menu-results-title">
        <div className="container menu-layout">
          <MenuFilters query={query} fixedCategory={fixedCategory} facets={facets} />
          <div className="menu-results">
            <h2 id="menu-results-title" className="menu-results__count">
              {productCount(total)}
              {query.q ? <span className="menu-results__matching"> matching “{query.q}”</span> : null}
            </h2>
            <MedicalPricesNote pricesAsOf={data.pricesAsOf} />
            {products.length > 0 ? (
              <ProductGrid products={products} />
            ) : (
              <EmptyResults filtered={filtered} clearHref={clearHref} />
            )}
            <Pagination page={page} pageCount={pageCount} hrefFor={(p) => menuHref(query, p)} />
          </div>
        </div>
      </section>
    </div>
  );
}
