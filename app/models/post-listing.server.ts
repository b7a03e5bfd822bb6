// The public blog's posts: the home page's newest, the paged and searchable list, its count, and one
// post by slug. Only publicly visible posts (posts.server.ts: isPubliclyVisible).
import { type ExpressionBuilder, sql } from "kysely";
import { BLOG_PAGE_SIZE, normalizeSearch } from "~/lib/blog";
import { db } from "~/server/db.server";
import type { Database } from "~/server/schema.server";
import { countFilteredPosts, type PostFilter, type PostOrder, postsPage } from "./post-pages.server";
import { type Term, termsOfPost } from "./post-terms.server";
import { containsPattern } from "./like-pattern.server";
import { isPubliclyVisible, UNTIL_NEXT_PUBLICATION } from "./posts.server";
import { readUntilChanged } from "~/server/content-memo.server";

export interface PostCard {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  hero_image_url: string | null;
  author: string;
  published_at: Date;
  read_minutes: number;
}

/** Home page: the newest visible posts. */
export function listLatestPublishedPosts(limit = 3): Promise<PostCard[]> {
  return readUntilChanged(
    `posts latest ${limit}`,
    async () => {
      const rows = await (
        await db()
      )
        .selectFrom("posts")
        .select(["id", "title", "slug", "excerpt", "hero_image_url", "author", "published_at", "read_minutes"])
        .where(isPubliclyVisible)
        .orderBy("published_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows as PostCard[];
    },
    UNTIL_NEXT_PUBLICATION,
  );
}

export interface PostListFilter {
  /** Case-insensitive substring of the title or excerpt. */
  search?: string | null;
  categoryId?: string | null;
  tagId?: string | null;
}

/** A post linked to the term: a row of its category links or of its tag links. */
function linkedTo(
  eb: ExpressionBuilder<Database, "posts">,
  term: { links: "post_categories"; column: "category_id" } | { links: "post_tags"; column: "tag_id" },
  termId: string,
) {
  return eb.exists(
    eb
      .selectFrom(term.links)
      .select(sql`1`.as("one"))
      .whereRef(`${term.links}.post_id`, "=", "posts.id")
      .where(term.column, "=", termId),
  );
}

/** The public list's filter: visible posts only, then the search, the category and the tag. */
function listFilter(filter: PostListFilter): PostFilter {
  return (query) => {
    let q = query.where(isPubliclyVisible);
    const search = normalizeSearch(filter.search);
    if (search) {
      // search_text is lower(title, newline, excerpt), indexed with trigrams (see the blog_search migration).
      q = q.where(sql<boolean>`posts.search_text like lower(${containsPattern(search)}) escape '\\'`);
    }
    const { categoryId, tagId } = filter;
    if (categoryId) q = q.where((eb) => linkedTo(eb, { links: "post_categories", column: "category_id" }, categoryId));
    if (tagId) q = q.where((eb) => linkedTo(eb, { links: "post_tags", column: "tag_id" }, tagId));
    return q;
  };
}

/** How many visible posts match the filter. */
export function countPublishedPosts(filter: PostListFilter = {}): Promise<number> {
  return readUntilChanged(
    `posts count ${JSON.stringify(filter)}`,
    () => countFilteredPosts(listFilter(filter)),
    UNTIL_NEXT_PUBLICATION,
  );
}

export interface PostListItem extends PostCard {
  updated_at: Date;
}

/** The blog's order: newest published first. */
const PUBLISHED_ORDER: PostOrder = { column: "posts.published_at", id: "asc" };

/** One page of visible posts matching the filter, newest first (ids first: see postsPage). */
export function listPublishedPosts(
  filter: PostListFilter = {},
  { limit = BLOG_PAGE_SIZE, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<PostListItem[]> {
  return readUntilChanged(
    `posts page ${JSON.stringify([filter, limit, offset])}`,
    async () => {
      const rows = await postsPage(await db(), listFilter(filter), PUBLISHED_ORDER, { limit, offset })
        .select([
          "posts.id",
          "posts.title",
          "posts.slug",
          "posts.excerpt",
          "posts.hero_image_url",
          "posts.author",
          "posts.published_at",
          "posts.read_minutes",
          "posts.updated_at",
        ])
        .execute();
      return rows as PostListItem[];
    },
    UNTIL_NEXT_PUBLICATION,
  );
}

export interface PublicPost extends PostListItem {
  content: string;
  is_demo: boolean;
  og_image_url: string | null;
  meta_title: string | null;
  meta_description: string | null;
  categories: Term[];
  tags: Term[];
}

/** One visible post by slug, with its categories and tags; null when missing or not (yet) public. */
export function findPublishedPostBySlug(slug: string): Promise<PublicPost | null> {
  return readUntilChanged(
    `posts by slug ${slug}`,
    async () => {
      const database = await db();
      const post = await database
        .selectFrom("posts")
        .select([
          "id",
          "title",
          "slug",
          "excerpt",
          "content",
          "hero_image_url",
          "og_image_url",
          "author",
          "published_at",
          "updated_at",
          "read_minutes",
          "meta_title",
          "meta_description",
          "is_demo",
        ])
        .where("slug", "=", slug)
        .where(isPubliclyVisible)
        .executeTakeFirst();
      if (!post) return null;
      return { ...(post as Omit<PublicPost, "categories" | "tags">), ...(await termsOfPost(database, post.id)) };
    },
    UNTIL_NEXT_PUBLICATION,
  );
}
