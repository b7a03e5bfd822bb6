// The notification mail worker: every instance runs it (started in prepareServer, stopped in
// shutdownServer). A pass claims due mail one row at a time under a lease (app/models/notification-mail.server.ts),
// sends it with sendMail and marks it sent, or schedules a retry; it runs every 20 s, and right away when this
// process has just queued a mail, so a healthy mail server gets it within a second. A database outage or any
// other failure of a pass is logged once in a while and tried again on the next pass; it never stops the
// process.
import {
  claimDueMail,
  MAIL_QUEUE_RULES,
  markMailAttemptFailed,
  markMailSent,
  outgoingMailOf,
  pruneNotificationMail,
} from "~/models/notification-mail.server";
import { isDatabaseUnavailable } from "~/server/db-guards.server";
import { logger } from "~/server/logger.server";
import { type OutgoingMail, sendMail } from "~/server/mail.server";

export const MAIL_WORKER = {
  /** How often every instance looks for due mail. */
  intervalMs: 20_000,
  /** A send that has not finished by then counts as failed (well inside the lease). */
  sendTimeoutMs: 2 * 60_000,
  /** At most this many mails per pass; the next pass goes on. */
  perPass: 50,
  /** Sent and failed mail past its retention is deleted this often. */
  pruneEveryMs: 60 * 60_000,
  /** A pass that keeps failing (the database is away) is logged at most this often. */
  problemLogEveryMs: 60_000,
  /** Shutdown waits this long for a send in flight; after that its lease hands it to the next worker. */
  shutdownWaitMs: 10_000,
} as const;

export interface DeliveryOptions {
  /** The time the pass runs at (tests move it on); by default the clock. */
  now?: Date;
  /** The transport; sendMail by default. */
  send?: (mail: OutgoingMail) => Promise<void>;
  /** At most this many mails. */
  limit?: number;
  /** Checked before each claim: a stopping worker finishes the mail in hand and claims no more. */
  shouldStop?: () => boolean;
}

export interface DeliveryResult {
  sent: number;
  /** Failed attempts that will be tried again. */
  retried: number;
  /** Mail given up on (shown on the dashboard). */
  failed: number;
  /** Mail whose lease ran out during the send: another worker has it (it may be sent twice). */
  leaseLost: number;
}

class SendTimeoutError extends Error {
  readonly code = "ETIMEDOUT";
  constructor(ms: number) {
    super(`No answer from the mail server within ${Math.round(ms / 1000)} s`);
  }
}

/** `work`, or a SendTimeoutError (code ETIMEDOUT) after `ms`: a mail server that never answers. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeoutError(ms)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

interface TransportError {
  code?: unknown;
  responseCode?: unknown;
  message?: unknown;
}

/**
 * The mail server's answer, short, on one line, for the row's last_error (what the dashboard shows). It may
 * name a recipient, which the mail holds anyway; a credential in a URL is cut out.
 */
export function describeSendError(error: unknown): string {
  const { code, message } = (error ?? {}) as TransportError;
  let text = (typeof message === "string" && message) || String(error);
  text = text
    .replace(/\s+/g, " ")
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, "$1")
    .trim();
  if (typeof code === "string" && code && !text.includes(code)) text = `${code}: ${text}`;
  return Array.from(text).slice(0, MAIL_QUEUE_RULES.errorMaxLength).join("");
}

/** What a log line may say about a failure: codes only, never the server's words (they may name people). */
function failureFields(error: unknown) {
  const { code, responseCode } = (error ?? {}) as TransportError;
  return {
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof responseCode === "number" ? { responseCode } : {}),
  };
}

/**
 * One pass: claims due mail one at a time, sends it, and marks it sent or failed (retried after the backoff,
 * or given up after MAIL_QUEUE_RULES.maxAttempts). Database errors are thrown to the caller.
 */
