import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hitRateLimit, resetRateLimit } from "~/server/rate-limit.server";
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
