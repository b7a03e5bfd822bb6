import { sql } from "kysely";
import type { InquiryStatus } from "~/lib/schemas/inquiry-status";
import { isRowId } from "~/lib/admin-list";
import { topicLabel } from "~/lib/contact-form";
import type { PageCursor } from "~/lib/submissions";
import { db, type DB } from "~/server/db.server";
import { type ActivityActor, changedFields, recordActivity } from "./activity.server";
import { containsPattern } from "./like-pattern.server";
import type { ContactInquiry } from "~/server/schema.server";
import {
  keysetBatches,
  keysetPageWithTotal,
  SUBMISSIONS_EXPORT_BATCH_SIZE,
  SUBMISSIONS_PAGE_SIZE,
  type SubmissionPage,
} from "./submission-pages.server";

export interface NewContactInquiry {
  name: string;
  email: string;
  phone?: string | null;
  topic: string;
  message: string;
}

/** Inserts a message from the contact form (it starts as 'new') with `executor`, the caller's transaction. */
export function insertContactInquiry(executor: DB, input: NewContactInquiry): Promise<ContactInquiry> {
  return executor
    .insertInto("contact_inquiries")
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      topic: input.topic,
      message: input.message,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ContactInquiryFilters {
  /** Case-insensitive substring of the name, e-mail or topic (its value or its label). */
  search?: string;
  /** One status, or every status when absent. */
  status?: InquiryStatus | null;
}

// The expression the trigram index of supabase/migrations/20261122002400_admin_submission_search.sql covers:
// name, e-mail, topic and its label ("product-suggestion" and "product suggestion"), one per line.
const inquirySearchText = sql<string>`(name || E'\\n' || email || E'\\n' || topic || E'\\n' || replace(topic, '-', ' '))`;

/** A builder of the filtered table (a fresh query each call, as keyset paging needs several). */
async function filteredInquiries(filters: ContactInquiryFilters) {
  const database = await db();
  const search = filters.search?.trim();
  const status = filters.status ?? null;
  return () => {
    let query = database.selectFrom("contact_inquiries");
    if (status) query = query.where("status", "=", status);
    return search ? query.where(inquirySearchText, "ilike", containsPattern(search)) : query;
  };
}

/** One page (50 rows) of inquiries, newest first, with the number that match. */
export async function listContactInquiries(
  filters: ContactInquiryFilters,
  cursor: PageCursor = null,
  pageSize = SUBMISSIONS_PAGE_SIZE,
): Promise<SubmissionPage<ContactInquiry> & { total: number }> {
  return keysetPageWithTotal<"contact_inquiries", ContactInquiry>(
    "contact_inquiries",
    await filteredInquiries(filters),
    cursor,
    pageSize,
  );
}

/** Every matching inquiry, newest first, in batches (for the CSV export). */
export async function* contactInquiryBatches(
  filters: ContactInquiryFilters,
  batchSize = SUBMISSIONS_EXPORT_BATCH_SIZE,
): AsyncGenerator<ContactInquiry[]> {
  const filtered = await filteredInquiries(filters);
  yield* keysetBatches<"contact_inquiries", ContactInquiry>("contact_inquiries", filtered, batchSize);
}

/**
 * Sets an inquiry's status, recorded in the activity log as `actor`'s change; false when there is no such
 * inquiry. The log names the inquiry by its topic, never by the sender's name or address.
 */
export async function updateInquiryStatus(id: string, status: InquiryStatus, actor: ActivityActor): Promise<boolean> {
  if (!isRowId(id)) return false;
  return (await db()).transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("contact_inquiries")
      .select(["id", "topic", "status"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return false;
    await trx.updateTable("contact_inquiries").set({ status }).where("id", "=", id).execute();
    await recordActivity(trx, {
      kind: "inquiry.status",
      actor,
      subject: { type: "inquiry", id, title: topicLabel(before.topic) },
      changes: changedFields(before, { status }, ["status"]),
    });
    return true;
  });
}
