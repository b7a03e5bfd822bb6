import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RESUME_BUCKET } from "~/models/applications.server";
import { submitJobApplication } from "~/services/submissions.server";
import type { OpenedDatabase } from "~/server/db.server";
import {
  createLocalDriver,
  deleteObject,
  getObject,
  isValidObjectKey,
  newObjectKey,
  publicUrl,
  putObject,
} from "~/server/storage.server";
import { createTestDatabase } from "../support/database";
import { listFiles, samples, useTemporaryDataDir } from "../support/forms";

const dataDir = useTemporaryDataDir("forms-storage");
const storageRoot = path.join(dataDir, "storage");
const resumesDir = path.join(storageRoot, "resumes");

const application = {
  fullName: "Jordan Rivera",
  email: "jordan@example.com",
  phone: "(405) 555-0199",
  position: "budtender",
  availability: "Weekends",
};

describe("storage (local disk driver)", () => {
  it("stores, reads and deletes an object with its content type", async () => {
    const key = newObjectKey("Resume.PDF");
    expect(key).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    await putObject("resumes", key, samples.pdf(), "application/pdf");
    expect(listFiles(resumesDir)).toEqual([key]);
    const stored = await getObject("resumes", key);
    expect(stored?.contentType).toBe("application/pdf");
    expect(stored?.size).toBe(samples.pdf().byteLength);
    expect(Buffer.from(stored!.bytes).equals(Buffer.from(samples.pdf()))).toBe(true);
    await deleteObject("resumes", key);
    expect(listFiles(resumesDir)).toEqual([]);
    expect(await getObject("resumes", key)).toBeNull();
    // Deleting what is gone is not an error.
    await deleteObject("resumes", key);
  });

  it("keeps buckets apart and gives public buckets a URL, private ones none", async () => {
    const key = newObjectKey("deal.png");
    await putObject("deals", key, samples.png(), "image/png");
    expect(await getObject("blog-images", key)).toBeNull();
    expect(publicUrl("deals", key)).toBe(`/media/deals/${key}`);
    expect(() => publicUrl("resumes", key)).toThrow(/private/);
    await deleteObject("deals", key);
  });

  it("names new keys with a random id and the original extension only when it is safe", () => {
    expect(newObjectKey("a.pdf")).not.toBe(newObjectKey("a.pdf"));
    expect(newObjectKey("noextension")).toMatch(/^[0-9a-f-]{36}$/);
    expect(newObjectKey("evil.p<h>p")).toMatch(/^[0-9a-f-]{36}$/);
    expect(newObjectKey("evil", ".bin")).toMatch(/^[0-9a-f-]{36}\.bin$/);
  });

  it("refuses keys that could leave the bucket, and unknown buckets", async () => {
    for (const key of ["../secret", "a/../../b", ".hidden", "a//b", "/abs", "", "a\\b"]) {
      expect(isValidObjectKey(key)).toBe(false);
      await expect(putObject("resumes", key, samples.pdf(), "application/pdf")).rejects.toThrow(/Invalid storage key/);
    }
    expect(isValidObjectKey("2026/05/abc.png")).toBe(true);
    await expect(getObject("secrets" as never, "a.pdf")).rejects.toThrow(/Unknown storage bucket/);
  });

  it("never leaves a half-written file behind when a write fails", async () => {
    const root = path.join(dataDir, "broken-storage");
    fs.mkdirSync(root, { recursive: true });
    // The metadata folder is a file: the object is written, its metadata cannot be, so the object goes too.
    fs.writeFileSync(path.join(root, ".meta"), "not a folder");
    const driver = createLocalDriver(root);
    await expect(driver.put("resumes", "a.pdf", samples.pdf(), "application/pdf")).rejects.toThrow();
    expect(listFiles(path.join(root, "resumes"))).toEqual([]);
  });
});

describe("storing an application with its resume", () => {
  let database: OpenedDatabase;
  const rowCount = async () =>
    Number(
      (
        await database.db
          .selectFrom("job_applications")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.db.deleteFrom("job_applications").execute();
    fs.rmSync(resumesDir, { recursive: true, force: true });
    fs.rmSync(path.join(storageRoot, ".meta", "resumes"), { recursive: true, force: true });
  });

  it("writes the file and the row that points at it", async () => {
    const row = await submitJobApplication({
      ...application,
      resume: {
        bytes: samples.docx(),
        fileName: "Jordan CV.docx",
        contentType: "application/x-test",
        extension: ".docx",
      },
    });
    expect(row.resume_key).toMatch(/^[0-9a-f-]{36}\.docx$/);
    expect(row.resume_file_name).toBe("Jordan CV.docx");
    expect(row.resume_size_bytes).toBe(samples.docx().byteLength);
    expect(listFiles(resumesDir)).toEqual([row.resume_key]);
    expect((await getObject(RESUME_BUCKET, row.resume_key!))?.contentType).toBe("application/x-test");
  });

  it("stores no row when the file cannot be written", async () => {
    // A file where the bucket folder should be: every write into the bucket fails for real.
    fs.mkdirSync(storageRoot, { recursive: true });
    fs.writeFileSync(resumesDir, "in the way");
    try {
      await expect(
        submitJobApplication({
          ...application,
          resume: { bytes: samples.pdf(), fileName: "cv.pdf", contentType: "application/pdf", extension: ".pdf" },
        }),
      ).rejects.toThrow();
      expect(await rowCount()).toBe(0);
    } finally {
      fs.rmSync(resumesDir, { force: true });
    }
  });

  it("deletes the file again when the row cannot be inserted", async () => {
    await expect(
      submitJobApplication({
        ...application,
        position: "astronaut", // refused by the table's CHECK
        resume: { bytes: samples.pdf(), fileName: "cv.pdf", contentType: "application/pdf", extension: ".pdf" },
      }),
    ).rejects.toThrow();
    expect(await rowCount()).toBe(0);
    expect(listFiles(resumesDir)).toEqual([]);
    expect(listFiles(path.join(storageRoot, ".meta", "resumes"))).toEqual([]);
  });

  it("stores an application without a resume as a row alone", async () => {
    const row = await submitJobApplication({ ...application, howDidYouHear: "" });
    expect(row.resume_key).toBeNull();
    expect(row.how_did_you_hear).toBeNull();
    expect(await rowCount()).toBe(1);
  });
});
