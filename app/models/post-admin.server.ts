// Blog posts for the admin: the posts list (any status), one post for the editor and the preview,
// saving (new categories and tags in the same transaction), deleting, and whether an image is in use.
import { type Kysely, sql } from "kysely";
import { normalizeSearch } from "~/lib/blog";
import { db } from "~/server/db.server";
import { containsPattern } from "./like-pattern.server";
import type { Database, Post, PostStatus } from "~/server/schema.server";
import { type ActivityActor, changedFields, recordActivity } from "./activity.server";
import { type OverrideFor, overrideFor, recordAdvertisingOverride } from "./ad-findings.server";
import { countFilteredPosts, type PostFilter, type PostOrder, postsPage } from "./post-pages.server";
import { ensureTermRows, existingTermIds, recordCreatedTerms, type Term, termsOfPost } from "./post-terms.server";
import { isUniqueViolation, type PostInput, postRowValues, replacePostTerms, SlugTakenError } from "./posts.server";

export interface AdminPostFilter {
  /** Case-insensitive substring of the title. */
  search?: string | null;
  status?: PostStatus | null;
}

function adminFilter(filter: AdminPostFilter): PostFilter {
  return (query) => {
    let q = query;
    if (filter.status) q = q.where("posts.status", "=", filter.status);
    const search = normalizeSearch(filter.search);
    // lower(title) has a trigram index (the admin_post_search migration).
    if (search) q = q.where(sql<boolean>`lower(posts.title) like lower(${containsPattern(search)}) escape '\\'`);
    return q;
  };
}

