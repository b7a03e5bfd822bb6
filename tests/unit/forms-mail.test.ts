import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FormActionData } from "~/lib/form-result";
import { APPLICATION_SUCCESS_MESSAGE } from "~/lib/careers-form";
import { CONTACT_SUCCESS_MESSAGE } from "~/lib/contact-form";
import { action as careersAction } from "~/routes/site/careers";
import { action as contactAction } from "~/routes/site/contact";
import type { OpenedDatabase } from "~/server/db.server";
import { resetMailTransport } from "~/server/mail.server";
import { deliverDueMail } from "~/services/mail-queue.server";
import { createTestDatabase } from "../support/database";
import { actionArgs, answerOf, readMail, samples, useTemporaryDataDir } from "../support/forms";

const dataDir = useTemporaryDataDir("forms-mail");

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server in this process; it keeps every message it is given. */
function startSmtpServer(): Promise<{ server: SMTPServer; port: number; received: ReceivedMail[] }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({ server, port: (server.server.address() as AddressInfo).port, received });
    });
  });
}

let database: OpenedDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  process.env.MAIL_TO = "hiring@store.example.com";
  resetMailTransport();
  database = await createTestDatabase();
});
let stopped = false;
function stopSmtpServer(): Promise<void> {
  if (stopped) return Promise.resolve();
  stopped = true;
  return new Promise<void>((resolve) => smtp.server.close(() => resolve()));
}

afterAll(async () => {
  await database.close();
  await stopSmtpServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function post(url: string, body: FormData | URLSearchParams, ip: string): Request {
  return new Request(url, { method: "POST", body, headers: { "x-client-ip": ip } });
}

describe("notification mail over SMTP", () => {
  it("sends the store every field of an application, the resume's name and size, and the admin link", async () => {
    const formData = new FormData();
    formData.append("full_name", "Jordan Rivera");
    formData.append("email", "jordan@example.com");
    formData.append("phone", "(405) 555-0199");
    formData.append("position", "driver");
    formData.append("availability", "Weekends, and weekday evenings after 5 PM");
    formData.append("how_did_you_hear", "Saw the sign on Lindsey Street");
    formData.append("honeypot", "");
    formData.append("resume", new File([samples.docx()], "Jordan Rivera CV.docx"));
    const answer = answerOf<FormActionData>(
      await careersAction(actionArgs(post("http://localhost/careers", formData, "203.0.113.10"))),
    );
    expect(answer.status).toBe(200);
    expect(answer.data.message).toBe(APPLICATION_SUCCESS_MESSAGE);

    // Queued with the application; the outbox worker sends it.
    expect(await deliverDueMail()).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0];
    expect(message.to).toEqual(["hiring@store.example.com"]);
    const { headers, text } = readMail(message.raw);
    expect(headers).toMatch(/^Subject: New job application: Jordan Rivera \(Driver\)$/m);
    expect(headers).toMatch(/^Reply-To: jordan@example\.com$/m);
    for (const expected of [
      "Full name: Jordan Rivera",
      "Email: jordan@example.com",
      "Phone: (405) 555-0199",
      "Position: Driver",
      "How did you hear about us: Saw the sign on Lindsey Street",
      `Resume: Jordan Rivera CV.docx (${samples.docx().byteLength} bytes)`,
      "Weekends, and weekday evenings after 5 PM",
      "http://localhost:3000/admin/applications",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("sends the store every field of a contact message", async () => {
    smtp.received.length = 0;
    const body = new URLSearchParams({
      name: "Sam Lee",
      email: "sam@example.com",
      phone: "405-555-0123",
      topic: "review",
      message: "Great service at Blue Water.\nThanks, Mia!",
      honeypot: "",
    });
    const answer = answerOf<FormActionData>(
      await contactAction(actionArgs(post("http://localhost/contact", body, "203.0.113.11"))),
    );
    expect(answer.data.message).toBe(CONTACT_SUCCESS_MESSAGE);
    expect(await deliverDueMail()).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const { headers, text } = readMail(smtp.received[0].raw);
    expect(headers).toMatch(/^Subject: New contact message: Review from Sam Lee$/m);
    expect(headers).toMatch(/^Reply-To: sam@example\.com$/m);
    for (const expected of [
      "Name: Sam Lee",
      "Email: sam@example.com",
      "Phone: 405-555-0123",
      "Topic: Review",
      "Great service at Blue Water.\nThanks, Mia!",
      "http://localhost:3000/admin/inquiries",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("keeps the submission and answers success when the mail server is down", async () => {
    // The same address, now with nothing listening: the connection is refused.
    await stopSmtpServer();
    resetMailTransport();
    const body = new URLSearchParams({
      name: "Pat",
      email: "pat@example.com",
      topic: "general",
      message: "Hello",
      honeypot: "",
    });
    const answer = answerOf<FormActionData>(
      await contactAction(actionArgs(post("http://localhost/contact", body, "203.0.113.12"))),
    );
    expect(answer.status).toBe(200);
    expect(answer.data.message).toBe(CONTACT_SUCCESS_MESSAGE);
    const stored = await database.db
      .selectFrom("contact_inquiries")
      .select("name")
      .where("email", "=", "pat@example.com")
      .execute();
    expect(stored).toEqual([{ name: "Pat" }]);
    // The mail is not lost: the refused attempt is counted and it waits for the next one.
    expect(await deliverDueMail()).toMatchObject({ sent: 0, retried: 1, failed: 0 });
    const queued = await database.db
      .selectFrom("notification_mail")
      .select(["status", "attempts", "subject"])
      .where("status", "<>", "sent")
      .execute();
    expect(queued).toEqual([{ status: "pending", attempts: 1, subject: "New contact message: General from Pat" }]);
  });
});
