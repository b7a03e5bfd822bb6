// The blog's posts for machines: the RSS feed, the sitemap entries and the last change (the sitemap
// index's lastmod). Only publicly visible posts (posts.server.ts: isPubliclyVisible).
import { sql } from "kysely";
import { db } from "~/server/db.server";
import type { TermKind } from "./post-terms.server";
import { isPubliclyVisible } from "./posts.server";

export interface FeedItem {
  title: string;
  slug: string;
  excerpt: string | null;
  /** The start of the content, for a description when the post has no excerpt. */
  content_start: string;
  author: string;
  published_at: Date;
  updated_at: Date;
  categories: string[];
}

/** The newest visible posts for the RSS feed, with their category names. */
export async function listFeedPosts(limit = 50): Promise<FeedItem[]> {
  const database = await db();
  const posts = await database
    .selectFrom("posts")
    .select([
      "id",
      "title",
      "slug",
      "excerpt",
      sql<string>`left(content, 1000)`.as("content_start"),
      "author",
      "published_at",
      "updated_at",
    ])
    .where(isPubliclyVisible)
    .orderBy("published_at", "desc")
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
  if (posts.length === 0) return [];
  const terms = await database
    .selectFrom("post_categories")
    .innerJoin("categories", "categories.id", "post_categories.category_id")
    .select(["post_categories.post_id", "categories.name"])
    .where(
      "post_categories.post_id",
      "in",
      posts.map((p) => p.id),
    )
    .orderBy("categories.name")
    .execute();
  const byPost = new Map<string, string[]>();
  for (const term of terms) byPost.set(term.post_id, [...(byPost.get(term.post_id) ?? []), term.name]);
  return posts.map(({ id, ...post }) => ({
    ...(post as Omit<FeedItem, "categories">),
    categories: byPost.get(id) ?? [],
  }));
}

export interface SitemapEntry {
  slug: string;
  lastmod: Date | null;
}

/**
 * Every visible post's slug and last change (the later of its edit and its publish time), newest first.
 * The rows come back as one JSON array: thousands of small rows cost more to transfer one by one.
 */
export async function listSitemapPosts(): Promise<SitemapEntry[]> {
  const row = await (
    await db()
  )
    .selectFrom("posts")
    .select(
      sql<
        [string, string][] | null
      >`json_agg(json_build_array(slug, greatest(updated_at, published_at)) order by published_at desc, id)`.as(
        "entries",
      ),
    )
    .where(isPubliclyVisible)
    .executeTakeFirst();
  return (row?.entries ?? []).map(([slug, lastmod]) => ({ slug, lastmod: new Date(lastmod) }));
}

/** Categories or tags that have at least one visible post (their pages carry no lastmod: optional in sitemaps). */
export async function listSitemapTerms(kind: TermKind): Promise<SitemapEntry[]> {
  const database = await db();
  const rows =
    kind === "categories"
      ? await database
          .selectFrom("categories")
          .select("categories.slug")
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom("post_categories")
                .innerJoin("posts", "posts.id", "post_categories.post_id")
                .select(sql`1`.as("one"))
                .whereRef("post_categories.category_id", "=", "categories.id")
                .where(isPubliclyVisible),
            ),
          )
          .orderBy("categories.slug")
          .execute()
      : await database
          .selectFrom("tags")
          .select("tags.slug")
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom("post_tags")
                .innerJoin("posts", "posts.id", "post_tags.post_id")
                .select(sql`1`.as("one"))
                .whereRef("post_tags.tag_id", "=", "tags.id")
                .where(isPubliclyVisible),
            ),
          )
          .orderBy("tags.slug")
          .execute();
  return rows.map((row) => ({ slug: row.slug, lastmod: null }));
}

/** The last change among visible posts (edit or publish time), or null when there are none. */
export async function latestPublishedChange(): Promise<Date | null> {
  const row = await (
    await db()
  )
    .selectFrom("posts")
    .select(sql<Date | null>`max(greatest(updated_at, published_at))`.as("lastmod"))
    .where(isPubliclyVisible)
    .executeTakeFirst();
  return row?.lastmod ?? null;
}
