import { data, Form } from "react-router";
import { Pagination } from "~/components/blog/pagination";
import { PostGrid, PostGridSkeleton } from "~/components/blog/post-card";
import { site } from "~/content/site";
import { pageHref } from "~/lib/pagination";
import { pageMeta } from "~/lib/seo";
import { BLOG_SEARCH_MAX_LENGTH, BLOG_SKELETON_COUNT, normalizeSearch } from "~/lib/blog";
import { loadPostPage, toCard } from "~/server/blog-listing.server";
import { publicPageHeaders } from "~/server/http-cache.server";
import blogStyles from "~/styles/blog.css?url";
import type { Route } from "./+types/list";
import { useSearchAsYouType } from "~/components/ui/use-search-as-you-type";
import { useListLoading } from "~/components/ui/use-list-loading";

const BLOG_TITLE = "Blog — Cannabis Education & Tips";
const BLOG_DESCRIPTION = `Cannabis education, product guides, strain spotlights and store news from ${site.name}, Norman, Oklahoma's go-to dispensary.`;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: blogStyles }];

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
  // A first search gets its own history entry; refining it replaces that entry.
  const { inputRef, formProps } = useSearchAsYouType({ action: "/blog", q, replaceWhileTyping: Boolean(q) });
  // Skeletons while the next list loads in the browser; the server always sends the real cards.
  const loading = useListLoading("/blog");

  return (
    <div className="blog-page">
      <section className="page-hero">
        <div className="container">
          <h1>Blog</h1>
          <p>Cannabis education, product guides and tips from the {site.shortName} budtenders.</p>
        </div>
      </section>
      <section className="section">
        <div className="container">
          <Form method="get" action="/blog" role="search" className="blog-search" {...formProps}>
            <label htmlFor="blog-search" className="visually-hidden">
              Search blog posts
            </label>
            <input
              ref={inputRef}
              id="blog-search"
              type="search"
              name="q"
              defaultValue={q}
              placeholder="Search blog posts..."
              maxLength={BLOG_SEARCH_MAX_LENGTH}
              autoComplete="off"
              className="blog-search__input"
            />
            <button type="submit" className="button-link">
              Search
            </button>
          </Form>
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
