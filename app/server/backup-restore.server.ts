// `npm run restore FILE [--replace]` (node server.ts restore): a backup (backup.server.ts) checked in a
// staging directory, then moved in place of the stopped site's database, uploads and session secret; what
// it replaces is moved aside to DATA_DIR/replaced-<time>/, never deleted.
import fs from "node:fs";
import path from "node:path";
import { type CheckedBackup, DATABASE_NAME, SECRET_NAME, STORAGE_NAME, unpackAndCheck } from "./backup-archive.server";
import { databaseDirectory, RUNTIME_FILES, temporaryDirectory } from "./backup-snapshot.server";
import { askServer, socketPath } from "./backup-socket.server";
import { fileTimestamp, POSTGRES_NOTE } from "./backup.server";
import { errorCode, errorMessage } from "./caught-error.server";
import { DatabaseLockedError, lockDataDirectory } from "./data-dir-lock.server";
import { dataDir, env } from "./env.server";
import { SqlFileMigrationProvider } from "./migrate.server";

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
