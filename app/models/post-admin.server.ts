// Blog posts for the admin: the posts list (any status), one post for the editor and the preview,
// saving (new categories and tags in the same transaction), deleting, and whether an image is in use.
import { type SelectQueryBuilder, sql } from "kysely";
import { normalizeSearch } from "~/lib/blog";
import { db } from "~/server/db.server";
import { containsPattern } from "./like-pattern.server";
import type { Database, Post, PostStatus } from "~/server/schema.server";
import { ensureTerms, existingTermIds, type Term, termsOfPost } from "./post-terms.server";
import { isUniqueViolation, type PostInput, postRowValues, replacePostTerms, SlugTakenError } from "./posts.server";

export interface AdminPostFilter {
  /** Case-insensitive substring of the title. */
  search?: string | null;
  status?: PostStatus | null;
}

function applyAdminFilter<O>(
  query: SelectQueryBuilder<Database, "posts", O>,
  filter: AdminPostFilter,
): SelectQueryBuilder<Database, "posts", O> {
  let q = query;
  if (filter.status) q = q.where("posts.status", "=", filter.status);
  const search = normalizeSearch(filter.search);
  // lower(title) has a trigram index (the admin_post_search migration).
  if (search) q = q.where(sql<boolean>`lower(posts.title) like lower(${containsPattern(search)}) escape '\\'`);
  return q;
}

/** How many posts (any status) match the admin filter. */
export async function countPostsForAdmin(filter: AdminPostFilter = {}): Promise<number> {
  const query = (await db()).selectFrom("posts").select(sql<string>`count(*)`.as("count"));
  const row = await applyAdminFilter(query, filter).executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface AdminPostRow {
  id: string;
  title: string;
  slug: string;
  status: PostStatus;
  published_at: Date | null;
  author: string;
  read_minutes: number;
  created_at: Date;
}

/** One page of posts for the admin list, newest created first (spec §7), ids found first as on the blog. */
export async function listPostsForAdmin(
  filter: AdminPostFilter = {},
  { limit = 50, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<AdminPostRow[]> {
  const database = await db();
  const pageIds = applyAdminFilter(database.selectFrom("posts").select(["posts.id"]), filter)
    .orderBy("posts.created_at", "desc")
    .orderBy("posts.id", "desc")
    .limit(limit)
    .offset(offset);
  return database
    .selectFrom(pageIds.as("page"))
    .innerJoin("posts", "posts.id", "page.id")
    .select([
      "posts.id",
      "posts.title",
      "posts.slug",
      "posts.status",
      "posts.published_at",
      "posts.author",
      "posts.read_minutes",
      "posts.created_at",
    ])
    .orderBy("posts.created_at", "desc")
    .orderBy("posts.id", "desc")
    .execute();
}

export type AdminPost = Omit<Post, "search_text"> & { categories: Term[]; tags: Term[] };

/** One post by id with every field and its categories and tags (the editor and the preview), or null. */
export async function getPostForAdmin(id: string): Promise<AdminPost | null> {
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
      "hero_image_key",
      "og_image_url",
      "author",
      "status",
      "published_at",
      "meta_title",
      "meta_description",
      "read_minutes",
      "created_at",
      "updated_at",
      "is_demo",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!post) return null;
  return { ...post, ...(await termsOfPost(database, id)) };
}

export interface PostSaveInput extends PostInput {
  /** Categories and tags to create (or reuse, by slug) and attach, in the same transaction as the post. */
  newCategoryNames?: string[];
  newTagNames?: string[];
}

/**
 * Creates (id null) or updates a post, with its categories and tags, in one transaction: new terms, the
 * post row and its links are all saved or none is. Sets updated_at and read_minutes; a draft has no publish
 * date. Throws SlugTakenError when another post has the slug; returns null when the post to update is gone.
 */
export async function savePost(
  id: string | null,
  input: PostSaveInput,
  now = new Date(),
): Promise<{ before: AdminPost | null; after: Post } | null> {
  const before = id ? await getPostForAdmin(id) : null;
  if (id && !before) return null;
  try {
    return await (await db()).transaction().execute(async (trx) => {
      const createdCategories = await ensureTerms("categories", input.newCategoryNames ?? [], trx);
      const createdTags = await ensureTerms("tags", input.newTagNames ?? [], trx);
      const values = { ...postRowValues(input, now), updated_at: now };
      let after: Post | undefined;
      if (before) {
        // The editor has no social-image field: keep the one the post has unless told otherwise.
        const { og_image_url, ...rest } = values;
        after = await trx
          .updateTable("posts")
          .set(input.ogImageUrl === undefined ? rest : { ...rest, og_image_url })
          .where("id", "=", before.id)
          .returningAll()
          .executeTakeFirst();
        if (!after) throw new PostGoneError();
      } else {
        after = await trx.insertInto("posts").values(values).returningAll().executeTakeFirstOrThrow();
      }
      const categoryIds = await existingTermIds(trx, "categories", input.categoryIds ?? []);
      const tagIds = await existingTermIds(trx, "tags", input.tagIds ?? []);
      await replacePostTerms(trx, after.id, [...categoryIds, ...createdCategories], [...tagIds, ...createdTags]);
      return { before, after };
    });
  } catch (error) {
    if (error instanceof PostGoneError) return null;
    if (isUniqueViolation(error, "posts_slug_key")) throw new SlugTakenError(postRowValues(input, now).slug);
    throw error;
  }
}

class PostGoneError extends Error {}

/** Deletes a post (its category and tag links go with it); returns what was deleted, or null. */
export async function deletePost(
  id: string,
): Promise<{ id: string; slug: string; hero_image_key: string | null } | null> {
  const row = await (
    await db()
  )
    .deleteFrom("posts")
    .where("id", "=", id)
    .returning(["id", "slug", "hero_image_key"])
    .executeTakeFirst();
  return row ?? null;
}

/** Whether a post (other than `exceptPostId`) shows the uploaded image with this key. */
export async function isImageKeyInUse(key: string, exceptPostId?: string | null): Promise<boolean> {
  let query = (await db()).selectFrom("posts").select("id").where("hero_image_key", "=", key);
  if (exceptPostId) query = query.where("id", "<>", exceptPostId);
  return Boolean(await query.executeTakeFirst());
}
