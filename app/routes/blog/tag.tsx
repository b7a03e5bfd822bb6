import { data } from "react-router";
import { TermNotFound, TermPosts } from "~/components/blog/term-posts";
import { pageHref } from "~/lib/pagination";
import { pageMeta, siteName } from "~/lib/seo";
import { isValidSlug } from "~/lib/slug";
import { findTermBySlug } from "~/models/post-terms.server";
import { loadPostPage, toCard } from "./listing.server";
import { notFoundPageHeaders, publicPageHeaders } from "~/server/http-cache.server";
import blogStyles from "~/styles/blog.css?url";
import type { Route } from "./+types/tag";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: blogStyles }];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  const tag = isValidSlug(params.slug) ? await findTermBySlug("tags", params.slug) : null;
  if (!tag) return data({ tag: null }, { status: 404, headers: notFoundPageHeaders() });
  const result = await loadPostPage(new URL(request.url), { tagId: tag.id });
  return data(
    {
      tag: { name: tag.name, slug: tag.slug },
      page: result.page,
      pageCount: result.pageCount,
      posts: result.posts.map(toCard),
    },
    { headers: publicPageHeaders(result.lastModified) },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData?.tag) {
    return [{ title: "Tag Not Found" }, { name: "robots", content: "noindex" }];
  }
  const { tag, page } = loaderData;
  return pageMeta(matches, {
    title: page > 1 ? `#${tag.name} — Page ${page}` : `#${tag.name} — Blog`,
    description: `Articles tagged ${tag.name} on the ${siteName(matches)} blog.`,
    path: pageHref(`/blog/tag/${tag.slug}`, {}, page),
  });
};

export default function TagPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.tag) return <TermNotFound kind="Tag" />;
  return (
    <TermPosts
      heading={`#${loaderData.tag.name}`}
      subtitle="Browse articles tagged with this topic"
      emptyText="No posts with this tag yet."
      posts={loaderData.posts}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
    />
  );
}
