// Backups of the embedded database without downtime: `node server.ts backup` while the production server
// runs and answers requests, restored into a fresh DATA_DIR, holds every row of every table; a restore
// refuses while a server holds the database, and refuses a broken archive without touching anything.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, describe, expect, it } from "vitest";
import { CONTACT_SUCCESS_MESSAGE } from "~/lib/contact-form";
import { type AppServer, startAppServer } from "../support/app-server";

const nodeBinary = path.resolve("node_modules/.bin/node");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "backup-restore-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const source = path.join(scratch, "source");
const backups = path.join(scratch, "backups");

/** The server's environment for these tests: the demo content, a generated session secret, no form limit. */
const SERVER_ENV = {
  DATA_DIR: source,
  SEED_DEMO: "true",
  // Empty: the server generates DATA_DIR/session-secret, which the backup must carry.
  SESSION_SECRET: "",
  FORM_RATE_LIMIT: "100000",
};

interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node server.ts <args>` on the production build, with DATA_DIR and nothing else from this process. */
function command(args: string[], dataDir: string, extraEnv: Record<string, string> = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(nodeBinary, ["server.ts", ...args], {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
        ...extraEnv,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

async function postContact(server: AppServer, message: string): Promise<boolean> {
  const response = await fetch(`${server.url}/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams({
      name: "Backup Tester",
      email: "backup@example.com",
      phone: "",
      topic: "general",
      message,
      honeypot: "",
    }),
  });
  const html = await response.text();
  return response.status === 200 && html.includes(CONTACT_SUCCESS_MESSAGE.slice(0, 24));
}

