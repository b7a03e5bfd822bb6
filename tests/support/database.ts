// The test database, on the engine the run is for: in-memory PGlite by default, or a fresh database on a
// real Postgres when TEST_DATABASE_URL names a cluster's maintenance database (npm test runs both).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect } from "kysely";
import pg from "pg";
import {
  type DB,
  installDatabase,
  openDatabase,
  openPostgresDatabase,
  type OpenedDatabase,
  pgliteExtensions,
} from "~/server/db.server";
import { migrateToLatest, migrationsDirectory } from "~/server/migrate.server";
import type { Database } from "~/server/schema.server";
import { startPostgresCluster } from "./postgres-cluster";

/** The engine this run's test databases are on. */
export const testDatabaseEngine: "pglite" | "postgres" = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

/**
 * A fresh database with every migration applied (unless `migrated: false`), installed as the app's
 * database, so models, loaders and actions run against the real schema.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<OpenedDatabase> {
  const migrated = options.migrated ?? true;
  const url = process.env.TEST_DATABASE_URL;
  const opened = url
    ? await createPostgresDatabase(url, migrated)
    : await openDatabase({ memory: true, loadDataDir: migrated ? await migratedPgliteImage() : undefined });
  installDatabase(opened);
  return opened;
}

let pgliteImage: Promise<Blob> | undefined;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A migrated PGlite's data directory (dumpDataDir): loading it is much faster than migrating each database
 * anew. Made once for these migrations and kept in .tmp for every Vitest worker (each writes a whole file of
 * its own and renames it into place, so a reader never sees half of one).
 */
function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const directory = path.resolve(".tmp");
    const file = path.join(directory, `vitest-pglite-${migrationsFingerprint()}.tar`);
    try {
      return new Blob([fs.readFileSync(file)]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const pglite = new PGlite({ extensions: pgliteExtensions });
    const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }) });
    let image: Blob;
    try {
      await migrateToLatest(db);
      image = await pglite.dumpDataDir("none");
    } finally {
      await db.destroy();
    }
    fs.mkdirSync(directory, { recursive: true });
    // Images of earlier migrations, once nobody can still be reading them.
    for (const old of fs.readdirSync(directory).filter((f) => /^vitest-pglite-\w+\.tar$/.test(f))) {
      const oldFile = path.join(directory, old);
      const modified = fs.statSync(oldFile, { throwIfNoEntry: false })?.mtimeMs;
      if (modified !== undefined && modified < Date.now() - DAY_MS) fs.rmSync(oldFile, { force: true });
    }
    // Unique per writer: Vitest's worker threads share one process id.
    const partial = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}`;
    fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    fs.renameSync(partial, file);
    return image;
  })().catch((error) => {
    pgliteImage = undefined;
    throw error;
  });
  return pgliteImage;
}

/**
 * A fresh migrated database on a real Postgres in either run, installed as the app's database: for what
 * only Postgres has (sessions at once). The Postgres run's cluster, or else a private one, dropped on close.
 */
/** How many rows a table holds. */
export async function countRows(db: DB, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function createPostgresTestDatabase(): Promise<OpenedDatabase> {
  if (process.env.TEST_DATABASE_URL) return createTestDatabase();
  const cluster = await startPostgresCluster();
  try {
    const opened = await createPostgresDatabase(cluster.url(), true);
    installDatabase(opened);
    return alsoOnClose(opened, () => cluster.destroy());
  } catch (error) {
    cluster.destroy();
    throw error;
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The migrations as they are now: a template made from other files is another template. */
function migrationsFingerprint(): string {
  const directory = migrationsDirectory();
  const hash = crypto.createHash("sha256");
  for (const file of fs
    .readdirSync(directory)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    hash
      .update(file)
      .update("\0")
      .update(fs.readFileSync(path.join(directory, file)))
      .update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

// Per cluster (by maintenance URL), once per process.
const templates = new Map<string, Promise<string>>();

/**
 * The migrated template database, made once per cluster: Vitest workers (processes) take turns under an
 * advisory lock, and the first makes it. It is marked a template only once fully migrated, so one left
 * half-made by a killed worker is made again.
 */
function migratedTemplate(url: string): Promise<string> {
  const known = templates.get(url);
  if (known) return known;
  const made = withClient(url, async (client) => {
    const name = `test_template_${migrationsFingerprint()}`;
    const lockKey = Number.parseInt(name.slice(-12), 16);
    await client.query("select pg_advisory_lock($1)", [lockKey]);
    try {
      const { rows } = await client.query<{ datistemplate: boolean }>(
        "select datistemplate from pg_database where datname = $1",
        [name],
      );
      if (rows[0]?.datistemplate) return name;
      if (rows[0]) await client.query(`drop database "${name}" with (force)`);
      await client.query(`create database "${name}" template template0`);
      const template = openPostgresDatabase(databaseUrl(url, name));
      try {
        await migrateToLatest(template.db);
      } finally {
        await template.close();
      }
      await client.query(`alter database "${name}" is_template true`);
      return name;
    } finally {
      await client.query("select pg_advisory_unlock($1)", [lockKey]);
    }
  }).catch((error) => {
    templates.delete(url);
    throw error;
  });
  templates.set(url, made);
  return made;
}

function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A new database on the cluster (a copy of the migrated template, or empty), dropped again on close. */
async function createPostgresDatabase(url: string, migrated: boolean): Promise<OpenedDatabase> {
  const template = migrated ? await migratedTemplate(url) : "template0";
  const name = `test_${process.pid}_${crypto.randomBytes(6).toString("hex")}`;
  await withClient(url, (client) => client.query(`create database "${name}" template "${template}"`));
  const opened = openPostgresDatabase(databaseUrl(url, name));
  return alsoOnClose(opened, () =>
    withClient(url, (client) => client.query(`drop database if exists "${name}" with (force)`)),
  );
}

/** The database, with `cleanup` run once it has closed (even if closing failed). */
function alsoOnClose(opened: OpenedDatabase, cleanup: () => unknown): OpenedDatabase {
  return {
    ...opened,
    close: async () => {
      try {
        await opened.close();
      } finally {
        await cleanup();
      }
    },
  };
}
