import { sql } from "kysely";
import type { InquiryStatus } from "~/lib/schemas/inquiry-status";
import { isRowId } from "~/lib/admin-list";
import { topicLabel } from "~/lib/contact-form";
import { db, type DB } from "~/server/db.server";
import { type ActivityActor, changedFields, recordActivity } from "./activity.server";
import type { ContactInquiry } from "~/server/schema.server";
import { submissionListing } from "./submission-pages.server";

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

const inquiriesListing = submissionListing<"contact_inquiries", ContactInquiry, ContactInquiryFilters>(
  "contact_inquiries",
  inquirySearchText,
  (query, filters) => (filters.status ? query.where("status", "=", filters.status) : query),
);

/** One page (50 rows) of inquiries, newest first, with the number that match. */
export const listContactInquiries = inquiriesListing.list;

/** Every matching inquiry, newest first, in batches (for the CSV export). */
export const contactInquiryBatches = inquiriesListing.batches;

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
