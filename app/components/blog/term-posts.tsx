import { Link, useLocation } from "react-router";
import { Pagination } from "~/components/blog/pagination";
import { PostGrid, PostGridSkeleton, type PostCardData } from "~/components/blog/post-card";
import { ChevronLeftIcon } from "~/components/ui/icons";
import { BLOG_SKELETON_COUNT } from "~/lib/blog";
import { pageHref } from "~/lib/pagination";
import { useListLoading } from "~/components/ui/use-list-loading";
import { PageHero } from "~/components/site/page-hero";

/** A category or tag page: heading, subtitle, its posts' cards (or the empty text) and pagination. */
export function TermPosts({
  heading,
  subtitle,
  emptyText,
  posts,
  page,
  pageCount,
}: {
  heading: string;
  subtitle: string;
  emptyText: string;
  posts: PostCardData[];
  page: number;
  pageCount: number;
}) {
  const location = useLocation();
  const loading = useListLoading(location.pathname);
  return (
    <div className="blog-page">
      <PageHero
        title={heading}
        lead={subtitle}
        before={
          <Link to="/blog" className="blog-back blog-back--light">
            <ChevronLeftIcon size={18} /> Back to Blog
          </Link>
        }
      />
      <section className="section">
        <div className="container">
          <div aria-busy={loading || undefined}>
            {loading ? (
              <PostGridSkeleton count={BLOG_SKELETON_COUNT} />
            ) : posts.length > 0 ? (
              <PostGrid posts={posts} showAuthor={false} />
            ) : (
              <p className="blog-status">{emptyText}</p>
            )}
          </div>
          {!loading ? (
            <Pagination page={page} pageCount={pageCount} hrefFor={(p) => pageHref(location.pathname, {}, p)} />
          ) : null}
        </div>
      </section>
    </div>
  );
}

/** An unknown category or tag. */
export function TermNotFound({ kind }: { kind: "Category" | "Tag" }) {
  return (
    <section className="section">
      <div className="container blog-not-found">
        <h1>{kind} Not Found</h1>
        <p>Sorry, we couldn&apos;t find that {kind.toLowerCase()}. It may have been renamed or removed.</p>
        <Link className="button-link" to="/blog">
          Back to Blog
        </Link>
      </div>
    </section>
  );
}
