import { data } from "react-router";
import { MenuListing } from "~/components/menu/menu-listing";
import { EMPTY_MENU_QUERY, menuHref, menuIsFiltered } from "~/lib/menu-params";
import { pageMeta, siteName } from "~/lib/seo";
import { publicPageHeaders } from "~/server/http-cache.server";
import menuStyles from "~/styles/menu.css?url";
import { loadMenuListing } from "./listing.server";
import type { Route } from "./+types/list";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: menuStyles }];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  return data(await loadMenuListing(request, null), { headers: publicPageHeaders() });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const filtered = loaderData ? menuIsFiltered(loaderData.query) : false;
  // The canonical list is the whole menu by name: a filtered or sorted list points at its first page.
  const page = loaderData && !filtered && loaderData.query.sort === "name" ? loaderData.page : 1;
  return pageMeta(matches, {
    title: page > 1 ? `Menu, page ${page}` : "Menu: Flower, Edibles, Vapes and More",
    description: `Everything in stock at ${siteName(matches)}'s two stores in Norman, Oklahoma, with medical prices for patients with a valid Oklahoma medical marijuana card.`,
    // A search also stays out of the index.
    path: menuHref(EMPTY_MENU_QUERY, page),
    noindex: Boolean(loaderData?.query.q),
  });
};

export default function Menu({ loaderData }: Route.ComponentProps) {
  return (
    <MenuListing
      data={loaderData}
      title="Menu"
      lead="Everything in stock at our two Norman stores, with today's medical prices. Order online for pickup, or come in."
    />
  );
}
