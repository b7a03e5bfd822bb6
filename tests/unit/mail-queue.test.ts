// The notification mail outbox (issue 13): a submission and its mail commit together; a worker sends it
// over a real local SMTP server that refuses, then accepts, retrying with backoff; a lease hands a dead
// worker's mail to the next; two workers never take the same row; after the last attempt the mail is
// 'failed', shows on the dashboard, and "Send again" (admins only, recorded in the activity log) re-queues it.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sql, type Updateable } from "kysely";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { FormActionData } from "~/lib/form-result";
import { APPLICATION_FAILURE_MESSAGE } from "~/lib/careers-form";
import { MAIL_MESSAGES } from "~/lib/notification-mail";
import { CONTACT_FAILURE_MESSAGE, CONTACT_SUCCESS_MESSAGE } from "~/lib/contact-form";
import { submitContactInquiry } from "~/services/submissions.server";
import {
  claimDueMail,
  MAIL_QUEUE_RULES,
  markMailAttemptFailed,
  markMailSent,
  pruneNotificationMail,
  requeueFailedMail,
  retryDelayMs,
} from "~/models/notification-mail.server";
import { getSiteSettings, saveSiteSettings } from "~/models/site-settings.server";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as careersAction } from "~/routes/site/careers";
import { action as contactAction } from "~/routes/site/contact";
import { installDatabase, openPostgresDatabase, type OpenedDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { resetMailTransport } from "~/server/mail.server";
import {
  deliverDueMail,
  describeSendError,
  isMailWorkerBusy,
  MAIL_WORKER,
  nudgeMailWorker,
  startMailWorker,
  stopMailWorker,
} from "~/services/mail-queue.server";
import type { Database, NotificationMail, NotificationMailTable } from "~/server/schema.server";
import { countRows, createTestDatabase, testDatabaseEngine } from "../support/database";
import { actionArgs, answerOf, listFiles, readMail, samples, useTemporaryDataDir } from "../support/forms";
import { formOf, loadFrom, postTo, toastOf } from "./admin-requests";
import { makeUser, sessionCookieFor } from "./auth-support";

const dataDir = useTemporaryDataDir("mail-queue");
const STORE = "orders@store.example.com";
const MINUTE = 60_000;

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1: refuses every recipient with a 451 while `refusing`, then accepts. */
function startSmtpServer() {
  const state = {
    refusing: true,
    /** Milliseconds the server takes over a message before answering it. */
    delayMs: 0,
    received: [] as ReceivedMail[],
    dataStarted: 0,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.refusing) return callback();
      callback(Object.assign(new Error("4.3.2 Service busy, please try again later"), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      state.dataStarted++;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        setTimeout(() => {
          state.received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        }, state.delayMs);
      });
    },
  });
  return new Promise<{ server: SMTPServer; port: number; state: typeof state }>((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, port: (server.server.address() as AddressInfo).port, state }),
    );
  });
}

let database: OpenedDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let adminCookie = "";
let memberCookie = "";
let admin: { id: string; email: string };
let ipCounter = 0;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  process.env.MAIL_TO = STORE;
  resetMailTransport();
  database = await createTestDatabase();
  admin = await makeUser("mail-admin@example.com", "mail-admin-password", { admin: true });
  adminCookie = await sessionCookieFor(admin.id);
  memberCookie = await sessionCookieFor(
    (await makeUser("mail-member@example.com", "member-pass", { admin: false })).id,
  );
  // Every line the worker logs, to check it names nobody.
  for (const level of ["info", "warn", "error"] as const) {
    vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
      logLines.push(JSON.stringify(args));
    }) as never);
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await stopMailWorker();
  await database.close();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  smtp.state.refusing = true;
  smtp.state.delayMs = 0;
  smtp.state.received.length = 0;
  smtp.state.dataStarted = 0;
  await database.db.deleteFrom("contact_inquiries").execute();
  await database.db.deleteFrom("job_applications").execute();
  await database.db.deleteFrom("activity_log").execute();
});
afterEach(async () => {
  await stopMailWorker();
});

