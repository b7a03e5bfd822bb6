// Backups of the embedded database (PGlite under DATA_DIR/pglite) without stopping the site:
// `npm run backup [FILE]` and `npm run restore FILE [--replace]` (node server.ts backup|restore).
//
// A running server holds the database (data-dir-lock.server.ts), so it takes the snapshot itself: it listens
// on a Unix socket in DATA_DIR (server.sock, mode 0600: the same OS user only), and the backup command asks
// it there. The snapshot is a copy of the data directory's files made in one synchronous step of the
// server's single thread. PGlite runs Postgres on that thread and writes straight to these files, so while
// the copy runs no query can: the copy is the files exactly as they were at one instant — what a crash
// would have left. Postgres recovers that state on opening (WAL replay: every committed transaction is
// there, an unfinished one is rolled back), and a CHECKPOINT just before keeps the replay short. Uploaded
// files are hard-linked in the same step (they are written once and renamed into place, never changed),
// so the database and the files it names match. The copy goes to disk, not memory: a snapshot costs the
// server no RAM beyond a buffer (PGlite's own dumpDataDir() builds the whole tarball in memory and, like
// this copy, does not wait for an open transaction either). See docs/decisions/2026-11-27-backups.md.
//
// With no server running, the command opens the database itself (taking the lock) and copies the same way.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "kysely";
import * as tar from "tar";
import { DatabaseLockedError, LOCK_NAME, lockDataDirectory } from "./data-dir-lock.server";
import { type DB, db, openDatabase } from "./db.server";
import { dataDir, env } from "./env.server";
import { logger } from "./logger.server";
import { appliedMigrations, SqlFileMigrationProvider } from "./migrate.server";
import { localStorageRoot } from "./storage.server";

/** The control socket in DATA_DIR; present while a server with the embedded database runs. */
export const SOCKET_NAME = "server.sock";
const MANIFEST_NAME = "backup.json";
const DATABASE_NAME = "pglite";
const STORAGE_NAME = "storage";
const SECRET_NAME = "session-secret";
const FORMAT = "norman-dispensary-backup";
const FORMAT_VERSION = 1;

// Files in the data directory that belong to the running process, not to the database: our lock (and the
// old pid lock), and Postgres's pid file and options (pg_basebackup leaves them out too).
const RUNTIME_FILES = new Set([LOCK_NAME, "owner.lock", "postmaster.pid", "postmaster.opts"]);
// sun_path is 108 bytes on Linux, including the terminating NUL.
const MAX_SOCKET_PATH_BYTES = 107;

const POSTGRES_NOTE =
  "DATABASE_URL is set: the database is a Postgres server, which this command does not back up. Use pg_dump " +
  'and pg_restore (e.g. `pg_dump --format=custom --file=site.dump "$DATABASE_URL"`), or your provider\'s ' +
  "backups (Supabase: Database → Backups). Uploads on a local disk (DATA_DIR/storage) need a copy of their own.";

/** What a backup holds, written as backup.json at the top of the archive. */
export interface BackupManifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  createdAt: string;
  /** Who copied the database: the running server (no downtime) or the command itself (no server running). */
  takenBy: "running-server" | "backup-command";
  database: { engine: "pglite"; postgres: string; migrations: string[] };
  /** DATA_DIR/storage (uploaded images and resumes); false with STORAGE_DRIVER=supabase, whose files live there. */
  storage: boolean;
  /** DATA_DIR/session-secret (signs sessions when SESSION_SECRET is unset); false when there is none. */
  sessionSecret: boolean;
}

export function socketPath(directory = dataDir()): string {
  return path.join(directory, SOCKET_NAME);
}

