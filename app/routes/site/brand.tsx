import { BrandPage } from "~/components/menu/brand-page";
import { MenuNotFound } from "~/components/menu/menu-gone";
import { breadcrumbJsonLd } from "~/lib/catalog-json-ld";
import { pageHref } from "~/lib/pagination";
import { pageMeta, publicOrigin, siteName } from "~/lib/seo";
import menuStyles from "~/styles/menu.css?url";
import { loadBrandPage } from "./brand-page.server";
import type { Route } from "./+types/brand";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: menuStyles }];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function loader({ request, params }: Route.LoaderArgs) {
  return loadBrandPage(request, params.slug);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData?.brand) return [{ title: "Brand Not Found" }, { name: "robots", content: "noindex" }];
  const { brand, page } = loaderData;
  const path = `/brands/${brand.slug}`;
  return [
    ...pageMeta(matches, {
      title: page > 1 ? `${brand.name} Products, page ${page}` : `${brand.name} Products`,
      description: `${brand.name} products in stock at ${siteName(matches)} in Norman, Oklahoma, with medical prices for patients with a valid Oklahoma medical marijuana card.`,
      path: pageHref(path, {}, page),
      image: brand.logoUrl,
    }),
    {
      "script:ld+json": breadcrumbJsonLd(
        [
          { name: "Brands", path: "/brands" },
          { name: brand.name, path },
        ],
        publicOrigin(matches),
      ),
    },
  ];
};

export default function Brand({ loaderData }: Route.ComponentProps) {
  if (!loaderData.brand) return <MenuNotFound what="brand" />;
  return <BrandPage data={loaderData} />;
}
