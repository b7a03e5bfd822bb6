// The speed benchmark (issues 14, 24 and 38): starts the production build on a fresh embedded database with the
// demo content and prints, in one run,
//   1. each public page rendered with the page cache off: p50 and p99 of the whole answer at one connection,
//      the server on core 0 and wrk on core 1, against the page's goal; beside it what React alone took to
//      render the page from the loaders' data (the server's Server-Timing "react"), and the queries the page
//      sent on its first render and once its reads are kept; on the embedded database and on a private
//      Postgres cluster (Debian's, when installed);
//   2. requests per second of cached pages against nginx serving the very same bytes (both writing their
//      access log, buffered), measured with wrk (server on core 0, wrk on core 1, 50 connections), the ratio,
//      and whether nginx ran far above the app (else the generator, not the app, was measured), and beside
//      them node:http alone on the same bytes (scripts/bench/bare-node-server.ts): Node's own floor here;
//   3. the JavaScript and CSS each public page loads at start, in gzip bytes;
//   4. the Nu HTML checker's errors per public page (both age-gate variants);
//   5. Lighthouse (mobile) scores per page: performance ≥ 95, TBT ≤ 150 ms, CLS 0, LCP ≤ 2.5 s.
//   npm run bench          BENCH_SECONDS (10), BENCH_REPEATS (3), BENCH_CONNECTIONS (50), BENCH_RENDER_SECONDS (5), BENCH_PORT (3300),
//                          BENCH_LIGHTHOUSE_RUNS (3), BENCH_ONLY=render,throughput,weight,html,lighthouse
// wrk and nginx are Debian's. A benchmark, not a test: it prints numbers and exits 0; the budgets are
// enforced by the tests.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { ageVerifiedCookie, discoverBlogPages, publicPaths } from "./bench/blog-pages.ts";
import { checkHtml, fetchBothAgeGateVariants } from "./bench/html-check.ts";
import { medianLighthouse } from "./bench/lighthouse.ts";
import { kb, measurePageWeight } from "./bench/page-weight.ts";
import { parseServerTiming, renderPages, type ServerTiming } from "./bench/render-pages.ts";
import { percentile } from "./bench/timing.ts";
import { postgresBinDirectory, startPostgresCluster, type PostgresCluster } from "../tests/support/postgres-cluster.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RENDER_SECONDS = Number(process.env.BENCH_RENDER_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** How many runs of each cached page each server gets (the median is shown). */
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const APP_PORT = Number(process.env.BENCH_PORT ?? 3300);
const STATIC_PORT = APP_PORT + 1;
const BARE_NODE_PORT = APP_PORT + 2;
const UNCACHED_PORT = APP_PORT + 3;
const ONLY = new Set((process.env.BENCH_ONLY ?? "render,throughput,weight,html,lighthouse").split(","));
const nodeBinary = process.execPath;
/** The load generator and the reference server, from Debian (installed when missing and running as root). */
const wrk = ensureTool("wrk", ["/usr/bin/wrk"]);
// One core each: the server on the first, the load generator on the second (when taskset and two cores exist).
const canPin = os.availableParallelism() >= 2 && spawnSync("taskset", ["-c", "0", "true"]).status === 0;
const pinned = (core: number, command: string, args: string[]): [string, string[]] =>
  canPin ? ["taskset", ["-c", String(core), command, ...args]] : [command, args];
// This script's own requests (discovery, Server-Timing samples) stay off the server's core too.
if (canPin) spawnSync("taskset", ["-cp", "1", String(process.pid)]);

