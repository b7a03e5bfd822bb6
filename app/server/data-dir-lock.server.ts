// The embedded database's lock: one process at a time may open a PGlite data directory.
// A mkdir-based lock (proper-lockfile) kept fresh by an mtime heartbeat: it names no pid, so pid reuse
// after a reboot and containers sharing a volume (each pid 1) cannot fool it. A holder that dies stops
// the heartbeat, and its lock is taken over once it is older than `staleMs`.
import fs from "node:fs";
import path from "node:path";
import lockfile from "proper-lockfile";
// Named with its .ts: this module also runs under bare Node (a test runs it in a process of its own).
import { logger } from "./logger.server.ts";

/** The lock directory inside the data directory. */
export const LOCK_NAME = "pglite.lock";
/** The file the old pid-based lock wrote; it means nothing any more and is removed once we hold the lock. */
const LEGACY_LOCK_NAME = "owner.lock";

// PGlite is WebAssembly on the main thread and can block the event loop for seconds (start-up, migrations,
// a heavy query); a late heartbeat must never look like a dead holder, so stale leaves a wide margin.
const DEFAULT_STALE_MS = 10_000;
const DEFAULT_UPDATE_MS = 2_000;
const DEFAULT_RETRY_INTERVAL_MS = 500;

export class DatabaseLockedError extends Error {
  constructor(directory: string) {
    super(
      `The embedded database at ${directory} is in use by another process. ` +
        `Stop that process (for example the running server) and try again, or set DATABASE_URL to use a shared Postgres.`,
    );
    this.name = "DatabaseLockedError";
  }
}

export interface DataDirectoryLockOptions {
  /** A lock whose heartbeat is older than this is a dead holder's and is taken over (at least 2000). */
  staleMs?: number;
  /** Heartbeat interval (at least 1000, at most staleMs / 2). */
  updateMs?: number;
  /** How long to wait for a held lock before refusing; by default a bit more than staleMs, so a restart right after a crash succeeds. */
  retryForMs?: number;
  retryIntervalMs?: number;
  /** Called when the lock is lost while held. By default: log and exit, since writing on would corrupt the database. */
  onCompromised?: (error: Error) => void;
  /** Where the "waiting for the lock" notice goes. */
  log?: (message: string) => void;
}

function exitOnCompromised(directory: string) {
  return (error: Error) => {
    logger.fatal(
      `Lost the lock on the embedded database at ${directory} (${error.message}). ` +
        `Another process may have taken it over; stopping now so that two processes never write to it.`,
    );
    process.exit(1);
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the embedded database's lock (`<directory>/pglite.lock`). While another live process holds it,
 * waits up to `retryForMs` (in case that holder just crashed and its lock is going stale), then throws
 * DatabaseLockedError. Returns the release function.
 */
export async function lockDataDirectory(
  directory: string,
  options: DataDirectoryLockOptions = {},
): Promise<() => Promise<void>> {
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const updateMs = options.updateMs ?? Math.min(DEFAULT_UPDATE_MS, staleMs / 4);
  const retryForMs = options.retryForMs ?? staleMs + 2_000;
  const retryIntervalMs = options.retryIntervalMs ?? DEFAULT_RETRY_INTERVAL_MS;
  const onCompromised = options.onCompromised ?? exitOnCompromised(directory);
  const log = options.log ?? ((message: string) => logger.warn(message));

  fs.mkdirSync(directory, { recursive: true });
  const lockOptions: lockfile.LockOptions = {
    lockfilePath: path.join(directory, LOCK_NAME),
    realpath: false,
    stale: staleMs,
    update: updateMs,
    retries: 0,
    onCompromised,
  };

  const deadline = Date.now() + retryForMs;
  let release: () => Promise<void>;
  for (let waited = false; ; waited = true) {
    try {
      release = await lockfile.lock(directory, lockOptions);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
      if (Date.now() >= deadline) throw new DatabaseLockedError(directory);
      if (!waited) {
        log(
          `The embedded database at ${directory} is locked by another process; ` +
            `waiting up to ${Math.ceil(retryForMs / 1000)} s in case that lock was left by a crash…`,
        );
      }
      await sleep(Math.min(retryIntervalMs, Math.max(0, deadline - Date.now())));
    }
  }

  try {
    fs.rmSync(path.join(directory, LEGACY_LOCK_NAME), { force: true });
  } catch (error) {
    await release();
    throw error;
  }

  let released = false;
  return async () => {
    if (released) return;
    released = true;
    try {
      await release();
    } catch (error) {
      // Already released, or lost (onCompromised has dealt with that).
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ERELEASED" && code !== "ENOTACQUIRED") throw error;
    }
  };
}
