import { data } from "react-router";
import { TermNotFound, TermPosts } from "~/components/blog/term-posts";
import { pageHref } from "~/lib/pagination";
import { pageMeta, siteName } from "~/lib/seo";
import { isValidSlug } from "~/lib/slug";
import { findTermBySlug } from "~/models/post-terms.server";
import { loadPostPage, toCard } from "./listing.server";
import { notFoundPageHeaders, publicPageHeaders } from "~/server/http-cache.server";
import blogStyles from "~/styles/blog.css?url";
import type { Route } from "./+types/category";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: blogStyles }];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  const category = isValidSlug(params.slug) ? await findTermBySlug("categories", params.slug) : null;
  if (!category) return data({ category: null }, { status: 404, headers: notFoundPageHeaders() });
  const result = await loadPostPage(new URL(request.url), { categoryId: category.id });
  return data(
    {
      category: { name: category.name, slug: category.slug },
      page: result.page,
      pageCount: result.pageCount,
      posts: result.posts.map(toCard),
    },
    { headers: publicPageHeaders(result.lastModified) },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData?.category) {
    return [{ title: "Category Not Found" }, { name: "robots", content: "noindex" }];
  }
  const { category, page } = loaderData;
  return pageMeta(matches, {
    title: page > 1 ? `${category.name} — Page ${page}` : `${category.name} — Blog`,
    description: `Articles in ${category.name} from the ${siteName(matches)} blog.`,
    path: pageHref(`/blog/category/${category.slug}`, {}, page),
  });
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.category) return <TermNotFound kind="Category" />;
  return (
    <TermPosts
      heading={loaderData.category.name}
      subtitle="Browse articles in this category"
      emptyText="No posts in this category yet."
      posts={loaderData.posts}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
    />
  );
}
