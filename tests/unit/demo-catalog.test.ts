import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoBrands } from "~/content/demo";
import { DEMO_IMAGE_VARIANTS, demoCatalog } from "~/content/demo/catalog";
import { CATALOG_CATEGORIES } from "~/lib/catalog";
import { pricesAsOf } from "~/models/catalog-runs.server";
import { loader as menuImage, placeholderSvg } from "~/routes/resources/menu-image";
import type { OpenedDatabase } from "~/server/db.server";
import { advertisingPhrases } from "~/services/catalog/pos-csv.server";
import { seedIfEmpty } from "~/services/seed.server";
import { createTestDatabase } from "../support/database";

// The demo catalog a fresh site starts with (issue 26): a store's worth of products that looks real,
// flagged as demo content, with no health claim anywhere and placeholder photos that have no words.

const catalog = demoCatalog();

describe("the demo catalog", () => {
  it("is about 1,200 products over the eight categories and 40 brands, the same on every call", () => {
    expect(catalog).toHaveLength(1200);
    expect(new Set(catalog.map((product) => product.category))).toEqual(
      new Set(CATALOG_CATEGORIES.map((category) => category.slug)),
    );
    const brands = new Set(catalog.map((product) => product.brand).filter(Boolean));
    expect(brands.size).toBe(40);
    // The home carousel's brands have products.
    for (const brand of demoBrands) expect(brands.has(brand.name)).toBe(true);
    expect(demoCatalog()).toEqual(catalog);
  });

  it("stocks both stores, a few products at one store only, a few at neither, a few on special", () => {
    const at = (lindsey: boolean, blueWater: boolean) =>
      catalog.filter((product) => product.inStock.Lindsey === lindsey && product.inStock.BlueWater === blueWater)
        .length;
    expect(at(true, true)).toBeGreaterThan(800);
    expect(at(true, false)).toBeGreaterThan(50);
    expect(at(false, true)).toBeGreaterThan(50);
    expect(at(false, false)).toBeGreaterThan(10);
    const onSpecial = catalog.filter((product) => product.options.some((option) => option.priceSpecialCents !== null));
    expect(onSpecial.length).toBeGreaterThan(50);
    for (const product of onSpecial) {
      for (const option of product.options) {
        if (option.priceSpecialCents !== null) expect(option.priceSpecialCents).toBeLessThan(option.priceMedicalCents);
      }
    }
  });

  it("has no advertising finding in any name or description (63 O.S. § 427.21)", () => {
    const claims = catalog.flatMap((product) => advertisingPhrases(`${product.name} ${product.description}`));
    expect(claims).toEqual([]);
  });

  it("uses only the site's placeholder photos, which draw the product and say no word", async () => {
    for (const product of catalog) expect(product.imageUrl).toMatch(/^\/menu-images\/[a-z-]+-\d\.svg$/);
    for (const category of CATALOG_CATEGORIES) {
      for (let variant = 0; variant < DEMO_IMAGE_VARIANTS; variant += 1) {
        const svg = placeholderSvg(category.slug, variant);
        expect(svg).not.toMatch(/<text|<foreignObject|<script|href=/i);
        expect(svg).toContain('width="600" height="600"');
      }
    }
    const served = await menuImage({ params: { name: "edibles-3.svg" } } as never);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(await served.text()).toBe(placeholderSvg("edibles", 3));
    for (const name of ["edibles-6.svg", "candy-1.svg", "flower-1.png", "../x.svg", "flower-01x.svg"]) {
      expect((await menuImage({ params: { name } } as never)).status).toBe(404);
    }
  });
});

describe("seeding the demo catalog", () => {
  let database: OpenedDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("puts every product in a fresh database, flagged as demo content, and records the run", async () => {
    const now = new Date("2026-11-27T15:00:00Z");
    expect(await seedIfEmpty(database.db, { demo: true }, now)).toBe(true);
    const rows = await database.db.selectFrom("catalog_products").select(["is_demo", "slug", "brand_slug"]).execute();
    expect(rows).toHaveLength(1200);
    expect(rows.every((row) => row.is_demo)).toBe(true);
    expect(new Set(rows.map((row) => row.slug)).size).toBe(1200);
    expect(rows.find((row) => row.brand_slug === "jake-s-jungle")).toBeTruthy();
    expect(await pricesAsOf()).not.toBeNull();
  });
});
