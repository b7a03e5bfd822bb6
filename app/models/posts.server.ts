import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { site } from "~/content/site";
import { BLOG_PAGE_SIZE, BLOG_SEARCH_MAX_LENGTH, normalizeSearch } from "~/lib/blog";
import { slugify } from "~/lib/slug";
import { readMinutes } from "~/lib/text";
import { db } from "~/server/db.server";
import type { Database, Post, PostStatus } from "~/server/schema.server";

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

/** Finds or creates categories/tags by name; returns their ids. Pass a transaction to create them inside it. */
export async function ensureTerms(
  kind: "categories" | "tags",
  names: string[],
  executor?: Kysely<Database>,
): Promise<string[]> {
  const database = executor ?? (await db());
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

// ---------------------------------------------------------------------------------------------
// Public blog: lists, search, one post, categories and tags, feed and sitemap.

export { BLOG_PAGE_SIZE, BLOG_SEARCH_MAX_LENGTH, normalizeSearch };

export interface PostListFilter {
  /** Case-insensitive substring of the title or excerpt. */
  search?: string | null;
  categoryId?: string | null;
  tagId?: string | null;
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function applyListFilter<O>(
  query: SelectQueryBuilder<Database, "posts", O>,
  filter: PostListFilter,
): SelectQueryBuilder<Database, "posts", O> {
  let q = query.where(isPubliclyVisible);
  const search = normalizeSearch(filter.search);
  if (search) {
    // search_text is lower(title, newline, excerpt), indexed with trigrams (see the blog_search migration).
    q = q.where(sql<boolean>`posts.search_text like lower(${containsPattern(search)}) escape '\\'`);
  }
  const { categoryId, tagId } = filter;
  if (categoryId) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("post_categories")
          .select(sql`1`.as("one"))
          .whereRef("post_categories.post_id", "=", "posts.id")
          .where("post_categories.category_id", "=", categoryId),
      ),
    );
  }
  if (tagId) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("post_tags")
          .select(sql`1`.as("one"))
          .whereRef("post_tags.post_id", "=", "posts.id")
          .where("post_tags.tag_id", "=", tagId),
      ),
    );
  }
  return q;
}

