import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type Dialect, Kysely, PGliteDialect, PostgresDialect, sql } from "kysely";
import pg from "pg";
import {
  contentChanged,
  listenForContentChanges,
  listenOnPooledConnection,
  PUBLIC_CONTENT_CHANNEL,
  setWatchingContent,
} from "./content-changes.server";
import { lockDataDirectory } from "./data-dir-lock.server";
import {
  databaseAnsweredWithin,
  isDatabaseUnavailable,
  NulSafeParametersPlugin,
  withAvailabilityErrors,
} from "./db-guards.server";
import { dataDir, env } from "./env.server";
import { logger } from "./logger.server";
import { migrateToLatest, pendingMigrations } from "./migrate.server";
import type { Database } from "./schema.server";

export type DB = Kysely<Database>;

const DATE_OID = 1082;
// Extensions the migrations create (pg_trgm: the blog search index).
export const pgliteExtensions = { pg_trgm };
// `date` columns stay 'YYYY-MM-DD' strings: a calendar day has no time zone.
const keepDateAsText = (value: string) => value;

// Postgres's defaults size its buffers for a server of its own. In PGlite they live in a WebAssembly heap
// that never shrinks: 32 MB of shared buffers take it from about 155 MB to 51 MB, with no measurable cost
// for one store's data (docs/decisions/2026-11-27-memory-floor.md). Start parameters, not postgresql.conf,
// which PGlite would overwrite in the data directory.
const EMBEDDED_START_PARAMS = [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=32MB",
  "-c",
  "maintenance_work_mem=16MB",
];

// The embedded database's lock lives in its own module; callers catch DatabaseLockedError from here.
export { DatabaseLockedError } from "./data-dir-lock.server";

/**
 * The Postgres pool, made to survive the server going away (a restart, a failover): a client that loses
 * its connection emits 'error' — on the pool while idle, on the client itself while checked out between
 * two queries — and an unheard 'error' makes Node exit. Heard, the broken client is dropped when it is
 * next released, and the next query connects anew.
 */
export function createPostgresPool(url: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // While the database is unreachable, fail fast (answered 503) instead of queueing requests forever.
    connectionTimeoutMillis: 5_000,
    query_timeout: 60_000,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === DATE_OID ? keepDateAsText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  const lost = (error: Error) =>
    logger.warn({ reason: error.message }, "Database connection lost; reconnecting on demand");
  pool.on("error", lost);
  pool.on("connect", (client) => {
    client.on("error", lost);
    listenOnPooledConnection(client);
  });
  return pool;
}

function createKysely(dialect: Dialect): DB {
  return new Kysely<Database>({ dialect: withAvailabilityErrors(dialect), plugins: [new NulSafeParametersPlugin()] });
}

/**
 * Makes the page cache (and the reads kept until a change) hear this embedded database's content changes,
 * which it sends in process. Whatever was kept from a database opened before this one is dropped.
 */
async function listenForEmbeddedContentChanges(pglite: PGlite): Promise<void> {
  await pglite.listen(PUBLIC_CONTENT_CHANNEL, contentChanged);
  contentChanged("*");
  setWatchingContent(true);
}

export interface OpenedDatabase {
  db: DB;
  close: () => Promise<void>;
  kind: "pglite-memory" | "pglite" | "postgres";
  /** Postgres only: where it is (the content-change listener opens a connection of its own there). */
  url?: string;
}

/** The Postgres database at this URL, without migrating it (the app's is DATABASE_URL; tests open their own). */
export function openPostgresDatabase(url: string): OpenedDatabase {
  const db = createKysely(new PostgresDialect({ pool: createPostgresPool(url) }));
  return { db, close: () => db.destroy(), kind: "postgres", url };
}

/**
 * Opens a database without migrating it. `memory` is for tests; `loadDataDir` starts that one from a
 * PGlite dumpDataDir() image (a migrated copy is much faster than migrating anew).
 */
