import { Link } from "react-router";
import { formatLongDate } from "~/lib/dates";
import { imageLoading, responsiveImage } from "~/lib/image-srcset";

export interface PostCardData {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  hero_image_url: string | null;
  author?: string;
  published_at: Date | string;
  read_minutes: number;
}

/**
 * A card image's width (blog.css): the grid fits as many 280px-or-wider columns as the container (at most
 * 1180px) holds, 24px apart: one below 616px, two below 920px, then three; less the card's 1px border.
 */
export const POST_CARD_IMAGE_SIZES =
  "(min-width: 1212px) 376px, (min-width: 920px) calc(33.3vw - 28px), (min-width: 616px) calc(50vw - 30px), calc(100vw - 34px)";

/**
 * One post in a list: image, date, read time, title, excerpt, author and 'Read More'. `priority`: its image is
 * the page's largest in the first screen (see {@link PostGrid}).
 */
export function PostCard({
  post,
  showAuthor = true,
  priority = false,
}: {
  post: PostCardData;
  showAuthor?: boolean;
  priority?: boolean;
}) {
  const href = `/blog/${post.slug}`;
  const published = new Date(post.published_at);
  return (
    <article className="post-card lifts">
      {post.hero_image_url ? (
        <img
          className="post-card__image"
          {...responsiveImage(post.hero_image_url, POST_CARD_IMAGE_SIZES, { width: 640, height: 360 })}
          alt=""
          {...imageLoading(priority)}
        />
      ) : null}
      <div className="post-card__body">
        <p className="post-card__meta">
          <time dateTime={published.toISOString()}>{formatLongDate(published)}</time>
          <span aria-hidden="true"> · </span>
          <span>{post.read_minutes} min read</span>
        </p>
        <h2 className="post-card__title">
          <Link to={href} prefetch="intent">
            {post.title}
          </Link>
        </h2>
        {post.excerpt ? <p className="post-card__excerpt">{post.excerpt}</p> : null}
        <div className="post-card__footer">
          {showAuthor && post.author ? <span className="post-card__author">By {post.author}</span> : <span />}
          <Link to={href} className="post-card__more">
            Read More<span className="visually-hidden">: {post.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}

/**
 * The grid of post cards. It comes right under the page's heading wherever it is shown (the blog, a category, a
 * tag), so the first card's image is the largest thing in the first screen: it loads first (the second card's,
 * when the first card has none); the others load as they near the screen.
 */
export function PostGrid({ posts, showAuthor = true }: { posts: PostCardData[]; showAuthor?: boolean }) {
  const priorityIndex = posts.slice(0, 2).findIndex((post) => post.hero_image_url);
  return (
    <ul className="post-grid" data-testid="post-grid">
      {posts.map((post, index) => (
        <li key={post.id}>
          <PostCard post={post} showAuthor={showAuthor} priority={index === priorityIndex} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards shown while a new page of posts loads in the browser (never in server output). */
export function PostGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="post-grid" aria-hidden="true" data-testid="post-skeletons">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <div className="post-card post-card--skeleton">
            <div className="post-card__image skeleton" />
            <div className="post-card__body">
              <div className="skeleton skeleton--line skeleton--short" />
              <div className="skeleton skeleton--title" />
              <div className="skeleton skeleton--line" />
              <div className="skeleton skeleton--line skeleton--wide" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
