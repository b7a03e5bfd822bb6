import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseLockedError, lockDataDirectory } from "~/server/db.server";
import { splitSqlStatements } from "~/server/sql-script.server";
import { createTestDatabase } from "../support/database";
import type { OpenedDatabase } from "~/server/db.server";

describe("SQL script splitting", () => {
  it("splits on semicolons outside quotes, dollar bodies and comments", () => {
    const script = `
      -- a comment; with a semicolon
      create table a (x text default 'a;b');
      /* block; comment */
      create function f() returns int as $$ select 1; $$ language sql;
      insert into a values ('it''s; fine');
    `;
    const statements = splitSqlStatements(script);
    expect(statements).toHaveLength(3);
    expect(statements[0]).toContain("'a;b'");
    expect(statements[1]).toContain("$$ select 1; $$");
    expect(statements[2]).toContain("'it''s; fine'");
  });
});

describe("embedded database lock", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("refuses a second owner while the first is alive, and takes over a stale lock", () => {
    const release = lockDataDirectory(dir);
    // Pretend another live process (our parent) holds it.
    fs.writeFileSync(path.join(dir, "owner.lock"), String(process.ppid));
    expect(() => lockDataDirectory(dir)).toThrow(DatabaseLockedError);
    expect(() => lockDataDirectory(dir)).toThrow(/in use by another process/);
    // A lock left by a dead process is taken over.
    fs.writeFileSync(path.join(dir, "owner.lock"), "999999999");
    const again = lockDataDirectory(dir);
    expect(fs.readFileSync(path.join(dir, "owner.lock"), "utf8")).toBe(String(process.pid));
    again();
    release();
    expect(fs.existsSync(path.join(dir, "owner.lock"))).toBe(false);
  });
});

describe("schema constraints", () => {
  let database: OpenedDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const insertPost = (values: Record<string, unknown>) =>
    database.db
      .insertInto("posts")
      .values({ title: "T", slug: `s-${Math.random().toString(36).slice(2)}`, status: "draft", ...values } as never)
      .execute();

  it("applies every migration and records it", async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(database.db);
    const files = fs.readdirSync("supabase/migrations").filter((f) => f.endsWith(".sql"));
    expect(rows.map((r) => r.name).sort()).toEqual(files.map((f) => f.replace(/\.sql$/, "")).sort());
  });

  it("keeps a post's publish date consistent with its status", async () => {
    await expect(insertPost({ status: "draft", published_at: new Date() })).rejects.toThrow();
    await expect(insertPost({ status: "published", published_at: null })).rejects.toThrow();
    await expect(insertPost({ status: "archived" })).rejects.toThrow();
    await expect(insertPost({ status: "published", published_at: new Date() })).resolves.toBeDefined();
  });

  it("enforces unique slugs and the default author", async () => {
    await insertPost({ slug: "same-slug" });
    await expect(insertPost({ slug: "same-slug" })).rejects.toThrow();
    const row = await database.db
      .selectFrom("posts")
      .select(["author", "read_minutes"])
      .where("slug", "=", "same-slug")
      .executeTakeFirstOrThrow();
    expect(row.author).toBe("The Lindsey Street Team");
    expect(row.read_minutes).toBe(1);
  });

  it("checks enums and ranges", async () => {
    const review = {
      store: "Lindsey",
      author: "A",
      source: "Google",
      rating: 5,
      quote: "q",
      review_date: "2026-01-01",
    };
    await expect(
      database.db
        .insertInto("reviews")
        .values(review as never)
        .execute(),
    ).resolves.toBeDefined();
    await expect(
      database.db
        .insertInto("reviews")
        .values({ ...review, rating: 6 } as never)
        .execute(),
    ).rejects.toThrow();
    await expect(
      database.db
        .insertInto("reviews")
        .values({ ...review, store: "Other" } as never)
        .execute(),
    ).rejects.toThrow();
    const inquiry = { name: "N", email: "n@example.com", topic: "general", message: "Hi" };
    const saved = await database.db
      .insertInto("contact_inquiries")
      .values(inquiry)
      .returning("status")
      .executeTakeFirstOrThrow();
    expect(saved.status).toBe("new");
    await expect(
      database.db
        .insertInto("contact_inquiries")
        .values({ ...inquiry, topic: "spam" })
        .execute(),
    ).rejects.toThrow();
  });

  it("defaults brands to featured and sort order 0, and deals to active", async () => {
    const brand = await database.db
      .insertInto("brands")
      .values({ name: "B", logo_url: "/x.svg" })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(brand.is_featured).toBe(true);
    expect(brand.sort_order).toBe(0);
    await expect(
      database.db
        .insertInto("brands")
        .values({ name: "B2", logo_url: "/x.svg", site_url: "javascript:alert(1)" })
        .execute(),
    ).rejects.toThrow();
    const deal = await database.db
      .insertInto("deals_slides")
      .values({ title: "D", start_date: "2026-01-01", end_date: "2026-01-31" })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(deal.is_active).toBe(true);
    expect(deal.start_date).toBe("2026-01-01");
    await expect(
      database.db
        .insertInto("deals_slides")
        .values({ title: "D", start_date: "2026-02-01", end_date: "2026-01-31" })
        .execute(),
    ).rejects.toThrow();
  });

  it("makes user emails unique regardless of case and cascades roles", async () => {
    const user = await database.db
      .insertInto("users")
      .values({ email: "Owner@Example.com", password_hash: "x" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expect(
      database.db.insertInto("users").values({ email: "owner@example.com", password_hash: "y" }).execute(),
    ).rejects.toThrow();
    await database.db.insertInto("user_roles").values({ user_id: user.id, role: "admin" }).execute();
    await database.db.deleteFrom("users").where("id", "=", user.id).execute();
    const roles = await database.db.selectFrom("user_roles").selectAll().where("user_id", "=", user.id).execute();
    expect(roles).toHaveLength(0);
  });
});
