import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFromParam } from "~/content/stores";
import { truncate } from "~/lib/text";
import { createReviews, listVisibleReviewsForStore } from "~/models/reviews.server";
import { loader } from "~/routes/site/reviews";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";

type LoaderArgs = Parameters<typeof loader>[0];
const callLoader = (url: string) => loader({ request: new Request(url), params: {} } as unknown as LoaderArgs);

describe("store reviews", () => {
  let database: OpenedDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await createReviews([
      { store: "Lindsey", author: "Old", source: "Google", rating: 4, quote: "Fine.", reviewDate: "2026-01-05" },
      { store: "Lindsey", author: "Newest", source: "Weedmaps", rating: 5, quote: "Great.", reviewDate: "2026-11-20" },
      { store: "Lindsey", author: "Middle", source: "Leafly", rating: 3, quote: "Okay.", reviewDate: "2026-06-15" },
      {
        store: "BlueWater",
        author: "Blue",
        source: "Google",
        rating: 5,
        quote: "Main Street store.",
        reviewDate: "2026-03-01",
        isSample: true,
      },
    ]);
  });
  afterAll(async () => {
    await database.close();
  });

  it("lists one store's reviews, newest first", async () => {
    const lindsey = await listVisibleReviewsForStore("Lindsey");
    expect(lindsey.map((r) => r.author)).toEqual(["Newest", "Middle", "Old"]);
    expect(lindsey.map((r) => r.review_date)).toEqual(["2026-11-20", "2026-06-15", "2026-01-05"]);
    expect((await listVisibleReviewsForStore("BlueWater")).map((r) => r.author)).toEqual(["Blue"]);
  });

  it("loader: Lindsey by default, BlueWater on ?store=BlueWater", async () => {
    const lindsey = await callLoader("http://localhost/reviews");
    expect(lindsey.store).toBe("Lindsey");
    expect(lindsey.reviews.map((r) => r.author)).toEqual(["Newest", "Middle", "Old"]);

    const blue = await callLoader("http://localhost/reviews?store=BlueWater");
    expect(blue.store).toBe("BlueWater");
    expect(blue.reviews).toEqual([
      {
        id: expect.any(String),
        author: "Blue",
        source: "Google",
        rating: 5,
        quote: "Main Street store.",
        reviewDate: "2026-03-01",
        isSample: true,
      },
    ]);
  });

  it("loader: an unknown ?store= falls back to Lindsey", async () => {
    for (const value of ["bluewater", "Nowhere", "", "'; drop table reviews; --"]) {
      const result = await callLoader(`http://localhost/reviews?store=${encodeURIComponent(value)}`);
      expect(result.store).toBe("Lindsey");
      expect(result.reviews).toHaveLength(3);
    }
  });
});

describe("review content", () => {
  it("maps ?store= values to a store", () => {
    expect(storeFromParam(null)).toBe("Lindsey");
    expect(storeFromParam("Lindsey")).toBe("Lindsey");
    expect(storeFromParam("BlueWater")).toBe("BlueWater");
    expect(storeFromParam("BLUEWATER")).toBe("Lindsey");
  });

  it("cuts quotes over 150 characters to 150 plus an ellipsis", () => {
    const long = "x".repeat(151);
    expect(truncate(long, 150)).toEqual({ text: "x".repeat(150) + "…", truncated: true });
    expect(truncate("x".repeat(150), 150)).toEqual({ text: "x".repeat(150), truncated: false });
  });
});