function contactBody(name = "Sam Lee", email = "sam@example.com"): URLSearchParams {
  return new URLSearchParams({
    name,
    email,
    phone: "405-555-0123",
    topic: "review",
    message: "Great service at Blue Water.",
    honeypot: "",
  });
}

async function postContact(body = contactBody()) {
  const request = new Request("http://localhost/contact", {
    method: "POST",
    body,
    headers: { "x-client-ip": `192.0.2.${++ipCounter}` },
  });
  return answerOf<FormActionData>(await contactAction(actionArgs(request)));
}

async function postCareers(resume: File) {
  const formData = new FormData();
  for (const [name, value] of Object.entries({
    full_name: "Jordan Rivera",
    email: "jordan@example.com",
    phone: "(405) 555-0199",
    position: "driver",
    availability: "Weekends",
    how_did_you_hear: "",
    honeypot: "",
  })) {
    formData.append(name, value);
  }
  formData.append("resume", resume);
  const request = new Request("http://localhost/careers", {
    method: "POST",
    body: formData,
    headers: { "x-client-ip": `192.0.2.${++ipCounter}` },
  });
  return answerOf<FormActionData>(await careersAction(actionArgs(request)));
}

const mails = () => database.db.selectFrom("notification_mail").selectAll().orderBy("created_at").execute();
const mailById = (id: string) =>
  database.db.selectFrom("notification_mail").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const countOf = (table: keyof Database) => countRows(database.db, table);
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

/** A database trigger that makes every insert into `table` fail, for the duration of `run`. */
async function withFailingInsert(table: "contact_inquiries" | "notification_mail", run: () => Promise<void>) {
  await sql
    .raw(
      `create or replace function test_fail_insert() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`,
    )
    .execute(database.db);
  await sql
    .raw(`create trigger test_fail_insert before insert on ${table} for each row execute function test_fail_insert()`)
    .execute(database.db);
  try {
    await run();
  } finally {
    await sql.raw(`drop trigger test_fail_insert on ${table}`).execute(database.db);
  }
}

describe("the backoff", () => {
  it("waits 1 minute, then doubles up to an hour; 30 attempts span about a day", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 29].map((n) => retryDelayMs(n) / MINUTE)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    let total = 0;
    for (let attempt = 1; attempt < MAIL_QUEUE_RULES.maxAttempts; attempt++) total += retryDelayMs(attempt);
    expect(total / (60 * MINUTE)).toBeGreaterThan(23);
    expect(total / (60 * MINUTE)).toBeLessThan(25);
  });

  it("keeps the mail server's answer short, on one line, without a password from a URL", () => {
    const error = Object.assign(
      new Error("Invalid login:\n535 Authentication failed for smtp://user:secret@mail.example.com"),
      {
        code: "EAUTH",
      },
    );
    expect(describeSendError(error)).toBe(
      "EAUTH: Invalid login: 535 Authentication failed for smtp://mail.example.com",
    );
    expect(describeSendError(new Error("x".repeat(1000)))).toHaveLength(MAIL_QUEUE_RULES.errorMaxLength);
  });
});

