import { data } from "react-router";
import { MenuNotFound } from "~/components/menu/menu-gone";
import { MenuListing } from "~/components/menu/menu-listing";
import { breadcrumbJsonLd } from "~/lib/catalog-json-ld";
import { EMPTY_MENU_QUERY, menuCategory, menuHref, menuIsFiltered } from "~/lib/menu-params";
import { pageMeta, publicOrigin, siteName } from "~/lib/seo";
import { notFoundPageHeaders, publicPageHeaders } from "~/server/http-cache.server";
import menuStyles from "~/styles/menu.css?url";
import { loadMenuListing } from "./listing.server";
import type { Route } from "./+types/category";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: menuStyles }];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  const category = menuCategory(params.category);
  if (!category) return data({ listing: null }, { status: 404, headers: notFoundPageHeaders() });
  return data(
    { listing: await loadMenuListing(request, category.slug), label: category.label },
    { headers: publicPageHeaders() },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData?.listing) return [{ title: "Category Not Found" }, { name: "robots", content: "noindex" }];
  const { listing, label } = loaderData;
  const filtered = menuIsFiltered(listing.query, listing.fixedCategory);
  // The canonical list is the whole category by name: a filtered or sorted list points at its first page.
  const page = filtered || listing.query.sort !== "name" ? 1 : listing.page;
  const base = menuHref({ ...EMPTY_MENU_QUERY, category: listing.fixedCategory });
  return [
    ...pageMeta(matches, {
      title: page > 1 ? `${label} Menu, page ${page}` : `${label} Menu`,
      description: `${label} in stock at ${siteName(matches)} in Norman, Oklahoma: ${listing.total} products with medical prices, for patients with a valid Oklahoma medical marijuana card.`,
      path: menuHref({ ...EMPTY_MENU_QUERY, category: listing.fixedCategory }, page),
      noindex: Boolean(listing.query.q),
    }),
    {
      "script:ld+json": breadcrumbJsonLd(
        [
          { name: "Menu", path: "/menu" },
          { name: label, path: base },
        ],
        publicOrigin(matches),
      ),
    },
  ];
};

export default function CategoryMenu({ loaderData }: Route.ComponentProps) {
  if (!loaderData.listing) return <MenuNotFound what="category" />;
  return (
    <MenuListing
      data={loaderData.listing}
      title={loaderData.label}
      lead={`${loaderData.label} in stock at our two Norman stores, with today's medical prices.`}
    />
  );
}
