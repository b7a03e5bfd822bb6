import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as activityModel from "~/models/activity.server";
import {
  ACTIVITY_CSV_HEADER,
  activityCsv,
  activityCsvFileName,
  formatActivityChanges,
  listActivity,
  listActivityActors,
} from "~/models/activity-listing.server";
import {
  ACTIVITY_GROUPS,
  ACTIVITY_KINDS,
  activityKindLabel,
  activityKindsOf,
  changedFields,
  pruneActivity,
  recordActivity,
  REDACTED_CHANGE,
} from "~/models/activity.server";
import { pruneActivityNow } from "~/services/daily-pruning.server";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";
import { makeUser } from "./auth-support";
import { logger } from "~/server/logger.server";

let database: OpenedDatabase;
let owner: { id: string; email: string };
let manager: { id: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase();
  const o = await makeUser("owner@example.com", "owner-password", { admin: true });
  const m = await makeUser("manager@example.com", "manager-password", { admin: true });
  owner = { id: o.id, email: o.email };
  manager = { id: m.id, email: m.email };
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom("activity_log").execute();
  await database.db.deleteFrom("brands").execute();
});

const logRows = () => database.db.selectFrom("activity_log").selectAll().execute();

async function readCsv(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

/** A row written directly, at a chosen time. */
async function logAt(
  at: string,
  kind: string,
  actor: { id: string; email: string } | null,
  title = kind,
): Promise<string> {
  const row = await database.db
    .insertInto("activity_log")
    .values({
      created_at: at,
      kind,
      actor_id: actor?.id ?? null,
      actor_email: actor?.email ?? null,
      subject_type: "brand",
      subject_id: title,
      subject_title: title,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("recordActivity in the change's transaction", () => {
  it("a committed change leaves exactly one row with the change's data", async () => {
    const brand = await database.db.transaction().execute(async (trx) => {
      const before = await trx
        .insertInto("brands")
        .values({ name: "Old Name", logo_url: "/old.png", is_featured: false })
        .returningAll()
        .executeTakeFirstOrThrow();
      const after = await trx
        .updateTable("brands")
        .set({ name: "New Name", is_featured: true })
        .where("id", "=", before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordActivity(trx, {
        kind: "brand.update",
        actor: owner,
        subject: { type: "brand", id: after.id, title: after.name },
        changes: changedFields(before, after, ["name", "logo_url", "is_featured"]),
        ip: "203.0.113.9",
      });
      return after;
    });

    const rows = await logRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "brand.update",
      actor_id: owner.id,
      actor_email: owner.email,
      subject_type: "brand",
      subject_id: brand.id,
      subject_title: "New Name",
      ip: "203.0.113.9",
      changes: { name: { from: "Old Name", to: "New Name" }, is_featured: { from: false, to: true } },
    });
    expect(rows[0].created_at).toBeInstanceOf(Date);
  });

  it("a transaction that throws after recording leaves no row (and no change)", async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        const brand = await trx
          .insertInto("brands")
          .values({ name: "Doomed", logo_url: "/x.png" })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordActivity(trx, {
          kind: "brand.create",
          actor: owner,
          subject: { type: "brand", id: brand.id, title: brand.name },
        });
        throw new Error("upload failed");
      }),
    ).rejects.toThrow("upload failed");
    expect(await logRows()).toHaveLength(0);
    expect(await database.db.selectFrom("brands").selectAll().execute()).toHaveLength(0);
  });

  it("a change the database refuses takes its log row with it", async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await recordActivity(trx, {
          kind: "gallery.create",
          actor: owner,
          subject: { type: "gallery", id: "pending", title: "" },
        });
        // alt must not be blank (check constraint).
        await trx.insertInto("gallery_photos").values({ image_url: "/p.jpg", alt: "  " }).execute();
      }),
    ).rejects.toThrow();
    expect(await logRows()).toHaveLength(0);
  });

  it("never stores secret-looking fields or binary values, even when passed directly", async () => {
    await recordActivity(database.db, {
      kind: "user.update",
      actor: owner,
      subject: { type: "user", id: manager.id, title: manager.email },
      changes: {
        password_hash: { from: "old-hash", to: "new-hash" },
        resetToken: { from: null, to: "abc" },
        logo: { from: new Uint8Array([1]), to: new Uint8Array([2]) },
        email: { from: "a@example.com", to: "b@example.com" },
      },
    });
    const [row] = await logRows();
    expect(row.changes).toEqual({
      password_hash: REDACTED_CHANGE,
      resetToken: REDACTED_CHANGE,
      logo: REDACTED_CHANGE,
      email: { from: "a@example.com", to: "b@example.com" },
    });
    expect(JSON.stringify(row)).not.toContain("new-hash");
  });

  it("keeps the e-mail when the account is removed; stores no e-mail without an account", async () => {
    const temp = await makeUser("temp@example.com", "temp-password", { admin: true });
    await recordActivity(database.db, { kind: "auth.sign-in", actor: { id: temp.id, email: temp.email } });
    // A failed sign-in for an unknown e-mail: no actor, only the address.
    await recordActivity(database.db, { kind: "auth.sign-in-failed", actor: null, ip: "198.51.100.7" });
    await database.db.deleteFrom("users").where("id", "=", temp.id).execute();

    const rows = await database.db.selectFrom("activity_log").selectAll().orderBy("kind").execute();
    expect(rows.map((r) => [r.kind, r.actor_id, r.actor_email, r.ip])).toEqual([
      ["auth.sign-in", null, "temp@example.com", null],
      ["auth.sign-in-failed", null, null, "198.51.100.7"],
    ]);
    expect(await listActivityActors()).toEqual([{ id: null, email: "temp@example.com" }]);
    const removed = await listActivity({ actorEmail: "TEMP@example.com", page: 1 });
    expect(removed.rows.map((r) => r.kind)).toEqual(["auth.sign-in"]);
  });

  it("the database refuses a kind not shaped '<subject>.<action>'", async () => {
    for (const kind of ["Brand.create", "brand", "brand.create.extra", "brand_create.x", ".create", "brand. create"]) {
      await expect(database.db.insertInto("activity_log").values({ kind }).execute(), kind).rejects.toThrow(
        /activity_log_kind_check|check constraint/,
      );
    }
    await expect(recordActivity(database.db, { kind: "Brand created" as never })).rejects.toThrow();
    expect(await logRows()).toHaveLength(0);
  });
});