describe("a contact message while the mail server refuses, then accepts", () => {
  it("stores the message, keeps its mail pending with an attempt and a backoff, and delivers it later", async () => {
    const answer = await postContact();
    expect(answer.status).toBe(200);
    expect(answer.data.message).toBe(CONTACT_SUCCESS_MESSAGE);
    const inquiry = await database.db.selectFrom("contact_inquiries").selectAll().executeTakeFirstOrThrow();
    expect(inquiry).toMatchObject({ name: "Sam Lee", email: "sam@example.com", status: "new" });

    const [queued] = await mails();
    expect(queued).toMatchObject({
      inquiry_id: inquiry.id,
      application_id: null,
      recipients: [STORE],
      subject: "New contact message: Review from Sam Lee",
      reply_to: "sam@example.com",
      status: "pending",
      attempts: 0,
    });
    expect(queued.body).toContain("Great service at Blue Water.");

    // First attempt: refused with a 451. Tried again in a minute.
    const t0 = new Date();
    expect(await deliverDueMail({ now: t0 })).toEqual({ sent: 0, retried: 1, failed: 0, leaseLost: 0 });
    let row = await mailById(queued.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, locked_until: null, sent_at: null });
    expect(row.next_attempt_at.getTime()).toBe(t0.getTime() + MINUTE);
    expect(row.last_error).toMatch(/451/);
    expect(smtp.state.received).toEqual([]);

    // Not due yet: nothing happens.
    expect(await deliverDueMail({ now: later(t0, 30_000) })).toEqual({ sent: 0, retried: 0, failed: 0, leaseLost: 0 });

    // Second attempt, still refused: the wait doubles.
    const t1 = later(t0, MINUTE);
    expect(await deliverDueMail({ now: t1 })).toMatchObject({ retried: 1 });
    row = await mailById(queued.id);
    expect(row.attempts).toBe(2);
    expect(row.next_attempt_at.getTime()).toBe(t1.getTime() + 2 * MINUTE);

    // The server accepts now: the third attempt delivers it.
    smtp.state.refusing = false;
    const t2 = later(t1, 2 * MINUTE);
    expect(await deliverDueMail({ now: t2 })).toEqual({ sent: 1, retried: 0, failed: 0, leaseLost: 0 });
    expect(smtp.state.received).toHaveLength(1);
    const message = smtp.state.received[0];
    expect(message.to).toEqual([STORE]);
    const { headers, text } = readMail(message.raw);
    expect(headers).toMatch(/^Subject: New contact message: Review from Sam Lee$/m);
    expect(headers).toMatch(/^Reply-To: sam@example\.com$/m);
    expect(text).toContain("Great service at Blue Water.");
    row = await mailById(queued.id);
    expect(row).toMatchObject({ status: "sent", attempts: 3, last_error: null, locked_until: null });
    expect(row.sent_at?.getTime()).toBe(t2.getTime());

    // Nothing left to send, and never twice.
    expect(await deliverDueMail({ now: later(t2, 60 * MINUTE) })).toMatchObject({ sent: 0 });
    expect(smtp.state.received).toHaveLength(1);

    // The log lines name nobody: no e-mail, no name, no subject.
    const logged = logLines.join("\n");
    for (const personal of ["sam@example.com", "Sam Lee", STORE, "Blue Water"]) expect(logged).not.toContain(personal);
  });

  it("with the worker running, a healthy mail server has the mail within a second of the answer", async () => {
    smtp.state.refusing = false;
    startMailWorker();
    await waitFor(() => !isMailWorkerBusy());
    const answered = Date.now();
    expect((await postContact(contactBody("Riley Park", "riley@example.com"))).status).toBe(200);
    await waitFor(() => smtp.state.received.length === 1, 1_000);
    expect(Date.now() - answered).toBeLessThan(1_000);
    await waitFor(async () => (await mails())[0]?.status === "sent");
  });
});

