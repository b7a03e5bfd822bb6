import { Link } from "react-router";
import { formatLongDate } from "~/lib/dates";

export interface LatestPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  heroImageUrl: string | null;
  publishedAt: Date | string;
  readMinutes: number;
}

export function LatestPosts({ posts }: { posts: LatestPost[] }) {
  return (
    <ul className="latest-posts">
      {posts.map((post) => (
        <li key={post.id}>
          <article className="card post-card">
            {post.heroImageUrl ? (
              <img
                className="post-card__image"
                src={post.heroImageUrl}
                alt=""
                width={600}
                height={315}
                loading="lazy"
              />
            ) : null}
            <div className="post-card__body">
              <p className="post-card__meta">
                <time dateTime={new Date(post.publishedAt).toISOString()}>{formatLongDate(post.publishedAt)}</time>
                <span aria-hidden="true"> · </span>
                <span>{post.readMinutes} min read</span>
              </p>
              <h3 className="post-card__title">{post.title}</h3>
              {post.excerpt ? <p className="post-card__excerpt">{post.excerpt}</p> : null}
              <Link className="post-card__more" to={`/blog/${post.slug}`} prefetch="intent">
                Read More<span className="visually-hidden">: {post.title}</span>
              </Link>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
