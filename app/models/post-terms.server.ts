// Blog categories and tags: creating them by name, a post's terms, finding one, and the admin's list,
// rename and delete.
import { type Kysely, sql } from "kysely";
import { slugify } from "~/lib/slug";
import { db } from "~/server/db.server";
import type { Database } from "~/server/schema.server";
import { type ActivityActor, type ActivityKind, changedFields, recordActivity } from "./activity.server";
import { isUniqueViolation, SlugTakenError } from "./posts.server";

export type TermKind = "categories" | "tags";

export interface Term {
  id: string;
  name: string;
  slug: string;
}

export interface AdminTerm extends Term {
  post_count: number;
}

/** The table linking posts to terms of this kind, and its term column. */
function linksOf(kind: TermKind) {
  return kind === "categories"
    ? ({ links: "post_categories", column: "category_id" } as const)
    : ({ links: "post_tags", column: "tag_id" } as const);
}

/** A term found or created by name; `created` when this call inserted it. */
export interface EnsuredTerm extends Term {
  created: boolean;
}

/**
 * Finds or creates categories/tags by name (matched by slug: an existing one keeps its name). Pass a
 * transaction to create them inside it. Records nothing: the seed and fixtures call it; the editor's new
 * terms go through ensureTermRows and are recorded by savePost.
 */
export async function ensureTerms(kind: TermKind, names: string[], executor?: Kysely<Database>): Promise<string[]> {
  return (await ensureTermRows(kind, names, executor ?? (await db()))).map((term) => term.id);
}

/** ensureTerms with each term's name and slug, and whether it was created now. */
export async function ensureTermRows(
  kind: TermKind,
  names: string[],
  executor: Kysely<Database>,
): Promise<EnsuredTerm[]> {
  const terms: EnsuredTerm[] = [];
  for (const name of names) {
    const slug = slugify(name);
    if (!slug) continue;
    // An existing slug is reused (its name kept); the no-op update locks it so it cannot be deleted meanwhile.
    // xmax is 0 only on a row this statement inserted.
    const term = await executor
      .insertInto(kind)
      .values({ name: name.trim(), slug })
      .onConflict((oc) => oc.column("slug").doUpdateSet({ slug }))
      .returning(["id", "name", "slug", sql<boolean>`xmax = 0`.as("created")])
      .executeTakeFirstOrThrow();
    terms.push({ ...term, created: Boolean(term.created) });
  }
  return terms;
}

/** The activity log's subject type and kinds for categories or tags. */
const TERM_ACTIVITY = {
  categories: { type: "category", create: "category.create", rename: "category.rename", delete: "category.delete" },
  tags: { type: "tag", create: "tag.create", rename: "tag.rename", delete: "tag.delete" },
} as const satisfies Record<
  TermKind,
  { type: string; create: ActivityKind; rename: ActivityKind; delete: ActivityKind }
>;

/** The fields of a term the admin sets, as the activity log compares them. */
const TERM_FIELDS = ["name", "slug"] as const;

/** Records that the editor created these terms (run it in the post's transaction). */
export async function recordCreatedTerms(
  trx: Kysely<Database>,
  kind: TermKind,
  terms: EnsuredTerm[],
  actor: ActivityActor,
): Promise<void> {
  const { type, create } = TERM_ACTIVITY[kind];
  for (const term of terms) {
    if (!term.created) continue;
    await recordActivity(trx, {
      kind: create,
      actor,
      subject: { type, id: term.id, title: term.name },
      changes: changedFields(null, term, TERM_FIELDS),
    });
  }
}

/** The ids among `ids` that still name a row (a term deleted meanwhile is dropped, not a failure). */
export async function existingTermIds(database: Kysely<Database>, kind: TermKind, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await database.selectFrom(kind).select("id").where("id", "in", unique).execute();
  return rows.map((row) => row.id);
}

/** A post's categories and tags, each by name. */
export async function termsOfPost(
  database: Kysely<Database>,
  postId: string,
): Promise<{ categories: Term[]; tags: Term[] }> {
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

/** A category or tag by its slug, or null. */
export async function findTermBySlug(kind: TermKind, slug: string): Promise<Term | null> {
  const row = await (
    await db()
  )
    .selectFrom(kind)
    .select(["id", "name", "slug"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row ?? null;
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

/**
 * Renames a category or tag (and sets its slug: the given one, else one made from the name), with its
 * activity entry in the same transaction; null when gone.
 */
export async function renameTerm(
  kind: TermKind,
  id: string,
  change: { name: string; slug?: string },
  actor: ActivityActor,
): Promise<Term | null> {
  const name = change.name.trim();
  const slug = change.slug?.trim() || slugify(name);
  try {
    return await (await db()).transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom(kind)
        .select(["id", "name", "slug"])
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return null;
      const after = await trx
        .updateTable(kind)
        .set({ name, slug })
        .where("id", "=", id)
        .returning(["id", "name", "slug"])
        .executeTakeFirstOrThrow();
      const { type, rename } = TERM_ACTIVITY[kind];
      await recordActivity(trx, {
        kind: rename,
        actor,
        subject: { type, id, title: after.name },
        changes: changedFields(before, after, TERM_FIELDS),
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, `${kind}_slug_key`)) throw new SlugTakenError(slug);
    throw error;
  }
}

/** Deletes a category or tag only when no post has it, with its activity entry in the same transaction. */
export async function deleteEmptyTerm(
  kind: TermKind,
  id: string,
  actor: ActivityActor,
): Promise<"deleted" | "in-use" | "missing"> {
  const { links, column } = linksOf(kind);
  return (await db()).transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom(kind)
      .where("id", "=", id)
      .where(sql<boolean>`not exists (select 1 from ${sql.table(links)} where ${sql.ref(column)} = ${id})`)
      .returning(["id", "name", "slug"])
      .executeTakeFirst();
    if (deleted) {
      const { type } = TERM_ACTIVITY[kind];
      await recordActivity(trx, {
        kind: TERM_ACTIVITY[kind].delete,
        actor,
        subject: { type, id, title: deleted.name },
        changes: changedFields(deleted, null, TERM_FIELDS),
      });
      return "deleted";
    }
    const still = await trx.selectFrom(kind).select("id").where("id", "=", id).executeTakeFirst();
    return still ? "in-use" : "missing";
  });
}

/** A category or tag by id, with its post count, or null. */
export async function findTermById(kind: TermKind, id: string): Promise<AdminTerm | null> {
  const database = await db();
  const term = await database.selectFrom(kind).select(["id", "name", "slug"]).where("id", "=", id).executeTakeFirst();
  if (!term) return null;
  const { links, column } = linksOf(kind);
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from ${sql.table(links)} where ${sql.ref(column)} = ${id}`.execute(database);
  return { ...term, post_count: Number(rows[0]?.n ?? 0) };
}
