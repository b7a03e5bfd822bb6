// Menu benchmark (issue 26): a catalog of 5,000 products in a temporary database —
//   1. a POS export of all of them read and applied (≤ 30 s, ≤ 200 MB more memory), then applied again
//      (nothing changes), and the provider's sync of all of them from a local stand-in (≤ 30 s);
//   2. the query plans of the menu's queries (EXPLAIN: which index each uses);
//   3. the production server on that database with its page cache off (PAGE_CACHE=false), timing /menu with
//      filters and product pages one request at a time (p95 ≤ 50 ms and ≤ 20 ms), beside a reference in the
//      same run: /readyz (the request chain alone) and /terms (a page that reads no catalog).
//   npm run bench:menu                     (the embedded database)
//   npx tsx scripts/with-test-postgres.ts npm run bench:menu    (Postgres)
// BENCH_PRODUCTS, BENCH_REQUESTS, BENCH_PORT and BUILD_DIR are optional.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { ColumnMapping } from "~/lib/catalog";
import { POS_EXPORT_HEADER, POS_EXPORT_MAPPING } from "../tests/support/pos-export.ts";
import { menuBenchPaths, explainMenuQueries } from "./bench/menu-queries.ts";
import { usePrivatePostgres } from "./bench/private-postgres.ts";
import { type PathTiming, productionBuildDir, startBenchServer, timePath } from "./bench/timing.ts";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARM_UP = 10;
const PORT = Number(process.env.BENCH_PORT ?? 3291);
const TARGETS = { importSeconds: 30, importMegabytes: 200, menuP95: 50, productP95: 20 };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-menu-"));
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = "false";
process.env.NODE_ENV ??= "production";
process.env.LOG_LEVEL ??= "warn";

const CATEGORIES = ["Flower", "Edibles", "Pre-Rolls", "Vapes", "Concentrates", "Accessories", "Topicals", "Tinctures"];
const STRAINS = ["Blue Dream", "Gelato", "Wedding Cake", "Sour Diesel", "Runtz", "OG Kush", "Zkittlez", "Mimosa"];
const TYPES = ["Indica", "Sativa", "Hybrid", "CBD"];

/** A POS export as a store's system writes it: a row per size and store, 40 brands, a few specials. */
function posExport(count: number): { bytes: Uint8Array; mapping: ColumnMapping } {
  const lines = [POS_EXPORT_HEADER];
  for (let i = 0; i < count; i++) {
    const category = CATEGORIES[i % CATEGORIES.length];
    const brand = `Brand ${(i * 7) % 40}`;
    const name = `${STRAINS[i % STRAINS.length]} ${category} ${i}`;
    const sizes = i % 3 === 0 ? ["1g", "3.5g", "7g"] : ["1g"];
    for (const [s, size] of sizes.entries()) {
      for (const store of i % 5 === 0 ? ["Lindsey", "Blue Water"] : [""]) {
        const price = (10 + ((i * 13) % 50) + s * 20).toFixed(2);
        const special = i % 11 === 0 ? (Number(price) * 0.8).toFixed(2) : "";
        lines.push(
          `SKU-${i},${name},${brand},${category},${TYPES[i % 4]},${15 + (i % 20)}%,${size},$${price},${special},${i % 17 === 0 ? 0 : 5},${store},"${name}: aroma of pine and citrus, grown in Oklahoma."`,
        );
      }
    }
  }
  return {
    bytes: new TextEncoder().encode(lines.join("\r\n")),
    mapping: POS_EXPORT_MAPPING,
  };
}

/** Runs `work` while sampling the process's memory; returns its time and the peak growth in MB. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; megabytes: number }> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, seconds: (performance.now() - started) / 1000, megabytes: (peak - base) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

/** The provider's menu of `count` products in Dutchie Plus's documented shape, paged, on a local port. */
async function providerStandIn(count: number): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const products = Array.from({ length: count }, (_, i) => ({
    id: `p-${i}`,
    name: `${STRAINS[i % STRAINS.length]} Synced ${i}`,
    brand: { name: `Brand ${(i * 7) % 40}` },
    category: ["FLOWER", "EDIBLES", "PRE_ROLLS", "VAPORIZERS", "CONCENTRATES", "ACCESSORIES", "TOPICALS", "TINCTURES"][
      i % 8
    ],
    description: "Aroma of pine and citrus.",
    image: null,
    strainType: ["INDICA", "SATIVA", "HYBRID", "HIGH_CBD"][i % 4],
    potencyThc: { range: [15 + (i % 20)], unit: "PERCENTAGE" },
    potencyCbd: null,
    variants: [{ option: "1g", priceMed: 10 + (i % 50), specialPriceMed: i % 11 === 0 ? 8 : null, quantity: 5 }],
  }));
  const server = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      const { variables } = JSON.parse(raw) as { variables: { offset: number; limit: number } };
      const page = products.slice(variables.offset, variables.offset + variables.limit);
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ data: { menu: { products: page } } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const verdict = (ok: boolean) => (ok ? "ok" : "OVER TARGET");
const failures: string[] = [];
function check(label: string, value: number, target: number, unit: string) {
  const ok = value <= target;
  if (!ok) failures.push(`${label}: ${value.toFixed(1)} ${unit} (target ≤ ${target} ${unit})`);
  return `${value.toFixed(1).padStart(8)} ${unit.padEnd(3)} (target ≤ ${target}, ${((value / target) * 100).toFixed(0)} % of it) ${verdict(ok)}`;
}