describe("the kinds", () => {
  it("every kind has the database's format, a label and a known group", () => {
    const groups = ACTIVITY_GROUPS.map((g) => g.id as string);
    for (const [kind, { label, group }] of Object.entries(ACTIVITY_KINDS)) {
      expect(kind).toMatch(/^[a-z-]+\.[a-z-]+$/);
      expect(label.length).toBeGreaterThan(0);
      expect(groups).toContain(group);
    }
    expect(activityKindLabel("auth.sign-in-failed")).toBe("Sign-in failed");
    expect(activityKindLabel("brand.create")).toBe("Brand created");
    expect(activityKindLabel("future.kind")).toBe("future.kind");
    expect(activityKindsOf("exports")).toEqual([
      "export.applications",
      "export.inquiries",
      "export.orders",
      "export.subscribers",
      "export.activity",
    ]);
  });
});

describe("changedFields", () => {
  it("leaves out unchanged fields and compares dates by value and arrays by content", () => {
    const before = {
      title: "Same",
      published_at: new Date("2026-11-22T14:00:00.000Z"),
      updated_at: new Date("2026-11-22T14:00:00.000Z"),
      tags: ["a", "b"],
      categories: ["x"],
      excerpt: null,
      sort_order: 1,
    };
    const after = {
      title: "Same",
      published_at: new Date("2026-11-22T14:00:00.000Z"),
      updated_at: new Date("2026-11-23T09:30:00.000Z"),
      tags: ["a", "b"],
      categories: ["x", "y"],
      excerpt: undefined,
      sort_order: 2,
    };
    expect(
      changedFields(before, after, [
        "title",
        "published_at",
        "updated_at",
        "tags",
        "categories",
        "excerpt",
        "sort_order",
      ]),
    ).toEqual({
      updated_at: { from: "2026-11-22T14:00:00.000Z", to: "2026-11-23T09:30:00.000Z" },
      categories: { from: "x", to: "x, y" },
      sort_order: { from: 1, to: 2 },
    });
    // Only the listed fields are compared.
    expect(changedFields({ a: 1, b: 1 }, { a: 1, b: 2 }, ["a"])).toEqual({});
    // A date text and a Date of the same instant are alike.
    expect(changedFields({ at: new Date("2026-01-01T00:00:00Z") }, { at: "2026-01-01T00:00:00.000Z" }, ["at"])).toEqual(
      {},
    );
  });

  it("describes a created or deleted row against nothing", () => {
    expect(changedFields(null, { name: "Acme", site_url: null }, ["name", "site_url"])).toEqual({
      name: { from: null, to: "Acme" },
    });
    expect(changedFields({ name: "Acme" }, null, ["name"])).toEqual({ name: { from: "Acme", to: null } });
  });

  it("redacts the fields asked for, and any named like a secret, without their values", () => {
    const changes = changedFields(
      { notes: "old secret plan", password_hash: "h1", totpSecret: "s1", email: "a@x.com" },
      { notes: "new secret plan", password_hash: "h2", totpSecret: "s2", email: "a@x.com" },
      ["notes", "password_hash", "totpSecret", "email"],
      { redact: ["notes"] },
    );
    expect(changes).toEqual({ notes: REDACTED_CHANGE, password_hash: REDACTED_CHANGE, totpSecret: REDACTED_CHANGE });
    expect(JSON.stringify(changes)).not.toMatch(/plan|h1|h2|s1|s2/);
    // Unchanged redacted fields are left out like any other.
    expect(changedFields({ password: "x" }, { password: "x" }, ["password"])).toEqual({});
  });

  it("cuts values to 200 characters", () => {
    const long = "é".repeat(250);
    const changes = changedFields({ content: "short" }, { content: long }, ["content"]);
    const change = changes.content as { from: string; to: string };
    expect(change.from).toBe("short");
    expect(Array.from(change.to)).toHaveLength(200);
    expect(change.to.endsWith("…")).toBe(true);
    expect(change.to.startsWith("é".repeat(199))).toBe(true);
  });
});

