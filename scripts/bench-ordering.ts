// Ordering benchmark (issue 39): a catalog of 5,000 products in a temporary database, both stores keeping the
// orders made from a bag themselves (Settings → Ordering, no lead time), and the production server on it with
// its page cache off (PAGE_CACHE=false), each simulated patient at a client address of their own (the server
// trusts X-Forwarded-For from loopback, TRUST_PROXY=loopback, so the rate limits count per patient) —
//   1. adding to the bag and viewing it, one request at a time after a warm-up: Add to bag (POST /bag) making a
//      new bag, Add to bag to a bag of 1–5 lines (each patient's bag holds 1 line, then 5 adds are timed), and
//      /bag showing a bag of 5 lines; p50 and p95 of the server's own time (its Server-Timing "app") against the
//      goal (p95 ≤ 20 ms), beside the reference /readyz (the request chain alone) in the same run, and the
//      wall time on loopback;
//   2. 200 concurrent reservations: 200 patients, each with a bag of their own (1–5 lines, at Lindsey Street,
//      built first), all submitting the checkout (POST /bag/checkout) for the same pickup window at once, every
//      20th of them twice (a double click); then, the server stopped, the database is read: every acknowledged
//      order (303 to its /order/… page) stored once, none lost, none duplicated, each with its bag's lines and
//      (for a patient who gave an e-mail) its confirmation mail, a double click's second submit sent back to
//      the bag, and no bag left. Its wall time is printed, with each answer's.
//   npm run bench:ordering                                          (the embedded database)
//   npx tsx scripts/with-test-postgres.ts npm run bench:ordering    (Postgres)
// BENCH_PRODUCTS, BENCH_REQUESTS, BENCH_PATIENTS, BENCH_PORT and BUILD_DIR are optional. Exits 1 when a check
// of part 2 fails (an order lost or duplicated, …); a time above its goal is printed (ABOVE GOAL), not failed.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createCookie } from "react-router";
import { type StoreId, storeShortName } from "~/content/stores";
import type { CatalogCategory, SourceProduct } from "~/lib/catalog";
import { sourceProduct } from "../tests/support/menu-catalog-data.ts";
import { usePrivatePostgres } from "./bench/private-postgres.ts";
import {
  parseServerTiming,
  percentile,
  printTimingTable,
  productionBuildDir,
  runBench,
  startBenchServer,
  timeRequests,
} from "./bench/timing.ts";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5_000);
const REQUESTS = Math.max(1, Number(process.env.BENCH_REQUESTS ?? 100));
const PATIENTS = Math.max(1, Number(process.env.BENCH_PATIENTS ?? 200));
const WARM_UP = 10;
const PORT = Number(process.env.BENCH_PORT ?? 3292);
const GOAL_P95_MS = 20;
/** Timed adds per patient for "to a bag of 1–5 lines": each bag holds 1 line (added untimed), then grows to 6. */
const ADDS_PER_BAG = 5;
/** Bags of 5 lines the /bag view is timed on, in turn. */
const VIEWED_BAGS = 10;
/** Patients building their bags at once before the reservations (bounded: the burst is the checkout). */
const BUILDERS = 8;
/** The longest any one checkout of the burst may take before it counts as unanswered. */
const CHECKOUT_TIMEOUT_MS = 60_000;
/** The pickup window chosen starts at least this long after the form was read (a window never closes mid-run). */
const WINDOW_MARGIN_MS = 10 * 60_000;
/** Every this many patients, one sends the form twice at once (a double click): one order, the other sent back. */
const DOUBLE_SUBMIT_EVERY = 20;
const STORE: StoreId = "Lindsey";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-ordering-"));
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = "false";
process.env.NODE_ENV ??= "production";
process.env.LOG_LEVEL ??= "warn";

