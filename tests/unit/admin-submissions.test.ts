// Admin job applications and contact inquiries: search, filter, keyset pages, the status selector's
// action, the CSV exports (parsed back with a real CSV parser) and the resume download behind the guard.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { todayInStoreZone } from "~/lib/dates";
import { STATUS_UPDATED_MESSAGE, UNKNOWN_STATUS_MESSAGE } from "~/lib/schemas/inquiry-status";
import { formatExportDate, formatSubmittedAt, parsePageCursor } from "~/lib/submissions";
import { jobApplicationBatches, listJobApplications } from "~/models/applications.server";
import { listContactInquiries } from "~/models/inquiries.server";
import { submitContactInquiry, submitJobApplication } from "~/services/submissions.server";
import { loader as resumeLoader } from "~/routes/admin/application-resume";
import { loader as applicationsLoader } from "~/routes/admin/applications";
import { loader as applicationsExportLoader } from "~/routes/admin/applications-export";
import { action as inquiriesAction, loader as inquiriesLoader } from "~/routes/admin/inquiries";
import { loader as inquiriesExportLoader } from "~/routes/admin/inquiries-export";
import type { OpenedDatabase } from "~/server/db.server";
import { attachmentDisposition, downloadFileName } from "~/routes/admin/application-resume.server";
import { deleteObject } from "~/server/storage.server";
import { createTestDatabase } from "../support/database";
import { samples, useTemporaryDataDir } from "../support/forms";
import { asResult, makeUser, ORIGIN, callRoute, sessionCookieFor, settle } from "./auth-support";
import { csvOf } from "../support/csv-response";

useTemporaryDataDir("admin-submissions");

let database: OpenedDatabase;
let adminCookie = "";
let memberCookie = "";

beforeAll(async () => {
  database = await createTestDatabase();
  adminCookie = await sessionCookieFor((await makeUser("boss@example.com", "boss-password", { admin: true })).id);
  memberCookie = await sessionCookieFor((await makeUser("clerk@example.com", "clerk-password", { admin: false })).id);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom("job_applications").execute();
  await database.db.deleteFrom("contact_inquiries").execute();
});

const get = (path: string, cookie = adminCookie) =>
  new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

function post(path: string, fields: Record<string, string>, cookie = adminCookie) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

async function loadApplications(query = "") {
  return asResult(await callRoute(applicationsLoader, get(`/admin/applications${query}`))).data as Awaited<
    ReturnType<typeof applicationsLoader>
  >;
}

async function loadInquiries(query = "") {
  return asResult(await callRoute(inquiriesLoader, get(`/admin/inquiries${query}`))).data as Awaited<
    ReturnType<typeof inquiriesLoader>
  >;
}

const application = (overrides: Partial<Parameters<typeof submitJobApplication>[0]> = {}) =>
  submitJobApplication({
    fullName: "Jordan Rivera",
    email: "jordan@example.com",
    phone: "(405) 555-0199",
    position: "budtender",
    availability: "Weekdays after 3 PM",
    howDidYouHear: "Instagram",
    ...overrides,
  });

const inquiry = (overrides: Partial<Parameters<typeof submitContactInquiry>[0]> = {}) =>
  submitContactInquiry({
    name: "Sam Lee",
    email: "sam@example.com",
    phone: "405-555-0100",
    topic: "general",
    message: "Do you have parking?",
    ...overrides,
  });

/** Sets a row's created_at (rows created in one statement share a timestamp otherwise). */
async function setCreatedAt(table: "job_applications" | "contact_inquiries", id: string, at: string) {
  await database.db
    .updateTable(table)
    .set({ created_at: new Date(at) })
    .where("id", "=", id)
    .execute();
}