describe("listing", () => {
  beforeEach(async () => {
    await logAt("2026-11-20T10:00:00Z", "brand.create", owner, "one");
    await logAt("2026-11-20T11:00:00Z", "review.feature", manager, "two");
    await logAt("2026-11-20T12:00:00Z", "brand.update", owner, "three");
    await logAt("2026-11-20T13:00:00Z", "auth.sign-in", manager, "four");
    await logAt("2026-11-20T14:00:00Z", "auth.sign-in-failed", null, "five");
    await logAt("2026-11-20T15:00:00Z", "deal.delete", owner, "six");
  });

  it("pages through everything, newest first, with the total", async () => {
    const first = await listActivity({ page: 1, pageSize: 4 });
    expect(first.total).toBe(6);
    expect(first.rows.map((r) => r.subject_title)).toEqual(["six", "five", "four", "three"]);
    const second = await listActivity({ page: 2, pageSize: 4 });
    expect(second.rows.map((r) => r.subject_title)).toEqual(["two", "one"]);
    expect((await listActivity({ page: 3, pageSize: 4 })).rows).toEqual([]);
  });

  it("filters by person", async () => {
    const page = await listActivity({ actorId: owner.id, page: 1, pageSize: 2 });
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.subject_title)).toEqual(["six", "three"]);
    const next = await listActivity({ actorId: owner.id, page: 2, pageSize: 2 });
    expect(next.rows.map((r) => r.subject_title)).toEqual(["one"]);
    // Not an id: nothing (and no database error).
    expect(await listActivity({ actorId: "not-a-uuid", page: 1 })).toEqual({ rows: [], total: 0 });
  });

  it("filters by group, and by person and group together", async () => {
    const content = await listActivity({ group: "content", page: 1, pageSize: 10 });
    expect(content.total).toBe(3);
    expect(content.rows.map((r) => r.kind)).toEqual(["deal.delete", "brand.update", "brand.create"]);
    const signIns = await listActivity({ group: "sign-in", page: 1, pageSize: 10 });
    expect(signIns.rows.map((r) => r.subject_title)).toEqual(["five", "four"]);
    const managerSignIns = await listActivity({ group: "sign-in", actorId: manager.id, page: 1, pageSize: 10 });
    expect(managerSignIns).toMatchObject({ total: 1, rows: [{ subject_title: "four" }] });
    expect((await listActivity({ group: "exports", page: 1 })).total).toBe(0);
  });

  it("lists the people in the log for the filter, by e-mail", async () => {
    expect(await listActivityActors()).toEqual([
      { id: manager.id, email: manager.email },
      { id: owner.id, email: owner.email },
    ]);
  });

  it("prunes rows older than the retention period", async () => {
    const now = new Date("2027-11-20T12:30:00Z");
    expect(await pruneActivity(365, now)).toBe(3);
    expect((await logRows()).map((r) => r.subject_title).sort()).toEqual(["five", "four", "six"]);
  });

  it("prunes on schedule with the default retention, and a failure is logged, not thrown", async () => {
    const now = new Date("2027-11-20T12:30:00Z");
    expect(await pruneActivityNow(now)).toBe(3);
    expect(await pruneActivityNow(now)).toBe(0);
    const failure = vi.spyOn(activityModel, "pruneActivity").mockRejectedValueOnce(new Error("disk full"));
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      expect(await pruneActivityNow(now)).toBe(0);
      expect(logged).toHaveBeenCalledWith({ err: expect.any(Error) }, "Activity log pruning failed");
    } finally {
      failure.mockRestore();
      logged.mockRestore();
    }
  });
});

