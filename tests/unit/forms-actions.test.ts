import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FormActionData } from "~/lib/form-result";
import {
  APPLICATION_FAILURE_MESSAGE,
  APPLICATION_SUCCESS_MESSAGE,
  RESUME_MAX_BYTES,
  RESUME_SIZE_MESSAGE,
  RESUME_TYPE_MESSAGE,
} from "~/lib/careers-form";
import { CONTACT_FAILURE_MESSAGE, CONTACT_SUCCESS_MESSAGE } from "~/lib/contact-form";
import { action as careersAction } from "~/routes/site/careers";
import { action as contactAction } from "~/routes/site/contact";
import type { OpenedDatabase } from "~/server/db.server";
import { deliverDueMail } from "~/services/mail-queue.server";
import { getObject } from "~/server/storage.server";
import { countRows, createTestDatabase } from "../support/database";
import type { Database } from "~/server/schema.server";
import { actionArgs, answerOf, listFiles, readMail, samples, useTemporaryDataDir } from "../support/forms";

const dataDir = useTemporaryDataDir("forms-actions");
const resumesDir = path.join(dataDir, "storage", "resumes");
const outboxDir = path.join(dataDir, "outbox");

let ipCounter = 0;
/** Each test posts from its own address, so the rate limit only counts what the test means it to. */
const freshIp = () => `198.51.100.${++ipCounter}`;

type CareersArgs = Parameters<typeof careersAction>[0];
type ContactArgs = Parameters<typeof contactAction>[0];

async function postCareers(body: BodyInit, init: { ip?: string; headers?: Record<string, string> } = {}) {
  const request = new Request("http://localhost/careers", {
    method: "POST",
    body,
    headers: { "x-client-ip": init.ip ?? freshIp(), ...init.headers },
    duplex: "half",
  } as RequestInit);
  return answerOf<FormActionData>(await careersAction(actionArgs<CareersArgs>(request)));
}

async function postContact(body: BodyInit, init: { ip?: string; headers?: Record<string, string> } = {}) {
  const request = new Request("http://localhost/contact", {
    method: "POST",
    body,
    headers: { "x-client-ip": init.ip ?? freshIp(), ...init.headers },
    duplex: "half",
  } as RequestInit);
  return answerOf<FormActionData>(await contactAction(actionArgs<ContactArgs>(request)));
}

const application = {
  full_name: "Jordan Rivera",
  email: "jordan@example.com",
  phone: "(405) 555-0199",
  position: "shift-lead",
  availability: "Weekdays after 3 PM",
  how_did_you_hear: "Instagram",
};

const inquiry = {
  name: "Sam Lee",
  email: "sam@example.com",
  phone: "",
  topic: "product-suggestion",
  message: "Please stock more Sunday Extracts.",
};

/** The form as a browser sends it: the text fields in page order, then the file input, last. */
function careersForm(values: Record<string, string> = application, resume?: File): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.append(name, value);
  formData.append("honeypot", "");
  formData.append("resume", resume ?? new File([], "", { type: "application/octet-stream" }));
  return formData;
}

function contactForm(values: Record<string, string> = inquiry): URLSearchParams {
  const body = new URLSearchParams(values);
  body.append("honeypot", "");
  return body;
}

/** A body streamed in chunks with no Content-Length, as a client using chunked encoding sends it. */
function streamedBody(chunks: number, chunkSize: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ >= chunks) return controller.close();
      controller.enqueue(new Uint8Array(chunkSize).fill(0x61));
    },
  });
}

let database: OpenedDatabase;
const count = (table: keyof Database) => countRows(database.db, table);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.deleteFrom("job_applications").execute();
  await database.db.deleteFrom("contact_inquiries").execute();
  fs.rmSync(path.join(dataDir, "storage"), { recursive: true, force: true });
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