/** How many posts (any status) match the admin filter. */
export function countPostsForAdmin(filter: AdminPostFilter = {}): Promise<number> {
  return countFilteredPosts(adminFilter(filter));
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

/** The admin list's order: newest created first (spec §7). */
const CREATED_ORDER: PostOrder = { column: "posts.created_at", id: "desc" };

/** One page of posts for the admin list, newest created first, ids found first as on the blog (postsPage). */
export async function listPostsForAdmin(
  filter: AdminPostFilter = {},
  { limit = 50, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<AdminPostRow[]> {
  return postsPage(await db(), adminFilter(filter), CREATED_ORDER, { limit, offset })
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
    .execute();
}

export type AdminPost = Omit<Post, "search_text" | "ad_findings" | "ad_checked_with"> & {
  categories: Term[];
  tags: Term[];
};

const ADMIN_POST_COLUMNS = [
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
] as const;

/** One post with its terms, read with `executor`; `lock` locks its row (read before a change in a transaction). */
async function readPost(executor: Kysely<Database>, id: string, lock = false): Promise<AdminPost | null> {
  let query = executor.selectFrom("posts").select(ADMIN_POST_COLUMNS).where("id", "=", id);
  if (lock) query = query.forUpdate();
  const post = await query.executeTakeFirst();
  if (!post) return null;
  return { ...post, ...(await termsOfPost(executor, id)) };
}

/** One post by id with every field and its categories and tags (the editor and the preview), or null. */
export async function getPostForAdmin(id: string): Promise<AdminPost | null> {
  return readPost(await db(), id);
}

export interface PostSaveInput extends PostInput {
  /** Categories and tags to create (or reuse, by slug) and attach, in the same transaction as the post. */
  newCategoryNames?: string[];
  newTagNames?: string[];
}

/**
 * The fields of a post the editor sets, as the activity log compares them: the image by its address, the
 * categories and tags by name. The body (content) is recorded as "(changed)", never its text.
 */
const POST_FIELDS = [
  "title",
  "slug",
  "excerpt",
  "content",
  "hero_image_url",
  "author",
  "status",
  "published_at",
  "meta_title",
  "meta_description",
  "categories",
  "tags",
] as const;
const POST_REDACTED = ["content"] as const;

/** A post as the activity log compares it: its terms as lists of names; no body and no terms as nothing. */
function loggedPost(post: AdminPost) {
  const names = (terms: Term[]) => (terms.length > 0 ? terms.map((term) => term.name) : null);
  return { ...post, content: post.content || null, categories: names(post.categories), tags: names(post.tags) };
}

function postChanges(before: AdminPost | null, after: AdminPost | null) {
  return changedFields(before && loggedPost(before), after && loggedPost(after), POST_FIELDS, {
    redact: POST_REDACTED,
  });
}

/**
 * Creates (id null) or updates a post, with its categories and tags, in one transaction: new terms, the
 * post row, its links and the activity entries (post.create or post.update, and category.create /
 * tag.create for each term it created) are all saved or none is. Sets updated_at and read_minutes; a draft
 * has no publish date. Throws SlugTakenError when another post has the slug; returns null when the post to
 * update is gone.
 */
export async function savePost(
  id: string | null,
  input: PostSaveInput,
  actor: ActivityActor,
  now = new Date(),
  /** The owner published words with advertising findings anyway: kept in the activity log. */
  override: OverrideFor<AdminPost> = null,
): Promise<{ before: AdminPost | null; after: Post } | null> {
  try {
    return await (await db()).transaction().execute(async (trx) => {
      const before = id ? await readPost(trx, id, true) : null;
      if (id && !before) return null;
      const createdCategories = await ensureTermRows("categories", input.newCategoryNames ?? [], trx);
      const createdTags = await ensureTermRows("tags", input.newTagNames ?? [], trx);
      await recordCreatedTerms(trx, "categories", createdCategories, actor);
      await recordCreatedTerms(trx, "tags", createdTags, actor);
      const values = { ...postRowValues(input, now), updated_at: now };
      let after: Post;
      if (before) {
        // The editor has no social-image field: keep the one the post has unless told otherwise.
        const { og_image_url, ...rest } = values;
        after = await trx
          .updateTable("posts")
          .set(input.ogImageUrl === undefined ? rest : { ...rest, og_image_url })
          .where("id", "=", before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      } else {
        after = await trx.insertInto("posts").values(values).returningAll().executeTakeFirstOrThrow();
      }
      const categoryIds = await existingTermIds(trx, "categories", input.categoryIds ?? []);
      const tagIds = await existingTermIds(trx, "tags", input.tagIds ?? []);
      await replacePostTerms(
        trx,
        after.id,
        [...categoryIds, ...createdCategories.map((term) => term.id)],
        [...tagIds, ...createdTags.map((term) => term.id)],
      );
      const saved = await readPost(trx, after.id);
      await recordActivity(trx, {
        kind: before ? "post.update" : "post.create",
        actor,
        subject: { type: "post", id: after.id, title: after.title },
        changes: postChanges(before, saved),
      });
      const decided = overrideFor(override, before ?? undefined);
      if (decided) {
        await recordAdvertisingOverride(trx, actor, { type: "post", id: after.id, title: after.title }, decided);
      }
      return { before, after };
    });
  } catch (error) {
    if (isUniqueViolation(error, "posts_slug_key")) throw new SlugTakenError(postRowValues(input, now).slug);
    throw error;
  }
}

/**
 * Deletes a post (its category and tag links go with it), with its activity entry in the same transaction;
 * returns what was deleted, or null when it was not there.
 */
export async function deletePost(
  id: string,
  actor: ActivityActor,
): Promise<{ id: string; slug: string; hero_image_key: string | null } | null> {
  return (await db()).transaction().execute(async (trx) => {
    const before = await readPost(trx, id, true);
    if (!before) return null;
    const row = await trx
      .deleteFrom("posts")
      .where("id", "=", id)
      .returning(["id", "slug", "hero_image_key"])
      .executeTakeFirst();
    if (!row) return null;
    await recordActivity(trx, {
      kind: "post.delete",
      actor,
      subject: { type: "post", id, title: before.title },
      changes: postChanges(before, null),
    });
    return row;
  });
}

/** Whether a post (other than `exceptPostId`) shows the uploaded image with this key. */
export async function isImageKeyInUse(key: string, exceptPostId?: string | null): Promise<boolean> {
  let query = (await db()).selectFrom("posts").select("id").where("hero_image_key", "=", key);
  if (exceptPostId) query = query.where("id", "<>", exceptPostId);
  return Boolean(await query.executeTakeFirst());
}
