import { insertJobApplication, type NewJobApplication, RESUME_BUCKET } from "~/models/applications.server";
import { insertContactInquiry, type NewContactInquiry } from "~/models/inquiries.server";
import { queueNotificationMail } from "~/models/notification-mail.server";
import { notificationRecipients } from "~/models/site-settings.server";
import { db } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import type { ContactInquiry, JobApplication } from "~/server/schema.server";
import { deleteObject, newObjectKey, putObject } from "~/server/storage.server";
import { nudgeMailWorker } from "./mail-queue.server";
import { applicationMail, inquiryMail } from "./submission-mail.server";

// What happens when a visitor sends the contact or careers form: the submission and its notification mail
// to the store are stored in one transaction (both or neither), then the mail worker is nudged to send it.
// The recipients are read first: the embedded database has one connection, and a transaction holds it.

/** Stores a message from the contact form (it starts as 'new') with its notification mail. */
export async function submitContactInquiry(input: NewContactInquiry): Promise<ContactInquiry> {
  const recipients = await notificationRecipients("inquiries");
  const inquiry = await (await db()).transaction().execute(async (trx) => {
    const row = await insertContactInquiry(trx, input);
    await queueNotificationMail(trx, inquiryMail(row, recipients), { inquiryId: row.id });
    return row;
  });
  nudgeMailWorker();
  return inquiry;
}

export interface NewJobApplicationWithResume extends NewJobApplication {
  /** Already checked by content; stored in the private bucket. */
  resume?: { bytes: Uint8Array; fileName: string; contentType: string; extension: string } | null;
}

/**
 * Stores an application with its resume and its notification mail, all or nothing: the file is written
 * first (a failed write inserts nothing), then the row and its mail in one transaction; if that fails the
 * file is deleted again.
 */
export async function submitJobApplication(input: NewJobApplicationWithResume): Promise<JobApplication> {
  const recipients = await notificationRecipients("applications");
  const resume = input.resume ?? null;
  const key = resume ? newObjectKey(`resume${resume.extension}`) : null;
  if (resume && key) await putObject(RESUME_BUCKET, key, resume.bytes, resume.contentType);
  const stored =
    resume && key
      ? { key, fileName: resume.fileName, contentType: resume.contentType, sizeBytes: resume.bytes.byteLength }
      : null;
  let application: JobApplication;
  try {
    application = await (await db()).transaction().execute(async (trx) => {
      const row = await insertJobApplication(trx, input, stored);
      await queueNotificationMail(trx, applicationMail(row, recipients), { applicationId: row.id });
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