describe("applications list", () => {
  it("shows the newest first with every column, and says when nothing matches", async () => {
    const older = await application({ fullName: "Older Applicant", position: "driver", howDidYouHear: null });
    const newer = await application({ fullName: "Newer Applicant", position: "shift-lead" });
    await setCreatedAt("job_applications", older.id, "2026-11-20T15:00:00Z");
    await setCreatedAt("job_applications", newer.id, "2026-11-22T20:05:00Z");

    const page = await loadApplications();
    expect(page.total).toBe(2);
    expect(page.applications.map((a) => a.name)).toEqual(["Newer Applicant", "Older Applicant"]);
    expect(page.applications[0]).toMatchObject({
      email: "jordan@example.com",
      phone: "(405) 555-0199",
      position: "Shift Lead",
      availability: "Weekdays after 3 PM",
      howDidYouHear: "Instagram",
      resume: null,
      submittedAt: "2026-11-22T20:05:00.000Z",
      // 20:05 UTC is 2:05 PM in Norman (CST).
      submittedAtText: "Nov 22, 2026, 2:05 PM",
    });
    expect(page.applications[1].howDidYouHear).toBeNull();
    expect(page.previousHref).toBeNull();
    expect(page.nextHref).toBeNull();
    expect(page.exportHref).toBe("/admin/applications/export.csv");

    const none = await loadApplications("?q=nobody");
    expect(none.total).toBe(0);
    expect(none.applications).toEqual([]);
    expect(none.exportHref).toBe("/admin/applications/export.csv?q=nobody");
  });

  it("searches name, email and position, case-insensitively, position by its label too", async () => {
    await application({ fullName: "Ana García", email: "ana@example.com", position: "kitchen" });
    await application({ fullName: "Ben Ortiz", email: "ben.ortiz@example.org", position: "shift-lead" });
    await application({ fullName: "Cy Young", email: "cy@example.com", position: "driver" });

    const names = async (q: string) =>
      (await loadApplications(`?q=${encodeURIComponent(q)}`)).applications.map((a) => a.name);
    expect(await names("ana")).toEqual(["Ana García"]);
    expect(await names("GARCÍA")).toEqual(["Ana García"]);
    expect(await names("EXAMPLE.ORG")).toEqual(["Ben Ortiz"]);
    expect(await names("shift-lead")).toEqual(["Ben Ortiz"]);
    expect(await names("Shift Lead")).toEqual(["Ben Ortiz"]);
    expect(await names("  driv  ")).toEqual(["Cy Young"]);
  });

  it("treats LIKE wildcards in the search as plain text", async () => {
    await application({ fullName: "Percent 100% Sure", email: "p@example.com" });
    await application({ fullName: "Under_score", email: "u@example.com" });
    await application({ fullName: "Plain Name", email: "plain@example.com" });

    const names = async (q: string) =>
      (await loadApplications(`?q=${encodeURIComponent(q)}`)).applications.map((a) => a.name);
    expect(await names("%")).toEqual(["Percent 100% Sure"]);
    expect(await names("_")).toEqual(["Under_score"]);
    expect(await names("\\")).toEqual([]);
  });

  it("pages 50 at a time with Previous and Next, exactly, even when rows share a timestamp", async () => {
    // 120 rows in one statement: every created_at is the same, only the id orders them.
    await database.db
      .insertInto("job_applications")
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          full_name: `Applicant ${i}`,
          email: `a${i}@example.com`,
          phone: "405-555-0000",
          position: "budtender",
          availability: "Any",
        })),
      )
      .execute();

    const first = await loadApplications();
    expect(first.total).toBe(120);
    expect(first.applications).toHaveLength(50);
    expect(first.previousHref).toBeNull();
    expect(first.nextHref).toMatch(/^\/admin\/applications\?after=[0-9a-f-]{36}$/);

    const second = await loadApplications(first.nextHref!.slice("/admin/applications".length));
    expect(second.applications).toHaveLength(50);
    expect(second.previousHref).toMatch(/\?before=/);
    const third = await loadApplications(second.nextHref!.slice("/admin/applications".length));
    expect(third.applications).toHaveLength(20);
    expect(third.nextHref).toBeNull();

    const seen = [...first.applications, ...second.applications, ...third.applications].map((a) => a.id);
    expect(new Set(seen).size).toBe(120);

    // Previous from the third page is the second, and from the second the first.
    const back = await loadApplications(third.previousHref!.slice("/admin/applications".length));
    expect(back.applications.map((a) => a.id)).toEqual(second.applications.map((a) => a.id));
    const backAgain = await loadApplications(back.previousHref!.slice("/admin/applications".length));
    expect(backAgain.applications.map((a) => a.id)).toEqual(first.applications.map((a) => a.id));
    expect(backAgain.previousHref).toBeNull();
  });

  it("keeps the search in the page links, and a stale or malformed cursor gives the first page", async () => {
    await database.db
      .insertInto("job_applications")
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          full_name: i % 2 ? `Odd ${i}` : `Even ${i}`,
          email: `e${i}@example.com`,
          phone: "405-555-0000",
          position: "driver",
          availability: "Any",
        })),
      )
      .execute();
    const odd = await loadApplications("?q=odd");
    expect(odd.total).toBe(30);
    expect(odd.applications).toHaveLength(30);
    expect(odd.nextHref).toBeNull();

    const all = await loadApplications();
    expect(all.nextHref).not.toBeNull();
    const gone = await loadApplications("?after=3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f");
    expect(gone.applications.map((a) => a.id)).toEqual(all.applications.map((a) => a.id));
    const malformed = await loadApplications("?after=1;drop table users");
    expect(malformed.applications.map((a) => a.id)).toEqual(all.applications.map((a) => a.id));
    expect(parsePageCursor(new URLSearchParams("before=3F1C2D4E-5B6A-4C7D-8E9F-0A1B2C3D4E5F"))).toEqual({
      direction: "before",
      id: "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f",
    });
  });

  it("links a stored resume for download", async () => {
    const withResume = await application({
      resume: { bytes: samples.pdf(), fileName: "cv.pdf", contentType: "application/pdf", extension: ".pdf" },
    });
    const page = await loadApplications();
    expect(page.applications[0].resume).toEqual({
      href: `/admin/applications/${withResume.id}/resume`,
      fileName: "cv.pdf",
    });
  });
});

