// The backup archive (backup.server.ts): what a backup holds — backup.json beside the database, the uploads
// and the session secret — writing it as a .tar.gz, and unpacking and checking one before a restore.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import * as tar from "tar";
import { errorCode, errorMessage } from "./caught-error.server";

// The archive's top-level entries; a snapshot directory and DATA_DIR use the same names.
export const MANIFEST_NAME = "backup.json";
export const DATABASE_NAME = "pglite";
export const STORAGE_NAME = "storage";
export const SECRET_NAME = "session-secret";
export const BACKUP_FORMAT = "norman-dispensary-backup";
export const BACKUP_FORMAT_VERSION = 1;

/** What a backup holds, written as backup.json at the top of the archive. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_FORMAT_VERSION;
  createdAt: string;
  /** Who copied the database: the running server (no downtime) or the command itself (no server running). */
  takenBy: "running-server" | "backup-command";
  database: { engine: "pglite"; postgres: string; migrations: string[] };
  /** DATA_DIR/storage (uploaded images and resumes); false with STORAGE_DRIVER=supabase, whose files live there. */
  storage: boolean;
  /** DATA_DIR/session-secret (signs sessions when SESSION_SECRET is unset); false when there is none. */
  sessionSecret: boolean;
}

/** Writes the staged snapshot as a .tar.gz: a temporary file beside the target, synced, renamed into place. */
export async function writeArchive(staging: string, target: string, manifest: BackupManifest): Promise<number> {
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

const ALLOWED_TOP = new Set([MANIFEST_NAME, DATABASE_NAME, STORAGE_NAME, SECRET_NAME]);

export interface CheckedBackup {
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
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`its ${MANIFEST_NAME} is not this site's backup format`);
  if (manifest.version !== BACKUP_FORMAT_VERSION) {
    throw new Error(`it is format version ${manifest.version}; this release reads version ${BACKUP_FORMAT_VERSION}`);
  }
  if (!Array.isArray(manifest.database?.migrations)) throw new Error(`its ${MANIFEST_NAME} lists no migrations`);
  return manifest as BackupManifest;
}

/**
 * Unpacks the archive into `staging` (only the expected entries, plain files and directories) and opens
 * the database in it: it must open, and hold the migrations backup.json lists. Touches nothing else.
 */
export async function unpackAndCheck(archive: string, staging: string): Promise<CheckedBackup> {
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
