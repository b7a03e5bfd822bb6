// Blog benchmark: seeds 10,000 posts (with categories and tags) into a temporary embedded database,
// starts the production server on it and times the public blog pages and the feed.
//   npm run bench:blog            (BENCH_POSTS, BENCH_REQUESTS, BENCH_PORT and BUILD_DIR are optional)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { productionBuildDir, startBenchServer, timePath } from "./bench/timing.ts";

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const WARM_UP = 5;
const PORT = Number(process.env.BENCH_PORT ?? 3290);
const BATCH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

// BENCH_DATA_DIR reuses a directory seeded (and kept, with BENCH_KEEP=1) by an earlier run.
const reuse = process.env.BENCH_DATA_DIR;
const keep = Boolean(reuse) || process.env.BENCH_KEEP === "1";
const dataDir = reuse ? path.resolve(reuse) : fs.mkdtempSync(path.join(os.tmpdir(), "bench-blog-"));
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = "false";
process.env.NODE_ENV ??= "production";

const categoryNames = [
  "Cannabis 101",
  "Product Guides",
  "Strain Spotlights",
  "Edibles",
  "Concentrates",
  "Wellness",
  "Store News",
  "Oklahoma Law",
];
const tagNames = Array.from({ length: 40 }, (_, i) => `Topic ${i + 1}`);
// Real topic words, each in a few percent of the posts, among thousands of filler words: searches for a
// topic match a realistic share of the posts. ("post" is in every title: the worst case.)
const topics = (
  "flower terpene indica sativa hybrid budtender edible dosage patient license norman oklahoma " +
  "vape cartridge concentrate rosin resin preroll grinder storage humidity freshness label potency " +
  "compliance curbside loyalty inventory myrcene limonene linalool pinene caryophyllene tincture topical " +
  "gummies chocolate beverage wax shatter badder diamonds kief hash glass battery dispensary menu"
).split(" ");
const syllables = "ka lo mi ne ra to su vi pe da fo gu hi ja ze bo ru ti sa me".split(" ");
const filler = Array.from(
  { length: 3000 },
  (_, i) => syllables[i % 20] + syllables[Math.floor(i / 20) % 20] + syllables[Math.floor(i / 400) % 20],
);

/** A small deterministic pseudo-random generator, so every run seeds the same content. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Filler text with a topic word now and then. */
function paragraph(next: () => number, count: number) {
  return Array.from({ length: count }, () =>
    next() < 0.04 ? topics[Math.floor(next() * topics.length)] : filler[Math.floor(next() * filler.length)],
  ).join(" ");
}

async function seed() {
  const { closeDatabase } = await import("~/server/db.server");
  const { prepareDatabase } = await import("~/services/database-startup.server");
  const { ensureTerms } = await import("~/models/post-terms.server");
  const { postRowValues } = await import("~/models/posts.server");
  const { db: database } = await prepareDatabase();
  const categoryIds = await ensureTerms("categories", categoryNames);
  const tagIds = await ensureTerms("tags", tagNames);
  const next = random(42);
  const now = Date.now();
  const started = performance.now();
  for (let start = 0; start < POSTS; start += BATCH) {
    const count = Math.min(BATCH, POSTS - start);
    const rows = Array.from({ length: count }, (_, j) => {
      const n = start + j;
      // Mostly published over the last ~8 years; a few drafts and scheduled posts.
      const status = n % 50 === 0 ? "draft" : n % 50 === 1 ? "scheduled" : "published";
      const publishedAt =
        status === "scheduled" ? new Date(now + (n + 1) * 3_600_000) : new Date(now - (n + 1) * 0.3 * DAY_MS);
      const content = [
        `## ${paragraph(next, 4)}`,
        paragraph(next, 120),
        `## ${paragraph(next, 3)}`,
        paragraph(next, 200),
        `- ${paragraph(next, 6)}\n- ${paragraph(next, 6)}\n- ${paragraph(next, 6)}`,
        `Read more on [our blog](/blog) or at [the state's site](https://oklahoma.gov/omma.html).`,
      ].join("\n\n");
      return postRowValues({
        title: `Post ${n + 1}: ${topics[Math.floor(next() * topics.length)]} ${paragraph(next, 5)}`,
        slug: `post-${n + 1}`,
        excerpt: paragraph(next, 25),
        content,
        status,
        publishedAt: status === "draft" ? null : publishedAt,
      });
    });
    const inserted = await database.insertInto("posts").values(rows).returning("id").execute();
    await database
      .insertInto("post_categories")
      .values(
        inserted.flatMap(({ id }, j) => {
          const first = (start + j) % categoryIds.length;
          const second = (start + j * 3 + 1) % categoryIds.length;
          return [...new Set([first, second])].map((c) => ({ post_id: id, category_id: categoryIds[c] }));
        }),
      )
      .execute();
    await database
      .insertInto("post_tags")
      .values(
        inserted.flatMap(({ id }, j) => {
          const picks = new Set([(start + j) % tagIds.length, (start + j * 7 + 3) % tagIds.length]);
          return [...picks].map((t) => ({ post_id: id, tag_id: tagIds[t] }));
        }),
      )
      .execute();
  }
  // What autovacuum would do on a server Postgres; the embedded engine has no background workers.
  const { sql } = await import("kysely");
  await sql`vacuum analyze`.execute(database);
  console.log(`Seeded ${POSTS} posts in ${Math.round(performance.now() - started)} ms`);
  await closeDatabase();
}

async function main() {
  const buildDir = productionBuildDir();
  if (!reuse) await seed();
  const server = await startBenchServer(buildDir, dataDir, PORT);
  try {
    const results = [];
    for (const pathname of [
      "/readyz",
      "/terms",
      "/blog",
      "/blog?q=terpene",
      "/blog?q=post",
      "/blog?q=no-such-words",
      "/blog?page=500",
      "/blog/post-4321",
      "/blog/category/edibles",
      "/blog/category/edibles?page=100",
      "/blog/tag/topic-7",
      "/feed.xml",
      "/sitemap-blog.xml",
    ]) {
      results.push(await timePath(server.base, pathname, { requests: REQUESTS, warmUp: WARM_UP }));
    }
    console.log(`\n${POSTS} posts, ${REQUESTS} requests each after ${WARM_UP} warm-up requests (ms, wall time)\n`);
    console.log(`${"path".padEnd(36)}${"status".padStart(8)}${"median".padStart(10)}${"p95".padStart(10)}`);
    for (const r of results) {
      console.log(
        `${r.pathname.padEnd(36)}${String(r.status).padStart(8)}${r.median.toFixed(1).padStart(10)}${r.p95.toFixed(1).padStart(10)}`,
      );
    }
    const bad = results.filter((r) => r.status !== 200);
    if (bad.length) throw new Error(`Unexpected status for ${bad.map((r) => r.pathname).join(", ")}`);
  } finally {
    await server.stop();
    if (keep) console.log(`\nKept the seeded database in ${dataDir} (BENCH_DATA_DIR=${dataDir} reuses it)`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
