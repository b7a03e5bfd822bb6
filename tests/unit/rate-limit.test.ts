import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hitRateLimit, resetRateLimit } from "~/services/rate-limit.server";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const rule = { key: "test:203.0.113.1", limit: 3, windowMs: 10 * 60_000 };
const windowStart = Date.UTC(2026, 10, 22, 12, 0, 0);

describe("database rate limiter", () => {
  it("allows the limit within a window, refuses the next, and starts over in the next window", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(rule, windowStart + 1000 * i));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3].remaining).toBe(0);
    expect(results[3].retryAfterSeconds).toBe(600 - 3);
    expect((await hitRateLimit(rule, windowStart + rule.windowMs)).allowed).toBe(true);
  });

  it("counts concurrent hits without losing any", async () => {
    const key = { ...rule, key: "test:concurrent", limit: 100 };
    await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(key, windowStart)));
    expect((await hitRateLimit(key, windowStart)).remaining).toBe(100 - 21);
  });

  it("forgets a key on reset, and drops day-old windows as it goes", async () => {
    await resetRateLimit(rule.key);
    expect((await hitRateLimit(rule, windowStart)).remaining).toBe(2);
    const dayLater = windowStart + 25 * 60 * 60 * 1000;
    for (let i = 0; i < 500; i++) await hitRateLimit({ ...rule, key: `test:many:${i % 5}` }, dayLater);
    const old = await database.db
      .selectFrom("rate_limits")
      .select("key")
      .where("window_start", "<", new Date(dayLater - 24 * 60 * 60 * 1000))
      .execute();
    expect(old).toEqual([]);
  });
});

describe("sliding rate limiter", () => {
  const sliding = { key: "test:sliding", limit: 5, windowMs: 60 * 60_000, slidingBucketMs: 60_000 };

  it("allows exactly the limit of many concurrent hits, and counts only those", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(sliding, windowStart)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const rows = await database.db.selectFrom("rate_limits").select("hits").where("key", "=", sliding.key).execute();
    expect(rows.reduce((sum, row) => sum + row.hits, 0)).toBe(5);
  });

  it("never allows more than the limit in any span of the window, across any boundary", async () => {
    const rule = { ...sliding, key: "test:sliding-span" };
    // Five at 11:59:30 (in the 11:59 bucket): nothing more until that bucket has slid out, at 13:00.
    for (let i = 0; i < 5; i++) expect((await hitRateLimit(rule, windowStart - 30_000)).allowed).toBe(true);
    const refused = await hitRateLimit(rule, windowStart + 30_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(60 * 60 - 30);
    expect((await hitRateLimit(rule, windowStart + 59 * 60_000 + 59_000)).allowed).toBe(false);
    expect((await hitRateLimit(rule, windowStart + 60 * 60_000)).allowed).toBe(true);
  });
});
