import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { site } from "~/content/site";
import { slugify } from "~/lib/slug";
import { readMinutes } from "~/lib/text";
import { db } from "~/server/db.server";
import type { Database, PostStatus } from "~/server/schema.server";

/** The public visibility rule: published, with a publish date that has come. */
export function isPubliclyVisible(eb: ExpressionBuilder<Database, "posts">) {
  return eb.and([
    eb("posts.status", "=", "published"),
    eb("posts.published_at", "is not", null),
    eb("posts.published_at", "<=", sql<Date>`now()`),
  ]);
}

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
export async function listLatestPublishedPosts(limit = 3): Promise<PostCard[]> {
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
}

export interface PostInput {
  title: string;
  slug?: string;
  excerpt?: string | null;
  content?: string;
  heroImageUrl?: string | null;
  heroImageKey?: string | null;
  ogImageUrl?: string | null;
  author?: string | null;
  status: PostStatus;
  publishedAt?: Date | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  readMinutes?: number | null;
  categoryIds?: string[];
  tagIds?: string[];
}

/** Row values for a post: slug from the title when empty, read time from the content unless set, draft clears the date. */
export function postRowValues(input: PostInput, now = new Date()) {
  const content = input.content ?? "";
  return {
    title: input.title.trim(),
    slug: input.slug?.trim() || slugify(input.title),
    excerpt: input.excerpt?.trim() || null,
    content,
    hero_image_url: input.heroImageUrl ?? null,
    hero_image_key: input.heroImageKey ?? null,
    og_image_url: input.ogImageUrl ?? null,
    author: input.author?.trim() || site.teamName,
    status: input.status,
    published_at: input.status === "draft" ? null : (input.publishedAt ?? now),
    meta_title: input.metaTitle?.trim() || null,
    meta_description: input.metaDescription?.trim() || null,
    read_minutes: input.readMinutes && input.readMinutes > 0 ? input.readMinutes : readMinutes(content),
  };
}

async function replacePostTerms(trx: Kysely<Database>, postId: string, categoryIds: string[], tagIds: string[]) {
  await trx.deleteFrom("post_categories").where("post_id", "=", postId).execute();
  await trx.deleteFrom("post_tags").where("post_id", "=", postId).execute();
  if (categoryIds.length) {
    await trx
      .insertInto("post_categories")
      .values([...new Set(categoryIds)].map((category_id) => ({ post_id: postId, category_id })))
      .execute();
  }
  if (tagIds.length) {
    await trx
      .insertInto("post_tags")
      .values([...new Set(tagIds)].map((tag_id) => ({ post_id: postId, tag_id })))
      .execute();
  }
}

/** Creates a post with its categories and tags in one transaction. */
export async function createPost(input: PostInput): Promise<{ id: string; slug: string }> {
  return (await db()).transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("posts")
      .values(postRowValues(input))
      .returning(["id", "slug"])
      .executeTakeFirstOrThrow();
    await replacePostTerms(trx, row.id, input.categoryIds ?? [], input.tagIds ?? []);
    return row;
  });
}

/** Finds or creates categories/tags by name; returns their ids. */
export async function ensureTerms(kind: "categories" | "tags", names: string[]): Promise<string[]> {
  const database = await db();
  const ids: string[] = [];
  for (const name of names) {
    const slug = slugify(name);
    if (!slug) continue;
    const row = await database
      .insertInto(kind)
      .values({ name: name.trim(), slug })
      .onConflict((oc) => oc.column("slug").doUpdateSet({ slug }))
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}
