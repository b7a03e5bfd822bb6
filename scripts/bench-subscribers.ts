// Subscribers and campaigns benchmark (issue 40: speed and scale, in a benchmark, not timed tests). In a
// temporary database with BENCH_SUBSCRIBERS (20,000) confirmed subscribers —
//   1. queuing a campaign: startCampaign (one INSERT … SELECT making a campaign_recipients row per confirmed
//      subscriber), in this process, on the database this process opened: its wall time (goal ≤ 10 s) and this
//      process's memory growth (goal ≤ 100 MB): the peak RSS (sampled every 20 ms by a worker thread, so also
//      while the embedded engine keeps the main thread busy) minus the RSS before, and the heap's growth. On
//      Postgres the statement runs in the database server, whose memory is not this process's;
//   2. the unsubscribe answer, on the production server with its page cache off (PAGE_CACHE=false), each
//      request from a client address of its own (TRUST_PROXY=loopback, X-Forwarded-For), one at a time after
//      a warm-up, each withdrawing a subscriber of its own: GET /unsubscribe?s=…&k=… (the link in every mail)
//      and RFC 8058's one-click POST (List-Unsubscribe=One-Click, as a mail provider sends it, no Origin);
//      p50 and p95 of the server's own time (its Server-Timing "app") against the goal (p95 ≤ 20 ms), beside
//      the reference /readyz (the request chain alone) in the same run, and the wall time on loopback. The
//      links are signed here with the server's SESSION_SECRET (app/server/link-signature.server.ts);
//   3. a campaign interrupted by kill -9 halfway resumes without a second copy to anyone: the subscribers of
//      parts 1–2 leave the list, BENCH_CAMPAIGN_RECIPIENTS (3,000) others are queued, the campaign rate is set
//      to its maximum (6,000 a minute: a tick every 10 s sends 1,000, one at a time), and the server sends
//      through a local SMTP stand-in (tests/support/smtp-capture.ts) that keeps every accepted message (the
//      sender keeps one connection open for a round: withBulkMailSender). Once the stand-in holds half, the
//      server gets SIGKILL; it is started again on the same data (the embedded database's lock goes stale
//      after about 10 s: the restart waits for it) and left until its mails stop for 15 s; then, the server
//      stopped, the mails received are counted against the recipients' rows. Rows the killed process had
//      claimed are "in doubt": never sent again by design (given up as "interrupted" after
//      CLAIM_ABANDONED_MS, 10 minutes, which the benchmark does not wait for).
//   npm run bench:subscribers                                          (the embedded database)
//   npx tsx scripts/with-test-postgres.ts npm run bench:subscribers    (Postgres)
// BENCH_SUBSCRIBERS, BENCH_CAMPAIGN_RECIPIENTS, BENCH_PORT and BUILD_DIR are optional.
// Exits 1 when a check fails (someone received a campaign twice, the campaign did not resume to its end, …);
// a time or memory above its goal is printed (ABOVE GOAL), not failed.
import type { ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import { Worker } from "node:worker_threads";
import { type SmtpCapture, startSmtpCapture } from "../tests/support/smtp-capture.ts";
import { usePrivatePostgres } from "./bench/private-postgres.ts";
import {
  printTimingTable,
  productionBuildDir,
  runBench,
  type BenchServer,
  startBenchServer,
  timeRequests,
} from "./bench/timing.ts";

const SUBSCRIBERS = Math.max(1, Number(process.env.BENCH_SUBSCRIBERS ?? 20_000));
const RECIPIENTS = Math.max(2, Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 3_000));
const PORT = Number(process.env.BENCH_PORT ?? 3294);
const REQUESTS = 200;
const WARM_UP = 10;
/** Rows per INSERT when the subscribers are made. */
const CHUNK = 1_000;
const GOALS = { queueSeconds: 10, queueMemoryMb: 100, unsubscribeP95Ms: 20 };
/** Settings → Campaigns' maximum (CAMPAIGN_RATE_LIMITS.max): 1,000 mails a tick. */
const RATE_PER_MINUTE = 6_000;
/** The resumed server is done once no mail of the campaign arrived for this long (a tick is every 10 s). */
const QUIET_MS = 15_000;
/** The longest part 3 waits for the kill point, and then for the resumed campaign to end. */
const PART_3_TIMEOUT_MS = 5 * 60_000;
/** The reference must answer in at most this share of the measured answers' wall time (else the client may be the limit). */
const REFERENCE_SHARE = 0.5;
const MB = 1024 * 1024;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-subscribers-"));
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = "false";
process.env.NODE_ENV ??= "production";
process.env.LOG_LEVEL ??= "warn";
// The unsubscribe links are signed with the newest session secret (link-signature.server.ts): this process
// makes them, the server checks them, so both have this one (the server inherits this environment).
process.env.SESSION_SECRET ??= crypto.randomBytes(32).toString("hex");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const ms = (value: number) => value.toFixed(1);
const goal = (value: number, limit: number, unit: string, digits = 1) =>
  `${value.toFixed(digits)} ${unit} (goal ≤ ${limit} ${unit}, ${((value / limit) * 100).toFixed(0)} % of it) ` +
  `${value <= limit ? "PASS" : "ABOVE GOAL"}`;

