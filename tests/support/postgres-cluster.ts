// A private Postgres cluster for tests: Debian's binaries, a temp directory, a free loopback port.
// Run as the `postgres` user when we are root (Postgres refuses to run as root).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The directory holding initdb and pg_ctl (PG_BIN, else the newest /usr/lib/postgresql/<version>/bin). */
export function postgresBinDirectory(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, "bin/pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) {
    throw new Error(
      "Postgres is needed for these tests: install Debian's `postgresql` package (npm test does when run as root), " +
        "or set PG_BIN to the directory holding initdb and pg_ctl.",
    );
  }
  return path.join(root, versions[0], "bin");
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const isRoot = process.getuid?.() === 0;

function runAsOwner(command: string, args: string[]): string {
  const bin = path.join(postgresBinDirectory(), command);
  const [file, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  return execFileSync(file, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export interface PostgresCluster {
  port: number;
  directory: string;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: (database?: string) => string;
  createDatabase: (name: string) => void;
  /** `pg_ctl stop -m fast`: every connection is terminated, as in a restart. */
  stop: () => void;
  start: () => void;
  /** Stops the cluster and deletes its directory. */
  destroy: () => void;
}

/**
 * initdb a fresh cluster in a temp directory and start it on a free loopback port. `maxConnections`: for
 * many clients at once (the default, 100, is enough for a few servers).
 */
export async function startPostgresCluster(options: { maxConnections?: number } = {}): Promise<PostgresCluster> {
  const port = await freePort();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "pg-test-"));
  const dataDirectory = path.join(directory, "data");
  if (isRoot) execFileSync("chown", ["postgres:postgres", directory]);
  runAsOwner("initdb", ["-D", dataDirectory, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const serverOptions =
    `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off` +
    (options.maxConnections ? ` -c max_connections=${options.maxConnections}` : "");
  let running = false;
  const start = () => {
    if (running) return;
    runAsOwner("pg_ctl", ["-D", dataDirectory, "-o", serverOptions, "-l", path.join(directory, "log"), "-w", "start"]);
    running = true;
  };
  const stop = () => {
    if (!running) return;
    runAsOwner("pg_ctl", ["-D", dataDirectory, "-m", "fast", "-w", "stop"]);
    running = false;
  };
  start();
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    directory,
    url,
    createDatabase: (name) => {
      runAsOwner("psql", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-c", `create database "${name}"`]);
    },
    stop,
    start,
    destroy: () => {
      try {
        stop();
      } finally {
        fs.rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
