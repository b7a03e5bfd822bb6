// The production server on a real Postgres that goes away and comes back: 503s (never 500s) while it is
// gone, a live process throughout, 200s again within seconds of its return, and no acknowledged
// submission lost. Also: two instances starting together on one fresh database, three times over, make one
// copy of everything and one administrator, and both serve.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demoBrands, demoDeals, demoPosts, demoReviews } from "~/content/demo";
import { CONTACT_FAILURE_MESSAGE, CONTACT_SUCCESS_MESSAGE } from "~/lib/contact-form";
import { type AppServer, startAppServer } from "../support/app-server";
import { type PostgresCluster, startPostgresCluster } from "../support/postgres-cluster";
import { logger } from "~/server/logger.server";

let cluster: PostgresCluster;

beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 60_000);
afterAll(() => cluster?.destroy());

async function query<T>(database: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.url(database) });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

const PAGES = ["/", "/blog", "/deals", "/brands", "/about", "/reviews", "/feed.xml", "/sitemap-blog.xml"];

function contactBody(message: string): URLSearchParams {
  return new URLSearchParams({
    name: "Outage Tester",
    email: "outage@example.com",
    phone: "",
    topic: "general",
    message,
    honeypot: "",
  });
}

interface Tally {
  statuses: Map<number, number>;
  /** Requests that got no answer: a kept-alive socket the server had just closed as idle. */
  socketErrors: number;
  acknowledged: string[];
  retryAfterMissing: number;
}

/** Pages and contact posts, several at a time, until `until()` is true; every answer is tallied. */
async function traffic(server: AppServer, tally: Tally, until: () => boolean, label: string): Promise<void> {
  let n = 0;
  const worker = async (w: number) => {
    while (!until()) {
      const i = n++;
      let response: Response;
      try {
        if (i % 3 === 0) {
          const message = `${label} message ${i} from worker ${w}`;
          response = await fetch(`${server.url}/contact`, {
            method: "POST",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              Origin: server.url,
              // A distinct client each time: the form's per-client limit is not what this test is about.
              "X-Forwarded-For": `198.51.100.${i % 250}`,
            },
            body: contactBody(message),
          });
          const html = await response.text();
          if (response.status === 200 && html.includes(CONTACT_SUCCESS_MESSAGE.slice(0, 24))) {
            tally.acknowledged.push(message);
          }
          if (response.status === 503) {
            // The visitor's typed message comes back in the form, with the spec's failure message.
            expect(html).toContain(message);
            expect(html).toContain(CONTACT_FAILURE_MESSAGE);
          }
        } else {
          response = await fetch(`${server.url}${PAGES[i % PAGES.length]}`);
          await response.arrayBuffer();
        }
      } catch (error) {
        if ((error as { cause?: { code?: string } }).cause?.code !== "UND_ERR_SOCKET") throw error;
        tally.socketErrors++;
        continue;
      }
      tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
      if (response.status === 503 && !response.headers.get("retry-after")) tally.retryAfterMissing++;
    }
  };
  await Promise.all([0, 1, 2, 3].map(worker));
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Date.now() - started;
}

describe("a Postgres outage", () => {
  it("answers 503 while the database is gone, recovers by itself, and loses nothing acknowledged", async () => {
    cluster.createDatabase("outage");
    const server = await startAppServer({
      DATABASE_URL: cluster.url("outage"),
      SINGLE_INSTANCE: "true",
      SEED_DEMO: "true",
      TRUST_PROXY: "loopback",
    });
    try {
      const tally: Tally = { statuses: new Map(), socketErrors: 0, acknowledged: [], retryAfterMissing: 0 };
      const statusOf = async (path: string) => (await fetch(`${server.url}${path}`)).status;
      expect(await statusOf("/readyz")).toBe(200);

      // Before: everything answers.
      let phase = "before";
      let stopAt = Date.now() + 1500;
      await traffic(server, tally, () => Date.now() > stopAt, phase);
      expect([...tally.statuses.keys()]).toEqual([200]);

      // Stop Postgres under traffic (every connection terminated, as in a restart).
      phase = "during";
      stopAt = Date.now() + 6000;
      const load = traffic(server, tally, () => Date.now() > stopAt, phase);
      await new Promise((resolve) => setTimeout(resolve, 500));
      cluster.stop();
      await load;
      expect(server.alive()).toBe(true);
      expect(tally.statuses.get(503) ?? 0).toBeGreaterThan(0);
      // Not ready (no database), yet alive: an orchestrator must not restart a process that will recover.
      expect(await statusOf("/readyz")).toBe(503);
      expect(await statusOf("/healthz")).toBe(200);
      expect(await statusOf("/blog")).toBe(503);
      const page = await fetch(`${server.url}/deals`);
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(page.headers.get("cache-control")).toBe("no-store");

      // Start it again: the same process answers within seconds, no restart.
      cluster.start();
      const recoveredIn = await waitUntil(async () => (await statusOf("/readyz")) === 200, 15_000);
      expect(recoveredIn).toBeLessThan(15_000);
      phase = "after";
      stopAt = Date.now() + 1500;
      const before200 = tally.statuses.get(200) ?? 0;
      await traffic(server, tally, () => Date.now() > stopAt, phase);
      expect(tally.statuses.get(200) ?? 0).toBeGreaterThan(before200);

      // Never a 500; every 503 said when to come back; the process lived through it all.
      expect(tally.statuses.get(500) ?? 0).toBe(0);
      expect([...tally.statuses.keys()].every((status) => status === 200 || status === 503)).toBe(true);
      expect(tally.retryAfterMissing).toBe(0);
      const answered = [...tally.statuses.values()].reduce((a, b) => a + b, 0);
      expect(tally.socketErrors).toBeLessThan(Math.max(2, answered / 100));
      expect(server.alive()).toBe(true);

      // Every submission that was answered with success is in the database.
      const stored = new Set(
        (await query<{ message: string }>("outage", "select message from contact_inquiries")).map((r) => r.message),
      );
      expect(tally.acknowledged.length).toBeGreaterThan(0);
      expect(tally.acknowledged.filter((message) => !stored.has(message))).toEqual([]);
    } catch (error) {
      console.error(server.output().slice(-6000));
      throw error;
    } finally {
      cluster.start();
      await server.stop();
    }
  }, 120_000);
});

