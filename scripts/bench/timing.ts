// What the page benchmarks share: the production server they start, and percentiles of their timings.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/** The production build to measure (BUILD_DIR, else build/); refuses to go on without one. */
export function productionBuildDir(): string {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
    throw new Error(`No production build in ${buildDir}: run "npx react-router build" first.`);
  }
  return buildDir;
}

/** A production server a benchmark started: its address, SIGTERM-and-wait, and its process (to kill it). */
export interface BenchServer {
  base: string;
  stop: () => Promise<void>;
  child: ChildProcess;
}

/**
 * `node server.ts` on the build, its data in `dataDir`, on 127.0.0.1:`port` with `env` on top (its stdout
 * ignored, its errors shown), once /readyz answers; `stop` ends it and waits for it.
 */
export async function startBenchServer(
  buildDir: string,
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  await ensurePortFree(port);
  const child = spawn(process.execPath, ["server.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_DEMO: "false",
      ...env,
    },
  });
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once("exit", resolve),
    );
  };
  try {
    await waitForServer(child, base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop, child };
}

/** Refuses a port something already listens on: its /readyz would answer for the server about to start. */
function ensurePortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`Port ${port} is in use: stop what listens there, or choose another with BENCH_PORT`)
          : error,
      ),
    );
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

export async function waitForServer(child: ChildProcess, base: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("The server did not start within 60 s");
}

/** The p-th percentile of ascending `sorted` (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export interface PathTiming {
  pathname: string;
  status: number;
  median: number;
  p95: number;
}

/** What the server says a request cost (its Server-Timing header), in queries and milliseconds. */
export interface ServerTiming {
  queries: number;
  reactMs: number;
  appMs: number;
}

export function parseServerTiming(header: string | null): ServerTiming {
  const value = header ?? "";
  const dur = (name: string) => Number(new RegExp(`\\b${name}(?:;desc="[^"]*")?;dur=([\\d.]+)`).exec(value)?.[1] ?? 0);
  return {
    queries: Number(/db;desc="(\d+) quer/.exec(value)?.[1] ?? Number.NaN),
    reactMs: dur("react"),
    appMs: dur("app"),
  };
}

export interface RequestTiming extends PathTiming {
  /** The server's own time for each answer (its Server-Timing "app"), when every answer gave it; else null. */
  server: { median: number; p95: number } | null;
}

/**
 * Times `send` one request at a time, after `warmUp` untimed ones: the whole answer's wall time on loopback,
 * and the server's own time from its Server-Timing header. `send(i)` makes the i-th request (the warm-up ones
 * first); its body is read here. `uncached`: a page-cache hit is an error (the server runs PAGE_CACHE=false).
 */
export async function timeRequests(
  label: string,
  send: (index: number) => Promise<Response>,
  options: { requests: number; warmUp: number; uncached?: boolean },
): Promise<RequestTiming> {
  let status = 0;
  for (let i = 0; i < options.warmUp; i++) await (await send(i)).arrayBuffer();
  const times: number[] = [];
  const serverTimes: number[] = [];
  for (let i = 0; i < options.requests; i++) {
    const started = performance.now();
    const response = await send(options.warmUp + i);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    status = response.status;
    const serverTiming = response.headers.get("server-timing");
    if (serverTiming && /\bapp;dur=/.test(serverTiming)) serverTimes.push(parseServerTiming(serverTiming).appMs);
    if (options.uncached && response.headers.get("x-cache") === "HIT") {
      throw new Error(`${label} came from the page cache`);
    }
  }
  times.sort((a, b) => a - b);
  serverTimes.sort((a, b) => a - b);
  return {
    pathname: label,
    status,
    median: percentile(times, 50),
    p95: percentile(times, 95),
    server:
      serverTimes.length === times.length && times.length > 0
        ? { median: percentile(serverTimes, 50), p95: percentile(serverTimes, 95) }
        : null,
  };
}

/**
 * Times `pathname` one request at a time (after `warmUp` untimed ones), as a visitor who confirmed their
 * age and takes no compression. `uncached`: a page-cache hit is an error (the server runs PAGE_CACHE=false).
 */
export async function timePath(
  base: string,
  pathname: string,
  options: { requests: number; warmUp: number; uncached?: boolean },
): Promise<PathTiming> {
  const headers = { Cookie: `ageVerified=${Date.now()}`, "Accept-Encoding": "identity" };
  const { status, median, p95 } = await timeRequests(pathname, () => fetch(base + pathname, { headers }), options);
  return { pathname, status, median, p95 };
}

/**
 * Runs a benchmark's `main`; `stop` (its servers) and `cleanUp` (its temporary files) run after an error or on
 * Ctrl-C too; `failures` (checks that failed, filled by `main`) make the exit code 1.
 */
export function runBench(
  main: () => Promise<void>,
  stop: () => Promise<void>,
  cleanUp: () => void,
  failures: string[],
) {
  // Stays registered (not `once`): signal-exit (proper-lockfile's, which locked the embedded database's
  // directory) re-sends the signal, killing the process at once, when it finds itself the last listener.
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void stop().finally(() => {
        cleanUp();
        process.exit(1);
      });
    });
  }
  main().then(
    () => {
      if (failures.length === 0) return;
      console.error(`\n${failures.length} check${failures.length === 1 ? "" : "s"} failed:\n${failures.join("\n")}`);
      process.exitCode = 1;
    },
    async (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      await stop();
      cleanUp();
      process.exit(1);
    },
  );
}

/**
 * The table of a benchmark's one-at-a-time requests: the reference (`/readyz`, the request chain alone) first,
 * then `title`'s rows; the server's own p50 and p95 (its Server-Timing app), the p95 as a multiple of the
 * reference's, and the whole answer's wall p50 and p95, in ms.
 */
export function printTimingTable(reference: RequestTiming, title: string, rows: RequestTiming[], labelWidth: number) {
  const ms = (value: number) => value.toFixed(1);
  const referenceP95 = reference.server?.p95 ?? reference.p95;
  const columns = (label: string, status: string, cells: string[]) =>
    console.log(`${label.padEnd(labelWidth)}${status.padStart(7)}${cells.map((cell) => cell.padStart(13)).join("")}`);
  columns("request", "status", ["server p50", "server p95", "p95 × readyz", "wall p50", "wall p95"]);
  const row = (r: RequestTiming) =>
    columns(r.pathname, String(r.status), [
      ...(r.server
        ? [ms(r.server.median), ms(r.server.p95), (r.server.p95 / referenceP95).toFixed(2)]
        : ["-", "-", "-"]),
      ms(r.median),
      ms(r.p95),
    ]);
  console.log("reference");
  row(reference);
  console.log(title);
  rows.forEach(row);
  console.log();
}
