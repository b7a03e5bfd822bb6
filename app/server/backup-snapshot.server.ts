// The snapshot behind a backup (backup.server.ts): the embedded database, uploads and session secret copied
// out of DATA_DIR in one synchronous step, by the running server or by the backup command alike; and the
// temporary directories inside DATA_DIR that the commands stage snapshots and restores in.
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  DATABASE_NAME,
  MANIFEST_NAME,
  SECRET_NAME,
  STORAGE_NAME,
} from "./backup-archive.server";
import { errorCode } from "./caught-error.server";
import { LOCK_NAME } from "./data-dir-lock.server";
import type { DB } from "./db.server";
import { dataDir, env } from "./env.server";
import { logger } from "./logger.server";
import { appliedMigrations } from "./migrate.server";
import { localStorageRoot } from "./storage.server";

// Files in the data directory that belong to the running process, not to the database: our lock (and the
// old pid lock), and Postgres's pid file and options (pg_basebackup leaves them out too).
export const RUNTIME_FILES = new Set([LOCK_NAME, "owner.lock", "postmaster.pid", "postmaster.opts"]);

export function databaseDirectory(directory = dataDir()): string {
  return path.join(directory, DATABASE_NAME);
}

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
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    takenBy,
    database: { engine: "pglite", postgres: rows[0]?.version ?? "unknown", migrations },
    storage,
    sessionSecret,
  };
  fs.writeFileSync(path.join(into, MANIFEST_NAME), JSON.stringify(manifest, null, 2) + "\n", { mode: 0o600 });
  return { manifest, files, copyMs };
}

/** A temporary directory inside DATA_DIR, removed when done or when the process exits. */
export function temporaryDirectory(prefix: string): { path: string; remove: () => void } {
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