/** Requests in flight until stopped: page views, and contact messages when `write` (acknowledged ones listed). */
function traffic(server: AppServer, options: { write: boolean }) {
  let stopped = false;
  const acknowledged: string[] = [];
  const statuses: number[] = [];
  let n = 0;
  const worker = async () => {
    while (!stopped) {
      const i = n++;
      if (options.write && i % 2 === 0) {
        const message = `In flight during the backup, number ${i}.`;
        if (await postContact(server, message)) acknowledged.push(message);
      } else {
        const response = await fetch(`${server.url}${["/", "/blog", "/deals", "/about"][i % 4]}`);
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    }
  };
  const running = Promise.all([worker(), worker(), worker()]);
  return {
    acknowledged,
    statuses,
    requests: () => n,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

type Tables = Map<string, string[]>;

/** Every row of every table in the public schema (as JSON, sorted), and every sequence's last value. */
async function readDatabase(dataDir: string): Promise<{ tables: Tables; sequences: Map<string, number> }> {
  const pglite = new PGlite({ dataDir: path.join(dataDir, "pglite"), extensions: { pg_trgm } });
  try {
    const names = (
      await pglite.query<{ name: string }>(
        "select table_name as name from information_schema.tables " +
          "where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
      )
    ).rows.map((row) => row.name);
    const tables: Tables = new Map();
    for (const name of names) {
      const rows = await pglite.query<{ row: string }>(`select row_to_json(t)::text as row from "${name}" t`);
      tables.set(name, rows.rows.map((r) => r.row).sort());
    }
    const sequences = new Map(
      (
        await pglite.query<{ name: string; value: string | null }>(
          "select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'",
        )
      ).rows.map((row) => [row.name, Number(row.value ?? 0)]),
    );
    return { tables, sequences };
  } finally {
    await pglite.close();
  }
}

/** The same tables with the same rows; sequences at least where they were (Postgres may skip ahead on recovery). */
function expectSameData(
  restored: Awaited<ReturnType<typeof readDatabase>>,
  original: Awaited<ReturnType<typeof readDatabase>>,
) {
  expect([...restored.tables.keys()]).toEqual([...original.tables.keys()]);
  for (const [name, rows] of original.tables) {
    expect(restored.tables.get(name), `table ${name}`).toEqual(rows);
  }
  for (const [name, value] of original.sequences) {
    expect(restored.sequences.get(name), `sequence ${name}`).toBeGreaterThanOrEqual(value);
  }
}

/**
 * Every entry under a directory, files with their size and modification time: "nothing was touched" means
 * equal. (A directory's own mtime is left out: the restore takes and releases the database's lock in it.)
 */
function listing(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return (fs.readdirSync(directory, { recursive: true }) as string[])
    .map((entry) => {
      const stat = fs.statSync(path.join(directory, entry));
      return stat.isDirectory() ? `${entry}/` : `${entry} ${stat.size} ${stat.mtimeMs}`;
    })
    .sort();
}

const storedUpload = path.join("storage", "deals", "backup-test.webp");
const uploadBytes = crypto.randomBytes(20_000);

describe.sequential("backup and restore of the embedded database", () => {
  const firstBackup = path.join(backups, "first.tar.gz");
  const fresh = path.join(scratch, "fresh");
  let server: AppServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it("backs up while the server runs and answers, and the restore holds every row of every table", async () => {
    server = await startAppServer(SERVER_ENV);
    // The server's backup socket: its own OS user only.
    const socket = fs.statSync(path.join(source, "server.sock"));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
    // An upload (written as the app writes them) and one being written, which the backup must leave out.
    fs.mkdirSync(path.join(source, "storage", "deals"), { recursive: true });
    fs.writeFileSync(path.join(source, storedUpload), uploadBytes);
    fs.writeFileSync(path.join(source, storedUpload + ".1234.partial"), "half");

    const before: string[] = [];
    for (let i = 0; i < 5; i++) {
      const message = `Written before the backup, number ${i}.`;
      expect(await postContact(server, message)).toBe(true);
      before.push(message);
    }

    // Page views in flight while the backup runs: the server keeps answering.
    const load = traffic(server, { write: false });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const result = await command(["backup", firstBackup], source);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await load.stop();
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Snapshot taken by the running server");
    expect(result.stdout).toMatch(/Backup written: .*first\.tar\.gz \(\d+(\.\d)? (KB|MB)\)/);
    expect(fs.statSync(firstBackup).mode & 0o777).toBe(0o600);
    expect(load.requests()).toBeGreaterThan(10);
    expect(load.statuses.every((status) => status === 200)).toBe(true);
    expect(fs.readdirSync(backups)).toEqual(["first.tar.gz"]); // no temporary file left beside it

    // While the server holds the database, a restore into its DATA_DIR is refused (even with --replace).
    const refused = await command(["restore", firstBackup, "--replace"], source);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("A server is running on");
    expect(refused.stderr).toContain("Nothing was changed.");
    expect(server.alive()).toBe(true);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    // Stopped cleanly, the server leaves no socket behind; its data is now what the backup must hold.
    await server.stop();
    server = undefined;
    expect(fs.existsSync(path.join(source, "server.sock"))).toBe(false);

    const restored = await command(["restore", firstBackup], fresh);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Restored .* \d+ tables, \d+ rows/);

    const original = await readDatabase(source);
    const copy = await readDatabase(fresh);
    expectSameData(copy, original);
    const inquiries = copy.tables.get("contact_inquiries")!.join("\n");
    for (const message of before) expect(inquiries).toContain(message);
    expect(copy.tables.get("posts")!.length).toBeGreaterThan(0);

    // The uploads and the session secret came along; the half-written upload and the lock did not.
    expect(fs.readFileSync(path.join(fresh, storedUpload))).toEqual(uploadBytes);
    expect(fs.existsSync(path.join(fresh, storedUpload + ".1234.partial"))).toBe(false);
    expect(fs.readFileSync(path.join(fresh, "session-secret"), "utf8")).toBe(
      fs.readFileSync(path.join(source, "session-secret"), "utf8"),
    );
    expect(fs.statSync(path.join(fresh, "session-secret")).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(fresh, "pglite", "pglite.lock"))).toBe(false);
    expect(fs.readdirSync(fresh).filter((name) => name.startsWith("."))).toEqual([]);

    // The app starts on the restored DATA_DIR (migrated, not seeded again) and serves the same content.
    const restoredServer = await startAppServer({ DATA_DIR: fresh, SEED_DEMO: "false", SESSION_SECRET: "" });
    try {
      expect((await fetch(`${restoredServer.url}/readyz`)).status).toBe(200);
      expect((await fetch(`${restoredServer.url}/deals`)).status).toBe(200);
    } finally {
      await restoredServer.stop();
    }
    expectSameData(await readDatabase(fresh), original);
  }, 240_000);

  it("refuses a broken archive, and an existing database without --replace, without touching anything", async () => {
    const target = fresh; // restored by the test above: a working DATA_DIR
    const untouched = listing(target);
    expect(untouched.length).toBeGreaterThan(10);

    const garbage = path.join(backups, "garbage.tar.gz");
    fs.writeFileSync(garbage, crypto.randomBytes(64 * 1024));
    const truncated = path.join(backups, "truncated.tar.gz");
    const whole = fs.readFileSync(firstBackup);
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const foreign = path.join(backups, "foreign.tar.gz");
    fs.mkdirSync(path.join(scratch, "foreign"), { recursive: true });
    fs.writeFileSync(path.join(scratch, "foreign", "notes.txt"), "not a backup");
    const tar = await import("tar");
    await tar.create({ file: foreign, gzip: true, cwd: path.join(scratch, "foreign") }, ["notes.txt"]);

    for (const archive of [garbage, truncated, foreign]) {
      const result = await command(["restore", archive, "--replace"], target);
      expect(result.code, `${path.basename(archive)}: ${result.stdout}`).toBe(1);
      expect(result.stderr).toContain("is not a usable backup");
      expect(result.stderr).toContain("Nothing was changed.");
      expect(listing(target)).toEqual(untouched);
    }

    // A good backup onto an existing database: refused unless asked to replace it.
    const refused = await command(["restore", firstBackup], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("--replace");
    expect(listing(target)).toEqual(untouched);

    // A fresh DATA_DIR stays as it was after a refused archive: nothing created in it.
    const empty = path.join(scratch, "empty");
    fs.mkdirSync(empty);
    expect((await command(["restore", garbage], empty)).code).toBe(1);
    expect(fs.readdirSync(empty)).toEqual([]);
  }, 120_000);

  it("replaces a database with --replace, keeping the old one aside", async () => {
    const target = fresh;
    const before = await readDatabase(target);
    fs.writeFileSync(path.join(target, "storage", "deals", "only-in-target.webp"), "x");
    const result = await command(["restore", firstBackup, "--replace"], target);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const aside = fs.readdirSync(target).filter((name) => name.startsWith("replaced-"));
    expect(aside).toHaveLength(1);
    expect(result.stdout).toContain(aside[0]);
    expect(fs.existsSync(path.join(target, aside[0]!, "storage", "deals", "only-in-target.webp"))).toBe(true);
    expect(fs.existsSync(path.join(target, "storage", "deals", "only-in-target.webp"))).toBe(false);
    expect(fs.existsSync(path.join(target, aside[0]!, "pglite", "PG_VERSION"))).toBe(true);
    expectSameData(await readDatabase(target), before);
  }, 120_000);

  it("backs up while contact messages are being written, after a killed server left its socket behind", async () => {
    // A killed server leaves server.sock (and a lock that goes stale); the next one starts and listens anew.
    const killed = await startAppServer(SERVER_ENV);
    killed.child.kill("SIGKILL");
    await killed.exited;
    expect(fs.existsSync(path.join(source, "server.sock"))).toBe(true);
    server = await startAppServer(SERVER_ENV, { waitMs: 90_000 });

    const acknowledgedBefore: string[] = [];
    for (let i = 0; i < 3; i++) {
      const message = `Before the second backup, number ${i}.`;
      expect(await postContact(server, message)).toBe(true);
      acknowledgedBefore.push(message);
    }
    const load = traffic(server, { write: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const secondBackup = path.join(backups, "second.tar.gz");
    const result = await command(["backup", secondBackup], source);
    const inFlightAtEnd = [...load.acknowledged];
    await new Promise((resolve) => setTimeout(resolve, 300));
    await load.stop();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("Snapshot taken by the running server");
    expect(load.acknowledged.length).toBeGreaterThan(3);

    const target = path.join(scratch, "second");
    expect((await command(["restore", secondBackup], target)).code).toBe(0);
    const copy = await readDatabase(target);
    const messages = copy.tables.get("contact_inquiries")!.join("\n");
    // Everything acknowledged before the backup started is there; what came during, up to the snapshot.
    for (const message of acknowledgedBefore) expect(messages).toContain(message);
    const duringInCopy = load.acknowledged.filter((message) => messages.includes(message));
    expect(duringInCopy.length).toBeLessThanOrEqual(inFlightAtEnd.length);

    // The rows of the copy are rows of the server (none half-written, none invented).
    await server.stop();
    server = undefined;
    const original = await readDatabase(source);
    for (const row of copy.tables.get("contact_inquiries")!) {
      expect(original.tables.get("contact_inquiries")).toContain(row);
    }
  }, 240_000);

  it("backs up with no server running by opening the database itself", async () => {
    const result = await command(["backup", backups + "/"], source);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("No server is running");
    const written = fs.readdirSync(backups).filter((name) => /^backup-\d{4}-\d\d-\d\dT\d{6}Z\.tar\.gz$/.test(name));
    expect(written).toHaveLength(1);

    const target = path.join(scratch, "offline");
    expect((await command(["restore", path.join(backups, written[0]!)], target)).code).toBe(0);
    expectSameData(await readDatabase(target), await readDatabase(source));
  }, 120_000);

  it("says to use pg_dump with DATABASE_URL", async () => {
    const databaseUrl = "postgres://nobody@127.0.0.1:1/none";
    for (const args of [["backup"], ["restore", path.join(backups, "first.tar.gz")]]) {
      const result = await command(args, path.join(scratch, "pg"), {
        DATABASE_URL: databaseUrl,
        SINGLE_INSTANCE: "true",
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("pg_dump");
    }
  });
});
