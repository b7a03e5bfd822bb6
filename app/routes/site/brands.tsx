import { Link } from "react-router";
import { BrandGrid, BrandGridSkeleton } from "~/components/site/brand-grid";
import { pageMeta, siteName } from "~/lib/seo";
import { listBrands } from "~/models/brands.server";
import { countListedProductsByBrand } from "~/models/catalog-pages.server";
import { brandPath } from "~/lib/menu-params";
import { slugify } from "~/lib/slug";
import searchBoxStyles from "~/styles/search-box.css?url";
import brandsStyles from "~/styles/brands.css?url";
import type { Route } from "./+types/brands";
import { SearchBox } from "~/components/site/search-box";
import { useListLoading } from "~/components/ui/use-list-loading";
import { PageHero } from "~/components/site/page-hero";

/** Longer search text than any brand name is cut rather than sent to the database. */
const MAX_QUERY_LENGTH = 100;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: brandsStyles },
  { rel: "stylesheet", href: searchBoxStyles },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Brands We Carry",
    description: `The cannabis brands on the shelves at ${siteName(matches)} in Norman, Oklahoma: flower, edibles, vapes and concentrates from names you know.`,
    path: "/brands",
  });

export async function loader({ request }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const [brands, productCounts] = await Promise.all([listBrands(q), countListedProductsByBrand()]);
  return {
    q,
    brands: brands.map((b) => {
      const slug = slugify(b.name);
      const count = productCounts.get(slug) ?? 0;
      return {
        id: b.id,
        name: b.name,
        logoUrl: b.logo_url,
        siteUrl: b.site_url,
        // A link to its products on our menu when it has some in stock (a brand page with none is a dead end).
        products: count > 0 ? { href: brandPath(slug), count } : null,
      };
    }),
  };
}

export default function Brands({ loaderData }: Route.ComponentProps) {
  const { q, brands } = loaderData;
  const loading = useListLoading("/brands");

  return (
    <div className="brands-page">
      <PageHero
        title="All Brands"
        lead="The brands we carry at both stores. Stock changes daily: check the live menu for what is on the shelf."
      />
      <section className="section">
        <div className="container">
          <SearchBox
            action="/brands"
            q={q}
            id="brand-search"
            label="Search brands"
            placeholder="Search brands..."
            maxLength={MAX_QUERY_LENGTH}
          />
          <p className="brands-status" role="status">
            {loading
              ? "Loading brands…"
              : brands.length === 0
                ? "No brands found matching your search."
                : q
                  ? `${brands.length === 1 ? "1 brand" : `${brands.length} brands`} matching “${q}”`
                  : ""}
          </p>
          {loading ? (
            <BrandGridSkeleton />
          ) : brands.length > 0 ? (
            <BrandGrid brands={brands} />
          ) : (
            <p className="brands-empty">
              <Link to="/brands">View all brands</Link>
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