describe("the submission and its mail commit together", () => {
  it("a submission that cannot be inserted queues no mail", async () => {
    await withFailingInsert("contact_inquiries", async () => {
      const answer = await postContact();
      expect(answer.status).toBe(500);
      expect(answer.data.message).toBe(CONTACT_FAILURE_MESSAGE);
    });
    expect(await countOf("contact_inquiries")).toBe(0);
    expect(await countOf("notification_mail")).toBe(0);
  });

  it("a mail that cannot be queued takes its submission (and an application's resume) with it", async () => {
    await withFailingInsert("notification_mail", async () => {
      const contact = await postContact();
      expect(contact.status).toBe(500);
      expect(contact.data.message).toBe(CONTACT_FAILURE_MESSAGE);
      const careers = await postCareers(new File([samples.pdf()], "resume.pdf"));
      expect(careers.status).toBe(500);
      expect(careers.data.message).toBe(APPLICATION_FAILURE_MESSAGE);
    });
    expect(await countOf("contact_inquiries")).toBe(0);
    expect(await countOf("job_applications")).toBe(0);
    expect(await countOf("notification_mail")).toBe(0);
    expect(listFiles(path.join(dataDir, "storage", "resumes"))).toEqual([]);

    // Without the injected failure the same forms store both.
    expect((await postContact()).status).toBe(200);
    expect((await postCareers(new File([samples.pdf()], "resume.pdf"))).status).toBe(200);
    const queued = await mails();
    expect(queued.map((m) => [Boolean(m.inquiry_id), Boolean(m.application_id)])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(queued[1].subject).toBe("New job application: Jordan Rivera (Driver)");
  });

  it("deleting a submission deletes its mail (the copy of its personal data)", async () => {
    await submitContactInquiry({ name: "Pat", email: "pat@example.com", topic: "general", message: "Hi" });
    expect(await countOf("notification_mail")).toBe(1);
    await database.db.deleteFrom("contact_inquiries").execute();
    expect(await countOf("notification_mail")).toBe(0);
  });
});

describe("leases", () => {
  it("a mail claimed by a worker that died is sent by the next run once the lease has run out", async () => {
    smtp.state.refusing = false;
    await submitContactInquiry({ name: "Pat", email: "pat@example.com", topic: "general", message: "Hi" });
    const t0 = new Date();
    // A worker claims it and dies mid-send: it never answers.
    const dead = (await claimDueMail(t0))!;
    expect(dead).toMatchObject({ attempts: 1 });
    expect(dead.locked_until!.getTime()).toBe(t0.getTime() + MAIL_QUEUE_RULES.leaseMs);

    // While the lease holds, nobody else takes it.
    expect(await deliverDueMail({ now: later(t0, MAIL_QUEUE_RULES.leaseMs - 1000) })).toMatchObject({ sent: 0 });
    expect(smtp.state.received).toEqual([]);

    // After it: the next run sends it.
    const t1 = later(t0, MAIL_QUEUE_RULES.leaseMs);
    expect(await deliverDueMail({ now: t1 })).toEqual({ sent: 1, retried: 0, failed: 0, leaseLost: 0 });
    expect(smtp.state.received).toHaveLength(1);
    expect(await mailById(dead.id)).toMatchObject({ status: "sent", attempts: 2 });

    // The dead worker coming back late changes nothing.
    expect(await markMailSent(dead, t1)).toBe(false);
    expect(await markMailAttemptFailed(dead, "late", t1)).toEqual({ outcome: "lease-lost", nextAttemptAt: null });
    expect(await mailById(dead.id)).toMatchObject({ status: "sent", last_error: null });
  });

  it("gives up on a mail whose last attempt never finished", async () => {
    await submitContactInquiry({ name: "Pat", email: "pat@example.com", topic: "general", message: "Hi" });
    const [row] = await mails();
    await database.db
      .updateTable("notification_mail")
      .set({ attempts: MAIL_QUEUE_RULES.maxAttempts, locked_until: new Date(Date.now() - 1000) })
      .where("id", "=", row.id)
      .execute();
    expect(await deliverDueMail()).toMatchObject({ failed: 1, sent: 0 });
    expect(smtp.state.dataStarted).toBe(0);
    expect(await mailById(row.id)).toMatchObject({ status: "failed", attempts: MAIL_QUEUE_RULES.maxAttempts + 1 });
  });
});

describe("two workers at once", () => {
  async function queueThree() {
    for (const name of ["Ana", "Ben", "Cy"]) {
      await submitContactInquiry({ name, email: `${name.toLowerCase()}@example.com`, topic: "general", message: "Hi" });
    }
  }

  it("claims never return the same row, and a leased row is nobody else's", async () => {
    await queueThree();
    const now = new Date();
    const [a, b] = await Promise.all([claimDueMail(now), claimDueMail(now)]);
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a!.id).not.toBe(b!.id);
    const c = await claimDueMail(now);
    expect(new Set([a!.id, b!.id, c!.id]).size).toBe(3);
    expect(await claimDueMail(now)).toBeUndefined();
    expect(await claimDueMail(later(now, MAIL_QUEUE_RULES.leaseMs - 1))).toBeUndefined();
  });

  it("two passes running together send each mail exactly once", async () => {
    await queueThree();
    const sent: string[] = [];
    const send = async (mail: { subject: string }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      sent.push(mail.subject);
    };
    const [first, second] = await Promise.all([deliverDueMail({ send }), deliverDueMail({ send })]);
    expect(first.sent + second.sent).toBe(3);
    expect(sent.sort()).toEqual([
      "New contact message: General from Ana",
      "New contact message: General from Ben",
      "New contact message: General from Cy",
    ]);
    expect((await mails()).map((m) => m.status)).toEqual(["sent", "sent", "sent"]);
  });

  it.runIf(testDatabaseEngine === "postgres")(
    "on Postgres, a claim skips a row another transaction has locked instead of waiting for it",
    async () => {
      await queueThree();
      const now = new Date();
      await database.db.transaction().execute(async (trx) => {
        const locked = await trx
          .selectFrom("notification_mail")
          .select("id")
          .orderBy("next_attempt_at")
          .orderBy("created_at")
          .limit(1)
          .forUpdate()
          .executeTakeFirstOrThrow();
        // Another pooled connection, while this transaction holds the lock.
        const claimed = await claimDueMail(now);
        expect(claimed).toBeDefined();
        expect(claimed!.id).not.toBe(locked.id);
      });
    },
  );
});

