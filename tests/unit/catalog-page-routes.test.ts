// The menu's routes as a crawler meets them: one address per list (redirects), 404 for an unknown category,
// product or brand, 301 to a product's canonical address, 410 after 30 days gone, "Prices as of" in the
// stores' zone, a description as plain text, the brand page, and /sitemap-menu.xml.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordCatalogRun } from "~/models/catalog-runs.server";
import { loader as categoryLoader } from "~/routes/menu/category";
import { loader as menuLoader } from "~/routes/menu/list";
import { descriptionParagraphs, loadProductPage } from "~/routes/menu/product-view.server";
import { loader as sitemapMenuLoader } from "~/routes/resources/sitemap-menu";
import { loader as brandLoader } from "~/routes/site/brand";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";
import { daysAfter, putMenuCatalog } from "./catalog-pages-support";

const ORIGIN = "http://localhost:3000"; // PUBLIC_URL in vitest.config.ts

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await putMenuCatalog(database.db);
  await database.db
    .insertInto("brands")
    .values([
      { name: "Kiva", logo_url: "/brands/kiva.svg", site_url: "https://kiva.example" },
      { name: "Logo Only Co", logo_url: "/brands/logo-only.svg" },
    ])
    .execute();
});
afterAll(async () => {
  await database.close();
});

