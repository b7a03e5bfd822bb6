import { data } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { isRowId } from "~/lib/admin-list";
import { MAIL_INTENTS, MAIL_MESSAGES } from "~/lib/notification-mail";
import { formatSubmittedAt } from "~/lib/submissions";
import { listMailProblems, type MailProblems, requeueFailedMail } from "~/models/notification-mail.server";
import type { AdminUser } from "~/services/auth.server";
import { readFormOrThrow } from "~/server/form-body.server";
import { nudgeMailWorker } from "~/services/mail-queue.server";
import type { NotificationMail } from "~/server/schema.server";

// The dashboard's notification mail: what failed or waits too long (app/models/notification-mail.server.ts),
// and the "Send again" forms (one mail, or every failed one).

export const DASHBOARD_PATH = "/admin";
/** One mail as the dashboard shows it (dates already in the stores' time). */
export interface MailView {
  id: string;
  /** "Job application" or "Contact message". */
  about: string;
  subject: string;
  recipients: string;
  attempts: number;
  receivedAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string;
  lastError: string | null;
}

export interface MailStatusView {
  failedCount: number;
  waitingCount: number;
  failed: MailView[];
  waiting: MailView[];
}

function mailView(row: NotificationMail): MailView {
  return {
    id: row.id,
    about: row.order_id ? "Order (to the patient)" : row.application_id ? "Job application" : "Contact message",
    subject: row.subject,
    recipients: row.recipients.join(", "),
    attempts: row.attempts,
    receivedAt: formatSubmittedAt(row.created_at),
    lastAttemptAt: row.last_attempt_at ? formatSubmittedAt(row.last_attempt_at) : null,
    nextAttemptAt: formatSubmittedAt(row.next_attempt_at),
    lastError: row.last_error,
  };
}

export function mailStatusView(problems: MailProblems): MailStatusView {
  return {
    failedCount: problems.failedCount,
    waitingCount: problems.waitingCount,
    failed: problems.failed.map(mailView),
    waiting: problems.waiting.map(mailView),
  };
}

/** The loader's part: failed mail and mail waiting longer than 15 minutes. */
export async function loadMailStatus(now = new Date()): Promise<MailStatusView> {
  return mailStatusView(await listMailProblems(now));
}

/**
 * The dashboard's action: "Send again" for one failed mail (intent resend-mail, id) or for all of them
 * (resend-all-mail), by the admin the guard let in; each mail re-queued is recorded in the activity log. A toast says what
 * happened; the worker is nudged, so a healthy mail server has it within a second.
 */
export async function dashboardAction(request: Request, actor: AdminUser): Promise<Response> {
  const formData = await readFormOrThrow(request);
  const intent = formData.get("intent");
  if (intent !== MAIL_INTENTS.one && intent !== MAIL_INTENTS.all) throw data("Unknown action", { status: 400 });

  let requeued: NotificationMail[];
  if (intent === MAIL_INTENTS.one) {
    const id = formData.get("id")?.toString();
    requeued = isRowId(id) ? await requeueFailedMail({ ids: [id] }, actor) : [];
  } else {
    requeued = await requeueFailedMail("all", actor);
  }
  if (requeued.length === 0) {
    return redirectWithError(DASHBOARD_PATH, { message: MAIL_MESSAGES.resendFailed, description: MAIL_MESSAGES.gone });
  }
  nudgeMailWorker();
  return redirectWithSuccess(
    DASHBOARD_PATH,
    intent === MAIL_INTENTS.one ? MAIL_MESSAGES.resent : MAIL_MESSAGES.resentAll(requeued.length),
  );
}