const failures: string[] = [];
function report(ok: boolean, line: string) {
  console.log(`  ${ok ? "PASS" : "FAIL"}  ${line}`);
  if (!ok) failures.push(line);
}

// ——— Part 1: queuing a campaign to every confirmed subscriber ———

/** The process's RSS, sampled every 20 ms on a thread of its own: its highest since the last reset. */
function startRssSampler() {
  // [the highest RSS, the samples taken since the reset]
  const shared = new BigInt64Array(new SharedArrayBuffer(16));
  const worker = new Worker(
    `const { workerData: shared } = require("node:worker_threads");
     setInterval(() => {
       const rss = BigInt(process.memoryUsage.rss());
       if (rss > Atomics.load(shared, 0)) Atomics.store(shared, 0, rss);
       Atomics.add(shared, 1, 1n);
     }, 20);`,
    { eval: true, workerData: shared },
  );
  worker.unref();
  return {
    reset: (rss: number) => {
      Atomics.store(shared, 0, BigInt(rss));
      Atomics.store(shared, 1, 0n);
    },
    peak: () => Number(Atomics.load(shared, 0)),
    samples: () => Number(Atomics.load(shared, 1)),
    stop: () => worker.terminate(),
  };
}

/** The garbage collector, to start from a collected heap (node runs without --expose-gc here). */
function collector(): () => void {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}

interface Measured<T> {
  result: T;
  seconds: number;
  rssBefore: number;
  rssGrowth: number;
  rssSamples: number;
  heapGrowth: number;
  externalGrowth: number;
}

/** `work`'s wall time and this process's memory growth while it runs. */
async function measure<T>(work: () => Promise<T>): Promise<Measured<T>> {
  const sampler = startRssSampler();
  try {
    const gc = collector();
    gc();
    await sleep(200);
    gc();
    const before = process.memoryUsage();
    sampler.reset(before.rss);
    // The heap is sampled on the main thread (between its turns); the worker's RSS samples see everything.
    let heapPeak = before.heapUsed;
    const heapSampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 20);
    const started = performance.now();
    let result: T;
    try {
      result = await work();
    } finally {
      clearInterval(heapSampler);
    }
    const seconds = (performance.now() - started) / 1000;
    await sleep(60);
    const after = process.memoryUsage();
    heapPeak = Math.max(heapPeak, after.heapUsed);
    return {
      result,
      seconds,
      rssBefore: before.rss,
      rssGrowth: Math.max(sampler.peak(), after.rss) - before.rss,
      rssSamples: sampler.samples(),
      heapGrowth: heapPeak - before.heapUsed,
      externalGrowth: after.external - before.external,
    };
  } finally {
    await sampler.stop();
  }
}

