// The notification mail outbox (supabase/migrations/20261127090000_notification_mail_outbox.sql): the mail
// to the store about a new submission is queued with the submission's own transaction, and a worker in every
// instance (app/services/mail-queue.server.ts) claims due rows under a lease, sends them and marks them sent,
// or schedules a retry with exponential backoff until it gives up and marks them failed. The dashboard shows
// failed and long-waiting mail; "Send again" puts a failed one back in the queue.
import { sql, type SqlBool } from "kysely";
import { isRowId } from "~/lib/admin-list";
import { MAIL_WAITING_MINUTES } from "~/lib/notification-mail";
import { type DB, db } from "~/server/db.server";
import type { OutgoingMail } from "~/server/mail.server";
import type { NotificationMail } from "~/server/schema.server";
import { type ActivityActor, changedFields, recordActivity } from "./activity.server";
import { notificationRecipients } from "./site-settings.server";

/** What a mail is about: a submission (a mail to the store) or a patient's order (a mail to the patient). */
export type MailSubmission =
  { applicationId: string } | { inquiryId: string } | { orderId: string } | { subscriberId: string };

/** How the queue retries, leases and keeps mail. */
export const MAIL_QUEUE_RULES = {
  /** The first retry waits a minute, each next one twice as long… */
  firstRetryMs: 60_000,
  /** …up to an hour. */
  maxRetryMs: 60 * 60_000,
  /** Then it gives up: 30 attempts span about a day (1+2+4+…+32 minutes, then hourly). */
  maxAttempts: 30,
  /** A claimed row is its worker's for this long; if the worker dies, another takes it after that. */
  leaseMs: 5 * 60_000,
  /** Pending mail older than this (since it joined the queue) shows on the dashboard. */
  waitingTooLongMs: MAIL_WAITING_MINUTES * 60_000,
  /** Sent mail is deleted after this many days (it repeats the submission's personal data). */
  keepSentDays: 7,
  /** Failed mail is deleted this many days after its last attempt (the submission itself stays in its list). */
  keepFailedDays: 30,
  /** The mail server's answer is kept to this many characters. */
  errorMaxLength: 300,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The wait before the next attempt after `attempts` attempts: 1 min, 2, 4… doubling up to an hour. */
export function retryDelayMs(attempts: number): number {
  const doublings = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(MAIL_QUEUE_RULES.firstRetryMs * 2 ** doublings, MAIL_QUEUE_RULES.maxRetryMs);
}

function recipientList(to: OutgoingMail["to"]): string[] {
  return (Array.isArray(to) ? to : [to]).map((address) => address.trim()).filter(Boolean);
}

/**
 * Queues one notification with `executor`: pass the transaction that inserts the submission, so the
 * submission and its mail commit together or not at all.
 */
export async function queueNotificationMail(
  executor: DB,
  mail: OutgoingMail,
  about: MailSubmission,
): Promise<NotificationMail> {
  return executor
    .insertInto("notification_mail")
    .values({
      application_id: "applicationId" in about ? about.applicationId : null,
      inquiry_id: "inquiryId" in about ? about.inquiryId : null,
      order_id: "orderId" in about ? about.orderId : null,
      subscriber_id: "subscriberId" in about ? about.subscriberId : null,
      recipients: recipientList(mail.to),
      subject: mail.subject,
      body: mail.text,
      reply_to: mail.replyTo ?? null,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The mail as the transport takes it. */
export function outgoingMailOf(row: NotificationMail): OutgoingMail {
  return {
    to: row.recipients,
    subject: row.subject,
    text: row.body,
    ...(row.reply_to ? { replyTo: row.reply_to } : {}),
    ...(row.headers ? { headers: row.headers } : {}),
  };
}

const claimable = (now: Date) => sql<SqlBool>`status = 'pending'
  and next_attempt_at <= ${now}
  and (locked_until is null or locked_until <= ${now})`;

/**
 * Claims the next due mail for this worker: counts the attempt and sets the lease (`locked_until`). The row
 * is picked with FOR UPDATE SKIP LOCKED, so workers claiming at the same moment on Postgres each get another
 * row (or none) without waiting for each other; a leased row is not due for anyone until its lease ends.
 */
export async function claimDueMail(
  now = new Date(),
  leaseMs: number = MAIL_QUEUE_RULES.leaseMs,
): Promise<NotificationMail | undefined> {
  const lease = new Date(now.getTime() + leaseMs);
  return (
    (await db())
      .updateTable("notification_mail")
      .set({ locked_until: lease, attempts: sql<number>`attempts + 1`, last_attempt_at: now })
      .where(
        "id",
        "=",
        sql<string>`(select id from notification_mail where ${claimable(now)}
        order by next_attempt_at, created_at limit 1 for update skip locked)`,
      )
      // Checked again on the row the update locks (a concurrent claim may have just taken it).
      .where(claimable(now))
      .returningAll()
      .executeTakeFirst()
  );
}

// A claim's own row: the lease it set is its token, so a worker whose lease ran out (and whose row another
// worker has claimed since) changes nothing.
function ownClaim(claim: NotificationMail) {
  return sql<SqlBool>`id = ${claim.id} and status = 'pending' and locked_until = ${claim.locked_until}`;
}

/** Marks a claimed mail sent; false when the lease was lost meanwhile (another worker has it now). */
export async function markMailSent(claim: NotificationMail, now = new Date()): Promise<boolean> {
  const result = await (
    await db()
  )
    .updateTable("notification_mail")
    .set({ status: "sent", sent_at: now, locked_until: null, last_error: null })
    .where(ownClaim(claim))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type AttemptOutcome = "retry" | "failed" | "lease-lost";

/**
 * Records a failed attempt of a claimed mail: another attempt after the backoff, or `failed` once it has had
 * MAIL_QUEUE_RULES.maxAttempts. `error` is the mail server's short answer.
 */
export async function markMailAttemptFailed(
  claim: NotificationMail,
  error: string,
  now = new Date(),
): Promise<{ outcome: AttemptOutcome; nextAttemptAt: Date | null }> {
  const giveUp = claim.attempts >= MAIL_QUEUE_RULES.maxAttempts;
  const nextAttemptAt = giveUp ? null : new Date(now.getTime() + retryDelayMs(claim.attempts));
  const result = await (
    await db()
  )
    .updateTable("notification_mail")
    .set({
      status: giveUp ? "failed" : "pending",
      locked_until: null,
      last_error: Array.from(error).slice(0, MAIL_QUEUE_RULES.errorMaxLength).join(""),
      ...(nextAttemptAt ? { next_attempt_at: nextAttemptAt } : {}),
    })
    .where(ownClaim(claim))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return { outcome: "lease-lost", nextAttemptAt: null };
  return { outcome: giveUp ? "failed" : "retry", nextAttemptAt };
}

/**
 * Deletes sent mail older than MAIL_QUEUE_RULES.keepSentDays and failed mail whose last attempt is older than
 * keepFailedDays; returns how many. Pending mail is never pruned (it is sent, or fails, within about a day).
 */
export async function pruneNotificationMail(now = new Date()): Promise<number> {
  const sentBefore = new Date(now.getTime() - MAIL_QUEUE_RULES.keepSentDays * DAY_MS);
  const failedBefore = new Date(now.getTime() - MAIL_QUEUE_RULES.keepFailedDays * DAY_MS);
  const result = await (
    await db()
  )
    .deleteFrom("notification_mail")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "sent"), eb("sent_at", "<", sentBefore)]),
        eb.and([eb("status", "=", "failed"), eb("last_attempt_at", "<", failedBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What the dashboard shows: mail that failed, and mail waiting longer than it should. */
export interface MailProblems {
  failedCount: number;
  waitingCount: number;
  /** The newest failed mail first (at most `limit`). */
  failed: NotificationMail[];
  /** The longest-waiting first (at most `limit`). */
  waiting: NotificationMail[];
}

export const MAIL_PROBLEMS_SHOWN = 20;

export async function listMailProblems(now = new Date(), limit = MAIL_PROBLEMS_SHOWN): Promise<MailProblems> {
  const database = await db();
  const waitingSince = new Date(now.getTime() - MAIL_QUEUE_RULES.waitingTooLongMs);
  const waitingRows = () =>
    database.selectFrom("notification_mail").where("status", "=", "pending").where("queued_at", "<", waitingSince);
  const failedRows = () => database.selectFrom("notification_mail").where("status", "=", "failed");
  const [failed, waiting, counts] = await Promise.all([
    failedRows().selectAll().orderBy("last_attempt_at", "desc").orderBy("id", "desc").limit(limit).execute(),
    waitingRows().selectAll().orderBy("queued_at").orderBy("id").limit(limit).execute(),
    database
      .selectNoFrom((eb) => [
        failedRows().select(eb.fn.countAll<string>().as("n")).as("failed"),
        waitingRows().select(eb.fn.countAll<string>().as("n")).as("waiting"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    failedCount: Number(counts.failed ?? 0),
    waitingCount: Number(counts.waiting ?? 0),
    failed,
    waiting,
  };
}

/** What a notification is called in the activity log: its kind, never the sender's name. */
export function notificationTitle(
  row: Pick<NotificationMail, "application_id" | "order_id" | "subscriber_id">,
): string {
  if (row.order_id) return "Order mail to a patient";
  if (row.subscriber_id) return "Subscription confirmation to a patient";
  return row.application_id ? "Job application notification" : "Contact message notification";
}

/**
 * Puts failed mail back in the queue (all of it, or the given ids): pending, due now, its attempts from
 * zero, to the recipients the settings name today (they may have been the problem; a patient's order mail
 * keeps its patient). Each one is recorded
 * in the activity log in the same transaction. Returns the mail re-queued (none when it was not failed).
 */
export async function requeueFailedMail(
  which: { ids: string[] } | "all",
  actor: ActivityActor,
  now = new Date(),
): Promise<NotificationMail[]> {
  const ids = which === "all" ? null : which.ids.filter(isRowId);
  if (ids && ids.length === 0) return [];
  // Read before the transaction: the embedded database has one connection, which the transaction holds.
  const [applicationRecipients, inquiryRecipients] = await Promise.all([
    notificationRecipients("applications"),
    notificationRecipients("inquiries"),
  ]);
  return (await db()).transaction().execute(async (trx) => {
    let query = trx.selectFrom("notification_mail").selectAll().where("status", "=", "failed");
    if (ids) query = query.where("id", "in", ids);
    const failed = await query.orderBy("created_at").forUpdate().execute();
    const requeued: NotificationMail[] = [];
    for (const before of failed) {
      // A mail to the store goes to whom the settings name today; a patient's mail (an order's, a
      // subscription's confirmation) to that patient.
      const recipients =
        before.order_id || before.subscriber_id
          ? before.recipients
          : before.application_id
            ? applicationRecipients
            : inquiryRecipients;
      const after = await trx
        .updateTable("notification_mail")
        .set({
          status: "pending",
          attempts: 0,
          next_attempt_at: now,
          queued_at: now,
          locked_until: null,
          last_error: null,
          recipients,
        })
        .where("id", "=", before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordActivity(trx, {
        kind: "mail.resend",
        actor,
        subject: { type: "notification-mail", id: before.id, title: notificationTitle(before) },
        changes: changedFields(before, after, ["status", "recipients"]),
      });
      requeued.push(after);
    }
    return requeued;
  });
}
