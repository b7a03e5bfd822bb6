// Memory of the production server on the embedded database, for one or more configurations side by side:
// resident memory (VmRSS) and its peak (VmHWM) at the first start on a fresh DATA_DIR (migrations and the
// demo seed), idle after a restart, under load and after it; then the image pipeline on large uploads.
//   npm run measure:memory
// Optional: BUILD_DIR, MEASURE_PORT (4305), MEASURE_SECONDS (20), MEASURE_CONNECTIONS (50),
// MEASURE_VARIANTS (comma-separated names below, or "all"; default "as-built,recommended"),
// MEASURE_UPLOADS=0 to skip the upload part. Linux only (/proc). Serves on 127.0.0.1 only; the load is
// bounded by time and connections. See docs/decisions/2026-11-27-memory-floor.md for results.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import autocannon from "autocannon";
import sharp from "sharp";

const PORT = Number(process.env.MEASURE_PORT ?? 4305);
const SECONDS = Number(process.env.MEASURE_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.MEASURE_CONNECTIONS ?? 50);
const IDLE_MS = 5_000;
const AFTER_MS = 10_000;
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const nodeBinary = fs.existsSync("node_modules/.bin/node") ? path.resolve("node_modules/.bin/node") : process.execPath;

const PAGES = ["/", "/blog", "/blog/terpenes-explained", "/deals", "/about"];

interface Variant {
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

const VARIANTS: Variant[] = [
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

interface Sample {
  rssKb: number;
  hwmKb: number;
}

/** VmRSS and VmHWM of a process, in kB. */
function sample(pid: number): Sample {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rssKb: field("VmRSS"), hwmKb: field("VmHWM") };
}

/**
 * Resident memory of WebAssembly memories (PGlite's Postgres heap): V8 maps each one read-write, directly
 * followed by a reserved, inaccessible guard region of several gigabytes.
 */
function wasmResidentKb(pid: number): number {
  const mappings: { start: bigint; end: bigint; perms: string; sizeKb: number; rssKb: number }[] = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) /.exec(line);
    if (header) {
      const [, start, end, perms] = header;
      mappings.push({ start: BigInt(`0x${start}`), end: BigInt(`0x${end}`), perms: perms!, sizeKb: 0, rssKb: 0 });
      continue;
    }
    const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
    const current = mappings.at(-1);
    if (field && current) current[field[1] === "Size" ? "sizeKb" : "rssKb"] = Number(field[2]);
  }
  let total = 0;
  for (let i = 0; i + 1 < mappings.length; i++) {
    const memory = mappings[i]!;
    const guard = mappings[i + 1]!;
    const isGuard = guard.perms === "---p" && guard.start === memory.end && guard.sizeKb >= 4 * 1024 * 1024;
    if (memory.perms === "rw-p" && isGuard) total += memory.rssKb;
  }
  return total;
}