describe("inquiries list", () => {
  it("filters by status, searches name, email and topic, and combines the two", async () => {
    const a = await inquiry({ name: "Alice Fern", email: "alice@example.com", topic: "product-suggestion" });
    const b = await inquiry({ name: "Bob Stone", email: "bob@example.net", topic: "career" });
    const c = await inquiry({ name: "Carol Alice", email: "carol@example.com", topic: "review" });
    await database.db.updateTable("contact_inquiries").set({ status: "closed" }).where("id", "=", b.id).execute();
    await database.db.updateTable("contact_inquiries").set({ status: "in-progress" }).where("id", "=", c.id).execute();
    await setCreatedAt("contact_inquiries", a.id, "2026-11-20T10:00:00Z");
    await setCreatedAt("contact_inquiries", b.id, "2026-11-21T10:00:00Z");
    await setCreatedAt("contact_inquiries", c.id, "2026-11-22T10:00:00Z");

    const names = async (query: string) => (await loadInquiries(query)).inquiries.map((i) => i.name);
    expect(await names("")).toEqual(["Carol Alice", "Bob Stone", "Alice Fern"]);
    expect(await names("?status=new")).toEqual(["Alice Fern"]);
    expect(await names("?status=closed")).toEqual(["Bob Stone"]);
    expect(await names("?status=in-progress")).toEqual(["Carol Alice"]);
    expect(await names("?status=bogus")).toEqual(["Carol Alice", "Bob Stone", "Alice Fern"]);
    expect(await names("?q=ALICE")).toEqual(["Carol Alice", "Alice Fern"]);
    expect(await names("?q=example.net")).toEqual(["Bob Stone"]);
    expect(await names("?q=product%20suggestion")).toEqual(["Alice Fern"]);
    expect(await names("?q=career")).toEqual(["Bob Stone"]);
    expect(await names("?q=alice&status=in-progress")).toEqual(["Carol Alice"]);
    expect(await names("?q=nobody")).toEqual([]);

    const filtered = await loadInquiries("?q=alice&status=new");
    expect(filtered.status).toBe("new");
    expect(filtered.exportHref).toBe("/admin/inquiries/export.csv?q=alice&status=new");
    expect(filtered.inquiries[0]).toMatchObject({ topic: "Product Suggestion", status: "new", phone: "405-555-0100" });
  });

  it("pages within a status filter", async () => {
    await database.db
      .insertInto("contact_inquiries")
      .values(
        Array.from({ length: 130 }, (_, i) => ({
          name: `Person ${i}`,
          email: `p${i}@example.com`,
          topic: "general",
          message: "Hello",
          status: i % 2 ? "closed" : "new",
        })),
      )
      .execute();
    const first = await loadInquiries("?status=closed");
    expect(first.total).toBe(65);
    expect(first.inquiries).toHaveLength(50);
    expect(first.nextHref).toMatch(/^\/admin\/inquiries\?status=closed&after=/);
    const second = await loadInquiries(first.nextHref!.slice("/admin/inquiries".length));
    expect(second.inquiries).toHaveLength(15);
    expect(second.inquiries.every((i) => i.status === "closed")).toBe(true);
    expect(second.nextHref).toBeNull();
  });
});

