import { sql } from "kysely";
import { isRowId } from "~/lib/admin-list";
import type { PageCursor } from "~/lib/submissions";
import { db } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { nudgeMailWorker } from "~/server/mail-queue.server";
import { queueApplicationMail } from "~/server/submission-mail.server";
import { containsPattern } from "./like-pattern.server";
import { notificationRecipients } from "./site-settings.server";
import type { JobApplication } from "~/server/schema.server";
import { deleteObject, newObjectKey, putObject } from "~/server/storage.server";
import {
  countFiltered,
  keysetBatches,
  keysetPage,
  SUBMISSIONS_EXPORT_BATCH_SIZE,
  SUBMISSIONS_PAGE_SIZE,
  type SubmissionPage,
} from "./submission-pages.server";

export const RESUME_BUCKET = "resumes";

export interface NewJobApplication {
  fullName: string;
  email: string;
  phone: string;
  position: string;
  availability: string;
  howDidYouHear?: string | null;
  /** Already checked by content; stored in the private bucket. */
  resume?: { bytes: Uint8Array; fileName: string; contentType: string; extension: string } | null;
}

/**
 * Stores an application with its resume and its notification mail to the store, all or nothing: the file
 * is written first (a failed write inserts nothing), then the row and its queued mail in one transaction;
 * if that fails the file is deleted again. The worker is nudged once it is committed.
 */
export async function createJobApplication(input: NewJobApplication): Promise<JobApplication> {
  // Read first: the embedded database has one connection, and the transaction holds it until it ends.
  const recipients = await notificationRecipients("applications");
  const resume = input.resume ?? null;
  const key = resume ? newObjectKey(`resume${resume.extension}`) : null;
  if (resume && key) await putObject(RESUME_BUCKET, key, resume.bytes, resume.contentType);
  let application: JobApplication;
  try {
    application = await (await db()).transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("job_applications")
        .values({
          full_name: input.fullName,
          email: input.email,
          phone: input.phone,
          position: input.position,
          availability: input.availability,
          how_did_you_hear: input.howDidYouHear || null,
          resume_key: key,
          resume_file_name: resume ? resume.fileName.slice(0, 255) : null,
          resume_content_type: resume ? resume.contentType : null,
          resume_size_bytes: resume ? resume.bytes.byteLength : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await queueApplicationMail(trx, row, recipients);
      return row;
    });
  } catch (error) {
    if (key) {
      await deleteObject(RESUME_BUCKET, key).catch((cleanupError: unknown) => {
        // The key is a random name, not the applicant's file name.
        logger.error(
          { err: cleanupError, bucket: RESUME_BUCKET, key },
          "Could not delete the resume of a failed application",
        );
      });
    }
    throw error;
  }
  nudgeMailWorker();
  return application;
}

export interface JobApplicationFilters {
  /** Case-insensitive substring of the name, e-mail or position (its value or its label). */
  search?: string;
  /** Only applications sent at or after this instant (the list's "last 7 days"). */
  since?: Date | null;
}

// The expression the trigram index of supabase/migrations/20261122002400_admin_submission_search.sql covers:
// name, e-mail, position and its label ("shift-lead" and "shift lead"), one per line.
const applicationSearchText = sql<string>`(full_name || E'\\n' || email || E'\\n' || position || E'\\n' || replace(position, '-', ' '))`;

/** A builder of the filtered table (a fresh query each call, as keyset paging needs several). */
async function filteredApplications(filters: JobApplicationFilters) {
  const database = await db();
  const search = filters.search?.trim();
  const since = filters.since ?? null;
  return () => {
    let query = database.selectFrom("job_applications");
    if (since) query = query.where("created_at", ">=", since);
    return search ? query.where(applicationSearchText, "ilike", containsPattern(search)) : query;
  };
}

/** One page (50 rows) of applications, newest first, with the number that match. */
export async function listJobApplications(
  filters: JobApplicationFilters,
  cursor: PageCursor = null,
  pageSize = SUBMISSIONS_PAGE_SIZE,
): Promise<SubmissionPage<JobApplication> & { total: number }> {
  const filtered = await filteredApplications(filters);
  const [page, total] = await Promise.all([
    keysetPage<"job_applications", JobApplication>("job_applications", filtered, cursor, pageSize),
    countFiltered(filtered()),
  ]);
  return { ...page, total };
}

/** Every matching application, newest first, in batches (for the CSV export). */
export async function* jobApplicationBatches(
  filters: JobApplicationFilters,
  batchSize = SUBMISSIONS_EXPORT_BATCH_SIZE,
): AsyncGenerator<JobApplication[]> {
  const filtered = await filteredApplications(filters);
  yield* keysetBatches<"job_applications", JobApplication>("job_applications", filtered, batchSize);
}

export interface StoredResume {
  key: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/** Where one application's resume is stored; null for an unknown application or one sent without a resume. */
export async function getJobApplicationResume(id: string): Promise<StoredResume | null> {
  if (!isRowId(id)) return null;
  const row = await (
    await db()
  )
    .selectFrom("job_applications")
    .select(["resume_key", "resume_file_name", "resume_content_type", "resume_size_bytes"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row?.resume_key) return null;
  return {
    key: row.resume_key,
    fileName: row.resume_file_name ?? "resume",
    contentType: row.resume_content_type ?? "application/octet-stream",
    sizeBytes: row.resume_size_bytes ?? 0,
  };
}
