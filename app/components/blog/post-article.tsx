import type { ReactNode } from "react";
import { Link } from "react-router";
import { ShareLinks, ShareMenu } from "~/components/blog/share-menu";
import { ChevronLeftIcon } from "~/components/ui/icons";
import { formatLongDate } from "~/lib/dates";
import { imageLoading, responsiveImage } from "~/lib/image-srcset";

/** The hero image's width: the narrow column's (blog.css: at most 780px, reached at 812px). */
export const POST_HERO_SIZES = "(min-width: 812px) 780px, calc(100vw - 32px)";

export interface PostArticleData {
  title: string;
  author: string;
  /** ISO instant. */
  published_at: string;
  read_minutes: number;
  hero_image_url: string | null;
  /** The body, already rendered from markdown and sanitized on the server. */
  html: string;
  categories: { name: string; slug: string }[];
  tags: { name: string; slug: string }[];
}

/**
 * One post as the public page shows it: back link, title, byline, share menu, hero image, body, categories
 * and tags, share row and 'Back to All Posts'. The public post page and the admin preview both render it.
 * `notice` goes above the body (the public page's demo-content note for signed-in staff).
 */
export function PostArticle({ post, url, notice }: { post: PostArticleData; url: string; notice?: ReactNode }) {
  return (
    <article className="blog-post">
      <header className="blog-post__header">
        <div className="container container--narrow">
          <Link to="/blog" className="blog-back">
            <ChevronLeftIcon size={18} /> Back to Blog
          </Link>
          <h1 className="blog-post__title">{post.title}</h1>
          <div className="blog-post__byline">
            <p className="blog-post__meta">
              <span className="blog-post__author">By {post.author}</span>
              <span aria-hidden="true"> · </span>
              <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time>
              <span aria-hidden="true"> · </span>
              <span>{post.read_minutes} min read</span>
            </p>
            <ShareMenu url={url} title={post.title} />
          </div>
        </div>
      </header>
      <div className="container container--narrow blog-post__main">
        {notice}
        {post.hero_image_url ? (
          // The page's largest image, right under the title: fetched first.
          <img
            className="blog-post__hero"
            {...responsiveImage(post.hero_image_url, POST_HERO_SIZES, { width: 1200, height: 630 })}
            alt=""
            {...imageLoading(true)}
          />
        ) : null}
        <div className="prose post-body blog-post__body" dangerouslySetInnerHTML={{ __html: post.html }} />
        {post.categories.length > 0 || post.tags.length > 0 ? (
          <footer className="blog-post__terms">
            {post.categories.length > 0 ? (
              <div>
                <h2 className="blog-post__terms-title">Categories</h2>
                <ul className="chip-list">
                  {post.categories.map((c) => (
                    <li key={c.slug}>
                      <Link to={`/blog/category/${c.slug}`} className="term-chip">
                        {c.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {post.tags.length > 0 ? (
              <div>
                <h2 className="blog-post__terms-title">Tags</h2>
                <ul className="chip-list">
                  {post.tags.map((t) => (
                    <li key={t.slug}>
                      <Link to={`/blog/tag/${t.slug}`} className="term-chip term-chip--tag">
                        #{t.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </footer>
        ) : null}
        <section className="share-row" aria-labelledby="share-row-title">
          <h2 id="share-row-title" className="share-row__title">
            Share this article
          </h2>
          <ShareLinks url={url} title={post.title} className="share-row__links" />
        </section>
        <p className="blog-post__back-all">
          <Link to="/blog" className="button-link button-link--outline">
            <ChevronLeftIcon size={18} /> Back to All Posts
          </Link>
        </p>
      </div>
    </article>
  );
}
