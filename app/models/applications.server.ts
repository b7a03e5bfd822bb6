import { sql } from "kysely";
import { isRowId } from "~/lib/admin-list";
import { db, type DB } from "~/server/db.server";
import type { JobApplication } from "~/server/schema.server";
import { submissionListing } from "./submission-pages.server";

export const RESUME_BUCKET = "resumes";

export interface NewJobApplication {
  fullName: string;
  email: string;
  phone: string;
  position: string;
  availability: string;
  howDidYouHear?: string | null;
}

/** Where the resume of a new application was stored (the file is written before its row). */
export interface StoredResumeFile {
  key: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/** Inserts an application, and where its resume is stored, with `executor`, the caller's transaction. */
export function insertJobApplication(
  executor: DB,
  input: NewJobApplication,
  resume: StoredResumeFile | null,
): Promise<JobApplication> {
  return executor
    .insertInto("job_applications")
    .values({
      full_name: input.fullName,
      email: input.email,
      phone: input.phone,
      position: input.position,
      availability: input.availability,
      how_did_you_hear: input.howDidYouHear || null,
      resume_key: resume?.key ?? null,
      resume_file_name: resume ? resume.fileName.slice(0, 255) : null,
      resume_content_type: resume?.contentType ?? null,
      resume_size_bytes: resume?.sizeBytes ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
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

const applicationsListing = submissionListing<"job_applications", JobApplication, JobApplicationFilters>(
  "job_applications",
  applicationSearchText,
  (query, filters) => (filters.since ? query.where("created_at", ">=", filters.since) : query),
);

/** One page (50 rows) of applications, newest first, with the number that match. */
export const listJobApplications = applicationsListing.list;

/** Every matching application, newest first, in batches (for the CSV export). */
export const jobApplicationBatches = applicationsListing.batches;

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
