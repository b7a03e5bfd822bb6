import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DatabaseLockedError, LOCK_NAME, lockDataDirectory } from "~/server/data-dir-lock.server";
import { splitSqlStatements } from "~/server/sql-script.server";
import { createTestDatabase, testDatabaseEngine } from "../support/database";
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

// The data-directory lock guards PGlite's files; a Postgres server has none of its own to guard.
describe.skipIf(testDatabaseEngine === "postgres")("embedded database lock", () => {
  // Short timings (proper-lockfile's floor is a 2 s stale threshold with a 1 s heartbeat) keep these fast.
  const fast = { staleMs: 2_000, retryForMs: 300, retryIntervalMs: 50, log: () => {} };
  const lockPath = (dir: string) => path.join(dir, LOCK_NAME);
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const child of children) child.kill("SIGKILL");
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Another real process running the lock module (Node 24 strips the types). */
  function runLockProcess(dir: string, mode: "hold" | "try") {
    const moduleUrl = pathToFileURL(path.resolve("app/server/data-dir-lock.server.ts")).href;
    const script = `
      const { lockDataDirectory } = await import(${JSON.stringify(moduleUrl)});
      const options = { staleMs: 2000, retryForMs: 300, retryIntervalMs: 50, log: () => {} };
      try {
        await lockDataDirectory(${JSON.stringify(dir)}, options);
        console.log("locked");
        if (${JSON.stringify(mode)} === "hold") setInterval(() => {}, 1000);
        else process.exit(0);
      } catch (error) {
        console.log(error.name);
        process.exit(3);
      }`;
    const child = spawn(path.resolve("node_modules/.bin/node"), ["--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const printed = async (text: string) => {
      while (!output.includes(text)) {
        if (child.exitCode !== null) throw new Error(`lock process exited: ${output}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    return { child, exited, printed, output: () => output };
  }

  it("refuses a second holder in the same process while the first holds the lock", async () => {
    const dir = tempDir();
    const release = await lockDataDirectory(dir, fast);
    expect(fs.statSync(lockPath(dir)).isDirectory()).toBe(true);
    await expect(lockDataDirectory(dir, fast)).rejects.toThrow(DatabaseLockedError);
    await expect(lockDataDirectory(dir, fast)).rejects.toThrow(
      `The embedded database at ${dir} is in use by another process`,
    );
    await release();
  });

  it("refuses a second process while this one holds the lock, and this one while another process holds it", async () => {
    const dir = tempDir();
    const release = await lockDataDirectory(dir, fast);
    const refused = runLockProcess(dir, "try");
    expect(await refused.exited).toBe(3);
    expect(refused.output()).toContain("DatabaseLockedError");
    await release();

    const holder = runLockProcess(dir, "hold");
    await holder.printed("locked");
    expect(fs.statSync(lockPath(dir)).isDirectory()).toBe(true);
    await expect(lockDataDirectory(dir, fast)).rejects.toThrow(DatabaseLockedError);
    holder.child.kill("SIGKILL");
    await holder.exited;
  });

  it("takes over the lock of a holder killed with kill -9 once its heartbeat is stale", async () => {
    const dir = tempDir();
    const holder = runLockProcess(dir, "hold");
    await holder.printed("locked");
    // A live holder keeps its lock fresh (the heartbeat), whatever its pid.
    const firstBeat = fs.statSync(lockPath(dir)).mtimeMs;
    await vi.waitFor(() => expect(fs.statSync(lockPath(dir)).mtimeMs).toBeGreaterThan(firstBeat), {
      timeout: 5_000,
      interval: 50,
    });
    holder.child.kill("SIGKILL");
    await holder.exited;
    // Its pid is gone but its lock still looks fresh: liveness is the heartbeat, not the pid ...
    await expect(lockDataDirectory(dir, { ...fast, staleMs: 5_000, retryForMs: 0 })).rejects.toThrow(
      DatabaseLockedError,
    );
    // ... so an immediate restart waits for the lock to go stale, then takes it over.
    const startedAt = Date.now();
    const release = await lockDataDirectory(dir, { ...fast, retryForMs: 5_000 });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    await release();
  });

  it("takes over a lock left long ago at once", async () => {
    const dir = tempDir();
    fs.mkdirSync(lockPath(dir));
    const longAgo = new Date(Date.now() - 60 * 60_000);
    fs.utimesSync(lockPath(dir), longAgo, longAgo);
    const release = await lockDataDirectory(dir, { ...fast, retryForMs: 0 });
    expect(fs.statSync(lockPath(dir)).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
    await release();
  });

  it("ignores and removes a legacy owner.lock naming a live unrelated pid", async () => {
    for (const pid of [process.ppid, 1]) {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, "owner.lock"), String(pid));
      const release = await lockDataDirectory(dir, { ...fast, retryForMs: 0 });
      expect(fs.existsSync(path.join(dir, "owner.lock"))).toBe(false);
      expect(fs.existsSync(lockPath(dir))).toBe(true);
      await release();
    }
  });

  it("lets another holder in after release, and tolerates a second release", async () => {
    const dir = tempDir();
    const release = await lockDataDirectory(dir, fast);
    expect(fs.existsSync(lockPath(dir))).toBe(true);
    await expect(lockDataDirectory(dir, fast)).rejects.toThrow(DatabaseLockedError);
    await release();
    await release();
    expect(fs.existsSync(lockPath(dir))).toBe(false);
    const again = await lockDataDirectory(dir, { ...fast, retryForMs: 0 });
    await again();
  });

  it("reports a lock lost while held instead of writing on", async () => {
    const dir = tempDir();
    let lost: Error | undefined;
    const release = await lockDataDirectory(dir, { ...fast, onCompromised: (error) => (lost = error) });
    fs.rmSync(lockPath(dir), { recursive: true });
    await vi.waitFor(() => expect(lost).toBeInstanceOf(Error), { timeout: 5_000, interval: 50 });
    await release();
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
