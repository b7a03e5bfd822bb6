// A filtered list of posts, counted and read a page at a time: what the public blog's list (post-listing)
// and the admin's posts list (post-admin) share; each brings its own filter, order and columns.
import { type SelectQueryBuilder, sql } from "kysely";
import { type DB, db } from "~/server/db.server";
import type { Database } from "~/server/schema.server";

/** Narrows a query of the posts table: the same filter for a list's count and for its pages. */
export type PostFilter = <O>(
  query: SelectQueryBuilder<Database, "posts", O>,
) => SelectQueryBuilder<Database, "posts", O>;

/** A list's order: by this date, newest first, then by id (so pages never overlap). */
export interface PostOrder {
  column: "posts.published_at" | "posts.created_at";
  id: "asc" | "desc";
}

/** How many posts the filter leaves. */
export async function countFilteredPosts(filtered: PostFilter): Promise<number> {
  const query = (await db()).selectFrom("posts").select(sql<string>`count(*)`.as("count"));
  const row = await filtered(query).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page of the filtered posts, in order, to select the columns from. The page's ids are found first
 * (an index-only walk of the order's index), then only those rows are read: deep pages stay cheap.
 */
export function postsPage(
  database: DB,
  filtered: PostFilter,
  order: PostOrder,
  { limit, offset }: { limit: number; offset: number },
) {
  const pageIds = filtered(database.selectFrom("posts").select(["posts.id"]))
    .orderBy(order.column, "desc")
    .orderBy("posts.id", order.id)
    .limit(limit)
    .offset(offset);
  return database
    .selectFrom(pageIds.as("page"))
    .innerJoin("posts", "posts.id", "page.id")
    .orderBy(order.column, "desc")
    .orderBy("posts.id", order.id);
}