describe("giving up, the dashboard and 'Send again'", () => {
  /** Runs attempts until the mail is failed; answers the times of its first and last attempt. */
  async function failCompletely(id: string) {
    let now = new Date();
    const first = now;
    for (let attempt = 1; attempt <= MAIL_QUEUE_RULES.maxAttempts; attempt++) {
      const result = await deliverDueMail({ now });
      const expected = attempt < MAIL_QUEUE_RULES.maxAttempts ? { retried: 1 } : { failed: 1 };
      expect(result, `attempt ${attempt}`).toMatchObject({ sent: 0, ...expected });
      const row = await mailById(id);
      if (row.status === "failed") return { first, last: now };
      now = row.next_attempt_at;
    }
    throw new Error("never failed");
  }

  async function dashboard(cookie: string | null = adminCookie) {
    return (await loadFrom(dashboardLoader, "/admin", cookie)) as Awaited<ReturnType<typeof dashboardLoader>>;
  }

  it("fails after about a day of attempts, shows on the dashboard, and 'Send again' re-queues it to today's recipients", async () => {
    await submitContactInquiry({ name: "Pat", email: "pat@example.com", topic: "general", message: "Hi" });
    const [queued] = await mails();
    const { first, last } = await failCompletely(queued.id);
    const hours = (last.getTime() - first.getTime()) / (60 * MINUTE);
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThan(25);
    const failed = await mailById(queued.id);
    expect(failed).toMatchObject({ status: "failed", attempts: MAIL_QUEUE_RULES.maxAttempts, locked_until: null });
    expect(failed.last_error).toMatch(/451/);
    // A failed mail is not tried again by the worker.
    expect(await deliverDueMail({ now: later(last, 24 * 60 * MINUTE) })).toMatchObject({ sent: 0, retried: 0 });

    // The dashboard: under "Needs attention" (the count) and in the card (what, when, attempts, last error).
    const loaded = await dashboard();
    expect(loaded.mail.failedCount).toBe(1);
    expect(loaded.mail.failed).toEqual([
      expect.objectContaining({
        id: queued.id,
        about: "Contact message",
        subject: "New contact message: General from Pat",
        recipients: STORE,
        attempts: MAIL_QUEUE_RULES.maxAttempts,
        lastError: failed.last_error,
      }),
    ]);
    expect(loaded.mail.failed[0].receivedAt).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);

    // Signed out, or not an admin: sent away, nothing changes.
    const body = () => formOf({ intent: "resend-mail", id: queued.id });
    const signedOut = await postTo(dashboardAction, "/admin?index", body(), null);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/admin\/login/);
    const member = await postTo(dashboardAction, "/admin?index", body(), memberCookie);
    expect(member.headers.get("Location")).toBe("/");
    expect(await mailById(queued.id)).toMatchObject({ status: "failed" });
    expect(await countOf("activity_log")).toBe(0);

    // The owner fixes the recipients in Settings, then sends it again.
    const settings = await getSiteSettings();
    await saveSiteSettings(
      { ...settings, notify: { ...settings.notify, inquiries: ["front-desk@store.example.com"] } },
      admin,
    );
    await database.db.deleteFrom("activity_log").execute();
    const before = Date.now();
    const resent = await postTo(dashboardAction, "/admin?index", body(), adminCookie);
    expect(resent.status).toBe(302);
    expect(resent.headers.get("Location")).toBe("/admin");
    expect(await toastOf(resent)).toMatchObject({ type: "success", message: MAIL_MESSAGES.resent });
    const requeued = await mailById(queued.id);
    expect(requeued).toMatchObject({
      status: "pending",
      attempts: 0,
      last_error: null,
      locked_until: null,
      recipients: ["front-desk@store.example.com"],
    });
    expect(requeued.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(requeued.queued_at.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // Recorded: who, which mail (named by its kind, never the sender), what changed.
    const activity = await database.db.selectFrom("activity_log").selectAll().execute();
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({
      kind: "mail.resend",
      actor_id: admin.id,
      actor_email: admin.email,
      subject_type: "notification-mail",
      subject_id: queued.id,
      subject_title: "Contact message notification",
      changes: {
        status: { from: "failed", to: "pending" },
        recipients: { from: STORE, to: "front-desk@store.example.com" },
      },
    });

    // Off the dashboard (it is no longer failed, nor waiting long); the mail server takes it now.
    expect((await dashboard()).mail).toMatchObject({ failedCount: 0, waitingCount: 0 });
    smtp.state.refusing = false;
    expect(await deliverDueMail()).toMatchObject({ sent: 1 });
    expect(smtp.state.received.map((m) => m.to)).toEqual([["front-desk@store.example.com"]]);

    // Sending it again once more: nothing to re-queue, an error toast, no activity.
    const again = await postTo(dashboardAction, "/admin?index", body(), adminCookie);
    expect(await toastOf(again)).toMatchObject({ type: "error", message: MAIL_MESSAGES.resendFailed });
    expect(await countOf("activity_log")).toBe(1);
    await saveSiteSettings(settings, admin);
  });

  it("'Send all again' re-queues every failed mail, one activity row each; a failure in the transaction changes none", async () => {
    await submitContactInquiry({ name: "Ana", email: "ana@example.com", topic: "general", message: "Hi" });
    await submitContactInquiry({ name: "Ben", email: "ben@example.com", topic: "career", message: "Hi" });
    await database.db
      .updateTable("notification_mail")
      .set({ status: "failed", attempts: MAIL_QUEUE_RULES.maxAttempts, last_attempt_at: new Date(), last_error: "451" })
      .execute();
    const loaded = await dashboard();
    expect(loaded.mail.failedCount).toBe(2);

    // The activity row cannot be written: nothing is re-queued.
    await sql
      .raw(
        `create or replace function test_fail_insert() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`,
      )
      .execute(database.db);
    await sql
      .raw(
        `create trigger test_fail_activity before insert on activity_log for each row execute function test_fail_insert()`,
      )
      .execute(database.db);
    try {
      await expect(requeueFailedMail("all", admin)).rejects.toThrow(/injected failure/);
    } finally {
      await sql.raw(`drop trigger test_fail_activity on activity_log`).execute(database.db);
    }
    expect((await mails()).map((m) => m.status)).toEqual(["failed", "failed"]);
    expect(await countOf("activity_log")).toBe(0);

    const resent = await postTo(dashboardAction, "/admin?index", formOf({ intent: "resend-all-mail" }), adminCookie);
    expect(await toastOf(resent)).toMatchObject({ type: "success", message: MAIL_MESSAGES.resentAll(2) });
    expect((await mails()).map((m) => m.status)).toEqual(["pending", "pending"]);
    const activity = await database.db.selectFrom("activity_log").select(["kind", "subject_title"]).execute();
    expect(activity).toEqual([
      { kind: "mail.resend", subject_title: "Contact message notification" },
      { kind: "mail.resend", subject_title: "Contact message notification" },
    ]);
  });

  it("answers an unknown intent with 400", async () => {
    const answer = await postTo(dashboardAction, "/admin?index", formOf({ intent: "drop-tables" }), adminCookie);
    expect(answer.status).toBe(400);
  });

  it("counts mail waiting more than 15 minutes, apart from failed mail", async () => {
    await submitContactInquiry({ name: "Ana", email: "ana@example.com", topic: "general", message: "Hi" });
    const [row] = await mails();
    expect((await dashboard()).mail).toMatchObject({ failedCount: 0, waitingCount: 0 });
    await database.db
      .updateTable("notification_mail")
      .set({ queued_at: new Date(Date.now() - 16 * MINUTE), attempts: 4, last_error: "451 busy" })
      .execute();
    const loaded = await dashboard();
    expect(loaded.mail).toMatchObject({ failedCount: 0, waitingCount: 1 });
    expect(loaded.mail.waiting[0]).toMatchObject({ id: row.id, attempts: 4, lastError: "451 busy" });
  });
});