describe("inquiry status action", () => {
  it("saves a status from the page's script and answers with the toast's words", async () => {
    const row = await inquiry();
    const result = asResult(
      await callRoute(
        inquiriesAction,
        post("/admin/inquiries", { intent: "status", id: row.id, status: "in-progress", via: "fetcher" }),
      ),
    );
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ ok: true, message: STATUS_UPDATED_MESSAGE, id: row.id });
    expect((await listContactInquiries({})).rows[0].status).toBe("in-progress");
  });

  it("without JavaScript, saves and redirects back to the same list with a toast", async () => {
    const row = await inquiry();
    const response = (await callRoute(
      inquiriesAction,
      post("/admin/inquiries", {
        intent: "status",
        id: row.id,
        status: "closed",
        via: "form",
        returnTo: "/admin/inquiries?q=sam&status=new",
      }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/inquiries?q=sam&status=new");
    expect(response.headers.get("Set-Cookie")).toMatch(/toast/);
    expect((await listContactInquiries({})).rows[0].status).toBe("closed");

    // Never anywhere else.
    for (const returnTo of ["https://evil.example/", "//evil.example", "/admin/brands", ""]) {
      const other = (await callRoute(
        inquiriesAction,
        post("/admin/inquiries", { intent: "status", id: row.id, status: "new", returnTo }),
      )) as Response;
      expect(other.headers.get("Location")).toBe("/admin/inquiries");
    }
  });

  it("refuses an unknown status or a malformed id with 400, and an unknown inquiry with 404", async () => {
    const row = await inquiry();
    const unknownStatus = asResult(
      await callRoute(
        inquiriesAction,
        post("/admin/inquiries", { intent: "status", id: row.id, status: "archived", via: "fetcher" }),
      ),
    );
    expect(unknownStatus.status).toBe(400);
    expect(unknownStatus.data).toMatchObject({ ok: false, message: UNKNOWN_STATUS_MESSAGE });

    const badId = asResult(
      await callRoute(inquiriesAction, post("/admin/inquiries", { intent: "status", id: "42", status: "closed" })),
    );
    expect(badId.status).toBe(400);

    const noIntent = asResult(
      await callRoute(inquiriesAction, post("/admin/inquiries", { id: row.id, status: "closed" })),
    );
    expect(noIntent.status).toBe(400);

    const missing = asResult(
      await callRoute(
        inquiriesAction,
        post("/admin/inquiries", {
          intent: "status",
          id: "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f",
          status: "closed",
          via: "fetcher",
        }),
      ),
    );
    expect(missing.status).toBe(404);
    expect(missing.data.ok).toBe(false);
    expect((await listContactInquiries({})).rows[0].status).toBe("new");
  });

  it("is behind the guard", async () => {
    const row = await inquiry();
    const fields = { intent: "status", id: row.id, status: "closed", via: "fetcher" };
    const anonymous = (await settle(() =>
      callRoute(inquiriesAction, post("/admin/inquiries", fields, "")),
    )) as Response;
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    const member = (await settle(() =>
      callRoute(inquiriesAction, post("/admin/inquiries", fields, memberCookie)),
    )) as Response;
    expect(member.headers.get("Location")).toBe("/");
    expect((await listContactInquiries({})).rows[0].status).toBe("new");
  });
});

describe("CSV exports", () => {
  it("exports only the last 7 days when the list shows only them (?since=7d, the dashboard's link)", async () => {
    const recent = await application({ fullName: "Recent Applicant", email: "recent@example.com" });
    const old = await application({ fullName: "Old Applicant", email: "old@example.com" });
    await setCreatedAt("job_applications", old.id, "2020-01-10T06:15:00Z");
    const list = await loadApplications("?since=7d");
    expect(list.exportHref).toBe("/admin/applications/export.csv?since=7d");
    const response = (await callRoute(applicationsExportLoader, get(list.exportHref))) as Response;
    const names = (await csvOf(response)).slice(1).map((row) => row[0]);
    expect(names).toContain(recent.full_name);
    expect(names).not.toContain("Old Applicant");
  });

  it("exports applications with the spec's columns, quoting, defused formulas and the resume link", async () => {
    const withResume = await application({
      fullName: 'Jo "JJ" Smith',
      phone: "+1 405 555 0101",
      position: "shift-lead",
      availability: "Mornings,\nweekends too",
      howDidYouHear: '=HYPERLINK("http://evil.example","click")',
      resume: { bytes: samples.pdf(), fileName: "cv.pdf", contentType: "application/pdf", extension: ".pdf" },
    });
    const plain = await application({ fullName: "Plain Person", email: "plain@example.com", howDidYouHear: null });
    await setCreatedAt("job_applications", withResume.id, "2026-07-04T17:30:00Z");
    await setCreatedAt("job_applications", plain.id, "2026-01-10T06:15:00Z");

    const response = (await callRoute(applicationsExportLoader, get("/admin/applications/export.csv"))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="job-applications-${todayInStoreZone()}.csv"`,
    );
    const rows = await csvOf(response);
    expect(rows[0]).toEqual([
      "Name",
      "Email",
      "Phone",
      "Position",
      "Availability",
      "Resume",
      "How Did You Hear",
      "Date",
    ]);
    expect(rows.slice(1)).toEqual([
      [
        'Jo "JJ" Smith',
        "jordan@example.com",
        "'+1 405 555 0101",
        "Shift Lead",
        "Mornings,\nweekends too",
        `http://localhost:3000/admin/applications/${withResume.id}/resume`,
        `'=HYPERLINK("http://evil.example","click")`,
        // 17:30 UTC in July is 12:30 in Norman (CDT).
        "2026-07-04 12:30",
      ],
      [
        "Plain Person",
        "plain@example.com",
        "(405) 555-0199",
        "Budtender",
        "Weekdays after 3 PM",
        "",
        "",
        "2026-01-10 00:15",
      ],
    ]);
  });

  it("exports only what the search finds", async () => {
    await application({ fullName: "Keep Me", email: "keep@example.com" });
    await application({ fullName: "Leave Out", email: "leave@example.com" });
    const response = (await callRoute(
      applicationsExportLoader,
      get("/admin/applications/export.csv?q=keep"),
    )) as Response;
    const rows = await csvOf(response);
    expect(rows.slice(1).map((r) => r[0])).toEqual(["Keep Me"]);
  });

  it("exports inquiries honouring the search and the status filter", async () => {
    const a = await inquiry({ name: "Alpha Match", message: 'Line one\nSays "hi"', phone: null, topic: "review" });
    await inquiry({ name: "Beta Match", message: "-5 grams?" });
    await inquiry({ name: "Gamma Other", message: "x" });
    await database.db.updateTable("contact_inquiries").set({ status: "closed" }).where("id", "=", a.id).execute();
    await setCreatedAt("contact_inquiries", a.id, "2026-11-22T05:59:00Z");

    const all = await csvOf(
      (await callRoute(inquiriesExportLoader, get("/admin/inquiries/export.csv?q=match"))) as Response,
    );
    expect(all[0]).toEqual(["Name", "Email", "Phone", "Topic", "Message", "Status", "Date"]);
    expect(
      all
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(["Alpha Match", "Beta Match"]);
    expect(all.find((r) => r[0] === "Beta Match")?.[4]).toBe("'-5 grams?");

    const response = (await callRoute(
      inquiriesExportLoader,
      get("/admin/inquiries/export.csv?q=match&status=closed"),
    )) as Response;
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="contact-inquiries-${todayInStoreZone()}.csv"`,
    );
    const closed = await csvOf(response);
    // 05:59 UTC on the 22nd is still 23:59 on the 21st in Norman.
    expect(closed.slice(1)).toEqual([
      ["Alpha Match", "sam@example.com", "", "Review", 'Line one\nSays "hi"', "Closed", "2026-11-21 23:59"],
    ]);
  });

  it("reads the table in batches of 1000 and exports 2,500 rows, each once, newest first", async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      full_name: `Bulk ${String(i).padStart(4, "0")}`,
      email: `bulk${i}@example.com`,
      phone: "405-555-0000",
      position: "packaging",
      availability: "Any",
      // Some share a timestamp, so the id has to break ties across batch boundaries.
      created_at: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await database.db
        .insertInto("job_applications")
        .values(rows.slice(i, i + 500))
        .execute();
    }

    const sizes: number[] = [];
    for await (const batch of jobApplicationBatches({})) sizes.push(batch.length);
    expect(sizes).toEqual([1000, 1000, 500]);

    const exported = await csvOf(
      (await callRoute(applicationsExportLoader, get("/admin/applications/export.csv"))) as Response,
    );
    const names = exported.slice(1).map((r) => r[0]);
    expect(names).toHaveLength(2500);
    expect(new Set(names).size).toBe(2500);
    expect(names[0]).toBe("Bulk 2499");
    expect(names.at(-1)).toMatch(/^Bulk 000[0-2]$/);
    const dates = exported.slice(1).map((r) => r[7]);
    expect([...dates].sort().reverse()).toEqual(dates);

    const page = await listJobApplications({ search: "bulk 24" });
    expect(page.total).toBe(100);
  });

  it("refuses anonymous visitors and non-admins", async () => {
    const anonymous = (await settle(() =>
      callRoute(applicationsExportLoader, get("/admin/applications/export.csv", "")),
    )) as Response;
    expect(anonymous.headers.get("Location")).toBe(
      `/admin/login?redirectTo=${encodeURIComponent("/admin/applications/export.csv")}`,
    );
    const member = (await settle(() =>
      callRoute(inquiriesExportLoader, get("/admin/inquiries/export.csv", memberCookie)),
    )) as Response;
    expect(member.headers.get("Location")).toBe("/");
  });
});

describe("resume download", () => {
  async function download(id: string, cookie = adminCookie) {
    return settle(() =>
      callRoute(resumeLoader, get(`/admin/applications/${id}/resume`, cookie), { id }),
    ) as Promise<Response>;
  }

  it("sends the stored file to an admin as an attachment with its type and a safe name", async () => {
    const stored = await application({
      resume: {
        bytes: samples.pdf(),
        fileName: '../My "Résumé"\u0007 2026.PDF',
        contentType: "application/pdf",
        extension: ".pdf",
      },
    });
    const response = await download(stored.id);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(samples.pdf());
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="My R_sum_ 2026.pdf"; filename*=UTF-8''My%20R%C3%A9sum%C3%A9%202026.pdf`,
    );
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("redirects an anonymous visitor to the login page and a non-admin home", async () => {
    const stored = await application({
      resume: { bytes: samples.pdf(), fileName: "cv.pdf", contentType: "application/pdf", extension: ".pdf" },
    });
    const anonymous = await download(stored.id, "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(
      `/admin/login?redirectTo=${encodeURIComponent(`/admin/applications/${stored.id}/resume`)}`,
    );
    const member = await download(stored.id, memberCookie);
    expect(member.headers.get("Location")).toBe("/");
  });

  it("answers 404 for an unknown or malformed id, an application without a resume, and a missing file", async () => {
    expect((await download("3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f")).status).toBe(404);
    expect((await download("not-a-uuid")).status).toBe(404);
    const without = await application();
    expect((await download(without.id)).status).toBe(404);
    const lost = await application({
      resume: { bytes: samples.pdf(), fileName: "cv.pdf", contentType: "application/pdf", extension: ".pdf" },
    });
    await deleteObject("resumes", lost.resume_key!);
    expect((await download(lost.id)).status).toBe(404);
  });

  it("names downloads safely", () => {
    expect(downloadFileName("cv.pdf", "a.pdf")).toBe("cv.pdf");
    expect(downloadFileName("C:\\Users\\me\\cv.docx", "a.docx")).toBe("cv.docx");
    expect(downloadFileName("report.exe", "a.pdf")).toBe("report.exe.pdf");
    expect(downloadFileName("...", "a.doc")).toBe("resume.doc");
    expect(downloadFileName("", "a.pdf")).toBe("resume.pdf");
    expect(downloadFileName(`${"x".repeat(400)}.pdf`, "a.pdf")).toBe(`${"x".repeat(150)}.pdf`);
    expect(attachmentDisposition('a"b\\c%.pdf')).toBe(
      `attachment; filename="a_b_c_.pdf"; filename*=UTF-8''a%22b%5Cc%25.pdf`,
    );
  });
});

describe("dates in the stores' time zone", () => {
  it("shows and exports local times across daylight saving time", () => {
    expect(formatSubmittedAt(new Date("2026-03-08T07:59:00Z"))).toBe("Mar 8, 2026, 1:59 AM");
    expect(formatSubmittedAt(new Date("2026-03-08T08:00:00Z"))).toBe("Mar 8, 2026, 3:00 AM");
    expect(formatExportDate(new Date("2026-11-23T05:30:00Z"))).toBe("2026-11-22 23:30");
    expect(formatExportDate(new Date("2026-11-23T06:00:00Z"))).toBe("2026-11-23 00:00");
  });
});