/**
 * The subscribers in, a campaign queued to them all (measured), then taken away again (its 20,000 rows would
 * be sent by the server of part 2). Returns the subscribers whose unsubscribe links part 2 opens.
 */
async function queueCampaign(): Promise<string[]> {
  const { prepareDatabase } = await import("~/services/database-startup.server");
  const { createCampaign, startCampaign } = await import("~/models/campaigns.server");
  const { closeDatabase } = await import("~/server/db.server");
  const { sql } = await import("kysely");
  const database = await prepareDatabase();
  try {
    console.log(`Database: ${database.kind}`);
    const started = performance.now();
    for (let first = 0; first < SUBSCRIBERS; first += CHUNK) {
      const now = new Date();
      const rows = Array.from({ length: Math.min(CHUNK, SUBSCRIBERS - first) }, (_, i) => ({
        email: `bench-${first + i}@example.com`,
        email_status: "confirmed" as const,
        confirmed_at: now,
      }));
      await database.db.insertInto("subscribers").values(rows).execute();
    }
    // What autovacuum would do on a server Postgres; the embedded engine has no background workers.
    await sql`vacuum analyze`.execute(database.db);
    console.log(
      `Subscribers: ${SUBSCRIBERS} confirmed, in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        `(${CHUNK} rows an INSERT)`,
    );

    const campaign = await createCampaign(
      { subject: "This week's deals", bodyMarkdown: "**20% off** edibles, this week only." },
      null,
    );
    const queued = await measure(() => startCampaign(campaign.id));
    const rows = Number(
      (
        await database.db
          .selectFrom("campaign_recipients")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("campaign_id", "=", campaign.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    console.log(
      `\nPart 1 — queuing a campaign: startCampaign in this process, one INSERT … SELECT over ${SUBSCRIBERS} ` +
        "confirmed subscribers",
    );
    console.log(`  recipients queued: ${queued.result} (rows made: ${rows})`);
    console.log(`  wall time            ${goal(queued.seconds, GOALS.queueSeconds, "s", 2)}`);
    console.log(
      `  memory, peak RSS − RSS before (${mb(queued.rssBefore)}; ${queued.rssSamples} samples, every 20 ms)   ` +
        goal(queued.rssGrowth / MB, GOALS.queueMemoryMb, "MB"),
    );
    console.log(
      `  heap used, peak − before: ${mb(queued.heapGrowth)}; external memory (buffers${
        database.kind === "pglite" ? ", the embedded engine's" : ""
      }), after − before: ${mb(queued.externalGrowth)}`,
    );
    if (database.kind === "postgres") {
      console.log("  (Postgres: the statement runs in the database server; its memory is not this process's)");
    }
    report(
      queued.result === SUBSCRIBERS && rows === SUBSCRIBERS,
      `${rows} recipient rows for the ${SUBSCRIBERS} confirmed subscribers`,
    );

    // Not to be sent by the server of part 2 (its recipients go with it).
    await database.db.deleteFrom("campaigns").where("id", "=", campaign.id).execute();
    await sql`vacuum analyze`.execute(database.db);
    const chosen = await database.db
      .selectFrom("subscribers")
      .select("id")
      .where("email", "like", "bench-%")
      .orderBy("id")
      .limit(2 * (WARM_UP + REQUESTS))
      .execute();
    return chosen.map((row) => row.id);
  } finally {
    await closeDatabase();
  }
}

// ——— Part 2: the unsubscribe answer ———

let clients = 0;
/** A client of its own: its own address, as a proxy in front would pass it. */
function client(): Record<string, string> {
  const n = ++clients;
  return {
    Accept: "text/html",
    "Accept-Encoding": "identity",
    "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  };
}

const expectStatus = (label: string, wanted: number) => async (response: Response) => {
  if (response.status !== wanted) {
    const text = (await response.text()).replace(/\s+/g, " ").slice(0, 200);
    throw new Error(`${label} answered ${response.status}, not ${wanted}: ${text}`);
  }
  return response;
};

async function timeUnsubscribes(base: string, ids: string[]) {
  const { unsubscribePath } = await import("~/models/subscribers.server");
  const count = WARM_UP + REQUESTS;
  if (ids.length < 2 * count) throw new Error(`Only ${ids.length} subscribers to withdraw: BENCH_SUBSCRIBERS?`);
  // Signed before the clock starts: the client's HMAC is no part of the answer.
  const links = ids.slice(0, count).map((id) => base + unsubscribePath(id));
  const oneClicks = ids.slice(count, 2 * count).map((id) => base + unsubscribePath(id));
  const options = { requests: REQUESTS, warmUp: WARM_UP, uncached: true };

  const readyz = await timeRequests(
    "GET /readyz",
    () => fetch(`${base}/readyz`).then(expectStatus("/readyz", 200)),
    options,
  );
  const link = await timeRequests(
    "GET /unsubscribe?s=…&k=… (the link)",
    (i) => fetch(links[i], { headers: client(), redirect: "manual" }).then(expectStatus("GET /unsubscribe", 200)),
    options,
  );
  const oneClick = await timeRequests(
    "POST /unsubscribe (RFC 8058 one-click)",
    (i) =>
      fetch(oneClicks[i], {
        method: "POST",
        redirect: "manual",
        headers: { ...client(), "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }).then(expectStatus("POST /unsubscribe", 200)),
    options,
  );

  console.log(
    `\nPart 2 — the unsubscribe answer: one request at a time, ${REQUESTS} each after ${WARM_UP} warm-up, each ` +
      `withdrawing a subscriber of its own (of ${SUBSCRIBERS}), page cache off, in ms: the server's own time ` +
      "(its Server-Timing app) and the whole answer's wall time on loopback\n",
  );
  printTimingTable(readyz, "unsubscribing", [link, oneClick], 42);
  for (const r of [link, oneClick]) {
    const p95 = r.server?.p95 ?? r.p95;
    console.log(
      `${r.pathname.padEnd(42)}p95 ${goal(p95, GOALS.unsubscribeP95Ms, "ms")}${r.server ? "" : " (wall time)"}`,
    );
  }
  // The reference is the request chain and the client alone: far faster than the measured answers, or the
  // load generator (this process, on the same machine) would be what is measured.
  const slowest = Math.min(link.p95, oneClick.p95);
  const share = readyz.p95 / slowest;
  console.log(
    `reference: /readyz wall p95 ${ms(readyz.p95)} ms, ${(share * 100).toFixed(0)} % of the unsubscribe answers' ` +
      `wall p95 — ${share <= REFERENCE_SHARE ? "the load generator is not the limit" : "NOT far faster: the load generator may be the limit"}`,
  );
  return { linkIds: ids.slice(0, count), oneClickIds: ids.slice(count, 2 * count) };
}

// ——— Part 3: kill -9 halfway through a campaign, and resume ———

const exited = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once("exit", resolve),
  );