describe("retention", () => {
  it("deletes sent mail after 7 days and failed mail 30 days after its last attempt; pending mail stays", async () => {
    for (const name of ["Sent recently", "Sent long ago", "Failed recently", "Failed long ago", "Pending"]) {
      await submitContactInquiry({ name, email: "x@example.com", topic: "general", message: "Hi" });
    }
    const rows = await mails();
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * MINUTE);
    const set = (row: NotificationMail, values: Updateable<NotificationMailTable>) =>
      database.db.updateTable("notification_mail").set(values).where("id", "=", row.id).execute();
    await set(rows[0], { status: "sent", sent_at: daysAgo(6) });
    await set(rows[1], { status: "sent", sent_at: daysAgo(8) });
    await set(rows[2], { status: "failed", last_attempt_at: daysAgo(29) });
    await set(rows[3], { status: "failed", last_attempt_at: daysAgo(31) });
    await database.db
      .updateTable("notification_mail")
      .set({ created_at: daysAgo(40) })
      .where("id", "=", rows[4].id)
      .execute();
    expect(await pruneNotificationMail(now)).toBe(2);
    expect((await mails()).map((m) => m.subject).sort()).toEqual([
      "New contact message: General from Failed recently",
      "New contact message: General from Pending",
      "New contact message: General from Sent recently",
    ]);
  });
});

