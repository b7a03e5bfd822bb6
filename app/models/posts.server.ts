// Blog posts: what every post query shares — the public visibility rule, the row values of a post,
// its category and tag links, creating a post, and the slug conflict. The queries built on these live in
// post-listing (the public blog), post-feeds (RSS and sitemaps), post-terms (categories and tags) and
// post-admin (the admin's list, editor and deletes).
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { site } from "~/content/site";
import { slugify } from "~/lib/slug";
import { readMinutes } from "~/lib/text";
import { db } from "~/server/db.server";
import type { Database, PostStatus } from "~/server/schema.server";
import type { KeepOptions } from "~/server/content-memo.server";

/** The public visibility rule: published, with a publish date that has come. */
export function isPubliclyVisible(eb: ExpressionBuilder<Database, "posts">) {
  return eb.and([
    eb("posts.status", "=", "published"),
    eb("posts.published_at", "is not", null),
    eb("posts.published_at", "<=", sql<Date>`now()`),
  ]);
}

/** When the next post waiting for its publish date becomes visible (null when none waits): pages change then. */
export async function nextPostPublishAt(now: Date): Promise<Date | null> {
  const row = await (
    await db()
  )
    .selectFrom("posts")
    .select((eb) => eb.fn.min("published_at").as("next"))
    .where("status", "=", "published")
    .where("published_at", ">", now)
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : null;
}

/** A read of visible posts is right until the next scheduled post's publish time (readUntilChanged). */
export const UNTIL_NEXT_PUBLICATION: KeepOptions = { until: () => nextPostPublishAt(new Date()) };

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
  /** Seeded demo content (the seed sets it; an admin's save clears it). */
  isDemo?: boolean;
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
    is_demo: input.isDemo ?? false,
  };
}

/** Makes the post's category and tag links exactly these (run it inside the post's transaction). */
export async function replacePostTerms(trx: Kysely<Database>, postId: string, categoryIds: string[], tagIds: string[]) {
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

/**
 * Creates a post with its categories and tags in one transaction, recording no activity: the demo seed and
 * test fixtures. An admin's post is saved with savePost (post-admin), which records it.
 */
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

/** Another post already has the slug. */
export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`The slug "${slug}" is already in use`);
    this.name = "SlugTakenError";
  }
}

/** Whether `error` is Postgres refusing a row that breaks the unique `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  return (
    e?.code === "23505" &&
    (e.constraint === constraint || (typeof e.message === "string" && e.message.includes(constraint)))
  );
}
