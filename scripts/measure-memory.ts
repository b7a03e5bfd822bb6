// Memory of the production server on the embedded database, for one or more configurations side by side:
// resident memory (VmRSS) and its peak (VmHWM) at the first start on a fresh DATA_DIR (migrations and the
// demo seed), idle after a restart, under load and after it; then the image pipeline on large uploads.
//   npm run measure:memory
// Optional: BUILD_DIR, MEASURE_PORT (4305), MEASURE_SECONDS (20), MEASURE_CONNECTIONS (50),
// MEASURE_VARIANTS (comma-separated names from measure-memory/server.ts, or "all"; default "as-built,recommended"),
// MEASURE_UPLOADS=0 to skip the upload part. Linux only (/proc). Serves on 127.0.0.1 only; the load is
// bounded by time and connections. See docs/decisions/2026-11-27-memory-floor.md for results.
//
// The helpers live in scripts/measure-memory/: /proc readings, the server and its variants, the uploads.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { cpuMs, sample, wasmResidentKb } from "./measure-memory/process-usage.ts";
import { mb, printTable } from "./measure-memory/report.ts";
import {
  applyPostgresSettings,
  BUILD_DIR,
  PORT,
  startServer,
  type Variant,
  VARIANTS,
} from "./measure-memory/server.ts";
import { measureUploads, uploadProbe } from "./measure-memory/uploads.ts";

const SECONDS = Number(process.env.MEASURE_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.MEASURE_CONNECTIONS ?? 50);
const IDLE_MS = 5_000;
const AFTER_MS = 10_000;

const PAGES = ["/", "/blog", "/blog/terpenes-explained", "/deals", "/about"];

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
