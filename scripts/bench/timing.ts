// What the page benchmarks share: the production server they start, and percentiles of their timings.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The production build to measure (BUILD_DIR, else build/); refuses to go on without one. */
export function productionBuildDir(): string {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
    throw new Error(`No production build in ${buildDir}: run "npx react-router build" first.`);
  }
  return buildDir;
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
): Promise<{ base: string; stop: () => Promise<void> }> {
  const base = `http://127.0.0.1:${port}`;
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
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
  };
  try {
    await waitForServer(child, base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
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
  let status = 0;
  for (let i = 0; i < options.warmUp; i++) await (await fetch(base + pathname, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < options.requests; i++) {
    const started = performance.now();
    const response = await fetch(base + pathname, { headers });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    status = response.status;
    if (options.uncached && response.headers.get("x-cache") === "HIT") {
      throw new Error(`${pathname} came from the page cache`);
    }
  }
  times.sort((a, b) => a - b);
  return { pathname, status, median: percentile(times, 50), p95: percentile(times, 95) };
}