describe("careers action", () => {
  it("stores an application with its resume, mails the store and answers with the spec's message", async () => {
    const answer = await postCareers(careersForm(application, new File([samples.pdf()], "Jordan Resume.pdf")));
    expect(answer.status).toBe(200);
    expect(answer.data.outcome).toBe("success");
    expect(answer.data.message).toBe(APPLICATION_SUCCESS_MESSAGE);
    // Tells conform to reset the form.
    expect(answer.data.result).toEqual({ initialValue: null });

    const row = await database.db.selectFrom("job_applications").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      full_name: "Jordan Rivera",
      email: "jordan@example.com",
      phone: "(405) 555-0199",
      position: "shift-lead",
      availability: "Weekdays after 3 PM",
      how_did_you_hear: "Instagram",
      resume_file_name: "Jordan Resume.pdf",
      resume_content_type: "application/pdf",
      resume_size_bytes: samples.pdf().byteLength,
    });
    expect(listFiles(resumesDir)).toEqual([row.resume_key]);
    const stored = await getObject("resumes", row.resume_key!);
    expect(Buffer.from(stored!.bytes).equals(Buffer.from(samples.pdf()))).toBe(true);

    // The notification is queued with the application; the worker sends it (without SMTP_URL, to the outbox).
    expect(await count("notification_mail")).toBe(1);
    expect(await deliverDueMail()).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    const mails = listFiles(outboxDir);
    expect(mails).toHaveLength(1);
    const mail = readMail(fs.readFileSync(path.join(outboxDir, mails[0]), "utf8")).text;
    expect(mail).toContain("Jordan Rivera");
    expect(mail).toContain("Shift Lead");
    expect(mail).toContain("http://localhost:3000/admin/applications");
  });

  it("stores a DOC and a DOCX resume under their own types", async () => {
    await postCareers(careersForm(application, new File([samples.doc()], "cv.doc")));
    await postCareers(careersForm(application, new File([samples.docx()], "cv.docx")));
    const types = (await database.db.selectFrom("job_applications").select("resume_content_type").execute()).map(
      (r) => r.resume_content_type,
    );
    expect(types.sort()).toEqual([
      "application/msword",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ]);
  });

  it("accepts an application without a resume", async () => {
    const answer = await postCareers(careersForm());
    expect(answer.status).toBe(200);
    expect(await count("job_applications")).toBe(1);
    expect(listFiles(resumesDir)).toEqual([]);
  });

  it("answers missing fields with 400, every field's error and the values kept", async () => {
    const answer = await postCareers(careersForm({ ...application, full_name: "", position: "" }));
    expect(answer.status).toBe(400);
    expect(answer.data.outcome).toBe("invalid");
    expect(answer.data.message).toBe(APPLICATION_FAILURE_MESSAGE);
    expect(answer.data.result.error).toMatchObject({
      full_name: ["Full name is required"],
      position: ["Please choose a position"],
    });
    expect(answer.data.result.initialValue).toMatchObject({
      email: "jordan@example.com",
      availability: "Weekdays after 3 PM",
    });
    expect(await count("job_applications")).toBe(0);
    expect(await count("notification_mail")).toBe(0);
  });

  it("refuses an unknown position and oversized text", async () => {
    const unknown = await postCareers(careersForm({ ...application, position: "astronaut" }));
    expect(unknown.status).toBe(400);
    expect(unknown.data.result.error?.position).toEqual(["Please choose a position from the list"]);
    const long = await postCareers(careersForm({ ...application, availability: "a".repeat(1001) }));
    expect(long.status).toBe(400);
    expect(long.data.result.error?.availability).toEqual(["Availability must be at most 1,000 characters"]);
    expect(await count("job_applications")).toBe(0);
  });

  it("refuses disguised files by their content, whatever their name", async () => {
    for (const file of [
      new File([samples.exe()], "resume.pdf", { type: "application/pdf" }),
      new File([samples.png()], "resume.docx"),
      new File([samples.xlsx()], "resume.docx"),
      new File([samples.text()], "resume.doc"),
    ]) {
      const answer = await postCareers(careersForm(application, file));
      expect(answer.status).toBe(400);
      expect(answer.data.result.error?.resume).toEqual([RESUME_TYPE_MESSAGE]);
    }
    expect(await count("job_applications")).toBe(0);
    expect(listFiles(resumesDir)).toEqual([]);
  });

  it("refuses a resume over 5 MB and keeps the other answers", async () => {
    const big = new Uint8Array(RESUME_MAX_BYTES + 1);
    big.set(samples.pdf());
    const answer = await postCareers(careersForm(application, new File([big], "big.pdf")));
    expect(answer.status).toBe(400);
    expect(answer.data.result.error?.resume).toEqual([RESUME_SIZE_MESSAGE]);
    expect(answer.data.result.initialValue).toMatchObject({ full_name: "Jordan Rivera", position: "shift-lead" });
    expect(await count("job_applications")).toBe(0);
    expect(listFiles(resumesDir)).toEqual([]);
  });

  it("refuses a body over the limit that comes without a Content-Length", async () => {
    const answer = await postCareers(streamedBody(100, 64 * 1024), {
      headers: { "content-type": "multipart/form-data; boundary=----x" },
    });
    expect(answer.status).toBe(400); // not even a valid start: no boundary line
    const oversized = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(
            '------x\r\nContent-Disposition: form-data; name="full_name"\r\n\r\nJordan\r\n------x\r\nContent-Disposition: form-data; name="resume"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n',
          ),
        );
      },
      pull(controller) {
        controller.enqueue(new Uint8Array(256 * 1024).fill(0x61));
      },
    });
    const refused = await postCareers(oversized, {
      headers: { "content-type": "multipart/form-data; boundary=----x" },
    });
    // The file part alone goes over 5 MB: reading stops there, the fields read so far are kept.
    expect(refused.status).toBe(400);
    expect(refused.data.result.error?.resume).toEqual([RESUME_SIZE_MESSAGE]);
    expect(refused.data.result.initialValue).toMatchObject({ full_name: "Jordan" });
    expect(await count("job_applications")).toBe(0);
  });

  it("answers a wrong content type with 415 and a message", async () => {
    const answer = await postCareers(JSON.stringify(application), { headers: { "content-type": "application/json" } });
    expect(answer.status).toBe(415);
    expect(answer.data.outcome).toBe("error");
    expect(answer.data.message).toBe(APPLICATION_FAILURE_MESSAGE);
    expect(answer.data.description).toMatch(/multipart\/form-data/);
    expect(answer.data.result.error?.[""]).toEqual([answer.data.description]);
  });

  it("thanks a bot that filled the honeypot exactly like a person, and stores nothing", async () => {
    const formData = careersForm(application, new File([samples.pdf()], "cv.pdf"));
    formData.set("honeypot", "https://spam.example.com");
    const bot = await postCareers(formData);
    const person = await postCareers(careersForm());
    expect(bot.status).toBe(person.status);
    expect(bot.data).toEqual(person.data);
    expect(await count("job_applications")).toBe(1);
    expect(listFiles(resumesDir)).toEqual([]);
    // One mail queued, the person's: the bot's "submission" queued nothing.
    expect(await count("notification_mail")).toBe(1);
    await deliverDueMail();
    expect(listFiles(outboxDir)).toHaveLength(1);
  });

  it("answers 500 with the spec's failure message when storage fails, and stores no row", async () => {
    fs.mkdirSync(path.join(dataDir, "storage"), { recursive: true });
    fs.writeFileSync(resumesDir, "in the way");
    const answer = await postCareers(careersForm(application, new File([samples.pdf()], "cv.pdf")));
    expect(answer.status).toBe(500);
    expect(answer.data.outcome).toBe("error");
    expect(answer.data.message).toBe(APPLICATION_FAILURE_MESSAGE);
    expect(answer.data.result.initialValue).toMatchObject({ full_name: "Jordan Rivera" });
    expect(await count("job_applications")).toBe(0);
    expect(await count("notification_mail")).toBe(0);
    await deliverDueMail();
    expect(listFiles(outboxDir)).toEqual([]);
  });
});