describe("instances starting together on one fresh Postgres", () => {
  const ROUNDS = 3;
  const dataDirs: string[] = [];
  afterAll(() => {
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it(`two at once on a fresh database, ${ROUNDS} times: no crash, one copy of the demo content, one admin`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const database = `together_${round}`;
      cluster.createDatabase(database);
      // One volume both instances mount (SHARED_DATA_DIR), one secret: the setup a multi-instance deployment needs.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "together-"));
      dataDirs.push(dataDir);
      const env = {
        DATABASE_URL: cluster.url(database),
        SESSION_SECRET: "together-secret-0123456789abcdef0123456789",
        SHARED_DATA_DIR: "true",
        DATA_DIR: dataDir,
        SEED_DEMO: "true",
        ADMIN_EMAIL: "owner@example.com",
        ADMIN_PASSWORD: "together-password",
      };
      const started = await Promise.allSettled([startAppServer(env), startAppServer(env)]);
      const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
      try {
        for (const result of started) {
          if (result.status === "rejected")
            throw new Error(`round ${round}: a server did not start`, { cause: result.reason });
        }
        for (const server of servers) {
          expect(server.alive(), `round ${round}`).toBe(true);
          expect((await fetch(`${server.url}/readyz`)).status, `round ${round}`).toBe(200);
        }
        const [counts] = await query<Record<string, string>>(
          database,
          `select (select count(*) from brands) as brands, (select count(*) from deals_slides) as deals,
                  (select count(*) from reviews) as reviews, (select count(*) from posts) as posts,
                  (select count(distinct slug) from posts) as slugs, (select count(*) from users) as users,
                  (select count(*) from user_roles where role = 'admin') as admins`,
        );
        expect(counts, `round ${round}`).toEqual({
          brands: String(demoBrands.length),
          deals: String(demoDeals.length),
          reviews: String(demoReviews.length),
          posts: String(demoPosts.length),
          slugs: String(demoPosts.length),
          users: "1",
          admins: "1",
        });
        // Still alive after the checks: neither fell over once the other had finished starting.
        for (const server of servers) expect(server.alive(), `round ${round}`).toBe(true);
      } catch (error) {
        for (const server of servers) console.error(server.output().slice(-4000));
        throw error;
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
  }, 150_000);
});

describe("the Postgres pool", () => {
  it("survives the server going away while a connection is checked out between two queries", async () => {
    cluster.createDatabase("held");
    const { createPostgresPool } = await import("~/server/db.server");
    const pool = createPostgresPool(cluster.url("held"));
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
    try {
      const client = await pool.connect();
      await client.query("select 1");
      // A transaction's connection, idle between statements: no query is listening when it breaks.
      cluster.stop();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(client.query("select 1")).rejects.toThrow();
      client.release();
      cluster.start();
      // The broken client was dropped; the next query connects anew.
      expect((await pool.query("select 1 as ok")).rows[0].ok).toBe(1);
      expect(warn).toHaveBeenCalledWith(
        { reason: expect.any(String) },
        expect.stringContaining("Database connection lost"),
      );
    } finally {
      warn.mockRestore();
      cluster.start();
      await pool.end();
    }
  }, 60_000);
});