async function catalogWork() {
  const { prepareDatabase } = await import("~/services/database-startup.server");
  const { readPosCsv } = await import("~/services/catalog/pos-csv.server");
  const { applyCatalog } = await import("~/models/catalog.server");
  const { checkUncheckedContent } = await import("~/models/ad-findings.server");
  const { recordCatalogRun } = await import("~/models/catalog-runs.server");
  const { saveMenuSyncSettings } = await import("~/models/menu-sync-settings.server");
  const { syncMenuNow } = await import("~/services/catalog/menu-sync.server");
  const { dutchiePlusProvider } = await import("~/services/catalog/dutchie-plus.server");
  const { sql } = await import("kysely");
  const database = await prepareDatabase();
  console.log(`Database: ${database.kind}\n`);

  const file = posExport(PRODUCTS);
  const imported = await measured(async () => {
    const read = readPosCsv(file.bytes, file.mapping);
    if (!read.ok) throw new Error(read.error);
    return applyCatalog("csv:pos", read.products);
  });
  await recordCatalogRun({ source: "csv:pos", kind: "import", startedAt: new Date(), ok: true });
  console.log(`POS export, ${PRODUCTS} products (${(file.bytes.byteLength / 1024 / 1024).toFixed(1)} MB CSV):`);
  console.log(`  import      ${check("import time", imported.seconds, TARGETS.importSeconds, "s")}`);
  console.log(`  memory      ${check("import memory", imported.megabytes, TARGETS.importMegabytes, "MB")}`);
  console.log(`  added ${imported.result.added.length}`);
  // The advertising check of the new descriptions: paid once, by the next dashboard or Admin → Menu load.
  const adChecked = await measured(() => checkUncheckedContent());
  console.log(
    `  ad check    ${check("advertising check after the import", adChecked.seconds, TARGETS.importSeconds, "s")}, ${adChecked.result} products checked`,
  );
  const again = await measured(async () => {
    const read = readPosCsv(file.bytes, file.mapping);
    if (!read.ok) throw new Error(read.error);
    return applyCatalog("csv:pos", read.products);
  });
  const changed = again.result.added.length + again.result.changed.length + again.result.removed.length;
  console.log(
    `  again       ${check("re-import time", again.seconds, TARGETS.importSeconds, "s")}, ${changed} changed`,
  );
  if (changed !== 0) failures.push(`the same export applied twice changed ${changed} products`);

  const standIn = await providerStandIn(PRODUCTS);
  try {
    await saveMenuSyncSettings(
      {
        provider: "dutchie-plus",
        apiKey: "bench",
        retailerIds: { Lindsey: "l", BlueWater: null },
        intervalMinutes: 15,
      },
      null,
    );
    const provider = dutchiePlusProvider({
      apiKey: "bench",
      retailerIds: { Lindsey: "l" },
      endpoint: standIn.endpoint,
    });
    const synced = await measured(() => syncMenuNow({ provider }));
    if (!synced.result.ok) throw new Error(`sync failed: ${synced.result.message}`);
    console.log(`Provider sync, ${PRODUCTS} products in pages of 200 from a local stand-in:`);
    console.log(`  sync        ${check("sync time", synced.seconds, TARGETS.importSeconds, "s")}`);
    console.log(`  memory      ${check("sync memory", synced.megabytes, TARGETS.importMegabytes, "MB")}`);
  } finally {
    await standIn.close();
  }
  // What autovacuum would do on a server Postgres; the embedded engine has no background workers.
  await sql`vacuum analyze`.execute(database.db);
  console.log("\nQuery plans (EXPLAIN):");
  for (const line of await explainMenuQueries()) console.log(`  ${line}`);
  const paths = await menuBenchPaths();
  const { closeDatabase } = await import("~/server/db.server");
  await closeDatabase();
  return paths;
}

async function main() {
  await usePrivatePostgres("bench_menu");
  const buildDir = productionBuildDir();
  const paths = await catalogWork();
  const server = await startBenchServer(buildDir, dataDir, PORT, { PAGE_CACHE: "false", LOG_LEVEL: "warn" });
  const measure = (pathname: string) =>
    timePath(server.base, pathname, { requests: REQUESTS, warmUp: WARM_UP, uncached: true });
  try {
    const reference = [await measure("/readyz"), await measure("/terms")];
    const menu = [];
    for (const pathname of paths.menu) menu.push(await measure(pathname));
    const products = [];
    for (const pathname of paths.products) products.push(await measure(pathname));
    const terms = reference[1].p95;
    console.log(
      `\nServer, page cache off, one request at a time, ${REQUESTS} each after ${WARM_UP} warm-up (ms, wall time on loopback)\n`,
    );
    console.log(
      `${"path".padEnd(58)}${"status".padStart(7)}${"median".padStart(9)}${"p95".padStart(9)}${"× /terms".padStart(10)}`,
    );
    const row = (r: PathTiming) =>
      console.log(
        `${r.pathname.slice(0, 57).padEnd(58)}${String(r.status).padStart(7)}${r.median.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${(r.p95 / terms).toFixed(2).padStart(10)}`,
      );
    console.log("reference");
    reference.forEach(row);
    console.log("/menu and its filters");
    menu.forEach(row);
    console.log("product pages");
    products.forEach(row);
    const worstMenu = Math.max(...menu.map((r) => r.p95));
    const worstProduct = Math.max(...products.map((r) => r.p95));
    console.log(`\nslowest /menu p95     ${check("/menu p95", worstMenu, TARGETS.menuP95, "ms")}`);
    console.log(`slowest product p95   ${check("product page p95", worstProduct, TARGETS.productP95, "ms")}`);
    const bad = [...reference, ...menu, ...products].filter((r) => r.status !== 200);
    if (bad.length) failures.push(`unexpected status for ${bad.map((r) => `${r.pathname} (${r.status})`).join(", ")}`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`\n${failures.join("\n")}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