/** How many visible posts match the filter. */
export async function countPublishedPosts(filter: PostListFilter = {}): Promise<number> {
  const query = (await db()).selectFrom("posts").select(sql<string>`count(*)`.as("count"));
  const row = await applyListFilter(query, filter).executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface PostListItem extends PostCard {
  updated_at: Date;
}

/**
 * One page of visible posts matching the filter, newest first. The page's ids are found first
 * (an index-only walk of the published_at index), then only those rows are read: deep pages stay cheap.
 */
export async function listPublishedPosts(
  filter: PostListFilter = {},
  { limit = BLOG_PAGE_SIZE, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<PostListItem[]> {
  const database = await db();
  const pageIds = applyListFilter(database.selectFrom("posts").select(["posts.id"]), filter)
    .orderBy("posts.published_at", "desc")
    .orderBy("posts.id", "asc")
    .limit(limit)
    .offset(offset);
  const rows = await database
    .selectFrom(pageIds.as("page"))
    .innerJoin("posts", "posts.id", "page.id")
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
    .orderBy("posts.published_at", "desc")
    .orderBy("posts.id", "asc")
    .execute();
  return rows as PostListItem[];
}

export interface Term {
  id: string;
  name: string;
  slug: string;
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
export async function findPublishedPostBySlug(slug: string): Promise<PublicPost | null> {
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
  const [categories, tags] = [
    await database
      .selectFrom("post_categories")
      .innerJoin("categories", "categories.id", "post_categories.category_id")
      .select(["categories.id", "categories.name", "categories.slug"])
      .where("post_categories.post_id", "=", post.id)
      .orderBy("categories.name")
      .execute(),
    await database
      .selectFrom("post_tags")
      .innerJoin("tags", "tags.id", "post_tags.tag_id")
      .select(["tags.id", "tags.name", "tags.slug"])
      .where("post_tags.post_id", "=", post.id)
      .orderBy("tags.name")
      .execute(),
  ];
  return { ...(post as Omit<PublicPost, "categories" | "tags">), categories, tags };
}

/** A category or tag by its slug, or null. */
export async function findTermBySlug(kind: "categories" | "tags", slug: string): Promise<Term | null> {
  const row = await (
    await db()
  )
    .selectFrom(kind)
    .select(["id", "name", "slug"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row ?? null;
}

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
export async function listSitemapTerms(kind: "categories" | "tags"): Promise<SitemapEntry[]> {
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

// ---------------------------------------------------------------------------------------------
// Admin: the posts list, one post, saving (new categories and tags in the same transaction), deleting,
// the preview, and managing categories and tags.

export type TermKind = "categories" | "tags";

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

async function termsOfPost(database: Kysely<Database>, postId: string): Promise<{ categories: Term[]; tags: Term[] }> {
  const categories = await database
    .selectFrom("post_categories")
    .innerJoin("categories", "categories.id", "post_categories.category_id")
    .select(["categories.id", "categories.name", "categories.slug"])
    .where("post_categories.post_id", "=", postId)
    .orderBy("categories.name")
    .execute();
  const tags = await database
    .selectFrom("post_tags")
    .innerJoin("tags", "tags.id", "post_tags.tag_id")
    .select(["tags.id", "tags.name", "tags.slug"])
    .where("post_tags.post_id", "=", postId)
    .orderBy("tags.name")
    .execute();
  return { categories, tags };
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

/** Another post already has the slug. */
export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`The slug "${slug}" is already in use`);
    this.name = "SlugTakenError";
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  return (
    e?.code === "23505" &&
    (e.constraint === constraint || (typeof e.message === "string" && e.message.includes(constraint)))
  );
}

/** The ids among `ids` that still name a row (a term deleted meanwhile is dropped, not a failure). */
async function existingTermIds(database: Kysely<Database>, kind: TermKind, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await database.selectFrom(kind).select("id").where("id", "in", unique).execute();
  return rows.map((row) => row.id);
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

export interface AdminTerm extends Term {
  post_count: number;
}

/** How many categories or tags there are. */
export async function countTerms(kind: TermKind): Promise<number> {
  const row = await (
    await db()
  )
    .selectFrom(kind)
    .select(sql<string>`count(*)`.as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of categories or tags by name, with how many posts (any status) each has. */
export async function listTermsForAdmin(
  kind: TermKind,
  { limit = 50, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<AdminTerm[]> {
  const database = await db();
  const rows =
    kind === "categories"
      ? await database
          .selectFrom("categories")
          .select([
            "categories.id",
            "categories.name",
            "categories.slug",
            (eb) =>
              eb
                .selectFrom("post_categories")
                .select(sql<string>`count(*)`.as("n"))
                .whereRef("post_categories.category_id", "=", "categories.id")
                .as("post_count"),
          ])
          .orderBy("categories.name")
          .orderBy("categories.id")
          .limit(limit)
          .offset(offset)
          .execute()
      : await database
          .selectFrom("tags")
          .select([
            "tags.id",
            "tags.name",
            "tags.slug",
            (eb) =>
              eb
                .selectFrom("post_tags")
                .select(sql<string>`count(*)`.as("n"))
                .whereRef("post_tags.tag_id", "=", "tags.id")
                .as("post_count"),
          ])
          .orderBy("tags.name")
          .orderBy("tags.id")
          .limit(limit)
          .offset(offset)
          .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, post_count: Number(row.post_count ?? 0) }));
}

/** Every category or tag by name (the editor's pick lists). */
export async function listAllTerms(kind: TermKind): Promise<Term[]> {
  return (await db()).selectFrom(kind).select(["id", "name", "slug"]).orderBy("name").orderBy("id").execute();
}

/** Renames a category or tag (and sets its slug: the given one, else one made from the name); null when gone. */
export async function renameTerm(
  kind: TermKind,
  id: string,
  change: { name: string; slug?: string },
): Promise<Term | null> {
  const name = change.name.trim();
  const slug = change.slug?.trim() || slugify(name);
  try {
    const row = await (
      await db()
    )
      .updateTable(kind)
      .set({ name, slug })
      .where("id", "=", id)
      .returning(["id", "name", "slug"])
      .executeTakeFirst();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error, `${kind}_slug_key`)) throw new SlugTakenError(slug);
    throw error;
  }
}

/** Deletes a category or tag only when no post has it. */
export async function deleteEmptyTerm(kind: TermKind, id: string): Promise<"deleted" | "in-use" | "missing"> {
  const database = await db();
  const links = kind === "categories" ? "post_categories" : "post_tags";
  const column = kind === "categories" ? "category_id" : "tag_id";
  const deleted = await database
    .deleteFrom(kind)
    .where("id", "=", id)
    .where(sql<boolean>`not exists (select 1 from ${sql.table(links)} where ${sql.ref(column)} = ${id})`)
    .returning("id")
    .executeTakeFirst();
  if (deleted) return "deleted";
  const still = await database.selectFrom(kind).select("id").where("id", "=", id).executeTakeFirst();
  return still ? "in-use" : "missing";
}

/** A category or tag by id, with its post count, or null. */
export async function findTermById(kind: TermKind, id: string): Promise<AdminTerm | null> {
  const database = await db();
  const term = await database.selectFrom(kind).select(["id", "name", "slug"]).where("id", "=", id).executeTakeFirst();
  if (!term) return null;
  const links = kind === "categories" ? "post_categories" : "post_tags";
  const column = kind === "categories" ? "category_id" : "tag_id";
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from ${sql.table(links)} where ${sql.ref(column)} = ${id}`.execute(database);
  return { ...term, post_count: Number(rows[0]?.n ?? 0) };
}
