// The admin activity log as people read it (/admin/activity): the filtered list, page by page, the people
// in it, and the CSV export streamed in batches. Rows are written by activity.server.ts.
import { type SqlBool, sql } from "kysely";
import { isRowId } from "~/lib/admin-list";
import { todayInStoreZone } from "~/lib/dates";
import { formatExportDate } from "~/lib/submissions";
import { csvStream } from "~/server/csv.server";
import { type DB, db } from "~/server/db.server";
import {
  type ActivityGroup,
  type ActivityKind,
  type ActivityRow,
  activityKindLabel,
  activityKindsOf,
  REDACTED_CHANGE,
} from "./activity.server";
import { keysetBatches } from "~/lib/keyset-batches";

export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_EXPORT_BATCH_SIZE = 1000;

export interface ActivityFilter {
  /** An account's id (someone who still has an account). */
  actorId?: string | null;
  /** The e-mail of a removed account (its rows have no actor id any more). */
  actorEmail?: string | null;
  group?: ActivityGroup | null;
  kind?: ActivityKind | null;
}

function filteredActivity(database: DB, filter: ActivityFilter) {
  let query = database.selectFrom("activity_log");
  if (filter.actorId !== undefined && filter.actorId !== null) {
    // Not an id: no account, so no rows (and nothing that is not a uuid reaches the uuid column).
    query = isRowId(filter.actorId) ? query.where("actor_id", "=", filter.actorId) : query.where(sql<SqlBool>`false`);
  }
  if (filter.actorEmail) {
    query = query
      .where("actor_id", "is", null)
      .where(sql<string>`lower(actor_email)`, "=", filter.actorEmail.trim().toLowerCase());
  }
  if (filter.group) query = query.where("kind", "in", activityKindsOf(filter.group));
  if (filter.kind) query = query.where("kind", "=", filter.kind);
  return query;
}

/** One page of the log, newest first (then by id, so pages never overlap), and how many rows match. */
export async function listActivity(
  filter: ActivityFilter & { page: number; pageSize?: number },
): Promise<{ rows: ActivityRow[]; total: number }> {
  const database = await db();
  const pageSize = Math.max(1, Math.floor(filter.pageSize ?? ACTIVITY_PAGE_SIZE));
  const page = Math.max(1, Math.floor(filter.page));
  const [rows, count] = await Promise.all([
    filteredActivity(database, filter)
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filteredActivity(database, filter)
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * The people who appear in the log, for the person filter, by e-mail: accounts (id, current e-mail) and
 * removed accounts (id null, the e-mail the rows kept; filter those with actorEmail).
 */
export async function listActivityActors(): Promise<{ id: string | null; email: string }[]> {
  const email = sql<string>`coalesce(u.email, a.actor_email)`;
  const rows = await (
    await db()
  )
    .selectFrom("activity_log as a")
    .leftJoin("users as u", "u.id", "a.actor_id")
    .select(["a.actor_id as id", email.as("email")])
    .where(email, "is not", null)
    .groupBy(["a.actor_id", email])
    .orderBy(sql`lower(${email})`)
    .orderBy(email)
    .execute();
  return rows;
}

/**
 * Every matching row, newest first, in batches (for the CSV): each batch starts after the last row of the
 * one before, by its exact timestamp (read as text, microseconds and all) and id, so an export never holds
 * the whole log and rows pruned meanwhile do not stop it.
 */
export async function* activityBatches(
  filter: ActivityFilter,
  batchSize = ACTIVITY_EXPORT_BATCH_SIZE,
): AsyncGenerator<ActivityRow[]> {
  const database = await db();
  const pages = keysetBatches(
    (after: { cursor_at: string; id: string } | null, limit) => {
      let query = filteredActivity(database, filter);
      if (after) {
        query = query.where(sql<SqlBool>`(created_at, id) < (${after.cursor_at}::timestamptz, ${after.id}::uuid)`);
      }
      return query
        .selectAll()
        .select(sql<string>`created_at::text`.as("cursor_at"))
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
    },
    (row) => row,
    batchSize,
  );
  for await (const rows of pages) yield rows.map(({ cursor_at: _, ...row }) => row);
}

/** "name: Old → New; password: (changed)", for the CSV and the list. */
export function formatActivityChanges(changes: unknown): string {
  if (!changes || typeof changes !== "object") return "";
  const shown = (value: unknown) => (value === null || value === undefined || value === "" ? "(empty)" : String(value));
  return Object.entries(changes as Record<string, unknown>)
    .map(([field, change]) => {
      if (change && typeof change === "object" && "from" in change && "to" in change) {
        return `${field}: ${shown(change.from)} → ${shown(change.to)}`;
      }
      return `${field}: ${REDACTED_CHANGE}`;
    })
    .join("; ");
}

export const ACTIVITY_CSV_HEADER = ["Date", "Person", "Action", "Type", "Id", "Title", "Changes", "IP"];

/**
 * The log as a streamed CSV (the formula-safe writer of the other exports), newest first; Date in the
 * stores' local time like the other exports.
 */
export function activityCsv(
  filter: ActivityFilter,
  batchSize = ACTIVITY_EXPORT_BATCH_SIZE,
): ReadableStream<Uint8Array> {
  return csvStream(ACTIVITY_CSV_HEADER, activityBatches(filter, batchSize), (row) => [
    formatExportDate(row.created_at),
    row.actor_email ?? "",
    activityKindLabel(row.kind),
    row.subject_type ?? "",
    row.subject_id ?? "",
    row.subject_title ?? "",
    formatActivityChanges(row.changes),
    row.ip ?? "",
  ]);
}

/** activity-YYYY-MM-DD.csv, today in the stores' time zone. */
export function activityCsvFileName(now = new Date()): string {
  return `activity-${todayInStoreZone(now)}.csv`;
}