/** A Debian package's program: where it is, after installing the package when it is missing and we may. */
function ensureTool(pkg: string, paths: string[]): string {
  const found = () => paths.find((candidate) => fs.existsSync(candidate));
  if (!found() && process.getuid?.() === 0 && spawnSync("apt-get", ["--version"]).status === 0) {
    console.log(`Installing ${pkg} (Debian package) for the benchmark…`);
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    spawnSync("apt-get", ["install", "-y", "-qq", pkg], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  }
  const program = found();
  if (!program)
    throw new Error(`The benchmark needs ${pkg}: install it (Debian/Ubuntu: 'sudo apt-get install ${pkg}').`);
  return program;
}

// A pooled keep-alive connection the server has just closed (after a long load run) fails one fetch: the
// measuring requests try once more on a fresh connection.
const plainFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  try {
    return await plainFetch(input, init);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return plainFetch(input, init);
  }
};

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
// nginx's worker (nobody, when started as root) reads the static files from here.
fs.chmodSync(workDir, 0o755);
const children: ChildProcess[] = [];
function stopChildren() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
}
process.on("exit", () => {
  stopChildren();
  fs.rmSync(workDir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(1));

async function waitForOk(url: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

/**
 * The production server on core 0 with the demo content: on `port`, its data in `name`, with `env` on top.
 * Request lines stay on (the app's behaviour), written as JSON to a file as in production.
 */
async function startApp(
  name = "app",
  port = APP_PORT,
  env: Record<string, string> = {},
): Promise<{ base: string; stop: () => Promise<void> }> {
  const [command, args] = pinned(0, nodeBinary, ["server.ts"]);
  const logFile = path.join(workDir, `${name}.log`);
  const log = fs.openSync(logFile, "w");
  const child = spawn(command, args, {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      BUILD_DIR: process.env.BUILD_DIR,
      NODE_ENV: "production",
      DATA_DIR: path.join(workDir, name),
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_DEMO: "true",
      LOG_FORMAT: "json",
      ...env,
    },
    stdio: ["ignore", log, log],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => {
      const tail = fs.readFileSync(logFile, "utf8").slice(-2000);
      reject(new Error(`The server stopped (exit ${code}) before it was ready:\n${tail}`));
    }),
  );
  await Promise.race([waitForOk(`${base}/readyz`), exited]);
  child.removeAllListeners("exit");
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { base, stop };
}

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** wrk's latency figure ("850.12us", "1.20ms", "2.00s") in milliseconds. */
function milliseconds(figure: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(figure.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}

/**
 * wrk (C, one thread, pinned to the other core): it sends several times what the app can answer, so the
 * figure is the server's. autocannon, in Node, topped out at 4.6–6.8 k requests/s here, below nginx, and
 * measured itself.
 */
function load(url: string, headers: Record<string, string>, seconds = SECONDS, connections = CONNECTIONS): Load {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const [command, args] = pinned(1, wrk, ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", ...headerArgs, url]);
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr || result.stdout}`);
  const out = result.stdout;
  const percentile = (p: number) => milliseconds(new RegExp(`^\\s*${p}%\\s+(\\S+)`, "m").exec(out)?.[1] ?? "");
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
    p50: percentile(50),
    p99: percentile(99),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

interface StaticServer {
  name: string;
  base: string;
}

/** A cached page as the app sends it: its body and the headers nginx and node:http send with it too. */
interface SentPage {
  body: Buffer;
  type: string;
  encoding: string;
  /** The app's other headers ([name, value] pairs), minus those each server makes itself. */
  headers: [string, string][];
}

// Headers the reference servers make themselves (or, for the request id, make per request as the app does).
const OWN_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "content-type",
  "content-encoding",
  "transfer-encoding",
  "x-request-id",
]);

/**
 * The reference: nginx (one worker, writing its access log) serving each page's bytes as a file with the
 * app's headers: the same bytes on the wire, its request id ($request_id) made per request as the app's.
 */
async function startStaticServer(files: Map<string, SentPage>) {
  const root = path.join(workDir, "static");
  fs.mkdirSync(root, { recursive: true });
  const locations: string[] = [];
  let index = 0;
  const routes = new Map<string, string>();
  for (const [pagePath, file] of files) {
    const name = `page-${index++}`;
    fs.writeFileSync(path.join(root, name), file.body);
    routes.set(pagePath, `/${name}`);
    const headers = [
      ...(file.encoding === "identity" ? [] : [["Content-Encoding", file.encoding]]),
      ...file.headers,
      ["X-Request-Id", "$request_id"],
    ].map(([header, value]) => `add_header ${header} "${value.replaceAll('"', '\\"')}";`);
    // nginx's own ETag off: the app's is among its headers.
    locations.push(`location = /${name} { default_type "${file.type}"; etag off; ${headers.join(" ")} }`);
  }
  const nginx = ensureTool("nginx", ["/usr/sbin/nginx", "/usr/bin/nginx"]);
  const conf = path.join(workDir, "nginx.conf");
  fs.writeFileSync(
    conf,
    [
      "worker_processes 1;",
      "daemon off;",
      `pid ${workDir}/nginx.pid;`,
      `error_log ${workDir}/nginx-error.log;`,
      "events { worker_connections 1024; }",
      "http {",
      // Its access log, as the app writes its request lines: both buffered (4 KB, flushed each quarter second).
      `  access_log ${workDir}/nginx-access.log combined buffer=4k flush=250ms;`,
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${workDir}/${t};`),
      "  types { }",
      `  server { listen 127.0.0.1:${STATIC_PORT}; root ${root};`,
      ...locations.map((l) => `    ${l}`),
      "  }",
      "}",
    ].join("\n"),
  );
  const [command, args] = pinned(0, nginx, ["-c", conf]);
  children.push(spawn(command, args, { stdio: "ignore" }));
  await waitForOk(`http://127.0.0.1:${STATIC_PORT}${routes.values().next().value}`, 10_000);

  // Node's floor on the same bytes and core: node:http and nothing else (scripts/bench/bare-node-server.ts).
  const manifest = path.join(workDir, "bare-node.json");
  fs.writeFileSync(
    manifest,
    JSON.stringify(
      Object.fromEntries(
        [...files].map(([pagePath, file]) => [
          routes.get(pagePath),
          {
            file: path.join(root, routes.get(pagePath)!.slice(1)),
            type: file.type,
            encoding: file.encoding,
            headers: file.headers,
          },
        ]),
      ),
    ),
  );
  const bareScript = path.join(import.meta.dirname, "bench", "bare-node-server.ts");
  const [bareCommand, bareArgs] = pinned(0, nodeBinary, [bareScript, String(BARE_NODE_PORT), manifest]);
  children.push(spawn(bareCommand, bareArgs, { stdio: "ignore" }));
  await waitForOk(`http://127.0.0.1:${BARE_NODE_PORT}${routes.values().next().value}`, 10_000);
  return {
    server: { name: "nginx", base: `http://127.0.0.1:${STATIC_PORT}` } as StaticServer,
    bareNode: `http://127.0.0.1:${BARE_NODE_PORT}`,
    routes,
  };
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

async function throughput(base: string) {
  const { post } = await discoverBlogPages(base);
  const pages = ["/", "/blog", ...(post ? [post] : []), "/about", "/deals", "/feed.xml"];
  // A browser's request: what a first visitor's phone sends.
  const headers = { "Accept-Encoding": "br, gzip" };
  const files = new Map<string, SentPage>();
  for (const page of pages) {
    // The first request renders and fills the cache; the bytes measured are those of a hit.
    for (let i = 0; i < 3; i++) await fetch(`${base}${page}`, { headers });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { body, headers: sent } = await rawResponse(`${base}${page}`, headers);
    const encoding = String(sent["content-encoding"] ?? "identity");
    const others = Object.entries(sent)
      .filter(([name]) => !OWN_HEADERS.has(name))
      .map(([name, value]): [string, string] => [name, String(value)]);
    files.set(page, { body, type: String(sent["content-type"] ?? "text/html"), encoding, headers: others });
    if (sent["x-cache"] !== "HIT") console.warn(`  note: ${page} was not a cache hit`);
  }
  const { server, bareNode, routes } = await startStaticServer(files);
  console.log(
    `\n## 2. Cached pages, requests per second: the app against ${server.name} on the same bytes (${CONNECTIONS} connections, median of ${REPEATS} runs of ${SECONDS} s${canPin ? ", server on core 0, load on core 1" : ""})\n`,
  );
  console.log(
    `${"page".padEnd(34)}${pad("bytes", 8)}${pad("app req/s", 11)}${pad("nginx req/s", 13)}${pad("ratio", 8)}${pad("node:http", 11)}${pad("ratio", 8)}${pad("app p50", 10)}${pad("app p99", 10)}${pad("p99/p50", 9)}${pad("nginx p50/p99", 18)}`,
  );
  // Warm-up, not measured: the first seconds of load on a fresh process include the JIT's compiling.
  load(`${base}${pages[0]}`, headers, 3);
  load(`${server.base}${routes.get(pages[0])}`, headers, 3);
  load(`${bareNode}${routes.get(pages[0])}`, headers, 3);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const misses: string[] = [];
  for (const page of pages) {
    // Each server REPEATS times, taking turns: one 10-second run of this machine moved by ±15 % (nginx
    // itself 58–71 k requests/s), so each figure is the median run.
    const runs = { app: [] as Load[], reference: [] as Load[], floor: [] as Load[] };
    for (let run = 0; run < REPEATS; run++) {
      runs.app.push(load(`${base}${page}`, headers));
      runs.reference.push(load(`${server.base}${routes.get(page)}`, headers));
      runs.floor.push(load(`${bareNode}${routes.get(page)}`, headers));
    }
    const medianRun = (loads: Load[]) =>
      [...loads].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(loads.length / 2)];
    const app = medianRun(runs.app);
    const reference = medianRun(runs.reference);
    const floor = medianRun(runs.floor);
    const ratio = app.requestsPerSecond / reference.requestsPerSecond;
    const floorRatio = floor.requestsPerSecond / reference.requestsPerSecond;
    const spread = app.p99 / app.p50;
    console.log(
      `${page.slice(0, 33).padEnd(34)}${pad(files.get(page)!.body.length, 8)}${pad(Math.round(app.requestsPerSecond), 11)}${pad(Math.round(reference.requestsPerSecond), 13)}${pad(`${(ratio * 100).toFixed(0)} %`, 8)}${pad(Math.round(floor.requestsPerSecond), 11)}${pad(`${(floorRatio * 100).toFixed(0)} %`, 8)}${pad(ms(app.p50), 10)}${pad(ms(app.p99), 10)}${pad(spread.toFixed(1), 9)}${pad(`${ms(reference.p50)}/${ms(reference.p99)}`, 18)}` +
        (app.errors || app.non2xx ? `  (${app.errors} errors, ${app.non2xx} non-2xx)` : ""),
    );
    if (ratio < 0.35) {
      misses.push(
        `${page}: ${(ratio * 100).toFixed(0)} % of nginx (goal ≥ 35 %); node:http alone, on the same bytes, ${(floorRatio * 100).toFixed(0)} %: the app at ${((ratio / floorRatio) * 100).toFixed(0)} % of Node's floor`,
      );
    }
    if (spread > 5) misses.push(`${page}: p99 is ${spread.toFixed(1)} × p50 (goal ≤ 5)`);
    // nginx serves the same bytes: if it is not far above the app, the generator (not the app) set the pace.
    if (reference.requestsPerSecond < 2 * app.requestsPerSecond) {
      misses.push(
        `${page}: nginx only ${(reference.requestsPerSecond / app.requestsPerSecond).toFixed(1)} × the app: the load generator may be the limit`,
      );
    }
  }
  console.log(
    misses.length
      ? `\nOff goal:\n${misses.map((miss) => `  ${miss}`).join("\n")}`
      : "\nEvery page on goal: ≥ 35 % of nginx, p99 ≤ 5 × p50, nginx at least twice the app.",
  );
}