const KINDS: { category: CatalogCategory; noun: string; sizes: string[] }[] = [
  { category: "flower", noun: "Flower", sizes: ["1g", "3.5g", "7g"] },
  { category: "pre-rolls", noun: "Pre-roll", sizes: ["1g", "2 pack"] },
  { category: "vapes", noun: "Cartridge", sizes: ["0.5g", "1g"] },
  { category: "concentrates", noun: "Badder", sizes: ["1g"] },
  { category: "edibles", noun: "Chews", sizes: ["10 pack"] },
  { category: "accessories", noun: "Grinder", sizes: ["1 unit"] },
  { category: "topicals", noun: "Balm", sizes: ["50 ml"] },
  { category: "tinctures", noun: "Tincture", sizes: ["30 ml"] },
];
const STRAINS = ["Blue Dream", "Gelato", "Wedding Cake", "Sour Diesel", "Runtz", "OG Kush", "Zkittlez", "Mimosa"];

/** A store's catalog: 40 brands, 8 categories, a few sizes each, some specials, some out of stock at one or both stores. */
function catalog(count: number): SourceProduct[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = KINDS[i % KINDS.length];
    const sizes = i % 3 === 0 ? kind.sizes : kind.sizes.slice(0, 1);
    return sourceProduct({
      externalId: `BENCH-${i}`,
      name: `${STRAINS[i % STRAINS.length]} ${kind.noun} ${i}`,
      brand: `Brand ${(i * 7) % 40}`,
      category: kind.category,
      strainType: kind.category === "accessories" ? null : (["indica", "sativa", "hybrid", "cbd"] as const)[i % 4],
      description: "Aroma of pine and citrus, grown in Oklahoma.",
      options: sizes.map((label, s) => {
        const price = 1000 + ((i * 13) % 50) * 100 + s * 2000;
        return { label, priceMedicalCents: price, priceSpecialCents: i % 11 === 0 ? Math.round(price * 0.8) : null };
      }),
      inStock: { Lindsey: i % 17 !== 0 && i % 5 !== 1, BlueWater: i % 17 !== 0 && i % 5 !== 2 },
    });
  });
}

interface Orderable {
  slug: string;
  option: string;
}

