import type { ColumnType, Generated, Selectable } from "kysely";
import type { Timestamp } from "./columns.server";

export type InquiryStatus = "new" | "in-progress" | "closed";

export interface JobApplicationsTable {
  id: Generated<string>;
  full_name: string;
  email: string;
  phone: string;
  position: string;
  availability: string;
  how_did_you_hear: string | null;
  resume_key: string | null;
  resume_file_name: string | null;
  resume_content_type: string | null;
  resume_size_bytes: number | null;
  created_at: Timestamp;
}

export interface ContactInquiriesTable {
  id: Generated<string>;
  name: string;
  email: string;
  phone: string | null;
  topic: string;
  message: string;
  status: ColumnType<InquiryStatus, InquiryStatus | undefined, InquiryStatus>;
  created_at: Timestamp;
}

export type NotificationMailStatus = "pending" | "sent" | "failed";

/** The notification mail outbox (app/models/notification-mail.server.ts): one mail about one submission. */
export interface NotificationMailTable {
  id: Generated<string>;
  /** Exactly one of these and order_id: what the mail is about (deleting it deletes the mail). */
  application_id: string | null;
  inquiry_id: string | null;
  /** A patient's order mail (confirmation, ready for pickup); exactly one of the three is set. */
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A subscriber's confirmation mail (issue 40). */
  subscriber_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A marketing mail's List-Unsubscribe headers (RFC 8058); null for the others. */
  headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  recipients: string[];
  subject: string;
  body: string;
  reply_to: string | null;
  status: ColumnType<NotificationMailStatus, NotificationMailStatus | undefined, NotificationMailStatus>;
  /** Claims so far, including one whose worker died before answering. */
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  /** The lease: while in the future, a worker is sending the mail and nobody else takes it. */
  locked_until: Date | null;
  last_attempt_at: Date | null;
  /** When it last joined the queue (made, or sent again from the dashboard). */
  queued_at: Timestamp;
  /** The mail server's short answer to the last attempt. */
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Date | null;
}

/** What visitors send (careers, contact) and the mail that tells the staff. */
export interface SubmissionTables {
  job_applications: JobApplicationsTable;
  contact_inquiries: ContactInquiriesTable;
  notification_mail: NotificationMailTable;
}

export type JobApplication = Selectable<JobApplicationsTable>;
export type ContactInquiry = Selectable<ContactInquiriesTable>;
export type NotificationMail = Selectable<NotificationMailTable>;
