// The backup control socket: a server on the embedded database listens on DATA_DIR/server.sock (mode 0600:
// the same OS user only) and takes a snapshot when the backup command asks (backup.server.ts says why it
// must be the server); the commands' side asks it, or learns that no server runs.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { snapshotDataDirectory } from "./backup-snapshot.server";
import { errorCode, errorMessage } from "./caught-error.server";
import { db } from "./db.server";
import { dataDir } from "./env.server";
import { logger } from "./logger.server";

/** The control socket in DATA_DIR; present while a server with the embedded database runs. */
export const SOCKET_NAME = "server.sock";
// sun_path is 108 bytes on Linux, including the terminating NUL.
const MAX_SOCKET_PATH_BYTES = 107;

export function socketPath(directory = dataDir()): string {
  return path.join(directory, SOCKET_NAME);
}

// ---------------------------------------------------------------------------------------------------------
// The running server's side

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
