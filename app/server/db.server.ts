import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, PGliteDialect, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { dataDir, env } from "./env.server";
import { migrateToLatest } from "./migrate.server";
import type { Database } from "./schema.server";

export type DB = Kysely<Database>;

const DATE_OID = 1082;
// Extensions the migrations create (pg_trgm: the blog search index).
const pgliteExtensions = { pg_trgm };
// `date` columns stay 'YYYY-MM-DD' strings: a calendar day has no time zone.
const keepDateAsText = (value: string) => value;

export class DatabaseLockedError extends Error {
  constructor(lockPath: string, pid: number) {
    super(
      `The embedded database at ${path.dirname(lockPath)} is in use by another process (pid ${pid}). ` +
        `Stop that process (for example the running server) and try again, or set DATABASE_URL to use a shared Postgres.`,
    );
    this.name = "DatabaseLockedError";
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the embedded database's lock file; refuses while a live process holds it. Returns the release function. */
export function lockDataDirectory(directory: string): () => void {
  fs.mkdirSync(directory, { recursive: true });
  const lockPath = path.join(directory, "owner.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) {
        throw new DatabaseLockedError(lockPath, holder);
      }
      // A stale lock from a process that died: take it over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${directory}`);
}

export interface OpenedDatabase {
  db: DB;
  close: () => Promise<void>;
  kind: "pglite-memory" | "pglite" | "postgres";
}

/** Opens a database without migrating it. `memory` is for tests. */
export async function openDatabase(options: { memory?: boolean } = {}): Promise<OpenedDatabase> {
  if (options.memory) {
    const pglite = new PGlite({ extensions: pgliteExtensions, parsers: { [DATE_OID]: keepDateAsText } });
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    return { db, close: () => db.destroy(), kind: "pglite-memory" };
  }
  const url = env().DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          oid === DATE_OID ? keepDateAsText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, close: () => db.destroy(), kind: "postgres" };
  }
  const directory = path.join(dataDir(), "pglite");
  const release = lockDataDirectory(directory);
  try {
    const pglite = new PGlite({
      dataDir: directory,
      extensions: pgliteExtensions,
      parsers: { [DATE_OID]: keepDateAsText },
    });
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    return {
      db,
      kind: "pglite",
      close: async () => {
        try {
          await db.destroy();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

// One database per process, kept across dev-server reloads.
const globalForDb = globalThis as unknown as {
  __openedDatabase?: Promise<OpenedDatabase>;
  __preparedDatabase?: Promise<OpenedDatabase>;
};

function openedAndMigrated(): Promise<OpenedDatabase> {
  globalForDb.__openedDatabase ??= (async () => {
    const opened = await openDatabase();
    try {
      await migrateToLatest(opened.db);
    } catch (error) {
      await opened.close();
      throw error;
    }
    return opened;
  })().catch((error) => {
    globalForDb.__openedDatabase = undefined;
    throw error;
  });
  return globalForDb.__openedDatabase;
}

/** The app's database: opened, migrated and (when empty) seeded, once per process. */
export function getDatabase(): Promise<OpenedDatabase> {
  globalForDb.__preparedDatabase ??= (async () => {
    const opened = await openedAndMigrated();
    const { seedIfEmpty } = await import("./seed.server");
    await seedIfEmpty(opened.db, { demo: env().SEED_DEMO });
    return opened;
  })().catch((error) => {
    globalForDb.__preparedDatabase = undefined;
    throw error;
  });
  return globalForDb.__preparedDatabase;
}

/** The query builder models use. Waits for migrations (not for the seed, which itself uses models). */
export async function db(): Promise<DB> {
  // In dev the first request prepares the database; the production server does it before listening.
  void getDatabase().catch(() => {});
  return (await openedAndMigrated()).db;
}

/** Throws unless the database answers a trivial query (the health check). */
export async function pingDatabase(): Promise<void> {
  await sql`select 1`.execute(await db());
}

export async function closeDatabase(): Promise<void> {
  const pending = globalForDb.__openedDatabase;
  globalForDb.__openedDatabase = undefined;
  globalForDb.__preparedDatabase = undefined;
  if (pending) await (await pending).close();
}

/** Tests: make the app use this (in-memory, migrated) database. */
export function installDatabase(opened: OpenedDatabase): void {
  globalForDb.__openedDatabase = Promise.resolve(opened);
  globalForDb.__preparedDatabase = Promise.resolve(opened);
}