/** The production server, kept in `servers` until it exits (whatever stops or kills it). */
async function startServerProcess(buildDir: string, env: Record<string, string>): Promise<BenchServer> {
  const server = await startBenchServer(buildDir, dataDir, PORT, env);
  servers.add(server);
  void exited(server.child).then(() => servers.delete(server));
  return server;
}

interface ArrivedMail {
  to: string[];
  /** When this process first saw it (performance.now(), to the polling's 10–50 ms). */
  at: number;
}

/** The mails of one campaign (by its subject) among all the stand-in received, counted as they arrive. */
function campaignMails(capture: SmtpCapture, subject: string) {
  const mails: ArrivedMail[] = [];
  let scanned = 0;
  return () => {
    const now = performance.now();
    for (; scanned < capture.received.length; scanned++) {
      const mail = capture.received[scanned];
      if (mail.raw.includes(`Subject: ${subject}`)) {
        mails.push({ to: mail.to.map((address) => address.toLowerCase()), at: now });
      }
    }
    return mails;
  };
}

/** The sender's rounds as the mails show them: runs of mails with no gap of 2 s (its ticks are 10 s apart). */
function rounds(mails: ArrivedMail[]): string {
  const runs: { count: number; first: number; last: number }[] = [];
  for (const mail of mails) {
    const run = runs.at(-1);
    if (run && mail.at - run.last < 2_000) {
      run.count++;
      run.last = mail.at;
    } else {
      runs.push({ count: 1, first: mail.at, last: mail.at });
    }
  }
  return runs.map((run) => `${run.count} in ${((run.last - run.first) / 1000).toFixed(1)} s`).join(", ") || "none";
}