/** The bytes exactly as sent, with the headers (fetch would decompress them). */
function rawResponse(
  url: string,
  headers: Record<string, string>,
): Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ body: Buffer.concat(chunks), headers: response.headers }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

async function weights(base: string) {
  console.log("\n## 3. JavaScript and CSS each public page loads at start (gzip)\n");
  console.log(`${"page".padEnd(34)}${pad("JS", 10)}${pad("CSS", 10)}${pad("blocking CSS", 14)}`);
  for (const page of await publicPaths(base)) {
    const weight = await measurePageWeight(base, page);
    console.log(
      `${page.slice(0, 33).padEnd(34)}${pad(`${kb(weight.jsGzipBytes)} KB`, 10)}${pad(`${kb(weight.cssGzipBytes)} KB`, 10)}${pad(`${kb(weight.renderBlockingCssGzipBytes)} KB`, 14)}`,
    );
  }
}

async function htmlCheck(base: string) {
  console.log("\n## 4. Nu HTML checker: errors per page (first visit with the age gate / age confirmed)\n");
  const paths = await publicPaths(base);
  const results = await checkHtml(await fetchBothAgeGateVariants(base, paths));
  let total = 0;
  for (const result of results) {
    total += result.errors.length;
    console.log(`${result.name.slice(0, 60).padEnd(62)}${pad(result.errors.length, 4)}`);
    for (const error of result.errors.slice(0, 5)) console.log(`    line ${error.line ?? "?"}: ${error.message}`);
  }
  console.log(`${"total".padEnd(62)}${pad(total, 4)}`);
}