export async function openDatabase(options: { memory?: boolean; loadDataDir?: Blob } = {}): Promise<OpenedDatabase> {
  if (options.memory) {
    const pglite = new PGlite({
      extensions: pgliteExtensions,
      parsers: { [DATE_OID]: keepDateAsText },
      loadDataDir: options.loadDataDir,
    });
    await listenForEmbeddedContentChanges(pglite);
    const db = createKysely(new PGliteDialect({ pglite }));
    return { db, close: () => db.destroy(), kind: "pglite-memory" };
  }
  const url = env().DATABASE_URL;
  if (url) {
    const opened = openPostgresDatabase(url);
    const stopListening = listenForContentChanges(url);
    return {
      ...opened,
      close: async () => {
        await stopListening();
        await opened.close();
      },
    };
  }
  const directory = path.join(dataDir(), "pglite");
  const release = await lockDataDirectory(directory);
  try {
    const pglite = new PGlite({
      dataDir: directory,
      extensions: pgliteExtensions,
      parsers: { [DATE_OID]: keepDateAsText },
      startParams: EMBEDDED_START_PARAMS,
    });
    await pglite.waitReady;
    await listenForEmbeddedContentChanges(pglite);
    const db = createKysely(new PGliteDialect({ pglite }));
    return {
      db,
      kind: "pglite",
      close: async () => {
        setWatchingContent(false);
        try {
          await db.destroy();
        } finally {
          await release();
        }
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

// Any constant of our own: instances of this app agree on it, nothing else uses it.
const STARTUP_LOCK_KEY = 748_215_903_311;

/**
 * Runs a start-up step (migrations, the seed, the first administrator) while holding a Postgres advisory
 * lock, so instances starting together on one database take turns: each step checks what exists and
 * acts under the lock, and N instances give one copy of everything. The lock is held by one pooled
 * session and ends with it if the process dies. The embedded database has one process by construction.
 */
export async function underStartupLock<T>(database: OpenedDatabase, step: () => Promise<T>): Promise<T> {
  if (database.kind !== "postgres") return step();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await step();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}

// One database per process, kept across dev-server reloads (and shared with the production build's own
// copy of this module when tests load it in process).
const globalForDb = globalThis as unknown as { __openedDatabase?: Promise<OpenedDatabase> };

// Migrations only ever get applied: once this process saw the database up to date (it migrated it at start,
// or the readiness check found nothing pending), it stays so.
let knownMigrated = false;

/**
 * The app's database, opened and migrated once per process (a failure is retried by the next call).
 * Seeding it is a separate start-up step (database-startup.server.ts), which uses the models.
 */
export function openAppDatabase(): Promise<OpenedDatabase> {
  globalForDb.__openedDatabase ??= (async () => {
    const opened = await openDatabase();
    try {
      await underStartupLock(opened, () => migrateToLatest(opened.db));
      knownMigrated = true;
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

/** The query builder models use. Waits for migrations (not for the seed, which itself uses models). */
export async function db(): Promise<DB> {
  return (await openAppDatabase()).db;
}

/** How recent an answer to the app's own queries stands for the database's readiness. */
const RECENT_ANSWER_MS = 1_000;

/**
 * The readiness check: the database answers and has every migration this release knows. While the app's own
 * queries are being answered (within the last second, no outage since) that is the proof, and the check asks
 * nothing: a probe would wait in the embedded database's one queue behind the very pages it vouches for, and
 * answer slower than they do. Otherwise it asks `select 1`.
 */
export async function databaseReadiness(): Promise<{ ready: true } | { ready: false; reason: string }> {
  try {
    const database = await db();
    if (knownMigrated && databaseAnsweredWithin(RECENT_ANSWER_MS)) return { ready: true };
    await sql`select 1`.execute(database);
    if (!knownMigrated) {
      const pending = await pendingMigrations(database);
      if (pending.length) return { ready: false, reason: `migrations pending: ${pending.join(", ")}` };
      knownMigrated = true;
    }
    return { ready: true };
  } catch (error) {
    // Logged where an outage is detected (db-guards.server.ts); here only the answer.
    if (isDatabaseUnavailable(error)) return { ready: false, reason: "database unavailable" };
    logger.error({ err: error }, "Readiness check failed");
    return { ready: false, reason: "database not ready" };
  }
}

export async function closeDatabase(): Promise<void> {
  const pending = globalForDb.__openedDatabase;
  globalForDb.__openedDatabase = undefined;
  if (pending) await (await pending).close();
}

/** Tests and scripts: make the app use this (migrated) database, as it is. */
export function installDatabase(opened: OpenedDatabase): void {
  globalForDb.__openedDatabase = Promise.resolve(opened);
  knownMigrated = false;
  // Pages made from the database this one replaces must not be served.
  contentChanged("*");
}
