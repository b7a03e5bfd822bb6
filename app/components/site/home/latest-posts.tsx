import { Link } from "react-router";
import { imageLoading, responsiveImage } from "~/lib/image-srcset";

/**
 * A card image's width (home.css): as many 280px-or-wider columns as the container (at most 1180px) holds,
 * 20px apart: one below 612px, two below 912px, then three; less the card's 1px border.
 */
export const LATEST_POST_IMAGE_SIZES =
  "(min-width: 1212px) 378px, (min-width: 912px) calc(33.3vw - 26px), (min-width: 612px) calc(50vw - 28px), calc(100vw - 34px)";

export interface LatestPost {
  title: string;
  slug: string;
  excerpt: string | null;
  heroImageUrl: string | null;
  /** ISO 8601, for the <time> element. */
  publishedAt: string;
  /** "November 12, 2026" in the stores' zone, written on the server (the page's script carries no calendar). */
  publishedOn: string;
  readMinutes: number;
}

export function LatestPosts({ posts }: { posts: LatestPost[] }) {
  return (
    <ul className="latest-posts">
      {posts.map((post) => (
        <li key={post.slug}>
          <article className="card post-card">
            {post.heroImageUrl ? (
              // Far down the home page: loaded as it nears the screen.
              <img
                className="post-card__image"
                {...responsiveImage(post.heroImageUrl, LATEST_POST_IMAGE_SIZES, { width: 600, height: 315 })}
                alt=""
                {...imageLoading(false)}
              />
            ) : null}
            <div className="post-card__body">
              <p className="post-card__meta">
                <time dateTime={post.publishedAt}>{post.publishedOn}</time>
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