async function lighthouseScores(base: string) {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  console.log(`\n## 5. Lighthouse (mobile, simulated throttling, median of ${runs} runs)\n`);
  // Lighthouse audits pages that load: the 404 (whose weight section 2 shows) is left out.
  const pages = [];
  for (const page of await publicPaths(base)) {
    if ((await fetch(`${base}${page}`, { method: "HEAD" })).ok) pages.push(page);
  }
  console.log(
    `${"page".padEnd(34)}${pad("JS", 5)}${pad("perf", 6)}${pad("a11y", 6)}${pad("BP", 6)}${pad("SEO", 6)}${pad("LCP", 9)}${pad("TBT", 8)}${pad("CLS", 7)}`,
  );
  const misses: string[] = [];
  for (const page of pages) {
    const scripted = (await measurePageWeight(base, page)).jsGzipBytes > 0;
    const result = await medianLighthouse(`${base}${page}`, runs);
    console.log(
      `${page.slice(0, 33).padEnd(34)}${pad(scripted ? "yes" : "no", 5)}${pad(result.performance, 6)}${pad(result.accessibility, 6)}${pad(result.bestPractices, 6)}${pad(result.seo, 6)}${pad(`${Math.round(result.lcpMs)} ms`, 9)}${pad(`${Math.round(result.tbtMs)} ms`, 8)}${pad(result.cls.toFixed(3), 7)}`,
    );
    if (result.performance < 95) misses.push(`${page}: performance ${result.performance} (goal ≥ 95)`);
    if (result.tbtMs > 150) misses.push(`${page}: total blocking time ${Math.round(result.tbtMs)} ms (goal ≤ 150 ms)`);
    if (result.cls > 0) misses.push(`${page}: CLS ${result.cls.toFixed(3)} (goal 0)`);
    if (result.lcpMs > 2500) misses.push(`${page}: LCP ${Math.round(result.lcpMs)} ms (goal ≤ 2.5 s)`);
    for (const [name, value] of [
      ["accessibility", result.accessibility],
      ["best practices", result.bestPractices],
      ["SEO", result.seo],
    ] as const) {
      if (value < 100) misses.push(`${page}: ${name} ${value} (${(result.failingAudits ?? []).join(", ")})`);
    }
  }
  console.log(misses.length ? `\nOff goal:\n${misses.map((miss) => `  ${miss}`).join("\n")}` : "\nEvery page on goal.");
}

