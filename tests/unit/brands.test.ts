import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBrand, listBrands } from "~/models/brands.server";
import { applyCatalog } from "~/models/catalog.server";
import { escapeLikePattern } from "~/models/like-pattern.server";
import { loader } from "~/routes/site/brands";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";
import { sourceProduct } from "../support/menu-catalog-data";

type LoaderArgs = Parameters<typeof loader>[0];
const callLoader = (url: string) => loader({ request: new Request(url), params: {} } as unknown as LoaderArgs);

describe("brand search", () => {
  let database: OpenedDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const brands = [
      { name: "Wyld", sortOrder: 2 },
      { name: "Sunday Extracts", sortOrder: 1 },
      { name: "Moon Dust", sortOrder: 2 },
      { name: "Altvm", sortOrder: 2 },
      { name: "Dime Industries", sortOrder: 0, siteUrl: "https://dime.example.com" },
      { name: "100% Pure", sortOrder: 3 },
      { name: "Under_Score", sortOrder: 3 },
    ];
    for (const b of brands) {
      await insertBrand({ name: b.name, logoUrl: `/logos/${b.name}.svg`, siteUrl: b.siteUrl, sortOrder: b.sortOrder });
    }
  });
  afterAll(async () => {
    await database.close();
  });

  it("lists every brand by sort order, then name", async () => {
    const names = (await listBrands()).map((b) => b.name);
    expect(names).toEqual([
      "Dime Industries",
      "Sunday Extracts",
      "Altvm",
      "Moon Dust",
      "Wyld",
      "100% Pure",
      "Under_Score",
    ]);
  });

  it("matches a case-insensitive substring of the name", async () => {
    expect((await listBrands("MOON d")).map((b) => b.name)).toEqual(["Moon Dust"]);
    expect((await listBrands("  extr ")).map((b) => b.name)).toEqual(["Sunday Extracts"]);
    expect((await listBrands("d")).map((b) => b.name)).toEqual([
      "Dime Industries",
      "Sunday Extracts",
      "Moon Dust",
      "Wyld",
      "Under_Score",
    ]);
  });

  it("treats LIKE wildcards as plain text", async () => {
    expect((await listBrands("%")).map((b) => b.name)).toEqual(["100% Pure"]);
    expect((await listBrands("_")).map((b) => b.name)).toEqual(["Under_Score"]);
    expect(await listBrands("\\")).toEqual([]);
    expect(escapeLikePattern("50%_\\")).toBe("50\\%\\_\\\\");
  });

  it("finds nothing for a name no brand has", async () => {
    expect(await listBrands("zzz")).toEqual([]);
  });

  it("loader: ?q= filters, trims and returns only what the page shows", async () => {
    const all = await callLoader("http://localhost/brands");
    expect(all.q).toBe("");
    expect(all.brands).toHaveLength(7);
    expect(all.brands[0]).toEqual({
      id: expect.any(String),
      name: "Dime Industries",
      logoUrl: "/logos/Dime Industries.svg",
      siteUrl: "https://dime.example.com",
      products: null,
    });

    const some = await callLoader("http://localhost/brands?q=%20moon%20");
    expect(some.q).toBe("moon");
    expect(some.brands.map((b) => b.name)).toEqual(["Moon Dust"]);

    const none = await callLoader("http://localhost/brands?q=nothing-like-this");
    expect(none.brands).toEqual([]);
  });

  it("loader: a brand with products in stock on our menu links to them, with how many (issue 26)", async () => {
    const product = (externalId: string, inStock: boolean) =>
      sourceProduct({
        externalId,
        name: `Moon Rock ${externalId}`,
        brand: "Moon Dust",
        inStock: { Lindsey: inStock, BlueWater: false },
      });
    await applyCatalog("csv:brands-test", [product("1", true), product("2", true), product("3", false)]);
    try {
      const { brands } = await callLoader("http://localhost/brands");
      expect(brands.find((b) => b.name === "Moon Dust")?.products).toEqual({ href: "/brands/moon-dust", count: 2 });
      expect(brands.find((b) => b.name === "Wyld")?.products).toBeNull();
    } finally {
      await database.db.deleteFrom("catalog_products").execute();
    }
  });

  it("loader: an overlong query is cut to 100 characters", async () => {
    const result = await callLoader(`http://localhost/brands?q=${"a".repeat(500)}`);
    expect(result.q).toHaveLength(100);
    expect(result.brands).toEqual([]);
  });
});