/** Waits until `done` (checked every 10 ms), or throws after `timeoutMs`. */
async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(10);
  }
}

/** Part 2's withdrawals checked, parts 1–2's subscribers off the list, and the campaign of part 3 queued. */
async function queueResumeCampaign(part2: { linkIds: string[]; oneClickIds: string[] }, subject: string) {
  const { prepareDatabase } = await import("~/services/database-startup.server");
  const { createCampaign, startCampaign } = await import("~/models/campaigns.server");
  const { writeSetting } = await import("~/models/site-settings-rows.server");
  const { closeDatabase } = await import("~/server/db.server");
  const { sql } = await import("kysely");
  const database = await prepareDatabase();
  try {
    const withdrawn = async (ids: string[], method: "unsubscribe-link" | "one-click") => {
      const subscribers = await database.db
        .selectFrom("subscribers")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("id", "in", ids)
        .where("email_status", "=", "withdrawn")
        .executeTakeFirstOrThrow();
      const events = await database.db
        .selectFrom("consent_events")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("subscriber_id", "in", ids)
        .where("action", "=", "withdrawn")
        .where("method", "=", method)
        .executeTakeFirstOrThrow();
      return { subscribers: Number(subscribers.n), events: Number(events.n) };
    };
    const byLink = await withdrawn(part2.linkIds, "unsubscribe-link");
    const byOneClick = await withdrawn(part2.oneClickIds, "one-click");
    report(
      byLink.subscribers === part2.linkIds.length && byLink.events === part2.linkIds.length,
      `${byLink.subscribers} of the ${part2.linkIds.length} who opened the link withdrawn, ` +
        `${byLink.events} withdrawals recorded (unsubscribe-link)`,
    );
    report(
      byOneClick.subscribers === part2.oneClickIds.length && byOneClick.events === part2.oneClickIds.length,
      `${byOneClick.subscribers} of the ${part2.oneClickIds.length} one-click POSTs withdrawn, ` +
        `${byOneClick.events} withdrawals recorded (one-click)`,
    );

    // Parts 1–2's subscribers leave the list (straight in the table: bench data, no ledger needed), and
    // RECIPIENTS others join it.
    await database.db
      .updateTable("subscribers")
      .set({ email_status: "withdrawn", email_status_changed_at: new Date() })
      .where("email_status", "=", "confirmed")
      .execute();
    for (let first = 0; first < RECIPIENTS; first += CHUNK) {
      const now = new Date();
      const rows = Array.from({ length: Math.min(CHUNK, RECIPIENTS - first) }, (_, i) => ({
        email: `resume-${first + i}@example.com`,
        email_status: "confirmed" as const,
        confirmed_at: now,
      }));
      await database.db.insertInto("subscribers").values(rows).execute();
    }
    await sql`vacuum analyze`.execute(database.db);
    await writeSetting("campaigns", { ratePerMinute: RATE_PER_MINUTE });
    const campaign = await createCampaign({ subject, bodyMarkdown: "**Half off** pre-rolls, while they last." }, null);
    const queued = await startCampaign(campaign.id);
    if (queued !== RECIPIENTS) throw new Error(`The campaign was queued to ${queued}, not ${RECIPIENTS}`);
    return campaign.id;
  } finally {
    await closeDatabase();
  }
}

