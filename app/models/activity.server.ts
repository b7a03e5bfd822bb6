// The admin activity log (/admin/activity): who did what, and when. Every admin write records its row with
// the executor of its own transaction, so the change and its log row commit or fail together.
//
// Personal data: the actor's e-mail (kept after the account is removed, so the row still says who) and the
// client address. A failed sign-in names the existing account that was tried; an e-mail that matches no
// account is never stored (the actor type needs an account id). Values of fields whose name says password,
// token, secret, hash… and of binary data are never stored, only "(changed)". Rows older than a year are
// pruned (pruneActivity).
//
// This file holds the kinds of event, recording a row and pruning old ones; reading the log (the list, its
// filters and the CSV export) is activity-listing.server.ts.
import type { Selectable } from "kysely";
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
  "menu.import": { label: "Menu imported", group: "content" },
  "advertising.override": { label: "Published despite advertising findings", group: "content" },
  "campaign.create": { label: "Campaign created", group: "content" },
  "campaign.update": { label: "Campaign edited", group: "content" },
  "campaign.delete": { label: "Campaign draft deleted", group: "content" },
  "campaign.test": { label: "Campaign test sent", group: "content" },
  "campaign.send": { label: "Campaign sent to subscribers", group: "content" },
  "campaign.pause": { label: "Campaign paused", group: "content" },
  "campaign.resume": { label: "Campaign resumed", group: "content" },
  "menu.edit": { label: "Menu product edited", group: "content" },
  "menu.reset": { label: "Menu product reset", group: "content" },
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
  "order.status": { label: "Order status changed", group: "submissions" },
  "mail.resend": { label: "Notification mail sent again", group: "submissions" },
  "subscriber.withdraw": { label: "Subscriber's withdrawal recorded", group: "submissions" },
  "subscriber.erase": { label: "Subscriber erased on request", group: "submissions" },
  "export.applications": { label: "Applications exported", group: "exports" },
  "export.inquiries": { label: "Inquiries exported", group: "exports" },
  "export.orders": { label: "Orders exported", group: "exports" },
  "export.subscribers": { label: "Subscribers exported", group: "exports" },
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

/** Deletes rows older than `olderThanDays` (a year by default, see ACTIVITY_RETENTION_DAYS); returns how many. */
export async function pruneActivity(olderThanDays = ACTIVITY_RETENTION_DAYS, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanDays * 24 * 60 * 60 * 1000);
  const result = await (await db()).deleteFrom("activity_log").where("created_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
