import { Link } from "react-router";
import { Pagination } from "~/components/blog/pagination";
import { PageHero } from "~/components/site/page-hero";
import { pageHref } from "~/lib/pagination";
import { Breadcrumbs } from "./breadcrumbs";
import { productCount } from "./menu-listing";
import { MedicalPricesNote } from "./medical-prices-note";
import { type ProductCardData, ProductGrid } from "./product-card";

export interface BrandPageData {
  brand: { slug: string; name: string; logoUrl: string | null; siteUrl: string | null };
  page: number;
  pageCount: number;
  total: number;
  products: ProductCardData[];
}

/** /brands/{slug}: the brand's logo and site (when the brands list has it), then its products in stock. */
export function BrandPage({ data }: { data: BrandPageData }) {
  const { brand, page, pageCount, total, products } = data;
  return (
    <div className="menu-page brand-page">
      <PageHero
        title={brand.name}
        titleId="brand-title"
        className="brand-hero"
        lead={`${brand.name} products in stock at our two Norman stores, with today's medical prices.`}
        before={<Breadcrumbs items={[{ name: "Brands", href: "/brands" }, { name: brand.name }]} />}
      >
        {brand.logoUrl || brand.siteUrl ? (
          <div className="brand-hero__aside">
            {brand.logoUrl ? (
              <img
                className="brand-hero__logo"
                src={brand.logoUrl}
                alt={`${brand.name} logo`}
                width={240}
                height={120}
              />
            ) : null}
            {brand.siteUrl ? (
              <a
                className="button-link button-link--ghost-light"
                href={brand.siteUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Visit {brand.name}&apos;s website<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
          </div>
        ) : null}
      </PageHero>
      <section className="section menu-section" aria-labelledby="brand-products-title">
        <div className="container">
          <h2 id="brand-products-title" className="menu-results__count">
            {total > 0 ? `${productCount(total)} in stock` : "No products in stock right now"}
          </h2>
          <MedicalPricesNote />
          {products.length > 0 ? (
            <ProductGrid products={products} label={`${brand.name} products`} />
          ) : (
            <div className="menu-empty card">
              <p>None of {brand.name}&apos;s products is on our shelves today. Stock changes daily.</p>
              <Link className="button-link" to="/menu">
                Browse the menu
              </Link>
            </div>
          )}
          <Pagination page={page} pageCount={pageCount} hrefFor={(p) => pageHref(`/brands/${brand.slug}`, {}, p)} />
        </div>
      </section>
    </div>
  );
}