/** The campaign's rows by status, and the addresses of those sent and of those left claimed. */
async function readRecipients(campaignId: string) {
  const { prepareDatabase } = await import("~/services/database-startup.server");
  const { closeDatabase } = await import("~/server/db.server");
  const database = await prepareDatabase();
  try {
    const rows = await database.db
      .selectFrom("campaign_recipients as r")
      .innerJoin("subscribers as s", "s.id", "r.subscriber_id")
      .select(["r.status", "s.email"])
      .where("r.campaign_id", "=", campaignId)
      .execute();
    const campaign = await database.db
      .selectFrom("campaigns")
      .select("status")
      .where("id", "=", campaignId)
      .executeTakeFirstOrThrow();
    return { rows, campaignStatus: campaign.status };
  } finally {
    await closeDatabase();
  }
}

async function killAndResume(buildDir: string, part2: { linkIds: string[]; oneClickIds: string[] }) {
  const { CAMPAIGN_CLAIM_SIZE } = await import("~/services/campaigns/campaign-sender.server");
  const subject = `Bench resume ${crypto.randomBytes(4).toString("hex")}`;
  const campaignId = await queueResumeCampaign(part2, subject);
  const capture = await startSmtpCapture();
  captures.add(capture);
  const mails = campaignMails(capture, subject);
  const env = {
    PAGE_CACHE: "false",
    LOG_LEVEL: "warn",
    SMTP_URL: capture.url,
  };
  const half = Math.ceil(RECIPIENTS / 2);
  try {
    const first = await startServerProcess(buildDir, env);
    const started = performance.now();
    await until(() => mails().length > 0, PART_3_TIMEOUT_MS, "The campaign's first mail");
    const firstMail = performance.now();
    await until(() => mails().length >= half, PART_3_TIMEOUT_MS, `${half} mails received`);
    first.child.kill("SIGKILL");
    const atKill = mails().length;
    const killedAfter = (performance.now() - started) / 1000;
    await exited(first.child);
    await sleep(200);
    const afterKill = mails().length;

    const restarting = performance.now();
    const second = await startServerProcess(buildDir, env);
    const restartSeconds = (performance.now() - restarting) / 1000;
    // Done once nothing arrived for QUIET_MS (the sender ticks every 10 s, its first tick 10 s after the start).
    let seen = mails().length;
    let lastChange = performance.now();
    const resumeDeadline = performance.now() + PART_3_TIMEOUT_MS;
    while (performance.now() - lastChange < QUIET_MS) {
      if (performance.now() > resumeDeadline) throw new Error("The resumed campaign's mails never stopped arriving");
      await sleep(50);
      if (mails().length !== seen) {
        seen = mails().length;
        lastChange = performance.now();
      }
    }
    const stoppedAfter = (lastChange - restarting) / 1000;
    await second.stop();

    const { rows, campaignStatus } = await readRecipients(campaignId);
    const received = mails();
    const copies = new Map<string, number>();
    for (const { to } of received) for (const address of to) copies.set(address, (copies.get(address) ?? 0) + 1);
    const recipients = new Set(rows.map((row) => row.email ?? ""));
    const twice = [...copies].filter(([, n]) => n > 1);
    const strangers = [...copies.keys()].filter((address) => !recipients.has(address));
    const none = [...recipients].filter((address) => !copies.has(address));
    const byStatus = new Map<string, number>();
    for (const row of rows) byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + 1);
    const count = (status: string) => byStatus.get(status) ?? 0;
    const inDoubt = rows.filter((row) => row.status === "claimed" || row.status === "interrupted");
    const inDoubtReceived = inDoubt.filter((row) => copies.has(row.email ?? "")).length;
    const sentNotReceived = rows.filter((row) => row.status === "sent" && !copies.has(row.email ?? "")).length;

    console.log(
      `\nPart 3 — kill -9 halfway through a campaign of ${RECIPIENTS} (rate ${RATE_PER_MINUTE} a minute: ` +
        `${RATE_PER_MINUTE / 6} a tick every 10 s, one at a time, claimed ${CAMPAIGN_CLAIM_SIZE} at a time), through a local SMTP stand-in`,
    );
    console.log(
      `  first mail ${((firstMail - started) / 1000).toFixed(1)} s after the server was ready; SIGKILL ` +
        `${killedAfter.toFixed(1)} s after, with ${atKill} mails received (${afterKill} once it had exited); ` +
        `its rounds (mails, from the first to the last): ${rounds(received.slice(0, afterKill))}`,
    );
    console.log(
      `  restarted on the same data: ready after ${restartSeconds.toFixed(1)} s` +
        `${restartSeconds > 5 ? " (waiting for the killed process's lock to go stale, as expected)" : ""}; ` +
        `its rounds: ${rounds(received.slice(afterKill))}; its last mail ${stoppedAfter.toFixed(1)} s after the ` +
        `restart; stopped ${QUIET_MS / 1000} s later`,
    );
    console.log(
      `  mails received: ${received.length}; distinct recipients: ${copies.size}; received more than one copy: ` +
        `${twice.length}; received none: ${none.length}; to an address not a recipient: ${strangers.length}`,
    );
    console.log(
      `  rows by status: sent ${count("sent")}, claimed or interrupted ${count("claimed") + count("interrupted")} ` +
        `(in doubt when the process died: never sent again; ${inDoubtReceived} of them had been received), ` +
        `pending ${count("pending")}` +
        (count("failed") + count("skipped") > 0 ? `, failed ${count("failed")}, skipped ${count("skipped")}` : "") +
        `; the campaign is "${campaignStatus}"`,
    );
    report(
      twice.length === 0,
      `${twice.length} recipients received a second copy${
        twice.length
          ? `: ${twice
              .slice(0, 5)
              .map(([address, n]) => `${address} × ${n}`)
              .join(", ")}`
          : ""
      }`,
    );
    report(count("pending") === 0, `${count("pending")} recipients still pending after the restart`);
    report(sentNotReceived === 0, `${sentNotReceived} rows marked sent whose mail the stand-in never received`);
    report(strangers.length === 0, `${strangers.length} mails to an address that is not a recipient`);
    report(
      inDoubt.length <= CAMPAIGN_CLAIM_SIZE,
      `${inDoubt.length} rows in doubt, at most one claim's ${CAMPAIGN_CLAIM_SIZE} (what a crash may cost)`,
    );
    report(
      none.length === inDoubt.length - inDoubtReceived,
      `the ${none.length} who received none are the rows in doubt never received (${inDoubt.length - inDoubtReceived})`,
    );
  } finally {
    await capture.close();
    captures.delete(capture);
  }
}