/** The catalog in, both stores keeping their orders, and the products a patient can add at Lindsey Street. */
async function prepareCatalog(): Promise<Orderable[]> {
  const { prepareDatabase } = await import("~/services/database-startup.server");
  const { applyCatalog } = await import("~/models/catalog.server");
  const { writeSetting } = await import("~/models/site-settings-rows.server");
  const { closeDatabase } = await import("~/server/db.server");
  const { sql } = await import("kysely");
  const database = await prepareDatabase();
  try {
    console.log(`Database: ${database.kind}`);
    const started = performance.now();
    const diff = await applyCatalog("csv:pos", catalog(PRODUCTS));
    console.log(`Catalog: ${diff.added.length} products in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await writeSetting("ordering", {
      modes: { Lindsey: "store", BlueWater: "store" },
      leadMinutes: 0,
      retentionDays: 90,
    });
    // What autovacuum would do on a server Postgres; the embedded engine has no background workers.
    await sql`vacuum analyze`.execute(database.db);
    const rows = await database.db
      .selectFrom("catalog_products")
      .select(["slug", "options"])
      .where("gone_since", "is", null)
      .where("is_hidden", "=", false)
      .where(sql<boolean>`${STORE} = any(in_stock_stores)`)
      .orderBy("slug")
      .execute();
    return rows.map((row) => ({ slug: row.slug, option: row.options[0].label }));
  } finally {
    await closeDatabase();
  }
}

const bagCookie = createCookie("bag");
const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

/** One patient's browser: their own client address and their bag's cookie. */
class Patient {
  readonly address: string;
  readonly ageVerified = `ageVerified=${Date.now()}`;
  bag: string | null = null;
  lines = 0;
  items = 0;

  constructor(readonly number: number) {
    this.address = `10.${(number >> 16) & 255}.${(number >> 8) & 255}.${number & 255}`;
  }

  headers(base: string, form: boolean): Record<string, string> {
    return {
      Cookie: this.bag ? `${this.ageVerified}; bag=${this.bag}` : this.ageVerified,
      Accept: "text/html",
      "Accept-Encoding": "identity",
      "X-Forwarded-For": this.address,
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded", Origin: base } : {}),
    };
  }

  /** The sha-256 of the bag's token, as the bags table keeps it. */
  async bagTokenHash(): Promise<string | null> {
    const token: unknown = this.bag ? await bagCookie.parse(`bag=${this.bag}`) : null;
    return typeof token === "string" ? sha256(token) : null;
  }
}

let patientNumbers = 0;
const newPatient = () => new Patient(++patientNumbers);

/**
 * Add to bag as the product page's button does. Only a change that worked sets the bag's cookie (a refusal
 * answers with the same redirect and an error message): anything else stops the benchmark.
 */
async function addToBag(base: string, patient: Patient, product: Orderable, quantity = 1): Promise<Response> {
  const response = await fetch(`${base}/bag`, {
    method: "POST",
    redirect: "manual",
    headers: patient.headers(base, true),
    body: new URLSearchParams({
      intent: "add",
      slug: product.slug,
      option: product.option,
      quantity: String(quantity),
    }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => /^bag=([^;]*)/.exec(line)?.[1])
    .find(Boolean);
  if (response.status >= 400 || response.headers.get("location") !== "/bag" || !cookie) {
    throw new Error(`Add to bag (${product.slug}, ${product.option}) answered ${response.status} without a bag`);
  }
  patient.bag = cookie;
  patient.lines++;
  patient.items += quantity;
  return response;
}

function viewBag(base: string, patient: Patient): Promise<Response> {
  return fetch(`${base}/bag`, { headers: patient.headers(base, false), redirect: "manual" });
}

/** Runs `work` on every item, `width` at a time. */
async function inTurns<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

const verdict = (p95: number) =>
  `p95 ${p95.toFixed(1)} ms (goal ≤ ${GOAL_P95_MS} ms, ${((p95 / GOAL_P95_MS) * 100).toFixed(0)} % of it) ${p95 <= GOAL_P95_MS ? "PASS" : "ABOVE GOAL"}`;

/** Part 1: Add to bag and the bag's page, one request at a time. */
async function timeTheBag(base: string, products: Orderable[]) {
  let nextProduct = 0;
  const product = () => products[nextProduct++ % products.length];
  const options = { requests: REQUESTS, warmUp: WARM_UP, uncached: true };
  const count = WARM_UP + REQUESTS;

  // Patients who already have a line in their bag (untimed), and patients with a bag of 5 lines to view.
  const adding = Array.from({ length: Math.ceil(count / ADDS_PER_BAG) }, newPatient);
  for (const patient of adding) await addToBag(base, patient, product());
  const viewing = Array.from({ length: VIEWED_BAGS }, newPatient);
  for (const patient of viewing) for (let line = 0; line < 5; line++) await addToBag(base, patient, product());
  for (const patient of viewing) {
    const html = await (await viewBag(base, patient)).text();
    const lines = html.match(/<li class="bag-line"/g)?.length ?? 0;
    if (lines !== 5 || !html.includes('href="/bag/checkout"')) {
      throw new Error(
        `A bag of 5 lines showed ${lines} lines${html.includes("/bag/checkout") ? "" : ", and no checkout"}`,
      );
    }
  }

  const expectStatus = (label: string, wanted: number) => (response: Response) => {
    if (response.status !== wanted) throw new Error(`${label} answered ${response.status}, not ${wanted}`);
    return response;
  };
  const readyz = await timeRequests(
    "GET /readyz",
    () => fetch(`${base}/readyz`).then(expectStatus("/readyz", 200)),
    options,
  );
  const newBag = await timeRequests("POST /bag add, a new bag", () => addToBag(base, newPatient(), product()), options);
  const toBag = await timeRequests(
    "POST /bag add, to a bag of 1–5 lines",
    (i) => addToBag(base, adding[Math.floor(i / ADDS_PER_BAG)], product()),
    options,
  );
  const view = await timeRequests(
    "GET /bag, a bag of 5 lines",
    (i) => viewBag(base, viewing[i % VIEWED_BAGS]).then(expectStatus("/bag", 200)),
    options,
  );

  console.log(
    `\nPart 1 — the bag: one request at a time, ${REQUESTS} each after ${WARM_UP} warm-up, page cache off, in ms: ` +
      "the server's own time (its Server-Timing app) and the whole answer's wall time on loopback\n",
  );
  printTimingTable(readyz, "the bag", [newBag, toBag, view], 40);
  for (const r of [newBag, toBag, view]) {
    console.log(`${r.pathname.padEnd(40)}${verdict(r.server?.p95 ?? r.p95)}${r.server ? "" : " (wall time)"}`);
  }
}

interface CheckoutAnswer {
  patient: Patient;
  status: number;
  location: string | null;
  serverMs: number | null;
  ms: number;
  problem: string | null;
}

/** One checkout form sent over `agent`; never rejects (a failure is the answer's `problem`). */
function checkout(
  agent: http.Agent,
  base: string,
  patient: Patient,
  form: Record<string, string>,
): Promise<CheckoutAnswer> {
  const body = new URLSearchParams(form).toString();
  const started = performance.now();
  return new Promise((resolve) => {
    const answer = (fields: Omit<CheckoutAnswer, "patient" | "ms">) =>
      resolve({ patient, ms: performance.now() - started, ...fields });
    const request = http.request(
      `${base}/bag/checkout`,
      {
        method: "POST",
        agent,
        headers: { ...patient.headers(base, true), "Content-Length": String(Buffer.byteLength(body)) },
        timeout: CHECKOUT_TIMEOUT_MS,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += text.length < 4096 ? chunk : ""));
        response.on("end", () => {
          const timing = response.headers["server-timing"];
          answer({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? null,
            serverMs: typeof timing === "string" ? parseServerTiming(timing).appMs : null,
            problem: response.statusCode === 303 ? null : text.replace(/\s+/g, " ").slice(0, 300),
          });
        });
        response.on("error", (error) => answer({ status: 0, location: null, serverMs: null, problem: error.message }));
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${CHECKOUT_TIMEOUT_MS / 1000} s`)));
    request.on("error", (error) => answer({ status: 0, location: null, serverMs: null, problem: error.message }));
    request.end(body);
  });
}