function databaseDirectory(directory = dataDir()): string {
  return path.join(directory, DATABASE_NAME);
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;
const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

// ---------------------------------------------------------------------------------------------------------
// The snapshot (server and command alike)

/**
 * Copies `source` into `target` synchronously; `skip` gets each entry's path relative to `source`. With
 * `link`, files are hard-linked (copied when the filesystem refuses). Files that vanish meanwhile (an upload
 * being deleted) are left out. Returns the number of files.
 */
function copyTreeSync(
  source: string,
  target: string,
  options: { link: boolean; skip: (relative: string) => boolean },
  relative = "",
): number {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(source, relative), { withFileTypes: true });
  } catch (error) {
    if (errorCode(error) === "ENOENT") return 0;
    throw error;
  }
  fs.mkdirSync(path.join(target, relative), { recursive: true, mode: 0o700 });
  let files = 0;
  for (const entry of entries) {
    const entryPath = path.join(relative, entry.name);
    if (options.skip(entryPath)) continue;
    if (entry.isDirectory()) {
      files += copyTreeSync(source, target, options, entryPath);
    } else if (entry.isFile()) {
      const from = path.join(source, entryPath);
      const to = path.join(target, entryPath);
      try {
        if (options.link) {
          try {
            fs.linkSync(from, to);
          } catch (error) {
            if (errorCode(error) === "ENOENT") throw error;
            fs.copyFileSync(from, to);
          }
        } else {
          // A copy-on-write clone where the filesystem can (btrfs, XFS): instant; a plain copy elsewhere.
          fs.copyFileSync(from, to, fs.constants.COPYFILE_FICLONE);
        }
        files++;
      } catch (error) {
        if (errorCode(error) !== "ENOENT") throw error;
      }
    }
  }
  return files;
}

/**
 * Copies the database (and the uploads and session secret) into `into`, with backup.json. `database` is the
 * open embedded database of this process, which must be the only one writing to DATA_DIR/pglite.
 */
export async function snapshotDataDirectory(
  database: DB,
  into: string,
  takenBy: BackupManifest["takenBy"],
): Promise<{ manifest: BackupManifest; files: number; copyMs: number }> {
  const directory = dataDir();
  const migrations = await appliedMigrations(database);
  const { rows } = await sql<{ version: string }>`select version() as version`.execute(database);
  try {
    await sql`checkpoint`.execute(database);
  } catch (error) {
    // Only makes the copy's recovery on opening longer; the copy is consistent either way.
    logger.warn({ err: error }, "Backup: CHECKPOINT failed; copying the database as it is");
  }

  // One synchronous step from here to the end of the copies: no query runs until it is done.
  const started = performance.now();
  copyTreeSync(databaseDirectory(directory), path.join(into, DATABASE_NAME), {
    link: false,
    skip: (relative) => RUNTIME_FILES.has(relative),
  });
  const storage = env().STORAGE_DRIVER === "local";
  const files = storage
    ? copyTreeSync(localStorageRoot(), path.join(into, STORAGE_NAME), {
        link: true,
        skip: (relative) => relative.endsWith(".partial"),
      })
    : 0;
  if (storage) fs.mkdirSync(path.join(into, STORAGE_NAME), { recursive: true, mode: 0o700 });
  let sessionSecret = true;
  try {
    fs.copyFileSync(path.join(directory, SECRET_NAME), path.join(into, SECRET_NAME));
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
    sessionSecret = false;
  }
  const copyMs = Math.round(performance.now() - started);

  const manifest: BackupManifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    takenBy,
    database: { engine: "pglite", postgres: rows[0]?.version ?? "unknown", migrations },
    storage,
    sessionSecret,
  };
  fs.writeFileSync(path.join(into, MANIFEST_NAME), JSON.stringify(manifest, null, 2) + "\n", { mode: 0o600 });
  return { manifest, files, copyMs };
}

// ---------------------------------------------------------------------------------------------------------
// The control socket (the running server's side)

interface ControlRequest {
  op?: unknown;
  into?: unknown;
}

let control: { server: net.Server; path: string } | undefined;
// Snapshots one at a time.
let snapshotQueue: Promise<unknown> = Promise.resolve();