describe("the worker in the process", () => {
  it("waits at shutdown for a send in flight, which is then marked sent", async () => {
    smtp.state.refusing = false;
    smtp.state.delayMs = 400;
    startMailWorker();
    await submitContactInquiry({ name: "Pat", email: "pat@example.com", topic: "general", message: "Hi" });
    await waitFor(() => smtp.state.dataStarted === 1);
    await stopMailWorker();
    expect(smtp.state.received).toHaveLength(1);
    expect((await mails())[0]).toMatchObject({ status: "sent" });
    // Stopped: a new mail waits for the next worker.
    nudgeMailWorker();
    await submitContactInquiry({ name: "Kim", email: "kim@example.com", topic: "general", message: "Hi" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await mails()).map((m) => m.status)).toEqual(["sent", "pending"]);
  });

  it("logs a database outage once in a while and keeps going when the database is back", async () => {
    const unreachable = openPostgresDatabase("postgres://nobody@127.0.0.1:1/none");
    const warned = logLines.length;
    installDatabase(unreachable);
    try {
      startMailWorker();
      for (let i = 0; i < 5; i++) {
        nudgeMailWorker();
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      await waitFor(() => !isMailWorkerBusy());
      const outageLines = logLines.slice(warned).filter((line) => line.includes("database is unavailable"));
      expect(outageLines).toHaveLength(1);
    } finally {
      installDatabase(database);
      await unreachable.close();
    }
    // Back: the next pass sends what is waiting.
    smtp.state.refusing = false;
    await submitContactInquiry({ name: "Pat", email: "pat@example.com", topic: "general", message: "Hi" });
    await waitFor(() => smtp.state.received.length === 1);
    expect(MAIL_WORKER.intervalMs).toBeLessThanOrEqual(30_000);
  });
});