/** What the server's Server-Timing says of `count` requests for `url`, sent one at a time. */
async function serverTimings(url: string, count: number): Promise<ServerTiming[]> {
  const headers = { cookie: ageVerifiedCookie() };
  const timings: ServerTiming[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    timings.push(parseServerTiming(response.headers.get("server-timing")));
  }
  return timings;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * Section 1: every page rendered anew for each request (PAGE_CACHE=false) by a server of its own, on the
 * embedded database and, when Debian's Postgres is installed, on a private cluster.
 */
async function uncachedRenders() {
  const engines: { name: string; env: () => Promise<Record<string, string>>; done?: () => void }[] = [
    { name: "embedded database (PGlite)", env: async () => ({}) },
  ];
  let cluster: PostgresCluster | undefined;
  try {
    postgresBinDirectory();
    engines.push({
      name: "Postgres (a private cluster on loopback)",
      env: async () => {
        cluster = await startPostgresCluster();
        cluster.createDatabase("bench");
        return { DATABASE_URL: cluster.url("bench"), SINGLE_INSTANCE: "true" };
      },
      done: () => cluster?.destroy(),
    });
  } catch {
    console.log("\n(Postgres is not installed: the uncached renders are measured on the embedded database only.)");
  }
  const misses: string[] = [];
  for (const engine of engines) {
    const app = await startApp(`uncached-${engines.indexOf(engine)}`, UNCACHED_PORT, {
      PAGE_CACHE: "false",
      ...(await engine.env()),
    });
    try {
      const pages = await renderPages(app.base);
      console.log(
        `\n## 1. Pages rendered for each request (page cache off), ${engine.name}: one connection, ${RENDER_SECONDS} s each${canPin ? ", server on core 0, wrk on core 1" : ""}\n`,
      );
      console.log(
        `${"page".padEnd(40)}${pad("goal", 7)}${pad("p50", 9)}${pad("p99", 9)}${pad("req/s", 7)}${pad("React", 8)}${pad("× React", 9)}${pad("queries", 10)}`,
      );
      // The first render of each page, in this order, on a fresh server: the reads the pages before it
      // share (settings, hours) are kept already.
      const first = new Map<string, number>();
      for (const page of pages) first.set(page.path, (await serverTimings(`${app.base}${page.path}`, 1))[0].queries);
      const headers = { Cookie: ageVerifiedCookie(), "Accept-Encoding": "br, gzip" };
      for (const page of pages) {
        const url = `${app.base}${page.path}`;
        load(url, headers, 2, 1);
        const measured = load(url, headers, RENDER_SECONDS, 1);
        const timings = await serverTimings(url, 100);
        const react = median(timings.map((t) => t.reactMs));
        const kept = median(timings.map((t) => t.queries));
        console.log(
          `${page.path.slice(0, 39).padEnd(40)}${pad(`${page.goalMs} ms`, 7)}${pad(`${measured.p50.toFixed(2)}`, 9)}${pad(`${measured.p99.toFixed(2)}`, 9)}${pad(Math.round(measured.requestsPerSecond), 7)}${pad(react.toFixed(2), 8)}${pad((measured.p50 / react).toFixed(1), 9)}${pad(`${first.get(page.path)} / ${kept}`, 10)}` +
            (measured.errors || measured.non2xx ? `  (${measured.errors} errors, ${measured.non2xx} non-2xx)` : ""),
        );
        if (measured.p50 > page.goalMs)
          misses.push(`${engine.name} ${page.path}: p50 ${measured.p50.toFixed(2)} ms (goal ≤ ${page.goalMs} ms)`);
        if (measured.p50 > 2 * react)
          misses.push(
            `${engine.name} ${page.path}: ${(measured.p50 / react).toFixed(1)} × React's own render (aim ≤ 2 ×)`,
          );
      }
      console.log(
        "\nms: p50 and p99 of the whole answer (wrk); React: median of the server's own render time (Server-Timing);",
      );
      console.log("queries: on the page's first render on a fresh server (in this order) / once its reads are kept.");
    } finally {
      await app.stop();
      engine.done?.();
    }
  }
  console.log(misses.length ? `\nOff goal:\n${misses.map((miss) => `  ${miss}`).join("\n")}` : "\nEvery page on goal.");
}

async function main() {
  console.log(`# npm run bench — ${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}`);
  if (ONLY.has("render")) await uncachedRenders();
  const { base } = await startApp();
  if (ONLY.has("throughput")) await throughput(base);
  if (ONLY.has("weight")) await weights(base);
  if (ONLY.has("html")) await htmlCheck(base);
  if (ONLY.has("lighthouse")) await lighthouseScores(base);
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
