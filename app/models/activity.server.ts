// The admin activity log (/admin/activity): who did what, and when. Every admin write records its row with
// the executor of its own transaction, so the change and its log row commit or fail together.
//
// Personal data: the actor's e-mail (kept after the account is removed, so the row still says who) and the
// client address. A failed sign-in names the existing account that was tried; an e-mail that matches no
// account is never stored (the actor type needs an account id). Values of fields whose name says password,
// token, secret, hash… and of binary data are never stored, only "(changed)". Rows older than a year are
// pruned (pruneActivity).
import { type Selectable, type SqlBool, sql } from "kysely";
import { isRowId } from "~/lib/admin-list";
import { todayInStoreZone } from "~/lib/dates";
import { formatExportDate } from "~/lib/submissions";
import { csvStream } from "~/server/csv.server";
import { type DB, db } from "~/server/db.server";
import type { ActivityLogTable } from "~/server/schema.server";

/** The filter's groups, in the order the filter lists them. */
export const ACTIVITY_GROUPS = [
  { id: "content", label: "Content" },
  { id: "reviews", label: "Reviews" },
  { id: "settings", label: "Settings & hours" },
  { id: "users", label: "Users" },
  { id: "submissions", label: "Submissions" },
  { id: "exports", label: "Exports" },
  { id: "sign-in", label: "Sign-in & security" },
] as const;

export type ActivityGroup = (typeof ACTIVITY_GROUPS)[number]["id"];

/**
 * Every kind of event, '<subject>.<action>' (the database checks the format), with its label and filter
 * group. The one place for the names: callers pass these keys, the list and the CSV show the labels.
 */
export const ACTIVITY_KINDS = {
  "brand.create": { label: "Brand created", group: "content" },
  "brand.update": { label: "Brand updated", group: "content" },
  "brand.delete": { label: "Brand deleted", group: "content" },
  "brand.move": { label: "Brand moved", group: "content" },
  "deal.create": { label: "Deal created", group: "content" },
  "deal.update": { label: "Deal updated", group: "content" },
  "deal.delete": { label: "Deal deleted", group: "content" },
  "deal.move": { label: "Deal moved", group: "content" },
  "post.create": { label: "Post created", group: "content" },
  "post.update": { label: "Post updated", group: "content" },
  "post.delete": { label: "Post deleted", group: "content" },
  "category.create": { label: "Category created", group: "content" },
  "category.rename": { label: "Category renamed", group: "content" },
  "category.delete": { label: "Category deleted", group: "content" },
  "tag.create": { label: "Tag created", group: "content" },
  "tag.rename": { label: "Tag renamed", group: "content" },
  "tag.delete": { label: "Tag deleted", group: "content" },
  "gallery.create": { label: "Gallery photo added", group: "content" },
  "gallery.update": { label: "Gallery photo updated", group: "content" },
  "gallery.delete": { label: "Gallery photo deleted", group: "content" },
  "gallery.move": { label: "Gallery photo moved", group: "content" },
  "review.create": { label: "Review created", group: "reviews" },
  "review.update": { label: "Review updated", group: "reviews" },
  "review.delete": { label: "Review deleted", group: "reviews" },
  "review.feature": { label: "Review featured", group: "reviews" },
  "review.unfeature": { label: "Review unfeatured", group: "reviews" },
  "review.hide": { label: "Review hidden", group: "reviews" },
  "review.show": { label: "Review shown", group: "reviews" },
  "review.remove-samples": { label: "Sample reviews removed", group: "reviews" },
  "settings.update": { label: "Settings updated", group: "settings" },
  "hours.update": { label: "Hours updated", group: "settings" },
  "hours-exception.create": { label: "Special hours added", group: "settings" },
  "hours-exception.update": { label: "Special hours updated", group: "settings" },
  "hours-exception.delete": { label: "Special hours deleted", group: "settings" },
  "user.create": { label: "Account created", group: "users" },
  "user.invite": { label: "User invited", group: "users" },
  "user.invite-withdraw": { label: "Invitation withdrawn", group: "users" },
  "user.update": { label: "User updated", group: "users" },
  "user.remove": { label: "User removed", group: "users" },
  "inquiry.status": { label: "Inquiry status changed", group: "submissions" },
  "mail.resend": { label: "Notification mail sent again", group: "submissions" },
  "export.applications": { label: "Applications exported", group: "exports" },
  "export.inquiries": { label: "Inquiries exported", group: "exports" },
  "export.activity": { label: "Activity log exported", group: "exports" },
  "auth.sign-in": { label: "Signed in", group: "sign-in" },
  "auth.sign-in-failed": { label: "Sign-in failed", group: "sign-in" },
  "auth.sign-out": { label: "Signed out", group: "sign-in" },
  "auth.password-reset-request": { label: "Password reset requested", group: "sign-in" },
  "auth.password-reset": { label: "Password reset", group: "sign-in" },
  "two-factor.enable": { label: "Two-factor turned on", group: "sign-in" },
  "two-factor.disable": { label: "Two-factor turned off", group: "sign-in" },
  "two-factor.recovery-codes": { label: "Recovery codes replaced", group: "sign-in" },
} as const satisfies Record<`${string}.${string}`, { label: string; group: ActivityGroup }>;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;