/** Where a snapshot may go: a fresh, empty `.backup-*` directory directly inside DATA_DIR (made by the command). */
function checkSnapshotTarget(into: unknown): string {
  if (typeof into !== "string" || !path.isAbsolute(into)) throw new Error("`into` must be an absolute path");
  const directory = fs.realpathSync(dataDir());
  const target = fs.realpathSync(into);
  if (path.dirname(target) !== directory || !path.basename(target).startsWith(".backup-")) {
    throw new Error("`into` must be a .backup-* directory directly inside DATA_DIR");
  }
  if (!fs.statSync(target).isDirectory() || fs.readdirSync(target).length > 0) {
    throw new Error("`into` must be an empty directory");
  }
  return target;
}

async function answer(line: string): Promise<Record<string, unknown>> {
  let request: ControlRequest;
  try {
    request = JSON.parse(line) as ControlRequest;
  } catch {
    return { ok: false, error: "not a JSON request" };
  }
  if (request.op === "status") return { ok: true, pid: process.pid };
  if (request.op !== "snapshot") return { ok: false, error: "unknown request" };
  const run = snapshotQueue.then(async () => {
    const into = checkSnapshotTarget(request.into);
    return snapshotDataDirectory(await db(), into, "running-server");
  });
  snapshotQueue = run.catch(() => {});
  try {
    const { files, copyMs } = await run;
    logger.info({ uploads: files, copyMs }, "Backup: database snapshot taken for the backup command");
    return { ok: true, pid: process.pid, copyMs };
  } catch (error) {
    logger.error({ err: error }, "Backup: the snapshot failed");
    return { ok: false, error: errorMessage(error) };
  }
}

function serveConnection(connection: net.Socket): void {
  connection.setEncoding("utf8");
  connection.setTimeout(10_000, () => connection.destroy());
  connection.on("error", () => {});
  let buffer = "";
  connection.on("data", (chunk: string) => {
    buffer += chunk;
    const end = buffer.indexOf("\n");
    if (end < 0) {
      if (buffer.length > 4096) connection.destroy();
      return;
    }
    connection.removeAllListeners("data");
    connection.setTimeout(0);
    void answer(buffer.slice(0, end)).then((reply) => connection.end(JSON.stringify(reply) + "\n"));
  });
}

/** Listens on a Unix socket with the umask that makes it 0600 from the start (bind happens within listen()). */
function listenPrivately(server: net.Server, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    let previous: number | undefined;
    try {
      previous = process.umask(0o177);
    } catch {
      // Worker threads cannot change the umask; the chmod below still applies.
    }
    try {
      server.listen(file, () => {
        server.off("error", reject);
        resolve();
      });
    } finally {
      if (previous !== undefined) process.umask(previous);
    }
  });
}

/**
 * Called by prepareServer (embedded database only, after it holds the database's lock): listens on
 * DATA_DIR/server.sock for the backup command. A socket file already there is a dead server's (the lock
 * says no other server runs here) and is replaced. Failing to listen is logged, not fatal: the site serves,
 * and `npm run backup` says why it cannot take a backup.
 */
export async function startBackupSocket(): Promise<void> {
  if (control) return;
  const file = socketPath();
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH_BYTES) {
    logger.warn(
      { socket: file },
      "Backup: DATA_DIR's path is too long for a Unix socket; `npm run backup` needs the server stopped",
    );
    return;
  }
  const server = net.createServer(serveConnection);
  server.maxConnections = 8;
  try {
    try {
      if (fs.lstatSync(file).isSocket()) fs.rmSync(file);
    } catch (error) {
      if (errorCode(error) !== "ENOENT") throw error;
    }
    await listenPrivately(server, file);
    fs.chmodSync(file, 0o600);
  } catch (error) {
    logger.error({ err: error, socket: file }, "Backup: could not listen on the control socket");
    server.close();
    return;
  }
  server.on("error", (error) => logger.error({ err: error }, "Backup: control socket error"));
  control = { server, path: file };
  logger.info({ socket: file }, "Backup: listening for `npm run backup`");
}

/** Called by shutdownServer before the database closes: stops listening, lets a snapshot in progress finish. */
export async function stopBackupSocket(): Promise<void> {
  const current = control;
  control = undefined;
  if (!current) return;
  const closed = new Promise<void>((resolve) => current.server.close(() => resolve()));
  await snapshotQueue;
  await closed;
  fs.rmSync(current.path, { force: true });
}

