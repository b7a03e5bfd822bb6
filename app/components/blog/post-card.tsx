import { Link } from "react-router";
import { formatLongDate } from "~/lib/dates";

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

/** One post in a list: image, date, read time, title, excerpt, author and 'Read More'. */
export function PostCard({ post, showAuthor = true }: { post: PostCardData; showAuthor?: boolean }) {
  const href = `/blog/${post.slug}`;
  const published = new Date(post.published_at);
  return (
    <article className="post-card">
      {post.hero_image_url ? (
        <img className="post-card__image" src={post.hero_image_url} alt="" loading="lazy" width={640} height={360} />
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

/** The grid of post cards. */
export function PostGrid({ posts, showAuthor = true }: { posts: PostCardData[]; showAuthor?: boolean }) {
  return (
    <ul className="post-grid" data-testid="post-grid">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} showAuthor={showAuthor} />
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