// ——— The run ———

/** What a failure or a signal stops (by pid) before the directory goes. */
const servers = new Set<BenchServer>();
const captures = new Set<SmtpCapture>();
let benchServer: ReturnType<typeof startBenchServer> | undefined;
async function stopEverything(): Promise<void> {
  const server = await benchServer?.catch(() => undefined);
  benchServer = undefined;
  await server?.stop();
  await Promise.all([...servers].map((running) => running.stop()));
  await Promise.all([...captures].map((capture) => capture.close()));
}
function cleanUp() {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function main() {
  await usePrivatePostgres("bench_subscribers");
  const buildDir = productionBuildDir();
  const ids = await queueCampaign();
  benchServer = startBenchServer(buildDir, dataDir, PORT, {
    PAGE_CACHE: "false",
    LOG_LEVEL: "warn",
    // Each client's address, as a proxy in front would pass it: rate limits and ledger networks per client.
    TRUST_PROXY: "loopback",
  });
  let part2;
  try {
    part2 = await timeUnsubscribes((await benchServer).base, ids);
  } finally {
    await stopEverything();
  }
  try {
    await killAndResume(buildDir, part2);
  } finally {
    await stopEverything();
    cleanUp();
  }
}

runBench(main, stopEverything, cleanUp, failures);