// ---------------------------------------------------------------------------------------------------------
// The commands' side

type Answer = { ok: true; pid?: number; copyMs?: number } | { ok: false; error: string };

/** Sends one request to the server on `file`; null when no server listens there (no socket, or a dead one's). */
export function askServer(file: string, request: object, timeoutMs: number): Promise<Answer | null> {
  return new Promise((resolve, reject) => {
    if (Buffer.byteLength(file) > MAX_SOCKET_PATH_BYTES) {
      resolve(null);
      return;
    }
    const connection = net.createConnection(file);
    let buffer = "";
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      connection.destroy();
      settle();
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`the server did not answer on ${file} within ${timeoutMs / 1000} s`))),
      timeoutMs,
    );
    connection.setEncoding("utf8");
    connection.on("connect", () => connection.write(JSON.stringify(request) + "\n"));
    connection.on("data", (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf("\n");
      if (end < 0) return;
      finish(() => {
        try {
          resolve(JSON.parse(buffer.slice(0, end)) as Answer);
        } catch {
          reject(new Error(`an unreadable answer on ${file}`));
        }
      });
    });
    connection.on("error", (error) =>
      finish(() => {
        const code = errorCode(error);
        if (code === "ENOENT" || code === "ECONNREFUSED") resolve(null);
        else reject(error);
      }),
    );
    connection.on("close", () => finish(() => reject(new Error(`the server on ${file} hung up without answering`))));
  });
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** 2026-11-27T031500Z: sorts by time, no colons (safe in file names everywhere). */
function fileTimestamp(now = new Date()): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "");
}

/** backup-2026-11-27T031500Z.tar.gz */
export function defaultBackupName(now = new Date()): string {
  return `backup-${fileTimestamp(now)}.tar.gz`;
}

/** FILE, or a directory to put the default name in; by default DATA_DIR/backups/. */
function backupTarget(argument: string | undefined): string {
  if (!argument) return path.join(dataDir(), "backups", defaultBackupName());
  const resolved = path.resolve(argument);
  const isDirectory = argument.endsWith("/") || (fs.existsSync(resolved) && fs.statSync(resolved).isDirectory());
  return isDirectory ? path.join(resolved, defaultBackupName()) : resolved;
}

