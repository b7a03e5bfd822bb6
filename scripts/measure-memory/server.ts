// The server that scripts/measure-memory.ts measures: the configurations it compares (variants), and the
// production server started on a data directory with one of them.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export const PORT = Number(process.env.MEASURE_PORT ?? 4305);
export const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
export const nodeBinary = fs.existsSync("node_modules/.bin/node")
  ? path.resolve("node_modules/.bin/node")
  : process.execPath;

export interface Variant {
  name: string;
  description: string;
  /** Options for node itself (V8 flags that NODE_OPTIONS does not accept). */
  nodeArgs?: string[];
  /** Variables for the server process. */
  env?: Record<string, string>;
  /**
   * Postgres settings for the restarted server, written to the data directory as ALTER SYSTEM does
   * (the first start's initdb runs before they can be).
   */
  postgres?: Record<string, string>;
}

const SMALL_POSTGRES = { shared_buffers: "32MB", maintenance_work_mem: "16MB" };
const HEAP_CAP = "--max-old-space-size=256";

export const VARIANTS: Variant[] = [
  { name: "as-built", description: "the server as this build starts it (node server.ts)" },
  {
    name: "pg-buffers",
    description: "Postgres shared_buffers 32MB (PGlite's default 128MB), maintenance_work_mem 16MB (default 64MB)",
    postgres: SMALL_POSTGRES,
  },
  {
    name: "liftoff",
    description: "node --liftoff-only: PGlite's WebAssembly stays on V8's baseline compiler (no optimizing tier-up)",
    nodeArgs: ["--liftoff-only"],
  },
  { name: "heap-cap", description: `NODE_OPTIONS=${HEAP_CAP}`, env: { NODE_OPTIONS: HEAP_CAP } },
  {
    name: "arenas",
    description: "MALLOC_ARENA_MAX=2 (glibc: fewer per-thread malloc arenas)",
    env: { MALLOC_ARENA_MAX: "2" },
  },
  {
    name: "flags",
    description:
      "liftoff and heap-cap together: what the start command can do (node --liftoff-only --max-old-space-size=256)",
    nodeArgs: ["--liftoff-only", HEAP_CAP],
  },
  {
    name: "recommended",
    description: "pg-buffers, liftoff and heap-cap together",
    nodeArgs: ["--liftoff-only"],
    env: { NODE_OPTIONS: HEAP_CAP },
    postgres: SMALL_POSTGRES,
  },
];

export interface Server {
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts the production server on `dataDir` as the variant says; resolves once /readyz answers (120 s at most). */
export async function startServer(dataDir: string, variant: Variant): Promise<Server> {
  const child = spawn(nodeBinary, [...(variant.nodeArgs ?? []), "server.ts"], {
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      BUILD_DIR,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      SEED_DEMO: "true",
      SESSION_SECRET: "measure-memory-secret-0123456789abcdef",
      LOG_LEVEL: "warn",
      ...variant.env,
    },
  });
  let errors = "";
  child.stderr!.on("data", (chunk) => (errors += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${errors}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not become ready within 120 s:\n${errors}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  return {
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Writes Postgres settings into a stopped data directory, as ALTER SYSTEM does (postgresql.auto.conf). */
export async function applyPostgresSettings(dataDir: string, settings: Record<string, string>): Promise<void> {
  const open = () => new PGlite({ dataDir: path.join(dataDir, "pglite"), extensions: { pg_trgm } });
  const writing = open();
  try {
    for (const [name, value] of Object.entries(settings)) {
      if (!/^[a-z_]+$/.test(name) || !/^[0-9A-Za-z]+$/.test(value)) throw new Error(`Bad setting ${name}=${value}`);
      await writing.exec(`alter system set ${name} = '${value}'`);
    }
  } finally {
    await writing.close();
  }
  // Opened again, the database must run with them (a setting PGlite ignored would make the row meaningless).
  const reading = open();
  try {
    for (const [name, value] of Object.entries(settings)) {
      const shown = (await reading.query<Record<string, string>>(`show ${name}`)).rows[0]?.[name];
      if (shown !== value) throw new Error(`${name} is ${shown} after setting it to ${value}`);
    }
  } finally {
    await reading.close();
  }
}