/** CPU time a process has used (user + system, all its threads), in milliseconds. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) — utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
// sysconf(_SC_CLK_TCK): 100 on Linux.
const CLOCK_TICKS = 100;

const mb = (kb: number) => `${Math.round(kb / 1024)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  child: ChildProcess;
  stop: () => Promise<void>;
}

async function startServer(dataDir: string, variant: Variant): Promise<Server> {
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
async function applyPostgresSettings(dataDir: string, settings: Record<string, string>): Promise<void> {
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

interface Row {
  variant: string;
  firstPeak: number;
  idleRss: number;
  loadPeakRss: number;
  afterRss: number;
  hwm: number;
  wasmAfter: number;
  requestsPerSecond: number;
  cpuMsPerRequest: number;
  p99: number;
  failures: number;
  failureKinds: string;
}

async function measure(variant: Variant, scratch: string): Promise<Row> {
  const dataDir = path.join(scratch, variant.name);
  try {
    // The first start on a fresh DATA_DIR: initdb, every migration, the demo seed.
    const first = await startServer(dataDir, variant);
    const firstStart = sample(first.child.pid!);
    await first.stop();
    if (variant.postgres) await applyPostgresSettings(dataDir, variant.postgres);

    // A restart on that data, as a deployed store restarts.
    const server = await startServer(dataDir, variant);
    const pid = server.child.pid!;
    try {
      await sleep(IDLE_MS);
      const idle = sample(pid);
      let loadPeak = 0;
      const cpuBefore = cpuMs(pid);
      const sampler = setInterval(() => (loadPeak = Math.max(loadPeak, sample(pid).rssKb)), 250);
      const result = await autocannon({
        url: `http://127.0.0.1:${PORT}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        // The age gate's cookie: visitors who answered it get the real pages.
        headers: { cookie: `ageVerified=${Date.now()}`, "accept-encoding": "gzip" },
        requests: PAGES.map((pathname) => ({ method: "GET" as const, path: pathname })),
      });
      clearInterval(sampler);
      const cpuUsed = cpuMs(pid) - cpuBefore;
      loadPeak = Math.max(loadPeak, sample(pid).rssKb);
      await sleep(AFTER_MS);
      const after = sample(pid);
      return {
        variant: variant.name,
        firstPeak: firstStart.hwmKb,
        idleRss: idle.rssKb,
        loadPeakRss: loadPeak,
        afterRss: after.rssKb,
        hwm: after.hwmKb,
        wasmAfter: wasmResidentKb(pid),
        requestsPerSecond: Math.round(result.requests.average),
        cpuMsPerRequest: cpuUsed / Math.max(1, result.requests.total),
        p99: result.latency.p99,
        // (autocannon counts a timeout among its errors too.)
        failures: result.errors + result.non2xx,
        failureKinds: [
          result.timeouts && `${result.timeouts} timed out`,
          result.non2xx && `${result.non2xx} not 2xx`,
          result.errors - result.timeouts > 0 && `${result.errors - result.timeouts} errors`,
        ]
          .filter(Boolean)
          .join(", "),
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

// ---------------------------------------------------------------------------------------------------------
// Uploads: the app's image pipeline (storeImage) in a process of its own, on large images.

/** Run as `--upload-probe <image> <libvips cache: on|off>`: stores the image three times, prints JSON. */
async function uploadProbe(file: string, cache: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "measure-upload-"));
  process.env.DATA_DIR = dataDir;
  try {
    const { storeImage } = await import("~/server/images.server");
    // "on" puts back libvips' default cache, as the app ran before it turned it off.
    if (cache === "on") sharp.cache(true);
    const bytes = new Uint8Array(fs.readFileSync(file));
    const before = sample(process.pid);
    let outcome = "stored";
    for (let i = 0; i < 3; i++) {
      try {
        await storeImage("deals", bytes, path.basename(file));
      } catch (error) {
        outcome = error instanceof Error ? error.message : String(error);
      }
    }
    const after = sample(process.pid);
    console.log(JSON.stringify({ before, after, outcome }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureUploads(scratch: string) {
  const images = [
    { name: "48 MP baseline JPEG (8000×6000)", width: 8000, height: 6000, progressive: false },
    { name: "48 MP progressive JPEG (8000×6000)", width: 8000, height: 6000, progressive: true },
    { name: "144 MP progressive JPEG (12000×12000)", width: 12000, height: 12000, progressive: true },
  ];
  const rows: string[][] = [];
  for (const image of images) {
    const file = path.join(scratch, `${image.width}x${image.height}-${image.progressive}.jpg`);
    await sharp({ create: { width: image.width, height: image.height, channels: 3, background: "#3a7d44" } })
      .jpeg({ progressive: image.progressive, quality: 85 })
      .toFile(file);
    const size = fs.statSync(file).size;
    for (const cache of ["on", "off"]) {
      const probe = spawnSync(
        nodeBinary,
        ["--import", "tsx", path.resolve("scripts/measure-memory.ts"), "--upload-probe", file, cache],
        { encoding: "utf8", env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn" } },
      );
      const line = probe.stdout.trim().split("\n").at(-1) ?? "";
      if (probe.status !== 0 || !line.startsWith("{")) throw new Error(`The upload probe failed:\n${probe.stderr}`);
      const result = JSON.parse(line) as { before: Sample; after: Sample; outcome: string };
      rows.push([
        `${image.name}, ${Math.round(size / 1024)} KB`,
        cache === "on" ? "libvips default" : "off (as built)",
        mb(result.before.rssKb),
        mb(result.after.hwmKb),
        mb(result.after.rssKb),
        result.outcome.length > 40 ? `${result.outcome.slice(0, 40)}…` : result.outcome,
      ]);
    }
  }
  console.log("\nUploads: storeImage three times in a fresh process (RSS in MB)\n");
  printTable(["image", "libvips cache", "before", "peak", "after", "outcome"], rows);
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  if (process.platform !== "linux") throw new Error("This measurement reads /proc: run it on Linux.");
  if (!fs.existsSync(path.join(BUILD_DIR, "server/index.js"))) {
    throw new Error(`No production build in ${BUILD_DIR}: run "npx react-router build" first.`);
  }
  const requested = process.env.MEASURE_VARIANTS ?? "as-built,recommended";
  const chosen = (requested === "all" ? VARIANTS.map((v) => v.name) : requested.split(","))
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = chosen.filter((name) => !VARIANTS.some((v) => v.name === name));
  if (unknown.length) {
    throw new Error(`Unknown variant(s) ${unknown.join(", ")}; choose among ${VARIANTS.map((v) => v.name).join(", ")}`);
  }
  const variants = VARIANTS.filter((v) => chosen.includes(v.name));

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "measure-memory-"));
  try {
    const rows: Row[] = [];
    for (const variant of variants) {
      console.log(`Measuring ${variant.name}: ${variant.description}…`);
      rows.push(await measure(variant, scratch));
    }
    console.log(
      `\nResident memory in MB. Load: autocannon, ${CONNECTIONS} connections for ${SECONDS} s over ` +
        `${PAGES.join(" ")}; node ${process.version}, ${os.cpus().length} CPUs, load average ` +
        `${os.loadavg()[0]!.toFixed(1)}\n`,
    );
    printTable(
      [
        "variant",
        "first start peak",
        "idle",
        "load peak",
        "after",
        "peak (HWM)",
        "wasm",
        "req/s",
        "CPU ms/req",
        "p99 ms",
        "failed",
      ],
      rows.map((r) => [
        r.variant,
        mb(r.firstPeak),
        mb(r.idleRss),
        mb(r.loadPeakRss),
        mb(r.afterRss),
        mb(r.hwm),
        mb(r.wasmAfter),
        String(r.requestsPerSecond),
        r.cpuMsPerRequest.toFixed(1),
        String(r.p99),
        r.failures ? `${r.failures} (${r.failureKinds})` : "0",
      ]),
    );
    console.log(
      "\nfirst start peak: VmHWM at the first start on a fresh DATA_DIR (initdb, migrations, demo seed);" +
        "\nidle, load peak, after: VmRSS after a restart on that data, at rest, the most sampled under load, 10 s" +
        "\nafter; peak (HWM): VmHWM of the restarted server; wasm: resident WebAssembly heap (PGlite) after;" +
        "\nCPU ms/req: the server's CPU time (all threads) during the load per request answered — unlike req/s," +
        "\nhardly affected by other work on the machine.",
    );
    for (const variant of variants) console.log(`  ${variant.name}: ${variant.description}`);
    if (process.env.MEASURE_UPLOADS !== "0") await measureUploads(scratch);

    const failed = rows.filter((r) => r.failures > 0);
    if (failed.length) throw new Error(`Requests failed under load for ${failed.map((r) => r.variant).join(", ")}`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

const probe = process.argv.indexOf("--upload-probe");
(probe >= 0 ? uploadProbe(process.argv[probe + 1]!, process.argv[probe + 2]!) : main()).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