/** Calls a loader as React Router would; a thrown Response (a redirect) is returned. */
async function call(loader: (args: any) => unknown, path: string, params: Record<string, string> = {}) {
  try {
    return await loader({ request: new Request(ORIGIN + path), params, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const location = (response: unknown) => (response as Response).headers.get("Location");
const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: { status?: number } }).init?.status ?? 200);
const dataOf = (result: unknown) => (result as { data: any }).data;

describe("/menu and /menu/{category}", () => {
  it("answers the canonical address with the list, its count and facets, cacheable", async () => {
    const result = await call(menuLoader, "/menu?brand=sunny-farms&sort=price");
    expect(statusOf(result)).toBe(200);
    expect((result as { init: { headers: Headers } }).init.headers.get("Cache-Control")).toMatch(/^public/);
    const listing = dataOf(result);
    expect(listing.total).toBe(2);
    expect(listing.products.map((p: { name: string }) => p.name)).toEqual(["Gelato Cart", "Blue Dream"]);
    expect(listing.facets.brands.map((b: { slug: string }) => b.slug)).toEqual(["kiva", "sunny-farms"]);
    expect(listing.facets.categories).toHaveLength(8);
    expect(listing.products[0]).toMatchObject({
      href: "/menu/vapes/gelato-cart",
      brandName: "Sunny Farms",
      facts: "Vapes · Indica · THC\u00a085.5%",
    });
    // The browser gets a card's fields only.
    expect(Object.keys(listing.products[0]).sort()).toEqual(
      [
        "brandName",
        "category",
        "facts",
        "href",
        "imageUrl",
        "inStockStores",
        "name",
        "onSpecial",
        "onlySize",
        "optionCount",
        "priceFromCents",
        "slug",
        "special",
      ].sort(),
    );
  });

  it("redirects every other spelling of a list to its one address", async () => {
    const cases: [string, string][] = [
      ["/menu?q=&category=&brand=&strain=&store=&sort=name", "/menu"],
      ["/menu?category=flower&special=on", "/menu/flower?special=on"],
      ["/menu?category=FLOWER", "/menu/flower"],
      ["/menu?strain=purple&store=moon&sort=colour", "/menu"],
      ["/menu?q=+blue+dream+&page=1", "/menu?q=blue+dream"],
      ["/menu?page=0", "/menu"],
      ["/menu?page=abc&brand=kiva", "/menu?brand=kiva"],
      ["/menu?page=99", "/menu"],
      ["/menu/flower?category=edibles", "/menu/flower"],
      ["/menu?special=yes&store=lindsey", "/menu?store=Lindsey&special=on"],
      // A brand the menu does not list is dropped like an unknown strain (it answered 200 "0 products").
      ["/menu?brand=no-such-brand&special=on", "/menu?special=on"],
      ["/menu/flower?brand=nobody&sort=price", "/menu/flower?sort=price"],
    ];
    for (const [from, to] of cases) {
      const { pathname } = new URL(ORIGIN + from);
      const category = pathname.split("/")[2];
      const result = category ? await call(categoryLoader, from, { category }) : await call(menuLoader, from);
      expect(statusOf(result), from).toBe(302);
      expect(location(result), from).toBe(to);
    }
  });

  it("counts each category and brand under the other chosen filters", async () => {
    const { facets } = dataOf(await call(menuLoader, "/menu?strain=indica"));
    expect(facets.categories.filter((c: { count: number }) => c.count > 0)).toEqual([
      { slug: "vapes", label: "Vapes", count: 1 },
    ]);
    expect(facets.brands).toEqual([{ slug: "sunny-farms", name: "Sunny Farms", count: 1 }]);
    // A listed brand with none in this category is a real (empty) choice, not an unknown one.
    expect(statusOf(await call(categoryLoader, "/menu/flower?brand=kiva", { category: "flower" }))).toBe(200);
  });

  it("answers a client navigation's data request for the canonical address, without a redirect", async () => {
    for (const path of ["/menu.data?special=on&_routes=routes%2Fmenu%2Flist", "/menu.data?q=blue%20dream"]) {
      expect(statusOf(await call(menuLoader, path)), path).toBe(200);
    }
    const category = await call(categoryLoader, "/menu/flower.data?sort=price&_routes=x", { category: "flower" });
    expect(statusOf(category)).toBe(200);
  });

  it("a category page lists that category only; an unknown category is a 404", async () => {
    const flower = await call(categoryLoader, "/menu/flower", { category: "flower" });
    expect(dataOf(flower).listing.products.map((p: { name: string }) => p.name)).toEqual(["Blue Dream"]);
    // A category's page does not repeat the category on every card.
    expect(dataOf(flower).listing.products[0].facts).toBe("Hybrid · THC\u00a024%");
    expect(dataOf(flower).label).toBe("Flower");
    const unknown = await call(categoryLoader, "/menu/wax", { category: "wax" });
    expect(statusOf(unknown)).toBe(404);
  });

  it("says when prices were last known current, in the stores' time zone", async () => {
    await recordCatalogRun({ source: "csv:menu-test", kind: "import", startedAt: daysAfter(1), ok: true });
    await database.db
      .updateTable("catalog_syncs")
      .set({ finished_at: new Date("2026-11-03T20:05:00Z") })
      .execute();
    expect(dataOf(await call(menuLoader, "/menu")).pricesAsOf).toBe("Nov 3, 2026, 2:05 PM");
  });
});

describe("a product's page", () => {
  const load = (category: string, slug: string, now = daysAfter(5)) =>
    loadProductPage({ category, slug }, now).catch((thrown: unknown) => thrown);

  it("in stock: 200 with its facts, options and stock", async () => {
    const result = await load("flower", "blue-dream");
    expect(statusOf(result)).toBe(200);
    expect(dataOf(result)).toMatchObject({
      kind: "product",
      category: { slug: "flower", label: "Flower" },
      product: {
        name: "Blue Dream",
        brandSlug: "sunny-farms",
        sku: "BD-1",
        inStockStores: ["BlueWater", "Lindsey"],
        paragraphs: ["Berry aroma."],
      },
    });
    // A description too short to stand alone: a sentence made of the facts, in medical words.
    expect(dataOf(result).metaDescription).toBe(
      "Blue Dream by Sunny Farms: Flower, Hybrid, THC 24%, from $35 in Norman, Oklahoma. Medical prices for patients with a valid Oklahoma medical marijuana card.",
    );
  });

  it("out of stock, or gone for up to 30 days: still 200, with no store stocking it", async () => {
    expect(dataOf(await load("flower", "purple-punch"))).toMatchObject({
      kind: "product",
      product: { inStockStores: [] },
    });
    const gone = await load("flower", "old-kush", daysAfter(31));
    expect(statusOf(gone)).toBe(200);
    expect(dataOf(gone).product.inStockStores).toEqual([]);
  });

  it("gone for more than 30 days: 410, naming it and its category", async () => {
    const result = await load("flower", "old-kush", daysAfter(31, 1));
    expect(statusOf(result)).toBe(410);
    expect(dataOf(result)).toEqual({
      kind: "retired",
      product: { name: "Old Kush" },
      category: { slug: "flower", label: "Flower" },
    });
  });

  it("hidden, unknown, or under an unknown category: 404", async () => {
    for (const [category, slug] of [
      ["flower", "hidden-haze"],
      ["flower", "no-such-product"],
      ["wax", "blue-dream"],
      ["flower", "Not A Slug"],
    ]) {
      const result = await load(category, slug);
      expect(statusOf(result), slug).toBe(404);
    }
  });

  it("under another category: 301 to its own address", async () => {
    const result = await load("edibles", "blue-dream");
    expect(statusOf(result)).toBe(301);
    expect(location(result)).toBe("/menu/flower/blue-dream");
  });

  it("shows a description as plain text paragraphs: a less-than sign is text, never read as HTML", () => {
    expect(descriptionParagraphs("First line\nsecond line.\n\n\nNext  paragraph.")).toEqual([
      "First line\nsecond line.",
      "Next paragraph.",
    ]);
    expect(descriptionParagraphs("THC <1% and CBD >20%; <b>as typed</b> &amp;")).toEqual([
      "THC <1% and CBD >20%; <b>as typed</b> &amp;",
    ]);
    expect(descriptionParagraphs(null)).toEqual([]);
  });
});

describe("/brands/{slug}", () => {
  it("a brand of the list with products: its logo, site and products", async () => {
    const data = dataOf(await call(brandLoader, "/brands/kiva", { slug: "kiva" }));
    expect(data.brand).toEqual({
      slug: "kiva",
      name: "Kiva",
      logoUrl: "/brands/kiva.svg",
      siteUrl: "https://kiva.example",
    });
    expect(data.products.map((p: { name: string }) => p.name)).toEqual(["Sour Gummies"]);
    // A brand's page does not repeat the brand on every card.
    expect(data.products[0].brandName).toBeNull();
  });

  it("a brand of the catalog only, a brand of the list only, and neither", async () => {
    const catalogOnly = dataOf(await call(brandLoader, "/brands/sunny-farms", { slug: "sunny-farms" }));
    expect(catalogOnly.brand).toMatchObject({ name: "Sunny Farms", logoUrl: null, siteUrl: null });
    expect(catalogOnly.total).toBe(2);
    const listOnly = await call(brandLoader, "/brands/logo-only-co", { slug: "logo-only-co" });
    expect(statusOf(listOnly)).toBe(200);
    expect(dataOf(listOnly)).toMatchObject({ total: 0, products: [], brand: { logoUrl: "/brands/logo-only.svg" } });
    expect(statusOf(await call(brandLoader, "/brands/nobody", { slug: "nobody" }))).toBe(404);
    expect(location(await call(brandLoader, "/brands/kiva?page=5", { slug: "kiva" }))).toBe("/brands/kiva");
  });
});

describe("/sitemap-menu.xml", () => {
  it("lists the menu, the categories, the product pages and the brands with products, with lastmod", async () => {
    const response = (await call(sitemapMenuLoader, "/sitemap-menu.xml")) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(ORIGIN, ""));
    expect(locs.slice(0, 9)).toEqual([
      "/menu",
      "/menu/flower",
      "/menu/edibles",
      "/menu/pre-rolls",
      "/menu/vapes",
      "/menu/concentrates",
      "/menu/accessories",
      "/menu/topicals",
      "/menu/tinctures",
    ]);
    expect(locs).toContain("/menu/flower/blue-dream");
    expect(locs).toContain("/menu/flower/purple-punch");
    expect(locs).not.toContain("/menu/flower/hidden-haze");
    expect(locs.slice(-2)).toEqual(["/brands/kiva", "/brands/sunny-farms"]);
    expect(xml).toContain(
      `<url><loc>${ORIGIN}/menu/flower/blue-dream</loc><lastmod>2026-11-02T15:00:00Z</lastmod></url>`,
    );
  });
});
