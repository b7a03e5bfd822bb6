import { MenuNotFound, ProductRetired } from "~/components/menu/menu-gone";
import { ProductDetails } from "~/components/menu/product-details";
import { breadcrumbJsonLd, productJsonLd } from "~/lib/catalog-json-ld";
import { productPath } from "~/lib/menu-params";
import { pageMeta, publicOrigin } from "~/lib/seo";
import menuStyles from "~/styles/menu.css?url";
import { loadProductPage } from "./product-view.server";
import type { Route } from "./+types/product";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: menuStyles }];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function loader({ params }: Route.LoaderArgs) {
  return loadProductPage(params, new Date());
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (loaderData?.kind === "retired") {
    return [{ title: `${loaderData.product.name}: no longer carried` }, { name: "robots", content: "noindex" }];
  }
  if (loaderData?.kind !== "product") {
    return [{ title: "Product Not Found" }, { name: "robots", content: "noindex" }];
  }
  const { product, category } = loaderData;
  const origin = publicOrigin(matches);
  const path = productPath(category.slug, product.slug);
  return [
    ...pageMeta(matches, {
      title: `${product.name}${product.brandName ? ` by ${product.brandName}` : ""} · ${category.label}`,
      description: loaderData.metaDescription,
      path,
      image: product.imageUrl,
    }),
    {
      "script:ld+json": productJsonLd(
        {
          url: origin + path,
          name: product.name,
          description: product.paragraphs.join("\n\n") || null,
          imageUrl: product.imageUrl,
          brandName: product.brandName,
          categoryLabel: category.label,
          sku: product.sku,
          options: product.options,
          inStock: product.inStockStores.length > 0,
        },
        origin,
      ),
    },
    {
      "script:ld+json": breadcrumbJsonLd(
        [
          { name: "Menu", path: "/menu" },
          { name: category.label, path: `/menu/${category.slug}` },
          { name: product.name, path },
        ],
        origin,
      ),
    },
  ];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "retired")
    return <ProductRetired name={loaderData.product.name} category={loaderData.category} />;
  if (loaderData.kind !== "product") return <MenuNotFound what="product" />;
  return (
    <ProductDetails product={loaderData.product} category={loaderData.category} pricesAsOf={loaderData.pricesAsOf} />
  );
}