/** Writes the staged snapshot as a .tar.gz: a temporary file beside the target, synced, renamed into place. */
async function writeArchive(staging: string, target: string, manifest: BackupManifest): Promise<number> {
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const temporary = `${target}.${crypto.randomBytes(4).toString("hex")}.partial`;
  // Created first with mode 0600 (it holds personal data and the session secret); tar keeps the mode.
  await (await fsp.open(temporary, "wx", 0o600)).close();
  try {
    const entries = [MANIFEST_NAME, DATABASE_NAME];
    if (manifest.storage) entries.push(STORAGE_NAME);
    if (manifest.sessionSecret) entries.push(SECRET_NAME);
    await tar.create({ file: temporary, cwd: staging, gzip: true, portable: true }, entries);
    const handle = await fsp.open(temporary, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(temporary, target);
  } catch (error) {
    await fsp.rm(temporary, { force: true });
    throw error;
  }
  return (await fsp.stat(target)).size;
}

/** A temporary directory inside DATA_DIR, removed when done or when the process exits. */
function temporaryDirectory(prefix: string): { path: string; remove: () => void } {
  const directory = fs.mkdtempSync(path.join(dataDir(), prefix));
  const remove = () => fs.rmSync(directory, { recursive: true, force: true });
  process.once("exit", remove);
  return {
    path: directory,
    remove: () => {
      process.off("exit", remove);
      remove();
    },
  };
}

/** `backup [FILE]`: a consistent copy of the embedded database, uploads and session secret in one .tar.gz. */
export async function backup(args: string[]): Promise<number> {
  if (env().DATABASE_URL) {
    console.error(POSTGRES_NOTE);
    return 1;
  }
  const positional = args.filter((arg) => !arg.startsWith("--"));
  if (positional.length > 1 || positional.length !== args.length) {
    console.error("Usage: npm run backup [FILE or DIRECTORY]   (default: DATA_DIR/backups/backup-<time>.tar.gz)");
    return 2;
  }
  const directory = dataDir();
  if (!fs.existsSync(path.join(databaseDirectory(directory), "PG_VERSION"))) {
    console.error(`There is no embedded database at ${databaseDirectory(directory)}: nothing to back up.`);
    return 1;
  }
  const target = backupTarget(positional[0]);
  const staging = temporaryDirectory(".backup-");
  try {
    let manifest: BackupManifest;
    const reply = await askServer(socketPath(directory), { op: "snapshot", into: staging.path }, 10 * 60_000);
    if (reply) {
      if (!reply.ok) {
        console.error(`The running server could not take the backup: ${reply.error}`);
        return 1;
      }
      manifest = JSON.parse(fs.readFileSync(path.join(staging.path, MANIFEST_NAME), "utf8")) as BackupManifest;
      console.log(`Snapshot taken by the running server (pid ${reply.pid}) in ${reply.copyMs} ms; it kept serving.`);
    } else {
      let opened;
      try {
        opened = await openDatabase();
      } catch (error) {
        if (!(error instanceof DatabaseLockedError)) throw error;
        console.error(
          `A process holds the embedded database at ${databaseDirectory(directory)} but does not answer on ` +
            `${socketPath(directory)} (a release without online backups, or a DATA_DIR path too long for a ` +
            "socket). Stop it and run the backup again, or restart it with this release.",
        );
        return 1;
      }
      try {
        ({ manifest } = await snapshotDataDirectory(opened.db, staging.path, "backup-command"));
      } finally {
        await opened.close();
      }
      console.log("No server is running: the database was opened and copied by this command.");
    }
    const size = await writeArchive(staging.path, target, manifest);
    const parts = [`database (${manifest.database.migrations.length} migrations)`];
    parts.push(manifest.storage ? "uploaded files" : "no uploads (STORAGE_DRIVER=supabase keeps them)");
    if (manifest.sessionSecret) parts.push("session secret");
    console.log(`Backup written: ${target} (${formatBytes(size)}): ${parts.join(", ")}.`);
    return 0;
  } finally {
    staging.remove();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Restore

const ALLOWED_TOP = new Set([MANIFEST_NAME, DATABASE_NAME, STORAGE_NAME, SECRET_NAME]);

interface CheckedBackup {
  manifest: BackupManifest;
  tables: number;
  rows: number;
}

function readManifest(file: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<BackupManifest>;
  } catch (error) {
    throw new Error(
      errorCode(error) === "ENOENT" ? `it has no ${MANIFEST_NAME}` : `its ${MANIFEST_NAME} is unreadable`,
      { cause: error },
    );
  }
  if (manifest.format !== FORMAT) throw new Error(`its ${MANIFEST_NAME} is not this site's backup format`);
  if (manifest.version !== FORMAT_VERSION) {
    throw new Error(`it is format version ${manifest.version}; this release reads version ${FORMAT_VERSION}`);
  }
  if (!Array.isArray(manifest.database?.migrations)) throw new Error(`its ${MANIFEST_NAME} lists no migrations`);
  return manifest as BackupManifest;
}

/**
 * Unpacks the archive into `staging` (only the expected entries, plain files and directories) and opens
 * the database in it: it must open, and hold the migrations backup.json lists. Touches nothing else.
 */
async function unpackAndCheck(archive: string, staging: string): Promise<CheckedBackup> {
  const problems: string[] = [];
  await tar.extract({
    file: archive,
    cwd: staging,
    strict: true,
    preserveOwner: false,
    filter: (entryPath, entry) => {
      const top = entryPath.replace(/^\.\//, "").split("/")[0] ?? "";
      const type = "type" in entry ? entry.type : undefined;
      if (!ALLOWED_TOP.has(top) || (type !== "File" && type !== "Directory")) {
        problems.push(`unexpected entry ${entryPath}${type ? ` (${type})` : ""}`);
        return false;
      }
      return true;
    },
  });
  if (problems.length) throw new Error(problems.slice(0, 3).join("; "));
  const manifest = readManifest(path.join(staging, MANIFEST_NAME));
  const databasePath = path.join(staging, DATABASE_NAME);
  if (!fs.existsSync(path.join(databasePath, "PG_VERSION"))) throw new Error("it holds no database");
  if (manifest.storage && !fs.existsSync(path.join(staging, STORAGE_NAME))) throw new Error("its uploads are missing");
  if (manifest.sessionSecret && !fs.existsSync(path.join(staging, SECRET_NAME))) {
    throw new Error("its session secret is missing");
  }

  // Opening it replays its WAL (the snapshot is what a crash leaves) and checkpoints it on closing.
  const pglite = new PGlite({ dataDir: databasePath, extensions: { pg_trgm } });
  try {
    await pglite.waitReady;
    const migrations = (await pglite.query<{ name: string }>("select name from kysely_migration order by name")).rows;
    const listed = migrations.map((row) => row.name);
    if (listed.join("\n") !== [...manifest.database.migrations].sort().join("\n")) {
      throw new Error(`its database does not hold the migrations ${MANIFEST_NAME} lists`);
    }
    const tables = (
      await pglite.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
      )
    ).rows;
    let rows = 0;
    for (const table of tables) {
      const quoted = `"${table.name.replaceAll('"', '""')}"`;
      rows += (await pglite.query<{ n: number }>(`select count(*)::int as n from ${quoted}`)).rows[0]?.n ?? 0;
    }
    return { manifest, tables: tables.length, rows };
  } catch (error) {
    throw new Error(`its database does not open (${errorMessage(error)})`, { cause: error });
  } finally {
    await pglite.close().catch(() => {});
  }
}

/** The entries of the database directory that are the database (not our lock). */
function databaseEntries(directory: string): string[] {
  try {
    return fs.readdirSync(directory).filter((name) => !RUNTIME_FILES.has(name));
  } catch (error) {
    if (errorCode(error) === "ENOENT") return [];
    throw error;
  }
}

function isNonEmptyDirectory(directory: string): boolean {
  try {
    return fs.readdirSync(directory).length > 0;
  } catch (error) {
    if (errorCode(error) === "ENOENT" || errorCode(error) === "ENOTDIR") return false;
    throw error;
  }
}

/** `restore FILE [--replace]`: puts a backup in place of the (stopped) site's database, uploads and secret. */
export async function restore(args: string[]): Promise<number> {
  if (env().DATABASE_URL) {
    console.error(POSTGRES_NOTE);
    return 1;
  }
  const replace = args.includes("--replace");
  const positional = args.filter((arg) => !arg.startsWith("--"));
  const unknown = args.filter((arg) => arg.startsWith("--") && arg !== "--replace");
  if (positional.length !== 1 || unknown.length) {
    console.error("Usage: npm run restore FILE [--replace]");
    return 2;
  }
  const archive = path.resolve(positional[0]!);
  if (!fs.existsSync(archive) || !fs.statSync(archive).isFile()) {
    console.error(`No backup file at ${archive}.`);
    return 1;
  }
  const directory = dataDir();
  const status = await askServer(socketPath(directory), { op: "status" }, 5_000).catch(() => null);
  if (status?.ok) {
    console.error(
      `A server is running on ${directory} (pid ${status.pid}) and holds its database. Stop it, run the ` +
        "restore, then start it again. Nothing was changed.",
    );
    return 1;
  }

  fs.mkdirSync(directory, { recursive: true });
  const staging = temporaryDirectory(".restore-");
  try {
    let checked: CheckedBackup;
    try {
      checked = await unpackAndCheck(archive, staging.path);
    } catch (error) {
      console.error(`Not restoring: ${archive} is not a usable backup: ${errorMessage(error)}. Nothing was changed.`);
      return 1;
    }
    const { manifest } = checked;

    const databaseTarget = databaseDirectory(directory);
    const createdDatabaseDirectory = !fs.existsSync(databaseTarget);
    let release: () => Promise<void>;
    try {
      release = await lockDataDirectory(databaseTarget);
    } catch (error) {
      if (!(error instanceof DatabaseLockedError)) throw error;
      console.error(`${error.message} Nothing was changed.`);
      return 1;
    }
    let aside: string | undefined;
    try {
      const storageTarget = path.join(directory, STORAGE_NAME);
      const secretTarget = path.join(directory, SECRET_NAME);
      const existing: string[] = [];
      if (databaseEntries(databaseTarget).length) existing.push(databaseTarget);
      if (manifest.storage && isNonEmptyDirectory(storageTarget)) existing.push(storageTarget);
      if (manifest.sessionSecret && fs.existsSync(secretTarget)) existing.push(secretTarget);
      if (existing.length && !replace) {
        console.error(
          `Not restoring: ${existing.join(", ")} already exist${existing.length === 1 ? "s" : ""}. Run the ` +
            "restore with --replace to put them aside (kept in DATA_DIR/replaced-<time>/) and restore the backup. " +
            "Nothing was changed.",
        );
        if (createdDatabaseDirectory) await release().then(() => fs.rmSync(databaseTarget, { recursive: true }));
        return 1;
      }

      // The old data is moved aside, never deleted; the lock inside the database directory stays held.
      if (existing.length) {
        aside = path.join(directory, `replaced-${fileTimestamp()}`);
        fs.mkdirSync(path.join(aside, DATABASE_NAME), { recursive: true, mode: 0o700 });
        for (const name of databaseEntries(databaseTarget)) {
          fs.renameSync(path.join(databaseTarget, name), path.join(aside, DATABASE_NAME, name));
        }
        if (existing.includes(storageTarget)) fs.renameSync(storageTarget, path.join(aside, STORAGE_NAME));
        if (existing.includes(secretTarget)) fs.renameSync(secretTarget, path.join(aside, SECRET_NAME));
      }
      for (const name of databaseEntries(path.join(staging.path, DATABASE_NAME))) {
        fs.renameSync(path.join(staging.path, DATABASE_NAME, name), path.join(databaseTarget, name));
      }
      if (manifest.storage) {
        fs.rmSync(storageTarget, { recursive: true, force: true }); // an empty directory, if anything
        fs.renameSync(path.join(staging.path, STORAGE_NAME), storageTarget);
      }
      if (manifest.sessionSecret) {
        fs.renameSync(path.join(staging.path, SECRET_NAME), secretTarget);
        fs.chmodSync(secretTarget, 0o600);
      }
    } catch (error) {
      console.error(
        `The restore failed part-way (${errorMessage(error)}).` +
          (aside ? ` The data it replaced is in ${aside}: move it back before starting the server.` : ""),
      );
      throw error;
    } finally {
      await release();
    }

    const known = new Set(Object.keys(await new SqlFileMigrationProvider().getMigrations()));
    const newer = manifest.database.migrations.filter((name) => !known.has(name));
    console.log(
      `Restored ${archive} (taken ${manifest.createdAt}) into ${directory}: ${checked.tables} tables, ` +
        `${checked.rows} rows, ${manifest.storage ? "uploaded files" : "no uploads (kept in Supabase Storage)"}` +
        `${manifest.sessionSecret ? ", session secret" : ""}.`,
    );
    if (aside) console.log(`What it replaced is kept in ${aside}; delete it once the site works.`);
    if (!manifest.sessionSecret && !env().SESSION_SECRET) {
      console.log(
        "The backup has no session secret (SESSION_SECRET was set): set the same one, or everyone signs in again.",
      );
    }
    if (newer.length) {
      console.log(
        `The backup is from a newer release (${newer.length} migration(s) this release does not have); ` +
          "this release starts on it with a warning as long as those migrations were additive.",
      );
    }
    console.log("Start the server: it migrates the database forward if the backup is from an older release.");
    return 0;
  } finally {
    staging.remove();
  }
}