const failures: string[] = [];
function report(ok: boolean, line: string) {
  console.log(`  ${ok ? "PASS" : "FAIL"}  ${line}`);
  if (!ok) failures.push(line);
}

/** Part 2: the patients' bags built, then every checkout at once. */
async function reserveAtOnce(base: string, products: Orderable[]) {
  const patients = Array.from({ length: PATIENTS }, newPatient);
  const built = performance.now();
  await inTurns(patients, BUILDERS, async (patient) => {
    const lines = 1 + (patient.number % 5);
    for (let line = 0; line < lines; line++) {
      const product = products[(patient.number * 5 + line) % products.length];
      await addToBag(base, patient, product, 1 + ((patient.number + line) % 2));
    }
  });
  const builtSeconds = (performance.now() - built) / 1000;

  // The windows the form offers now, whatever the day and hour: the first far enough ahead not to close mid-run.
  const form = await fetch(`${base}/bag/checkout`, { headers: patients[0].headers(base, false), redirect: "manual" });
  const html = await form.text();
  if (form.status !== 200) throw new Error(`/bag/checkout answered ${form.status}, not the form`);
  const offered = [...html.matchAll(/<option value="(\d{13})">([\s\S]*?)<\/option>/g)].map((match) => ({
    start: Number(match[1]),
    label: match[2].replace(/<!-- -->/g, ""),
  }));
  const window = offered.find((candidate) => candidate.start >= Date.now() + WINDOW_MARGIN_MS) ?? offered.at(-1);
  if (!window) throw new Error("The checkout form offers no pickup window in the next three days (store hours?)");

  const contact = (patient: Patient) => {
    const phone = `(405) 555-${String(patient.number % 10_000).padStart(4, "0")}`;
    const email = `patient-${patient.number}@example.com`;
    // A third give an e-mail only, a third a phone only, a third both.
    return patient.number % 3 === 0
      ? { phone: "", email }
      : patient.number % 3 === 1
        ? { phone, email: "" }
        : { phone, email };
  };
  // Every request of the burst at once: one socket each.
  const submits = patients.flatMap((patient) =>
    patient.number % DOUBLE_SUBMIT_EVERY === 0 ? [patient, patient] : [patient],
  );
  const agent = new http.Agent({ keepAlive: false, maxSockets: submits.length });
  const sent = performance.now();
  let answers: CheckoutAnswer[];
  try {
    answers = await Promise.all(
      submits.map((patient) =>
        checkout(agent, base, patient, {
          name: `Bench patient ${patient.number}`,
          ...contact(patient),
          window: String(window.start),
          note: `Bench order ${patient.number}`,
          honeypot: "",
        }),
      ),
    );
  } finally {
    agent.destroy();
  }
  const wallSeconds = (performance.now() - sent) / 1000;
  return { patients, answers, window, contact, builtSeconds, wallSeconds };
}

