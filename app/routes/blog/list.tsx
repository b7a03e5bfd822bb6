import { data } from "react-router";
import { Pagination } from "~/components/blog/pagination";
import { PostGrid, PostGridSkeleton } from "~/components/blog/post-card";
import { site } from "~/content/site";
import { pageHref } from "~/lib/pagination";
import { pageMeta } from "~/lib/seo";
import { BLOG_SEARCH_MAX_LENGTH, BLOG_SKELETON_COUNT, normalizeSearch } from "~/lib/blog";
import { loadPostPage, toCard } from "./listing.server";
import { publicPageHeaders } from "~/server/http-cache.server";
import searchBoxStyles from "~/styles/search-box.css?url";
import blogStyles from "~/styles/blog.css?url";
import type { Route } from "./+types/list";
import { SearchBox } from "~/components/site/search-box";
import { useListLoading } from "~/components/ui/use-list-loading";
import { PageHero } from "~/components/site/page-hero";

const BLOG_TITLE = "Blog — Cannabis Education & Tips";
const BLOG_DESCRIPTION = `Cannabis education, product guides, strain spotlights and store news from ${site.name}, Norman, Oklahoma's go-to dispensary.`;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: blogStyles },
  { rel: "stylesheet", href: searchBoxStyles },
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = normalizeSearch(url.searchParams.get("q"));
  const result = await loadPostPage(url, { search: q }, { q });
  return data(
    { q, page: result.page, pageCount: result.pageCount, total: result.total, posts: result.posts.map(toCard) },
    { headers: publicPageHeaders(result.lastModified) },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const page = loaderData?.page ?? 1;
  const searching = Boolean(loaderData?.q);
  return pageMeta(matches, {
    title: page > 1 && !searching ? `Page ${page} · ${BLOG_TITLE}` : BLOG_TITLE,
    description: BLOG_DESCRIPTION,
    // Search results are not a page of their own: they point at the blog and stay out of the index.
    path: searching ? "/blog" : pageHref("/blog", {}, page),
    noindex: searching,
  });
};

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { q, page, pageCount, total, posts } = loaderData;
  // Skeletons while the next list loads in the browser; the server always sends the real cards.
  const loading = useListLoading("/blog");

  return (
    <div className="blog-page">
      <PageHero
        title="Blog"
        lead={`Cannabis education, product guides and tips from the ${site.shortName} budtenders.`}
      />
      <section className="section">
        <div className="container">
          <SearchBox
            action="/blog"
            q={q}
            id="blog-search"
            label="Search blog posts"
            placeholder="Search blog posts..."
            maxLength={BLOG_SEARCH_MAX_LENGTH}
            replaceWhileTyping={Boolean(q)}
          />
          <p className="blog-status" role="status">
            {loading
              ? "Loading posts…"
              : total === 0
                ? q
                  ? "No posts found matching your search."
                  : "No blog posts available yet. Check back soon!"
                : q
                  ? `${total === 1 ? "1 post" : `${total} posts`} matching “${q}”`
                  : ""}
          </p>
          <div aria-busy={loading || undefined}>
            {loading ? (
              <PostGridSkeleton count={BLOG_SKELETON_COUNT} />
            ) : posts.length > 0 ? (
              <PostGrid posts={posts} />
            ) : null}
          </div>
          {!loading ? (
            <Pagination page={page} pageCount={pageCount} hrefFor={(p) => pageHref("/blog", { q }, p)} />
          ) : null}
        </div>
      </section>
    </div>
  );
}