export function isActivityKind(value: string | null | undefined): value is ActivityKind {
  return typeof value === "string" && Object.hasOwn(ACTIVITY_KINDS, value);
}

export function isActivityGroup(value: string | null | undefined): value is ActivityGroup {
  return ACTIVITY_GROUPS.some((g) => g.id === value);
}

/** 'Brand created'; a kind this version does not know (an older or newer row) shows as itself. */
export function activityKindLabel(kind: string): string {
  return isActivityKind(kind) ? ACTIVITY_KINDS[kind].label : kind;
}

/** The kinds of one filter group. */
export function activityKindsOf(group: ActivityGroup): ActivityKind[] {
  return (Object.keys(ACTIVITY_KINDS) as ActivityKind[]).filter((kind) => ACTIVITY_KINDS[kind].group === group);
}

/** Longest value kept of a changed field, a title or an e-mail (in characters; longer ones end in "…"). */
export const ACTIVITY_VALUE_MAX_LENGTH = 200;
/** What a field shows when its values are never kept (passwords, tokens, files, redacted fields). */
export const REDACTED_CHANGE = "(changed)";
/** Rows older than this are pruned: a year answers "who changed this last season", then the e-mails and addresses go. */
export const ACTIVITY_RETENTION_DAYS = 365;
export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_EXPORT_BATCH_SIZE = 1000;

export type ActivityValue = string | number | boolean | null;
export type ActivityChange = { from: ActivityValue; to: ActivityValue } | typeof REDACTED_CHANGE;
export type ActivityChanges = Record<string, ActivityChange>;

export interface ActivityActor {
  id: string;
  email: string;
  /** The client address of the request (the signed-in admin from the admin guard carries it). */
  ip?: string | null;
}

export interface ActivitySubject {
  /** 'brand', 'post', 'settings', 'user'… */
  type: string;
  /** The row's id, or a key ('site', 'hours.Lindsey'). */
  id: string;
  /** What a person reads: the brand's name, the post's title, the account's e-mail. */
  title?: string | null;
}

export interface ActivityEntry {
  kind: ActivityKind;
  /** The signed-in person; for a failed sign-in, the existing account that was tried (never an unknown e-mail). */
  actor?: ActivityActor | null;
  subject?: ActivitySubject | null;
  /** Usually from changedFields; values are normalised and secret-looking fields redacted again here. */
  changes?: Record<string, { from: unknown; to: unknown } | typeof REDACTED_CHANGE> | null;
  /** The client address; by default the actor's. */
  ip?: string | null;
}

export type ActivityRow = Selectable<ActivityLogTable>;

// Words of a field name whose values are never stored, whatever the caller asked.
const SECRET_WORDS = new Set([
  "password",
  "passwd",
  "passphrase",
  "token",
  "secret",
  "otp",
  "totp",
  "hash",
  "salt",
  "recovery",
  "cookie",
]);

/** password_hash, resetToken, totpSecret, recovery_codes…: named like something never to keep. */
export function isSecretField(field: string): boolean {
  return field
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((word) => SECRET_WORDS.has(word) || (word.endsWith("s") && SECRET_WORDS.has(word.slice(0, -1))));
}

/** At most `max` characters (code points, so an emoji is never cut in half); longer text ends in "…". */
export function truncateActivityText(text: string, max = ACTIVITY_VALUE_MAX_LENGTH): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max - 1).join("") + "…";
}

function isBinary(value: unknown): boolean {
  return value instanceof ArrayBuffer || ArrayBuffer.isView(value) || value instanceof Blob;
}

function isoOrText(value: Date): string {
  return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
}

// One value as the log keeps it: text cut to 200 characters, dates as ISO text, a list as its items.
function activityValue(value: unknown): ActivityValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "string") return truncateActivityText(value);
  if (value instanceof Date) return isoOrText(value);
  if (Array.isArray(value)) {
    return truncateActivityText(
      value.map((item) => (item instanceof Date ? isoOrText(item) : displayItem(item))).join(", "),
    );
  }
  if (typeof value === "bigint") return value.toString();
  return truncateActivityText(JSON.stringify(value) ?? String(value));
}

function displayItem(item: unknown): string {
  if (item === null || item === undefined) return "";
  return typeof item === "object" ? (JSON.stringify(item) ?? "") : String(item);
}

// What two values are compared by: a date's instant (a Date against a Date or a date text), everything
// else its JSON (so arrays and objects by content, and 1 differs from "1"); null and undefined are alike.
function comparable(value: unknown, other: unknown): string {
  if (value === undefined || value === null) return "null";
  const otherIsDate = other instanceof Date;
  if (value instanceof Date || (otherIsDate && typeof value === "string")) {
    const time = value instanceof Date ? value.getTime() : Date.parse(value as string);
    if (!Number.isNaN(time)) return `date:${time}`;
    if (value instanceof Date) return "date:invalid";
  }
  if (typeof value === "bigint") return `bigint:${value}`;
  return JSON.stringify(value) ?? String(value);
}