describe("CSV export", () => {
  it("has the header, the stores' local time, labels and changes, and defuses formulas", async () => {
    await database.db
      .insertInto("activity_log")
      .values({
        created_at: "2026-11-22T20:05:00Z",
        kind: "post.update",
        actor_id: owner.id,
        actor_email: owner.email,
        subject_type: "post",
        subject_id: "p1",
        subject_title: '=HYPERLINK("http://evil.example")',
        changes: JSON.stringify({ title: { from: "Old", to: "@New" }, password: REDACTED_CHANGE }),
        ip: "203.0.113.9",
      })
      .execute();
    const text = await readCsv(activityCsv({}));
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const [header, ...rows] = parse(text, { bom: true }) as string[][];
    expect(header).toEqual(ACTIVITY_CSV_HEADER);
    expect(header).toEqual(["Date", "Person", "Action", "Type", "Id", "Title", "Changes", "IP"]);
    expect(rows).toEqual([
      [
        "2026-11-22 14:05",
        owner.email,
        "Post updated",
        "post",
        "p1",
        `'=HYPERLINK("http://evil.example")`,
        "title: Old → @New; password: (changed)",
        "203.0.113.9",
      ],
    ]);
    expect(activityCsvFileName(new Date("2026-11-23T03:00:00Z"))).toBe("activity-2026-11-22.csv");
  });

  it("streams every matching row in batches, newest first, even rows sharing a timestamp", async () => {
    // Rows of one transaction share now(): the batches must neither skip nor repeat them.
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 7; i++) {
        await recordActivity(trx, { kind: "brand.move", actor: owner, subject: { type: "brand", id: `b${i}` } });
      }
    });
    await logAt("2020-01-01T00:00:00Z", "review.hide", manager, "old");
    await logAt("2030-01-01T00:00:00Z", "brand.delete", manager, "new");
    const all = parse(await readCsv(activityCsv({}, 2)), { bom: true }) as string[][];
    expect(all).toHaveLength(10);
    expect(all[1][5]).toBe("new");
    expect(all[9][5]).toBe("old");
    expect(new Set(all.slice(2, 9).map((r) => r[4]))).toEqual(new Set(["b0", "b1", "b2", "b3", "b4", "b5", "b6"]));

    const content = parse(await readCsv(activityCsv({ group: "content", actorId: owner.id }, 3)), {
      bom: true,
    }) as string[][];
    expect(content).toHaveLength(8);
    expect(formatActivityChanges(null)).toBe("");
  });
});