/** Part 2's count, from the database (the server stopped: the embedded database is the server's while it runs). */
async function countReservations({
  patients,
  answers,
  window,
  contact,
  builtSeconds,
  wallSeconds,
}: Awaited<ReturnType<typeof reserveAtOnce>>) {
  const { openDatabase } = await import("~/server/db.server");
  const opened = await openDatabase();
  let stored, allOrders, lines, mails, bagsLeft;
  const hashes = (await Promise.all(patients.map((patient) => patient.bagTokenHash()))).filter(
    (hash): hash is string => hash !== null,
  );
  try {
    stored = await opened.db
      .selectFrom("orders")
      .select(["id", "number", "customer_name", "customer_email", "item_count"])
      .where("store_id", "=", STORE)
      .where("pickup_starts_at", "=", new Date(window.start))
      .execute();
    allOrders = Number(
      (
        await opened.db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow()
      ).count,
    );
    const ids = stored.map((order) => order.id);
    lines =
      ids.length === 0
        ? []
        : await opened.db
            .selectFrom("order_lines")
            .select([
              "order_id",
              (eb) => eb.fn.countAll<number>().as("lines"),
              (eb) => eb.fn.sum<number>("quantity").as("items"),
            ])
            .where("order_id", "in", ids)
            .groupBy("order_id")
            .execute();
    mails =
      ids.length === 0
        ? []
        : await opened.db
            .selectFrom("notification_mail")
            .select(["order_id", "recipients"])
            .where("order_id", "in", ids)
            .execute();
    bagsLeft =
      hashes.length === 0
        ? 0
        : Number(
            (
              await opened.db
                .selectFrom("bags")
                .select((eb) => eb.fn.countAll<number>().as("count"))
                .where("token_hash", "in", hashes)
                .executeTakeFirstOrThrow()
            ).count,
          );
  } finally {
    await opened.close();
  }

  const byStatus = new Map<string, number>();
  for (const answer of answers) {
    const key = answer.status === 0 ? "no answer" : String(answer.status);
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  const acknowledged = answers
    .map((answer) => ({ answer, number: /^\/order\/([2-9A-HJKMNP-Z]{6})\?k=[\w-]+$/.exec(answer.location ?? "")?.[1] }))
    .filter(
      (entry): entry is { answer: CheckoutAnswer; number: string } => entry.answer.status === 303 && !!entry.number,
    );
  const acknowledgedNumbers = new Set(acknowledged.map((entry) => entry.number));
  const answersOf = new Map<Patient, CheckoutAnswer[]>();
  for (const answer of answers) answersOf.set(answer.patient, [...(answersOf.get(answer.patient) ?? []), answer]);
  const isOrder = (answer: CheckoutAnswer) => acknowledged.some((entry) => entry.answer === answer);
  const patientsAcknowledged = patients.filter((patient) => (answersOf.get(patient) ?? []).some(isOrder));
  const doubles = patients.filter((patient) => (answersOf.get(patient) ?? []).length === 2);
  // A double click: one answer with the order, the other sent back to the (now empty) bag.
  const doublesRight = doubles.filter((patient) => {
    const both = answersOf.get(patient) ?? [];
    const other = both.find((answer) => !isOrder(answer));
    return both.filter(isOrder).length === 1 && other?.status === 302 && other.location === "/bag";
  });
  const storedNumbers = new Set(stored.map((order) => order.number));
  const lost = [...acknowledgedNumbers].filter((number) => !storedNumbers.has(number));
  const unacknowledged = [...storedNumbers].filter((number) => !acknowledgedNumbers.has(number));
  const perPatient = new Map<string, number>();
  for (const order of stored)
    perPatient.set(order.customer_name ?? "", (perPatient.get(order.customer_name ?? "") ?? 0) + 1);
  const duplicated = stored.length - storedNumbers.size + [...perPatient.values()].reduce((sum, n) => sum + n - 1, 0);
  const byName = new Map(patients.map((patient) => [`Bench patient ${patient.number}`, patient]));
  const linesOf = new Map(lines.map((row) => [row.order_id, row]));
  const wrongLines = stored.filter((order) => {
    const patient = byName.get(order.customer_name ?? "");
    const row = linesOf.get(order.id);
    return (
      !patient ||
      !row ||
      Number(row.lines) !== patient.lines ||
      Number(row.items) !== patient.items ||
      order.item_count !== patient.items
    );
  });
  const withEmail = stored.filter((order) => order.customer_email);
  const mailsOf = new Map<string, string[][]>();
  for (const mail of mails)
    mailsOf.set(mail.order_id ?? "", [...(mailsOf.get(mail.order_id ?? "") ?? []), mail.recipients]);
  const mailed = withEmail.filter((order) => {
    const sent = mailsOf.get(order.id) ?? [];
    return sent.length === 1 && sent[0].length === 1 && sent[0][0] === order.customer_email;
  });
  const mailedWithoutEmail = stored.filter((order) => !order.customer_email && mailsOf.has(order.id));
  const expectedEmails = patients.filter((patient) => contact(patient).email).length;

  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const serverTimes = answers
    .map((answer) => answer.serverMs)
    .filter((value): value is number => value !== null)
    .sort((a, b) => a - b);
  console.log(
    `\nPart 2 — ${PATIENTS} reservations at once: ${PATIENTS} patients, each with a bag of their own (1–5 lines, ` +
      `at ${storeShortName(STORE)}), all for the pickup window ${window.label}; every ${DOUBLE_SUBMIT_EVERY}th ` +
      "sends the form twice at once (a double click)",
  );
  console.log(`  bags built first: ${PATIENTS} bags in ${builtSeconds.toFixed(1)} s (${BUILDERS} patients at a time)`);
  console.log(
    `  all ${answers.length} checkout requests sent at once: the last answered after ${wallSeconds.toFixed(2)} s (wall time); ` +
      `per answer p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`,
  );
  if (serverTimes.length > 0) {
    console.log(
      `  server time per checkout (Server-Timing app): p50 ${percentile(serverTimes, 50).toFixed(0)} ms, ` +
        `p95 ${percentile(serverTimes, 95).toFixed(0)} ms, max ${serverTimes.at(-1)!.toFixed(0)} ms`,
    );
  }
  console.log(`  answers: ${[...byStatus].map(([status, n]) => `${n} × ${status}`).join(", ")}`);
  const problems = [
    ...new Set(answers.filter((answer) => answer.problem).map((answer) => `${answer.status}: ${answer.problem}`)),
  ];
  for (const problem of problems.slice(0, 5)) console.log(`    ${problem}`);
  console.log(
    `  ${acknowledged.length} acknowledged, ${stored.length} stored, ${lost.length} lost, ${duplicated} duplicated\n`,
  );
  report(
    patientsAcknowledged.length === PATIENTS && acknowledged.length === PATIENTS,
    `${patientsAcknowledged.length} of ${PATIENTS} patients acknowledged (303 to their /order/… page), ` +
      `${acknowledged.length} acknowledgements in all`,
  );
  report(
    doublesRight.length === doubles.length,
    `${doublesRight.length} of the ${doubles.length} patients who sent the form twice at once answered once with ` +
      "their order and once sent back to the bag",
  );
  report(
    acknowledgedNumbers.size === acknowledged.length,
    `${acknowledgedNumbers.size} distinct order numbers among the ${acknowledged.length} acknowledged`,
  );
  report(
    stored.length === PATIENTS,
    `${stored.length} stored for ${storeShortName(STORE)} and that window (${allOrders} orders in all)`,
  );
  report(
    lost.length === 0,
    `${lost.length} lost (acknowledged, not stored)${lost.length ? `: ${lost.slice(0, 5).join(", ")}` : ""}`,
  );
  report(duplicated === 0, `${duplicated} duplicated (an order number or a patient's bag stored twice)`);
  report(
    unacknowledged.length === 0,
    `${unacknowledged.length} stored without an acknowledgement (the patient would not know)`,
  );
  report(allOrders === stored.length, `${allOrders - stored.length} stored for another store or window`);
  report(
    wrongLines.length === 0 && stored.length > 0,
    `${stored.length - wrongLines.length} of ${stored.length} stored with their bag's lines and item count`,
  );
  report(
    mailed.length === withEmail.length && withEmail.length === expectedEmails && mailedWithoutEmail.length === 0,
    `${mailed.length} of ${withEmail.length} orders with an e-mail have their confirmation mail (order_id set); ` +
      `${mailedWithoutEmail.length} mails for orders without one`,
  );
  report(bagsLeft === 0, `${bagsLeft} of the ${PATIENTS} bags left after their checkout`);
}

/** The server while it starts or runs: what a failure or a signal stops (by its pid) before the directory goes. */
let running: ReturnType<typeof startBenchServer> | undefined;
async function stopServer(): Promise<void> {
  // A server that failed to start has stopped its process already.
  const server = await running?.catch(() => undefined);
  await server?.stop();
  running = undefined;
}
function cleanUp() {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function main() {
  await usePrivatePostgres("bench_ordering");
  const buildDir = productionBuildDir();
  const products = await prepareCatalog();
  if (products.length < 2 * ADDS_PER_BAG) throw new Error(`Only ${products.length} products to add: BENCH_PRODUCTS?`);
  running = startBenchServer(buildDir, dataDir, PORT, {
    PAGE_CACHE: "false",
    LOG_LEVEL: "warn",
    // Each simulated patient's address, as a proxy in front would pass it: the rate limits count per patient.
    TRUST_PROXY: "loopback",
  });
  let reservations;
  try {
    const server = await running;
    await timeTheBag(server.base, products);
    reservations = await reserveAtOnce(server.base, products);
  } finally {
    await stopServer();
  }
  try {
    await countReservations(reservations);
  } finally {
    cleanUp();
  }
}

runBench(main, stopServer, cleanUp, failures);