export async function deliverDueMail(options: DeliveryOptions = {}): Promise<DeliveryResult> {
  const clock = () => options.now ?? new Date();
  const send = options.send ?? sendMail;
  const limit = options.limit ?? MAIL_WORKER.perPass;
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0, leaseLost: 0 };
  for (let handled = 0; handled < limit; handled++) {
    if (options.shouldStop?.()) break;
    const claim = await claimDueMail(clock());
    if (!claim) break;
    const fields = { mailId: claim.id, attempt: claim.attempts };

    let failure: unknown;
    if (claim.attempts > MAIL_QUEUE_RULES.maxAttempts) {
      // Its last attempt never answered (the worker stopped mid-send): no more tries.
      failure = new Error("The last attempt did not finish (the server stopped while sending).");
    } else {
      try {
        await withTimeout(send(outgoingMailOf(claim)), MAIL_WORKER.sendTimeoutMs);
      } catch (error) {
        failure = error;
      }
    }

    if (failure === undefined) {
      if (await markMailSent(claim, clock())) {
        result.sent++;
        logger.info(fields, "Notification mail sent");
      } else {
        result.leaseLost++;
        logger.warn(fields, "Notification mail sent after its lease ran out; another worker may send it again");
      }
      continue;
    }

    const { outcome, nextAttemptAt } = await markMailAttemptFailed(claim, describeSendError(failure), clock());
    if (outcome === "retry") {
      result.retried++;
      logger.warn(
        { ...fields, ...failureFields(failure), nextAttemptAt: nextAttemptAt?.toISOString() },
        "Notification mail not sent; it will be tried again",
      );
    } else if (outcome === "failed") {
      result.failed++;
      logger.error(
        { ...fields, ...failureFields(failure) },
        "Notification mail given up after its last attempt; it shows on the admin dashboard",
      );
    } else {
      result.leaseLost++;
      logger.warn(fields, "Notification mail attempt ended after its lease ran out; another worker has it");
    }
  }
  return result;
}

// ——— The schedule ———

interface WorkerState {
  started: boolean;
  stopping: boolean;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  /** Nudged while a pass ran: run another right after it. */
  again: boolean;
  lastPrunedAt: number;
  lastProblemLogAt: number;
}

const worker: WorkerState = { started: false, stopping: false, again: false, lastPrunedAt: 0, lastProblemLogAt: 0 };

function reportProblem(error: unknown): void {
  const now = Date.now();
  if (now - worker.lastProblemLogAt < MAIL_WORKER.problemLogEveryMs) return;
  worker.lastProblemLogAt = now;
  if (isDatabaseUnavailable(error)) {
    logger.warn("Notification mail waits: the database is unavailable; trying again on the next pass");
    return;
  }
  // `err`: its class, message, stack and code; the logger leaves out a database error's detail (row values)
  // and masks e-mail addresses (see logger.server.ts).
  logger.error({ err: error }, "Notification mail pass failed; trying again on the next pass");
}

async function pass(): Promise<void> {
  await deliverDueMail({ shouldStop: () => worker.stopping });
  if (worker.stopping || Date.now() - worker.lastPrunedAt < MAIL_WORKER.pruneEveryMs) return;
  worker.lastPrunedAt = Date.now();
  const deleted = await pruneNotificationMail();
  if (deleted > 0) logger.info({ deleted }, "Deleted notification mail past its retention");
}

function runPass(): void {
  if (!worker.started || worker.stopping) return;
  if (worker.running) {
    worker.again = true;
    return;
  }
  worker.running = (async () => {
    do {
      worker.again = false;
      try {
        await pass();
      } catch (error) {
        reportProblem(error);
      }
    } while (worker.again && !worker.stopping);
  })().finally(() => {
    worker.running = undefined;
  });
}

/** Starts the worker in this process: a pass now, then every MAIL_WORKER.intervalMs. Idempotent. */
export function startMailWorker(): void {
  if (worker.started) return;
  worker.started = true;
  worker.stopping = false;
  worker.timer = setInterval(runPass, MAIL_WORKER.intervalMs);
  // The schedule never keeps the process alive by itself.
  worker.timer.unref();
  runPass();
}

/**
 * Asks for a pass right away (a mail was just queued and committed). Does nothing where the worker is not
 * running (tests, scripts): their mail waits for a worker.
 */
export function nudgeMailWorker(): void {
  if (!worker.started || worker.stopping) return;
  setImmediate(runPass);
}

/**
 * Stops the schedule and waits (up to `waitMs`) for a send in flight to finish and be marked; one still
 * unfinished then keeps its lease, and the next worker to start sends it.
 */
export async function stopMailWorker(waitMs: number = MAIL_WORKER.shutdownWaitMs): Promise<void> {
  if (!worker.started) return;
  worker.stopping = true;
  clearInterval(worker.timer);
  worker.timer = undefined;
  const running = worker.running;
  if (running) {
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      running.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), waitMs);
      }),
    ]);
    clearTimeout(timer);
    if (!finished)
      logger.warn("Stopped while a notification mail was being sent; its lease hands it to the next worker");
  }
  // `stopping` stays set, so a pass still running claims nothing more; starting again clears it.
  worker.started = false;
}

/** Whether a pass is running now (tests). */
export function isMailWorkerBusy(): boolean {
  return worker.running !== undefined;
}
