// Keyset paging over the submission tables (job applications, contact inquiries): newest first, so a page
// deep in 100,000 rows costs what the first one does, and exports read the table in batches.
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { PageCursor } from "~/lib/submissions";
import { db } from "~/server/db.server";
import type { Database } from "~/server/schema.server";
import { containsPattern } from "./like-pattern.server";
import { keysetBatches } from "~/lib/keyset-batches";

export type SubmissionTable = "job_applications" | "contact_inquiries";

export interface SubmissionPage<Row> {
  rows: Row[];
  /** Newer rows exist before the first one shown. */
  hasPrevious: boolean;
  /** Older rows exist after the last one shown. */
  hasNext: boolean;
}

export const SUBMISSIONS_PAGE_SIZE = 50;
export const SUBMISSIONS_EXPORT_BATCH_SIZE = 1000;

type Filtered<TB extends SubmissionTable> = SelectQueryBuilder<Database, TB, object>;

// The list order is created_at descending, then id ascending (the (created_at desc, id) indexes). The
// anchor's timestamp is read by the database itself, so its microseconds are compared exactly.
function olderThan(table: SubmissionTable, id: string): Expression<SqlBool> {
  const anchor = sql`(select created_at from ${sql.table(table)} where id = ${id})`;
  return sql<SqlBool>`(${sql.ref(`${table}.created_at`)} <= ${anchor} and (${sql.ref(`${table}.created_at`)} < ${anchor} or ${sql.ref(`${table}.id`)} > ${id}))`;
}

function newerThan(table: SubmissionTable, id: string): Expression<SqlBool> {
  const anchor = sql`(select created_at from ${sql.table(table)} where id = ${id})`;
  return sql<SqlBool>`(${sql.ref(`${table}.created_at`)} >= ${anchor} and (${sql.ref(`${table}.created_at`)} > ${anchor} or ${sql.ref(`${table}.id`)} < ${id}))`;
}

function newestFirst<TB extends SubmissionTable, O>(query: SelectQueryBuilder<Database, TB, O>, table: TB) {
  return query.orderBy(sql.ref(`${table}.created_at`), "desc").orderBy(sql.ref(`${table}.id`), "asc");
}

function oldestFirst<TB extends SubmissionTable, O>(query: SelectQueryBuilder<Database, TB, O>, table: TB) {
  return query.orderBy(sql.ref(`${table}.created_at`), "asc").orderBy(sql.ref(`${table}.id`), "desc");
}

async function exists<TB extends SubmissionTable>(query: Filtered<TB>): Promise<boolean> {
  const row = await query
    .select(sql<number>`1`.as("one"))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * One page of a filtered submission table. `filtered` is the table with the search and filters applied
 * (no selection). A cursor whose row is gone, or that leads past either end, gives the first page.
 */
async function keysetPage<TB extends SubmissionTable, Row extends { id: string }>(
  table: TB,
  filtered: () => Filtered<TB>,
  cursor: PageCursor,
  pageSize = SUBMISSIONS_PAGE_SIZE,
): Promise<SubmissionPage<Row>> {
  const select = (query: Filtered<TB>) => query.selectAll(table) as unknown as SelectQueryBuilder<Database, TB, Row>;
  let rows: Row[] = [];
  if (cursor?.direction === "after") {
    rows = await newestFirst(select(filtered().where(olderThan(table, cursor.id))), table)
      .limit(pageSize)
      .execute();
  } else if (cursor?.direction === "before") {
    rows = (
      await oldestFirst(select(filtered().where(newerThan(table, cursor.id))), table)
        .limit(pageSize)
        .execute()
    ).reverse();
  }
  if (rows.length === 0) rows = await newestFirst(select(filtered()), table).limit(pageSize).execute();
  const first = rows[0];
  const last = rows.at(-1);
  const [hasPrevious, hasNext] = await Promise.all([
    first ? exists(filtered().where(newerThan(table, first.id))) : false,
    last ? exists(filtered().where(olderThan(table, last.id))) : false,
  ]);
  return { rows, hasPrevious, hasNext };
}

/** How many rows match the filters. */
async function countFiltered<TB extends SubmissionTable>(filtered: Filtered<TB>): Promise<number> {
  const row = await filtered.select(sql<string>`count(*)`.as("count")).executeTakeFirstOrThrow();
  return Number((row as { count: string | number }).count);
}

/** One page of the filtered rows (see keysetPage) with the number of rows that match the filters. */
async function keysetPageWithTotal<TB extends SubmissionTable, Row extends { id: string }>(
  table: TB,
  filtered: () => Filtered<TB>,
  cursor: PageCursor,
  pageSize = SUBMISSIONS_PAGE_SIZE,
): Promise<SubmissionPage<Row> & { total: number }> {
  const [page, total] = await Promise.all([
    keysetPage<TB, Row>(table, filtered, cursor, pageSize),
    countFiltered(filtered()),
  ]);
  return { ...page, total };
}

/**
 * Every filtered row, newest first, in batches of `batchSize`: each batch is its own short query that
 * starts after the last row of the one before, so an export never holds the whole table.
 */
function submissionBatches<TB extends SubmissionTable, Row extends { id: string }>(
  table: TB,
  filtered: () => Filtered<TB>,
  batchSize = SUBMISSIONS_EXPORT_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  return keysetBatches(
    (lastId: string | null, limit) => {
      let query = filtered();
      if (lastId) query = query.where(olderThan(table, lastId));
      return newestFirst(query.selectAll(table) as unknown as SelectQueryBuilder<Database, TB, Row>, table)
        .limit(limit)
        .execute() as Promise<Row[]>;
    },
    (row) => row.id,
    batchSize,
  );
}

/**
 * The admin list and the CSV export of one submission table: its rows narrowed by the area's own filters
 * (`narrow`) and by a case-insensitive search over `searchText`, the expression its trigram index covers.
 */
export function submissionListing<
  TB extends SubmissionTable,
  Row extends { id: string },
  Filters extends { search?: string },
>(table: TB, searchText: Expression<string>, narrow: (query: Filtered<TB>, filters: Filters) => Filtered<TB>) {
  /** A builder of the filtered table (a fresh query each call, as keyset paging needs several). */
  async function filtered(filters: Filters) {
    const database = await db();
    const search = filters.search?.trim();
    return () => {
      const query = narrow(database.selectFrom(table) as unknown as Filtered<TB>, filters);
      return search ? query.where(searchText, "ilike", containsPattern(search)) : query;
    };
  }
  return {
    /** One page (50 rows), newest first, with the number that match. */
    async list(filters: Filters, cursor: PageCursor = null, pageSize = SUBMISSIONS_PAGE_SIZE) {
      return keysetPageWithTotal<TB, Row>(table, await filtered(filters), cursor, pageSize);
    },
    /** Every matching row, newest first, in batches (for the CSV export). */
    async *batches(filters: Filters, batchSize = SUBMISSIONS_EXPORT_BATCH_SIZE): AsyncGenerator<Row[]> {
      yield* submissionBatches<TB, Row>(table, await filtered(filters), batchSize);
    },
  };
}
