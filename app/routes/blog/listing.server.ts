import { redirect } from "react-router";
import { BLOG_PAGE_SIZE } from "~/lib/blog";
import { pageCountFor, pageHref, requestedPage } from "~/lib/pagination";
import {
  countPublishedPosts,
  listPublishedPosts,
  type PostListFilter,
  type PostListItem,
} from "~/models/post-listing.server";
import { newest } from "~/server/http-cache.server";

export interface PostPage {
  posts: PostListItem[];
  total: number;
  page: number;
  pageCount: number;
  /** The newest change among the posts shown, for Last-Modified. */
  lastModified: Date | null;
}

/**
 * One page of visible posts for a list URL (blog list, category, tag), from its `?page=`.
 * A malformed page (see `parsePageParam`: digits only, from 1 to MAX_PAGE) redirects to the first page
 * and a page past the end redirects to the last, keeping the other parameters: the visitor lands on a
 * real page and the server never runs an unbounded OFFSET.
 */
export async function loadPostPage(
  url: URL,
  filter: PostListFilter,
  keep: Record<string, string | null | undefined> = {},
): Promise<PostPage> {
  const requested = requestedPage(url.searchParams);
  if (requested === null) throw redirect(pageHref(url.pathname, keep, 1));
  const total = await countPublishedPosts(filter);
  const pageCount = pageCountFor(total, BLOG_PAGE_SIZE);
  if (requested > pageCount) throw redirect(pageHref(url.pathname, keep, pageCount));
  const posts =
    total === 0
      ? []
      : await listPublishedPosts(filter, { limit: BLOG_PAGE_SIZE, offset: (requested - 1) * BLOG_PAGE_SIZE });
  return {
    posts,
    total,
    page: requested,
    pageCount,
    lastModified: newest(posts.flatMap((p) => [p.updated_at, p.published_at])),
  };
}

/** The fields a post card needs (nothing more goes to the browser). */
export function toCard(post: PostListItem) {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    hero_image_url: post.hero_image_url,
    author: post.author,
    published_at: post.published_at.toISOString(),
    read_minutes: post.read_minutes,
  };
}