function bytesOf(value: ArrayBuffer | ArrayBufferView): Uint8Array {
  return value instanceof ArrayBuffer
    ? new Uint8Array(value)
    : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (isBinary(a) || isBinary(b)) {
    if (!isBinary(a) || !isBinary(b) || a instanceof Blob || b instanceof Blob) return a === b;
    const x = bytesOf(a as ArrayBuffer | ArrayBufferView);
    const y = bytesOf(b as ArrayBuffer | ArrayBufferView);
    return x.byteLength === y.byteLength && x.every((byte, i) => byte === y[i]);
  }
  return comparable(a, b) === comparable(b, a);
}

/**
 * The fields whose values differ between `before` and `after` (null for a created or deleted row), as
 * { field: { from, to } } with the values cut to 200 characters. Unchanged fields are left out. Fields in
 * `redact`, fields named like a password, token or secret, and binary values show as "(changed)".
 */
export function changedFields(
  before: object | null | undefined,
  after: object | null | undefined,
  fields: readonly string[],
  options: { redact?: readonly string[] } = {},
): ActivityChanges {
  const redact = new Set(options.redact ?? []);
  const read = (row: object | null | undefined, field: string) =>
    row ? (row as Record<string, unknown>)[field] : undefined;
  const changes: ActivityChanges = {};
  for (const field of fields) {
    const from = read(before, field);
    const to = read(after, field);
    if (sameValue(from, to)) continue;
    changes[field] =
      redact.has(field) || isSecretField(field) || isBinary(from) || isBinary(to)
        ? REDACTED_CHANGE
        : { from: activityValue(from), to: activityValue(to) };
  }
  return changes;
}

// The changes as stored: values normalised, secrets and files redacted whatever the caller passed.
function storedChanges(changes: ActivityEntry["changes"]): string | null {
  if (!changes) return null;
  const stored: ActivityChanges = {};
  for (const [field, change] of Object.entries(changes)) {
    stored[field] =
      change === REDACTED_CHANGE || isSecretField(field) || isBinary(change.from) || isBinary(change.to)
        ? REDACTED_CHANGE
        : { from: activityValue(change.from), to: activityValue(change.to) };
  }
  return Object.keys(stored).length > 0 ? JSON.stringify(stored) : null;
}

// An address is at most 45 characters; a longer value is not one, and is cut.
function clientAddress(entry: ActivityEntry): string | null {
  const ip = entry.ip ?? entry.actor?.ip ?? null;
  return ip ? ip.slice(0, 64) : null;
}

/**
 * Writes one log row with `executor`: pass the transaction of the change itself, so the row exists exactly
 * when the change committed.
 */
export async function recordActivity(executor: DB, entry: ActivityEntry): Promise<ActivityRow> {
  const subject = entry.subject ?? null;
  return executor
    .insertInto("activity_log")
    .values({
      kind: entry.kind,
      actor_id: entry.actor?.id ?? null,
      actor_email: entry.actor ? truncateActivityText(entry.actor.email) : null,
      subject_type: subject ? truncateActivityText(subject.type) : null,
      subject_id: subject ? truncateActivityText(subject.id) : null,
      subject_title: subject?.title ? truncateActivityText(subject.title) : null,
      changes: storedChanges(entry.changes),
      ip: clientAddress(entry),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** How one table's rows appear in the log: a row as a subject, and the fields compared between versions. */
export interface RowActivity<Row> {
  subject: (row: Row) => ActivitySubject;
  fields: readonly string[];
}

/**
 * Records a create (before null), an update, or a delete (after null) of one row: the row as it is now
 * (or was, for a delete) as the subject, and the fields that differ.
 */
export function recordRowChange<Row extends object>(
  executor: DB,
  kind: ActivityKind,
  actor: ActivityActor,
  rows: RowActivity<Row>,
  before: Row | null,
  after: Row | null,
): Promise<ActivityRow> {
  return recordActivity(executor, {
    kind,
    actor,
    subject: rows.subject((after ?? before)!),
    changes: changedFields(before, after, rows.fields),
  });
}

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
  let last: { at: string; id: string } | null = null;
  for (;;) {
    let query = filteredActivity(database, filter);
    if (last) {
      const { at, id } = last;
      query = query.where(sql<SqlBool>`(created_at, id) < (${at}::timestamptz, ${id}::uuid)`);
    }
    const rows = await query
      .selectAll()
      .select(sql<string>`created_at::text`.as("cursor_at"))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(batchSize)
      .execute();
    if (rows.length > 0) yield rows.map(({ cursor_at: _, ...row }) => row);
    if (rows.length < batchSize) return;
    const end = rows[rows.length - 1];
    last = { at: end.cursor_at, id: end.id };
  }
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

/** Deletes rows older than `olderThanDays` (a year by default, see ACTIVITY_RETENTION_DAYS); returns how many. */
export async function pruneActivity(olderThanDays = ACTIVITY_RETENTION_DAYS, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanDays * 24 * 60 * 60 * 1000);
  const result = await (await db()).deleteFrom("activity_log").where("created_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
