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
//
// This file holds the backup command; the snapshot is backup-snapshot.server.ts, the socket
// backup-socket.server.ts, the archive backup-archive.server.ts and the restore command backup-restore.server.ts.
import fs from "node:fs";
import path from "node:path";
import { type BackupManifest, MANIFEST_NAME, writeArchive } from "./backup-archive.server";
import { databaseDirectory, snapshotDataDirectory, temporaryDirectory } from "./backup-snapshot.server";
import { askServer, socketPath } from "./backup-socket.server";
import { DatabaseLockedError } from "./data-dir-lock.server";
import { openDatabase } from "./db.server";
import { dataDir, env } from "./env.server";

/** What backup and restore say when the database is a Postgres server: theirs is not to copy. */
export const POSTGRES_NOTE =
  "DATABASE_URL is set: the database is a Postgres server, which this command does not back up. Use pg_dump " +
  'and pg_restore (e.g. `pg_dump --format=custom --file=site.dump "$DATABASE_URL"`), or your provider\'s ' +
  "backups (Supabase: Database → Backups). Uploads on a local disk (DATA_DIR/storage) need a copy of their own.";

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** 2026-11-27T031500Z: sorts by time, no colons (safe in file names everywhere). */
export function fileTimestamp(now = new Date()): string {
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