describe("contact action", () => {
  it("stores the message as 'new' and answers with the spec's message", async () => {
    const answer = await postContact(contactForm());
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ outcome: "success", message: CONTACT_SUCCESS_MESSAGE });
    const row = await database.db.selectFrom("contact_inquiries").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Sam Lee",
      email: "sam@example.com",
      phone: null,
      topic: "product-suggestion",
      message: "Please stock more Sunday Extracts.",
      status: "new",
    });
    expect(await count("notification_mail")).toBe(1);
    expect(await deliverDueMail()).toMatchObject({ sent: 1 });
    const mail = readMail(fs.readFileSync(path.join(outboxDir, listFiles(outboxDir)[0]), "utf8")).text;
    expect(mail).toContain("Please stock more Sunday Extracts.");
  });

  it("accepts the form sent as multipart too", async () => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(inquiry)) formData.append(name, value);
    expect((await postContact(formData)).status).toBe(200);
    expect(await count("contact_inquiries")).toBe(1);
  });

  it("answers missing fields and unknown topics with 400 and keeps the values", async () => {
    const answer = await postContact(contactForm({ ...inquiry, message: "", topic: "complaints" }));
    expect(answer.status).toBe(400);
    expect(answer.data.message).toBe(CONTACT_FAILURE_MESSAGE);
    expect(answer.data.result.error).toMatchObject({
      message: ["Message is required"],
      topic: ["Please choose a topic from the list"],
    });
    expect(answer.data.result.initialValue).toMatchObject({ name: "Sam Lee", email: "sam@example.com" });
    expect(await count("contact_inquiries")).toBe(0);
    expect(await count("notification_mail")).toBe(0);
  });

  it("refuses a message over 5,000 characters", async () => {
    const answer = await postContact(contactForm({ ...inquiry, message: "a".repeat(5001) }));
    expect(answer.status).toBe(400);
    expect(answer.data.result.error?.message).toEqual(["Message must be at most 5,000 characters"]);
  });

  it("refuses a body over the limit, with or without a Content-Length", async () => {
    const body = contactForm({ ...inquiry, message: "a".repeat(70 * 1024) });
    const declared = await postContact(body);
    expect(declared.status).toBe(413);
    expect(declared.data.description).toMatch(/too large/);
    const streamed = await postContact(streamedBody(40, 4096), {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(streamed.status).toBe(413);
    expect(await count("contact_inquiries")).toBe(0);
  });

  it("answers a wrong content type with 415", async () => {
    for (const [type, body] of [
      ["application/json", JSON.stringify(inquiry)],
      ["text/plain", "name=Sam"],
    ]) {
      const answer = await postContact(body, { headers: { "content-type": type } });
      expect(answer.status).toBe(415);
      expect(answer.data.message).toBe(CONTACT_FAILURE_MESSAGE);
    }
    expect(await count("contact_inquiries")).toBe(0);
  });

  it("thanks a bot that filled the honeypot like a person, and stores nothing", async () => {
    const body = contactForm();
    body.set("honeypot", "I am a bot");
    const answer = await postContact(body);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      result: { initialValue: null },
      outcome: "success",
      message: CONTACT_SUCCESS_MESSAGE,
    });
    expect(await count("contact_inquiries")).toBe(0);
    expect(await count("notification_mail")).toBe(0);
    await deliverDueMail();
    expect(listFiles(outboxDir)).toEqual([]);
  });

  it("accepts 5 submissions per address per form, then answers 429 with a clear message", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await postContact(contactForm(), { ip })).status).toBe(200);
    const limited = await postContact(contactForm(), { ip });
    expect(limited.status).toBe(429);
    expect(limited.data.outcome).toBe("error");
    expect(limited.data.message).toBe(CONTACT_FAILURE_MESSAGE);
    expect(limited.data.description).toMatch(
      /^Too many submissions from your connection\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await count("contact_inquiries")).toBe(5);
    // Another address, and the other form from the same address, are not affected.
    expect((await postContact(contactForm())).status).toBe(200);
    expect((await postCareers(careersForm(), { ip })).status).toBe(200);
    // The counter lives in the database, so every app instance sees it.
    const counters = await database.db
      .selectFrom("rate_limits")
      .selectAll()
      .where("key", "=", `form:contact:${ip}`)
      .execute();
    expect(counters.map((c) => c.hits)).toEqual([6]);
  });

  it("counts refused and bot submissions too", async () => {
    const ip = freshIp();
    const bot = contactForm();
    bot.set("honeypot", "spam");
    for (let i = 0; i < 3; i++) await postContact(bot, { ip });
    for (let i = 0; i < 2; i++) await postContact(contactForm({ ...inquiry, email: "nope" }), { ip });
    expect((await postContact(contactForm(), { ip })).status).toBe(429);
  });
});
