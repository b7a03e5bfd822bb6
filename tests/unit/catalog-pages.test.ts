// The menu's queries (models/catalog-pages.server.ts): what is listed, each filter alone and combined, the
// sorts, the search, the pages and their count, the facets, a product's page state and the sitemap's lists.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_MENU_QUERY, type MenuQuery } from "~/lib/menu-params";
import {
  countListedProductsByBrand,
  countMenu,
  findCatalogProductBySlug,
  listMenuPage,
  listSitemapListings,
  listSitemapProducts,
  productPageState,
} from "~/models/catalog-pages.server";
import { menuFacets } from "~/models/catalog-facets.server";
import { toProductCard } from "~/components/menu/product-card-data";
import { formatPotency } from "~/components/menu/product-facts";
import { applyCatalog } from "~/models/catalog.server";
import type { OpenedDatabase } from "~/server/db.server";
import { sourceProduct } from "../support/menu-catalog-data";
import { createTestDatabase } from "../support/database";
import { daysAfter, putMenuCatalog } from "./catalog-pages-support";

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await putMenuCatalog(database.db);
});
afterAll(async () => {
  await database.close();
});

const ALL = { limit: 100, offset: 0 };
async function names(query: Partial<MenuQuery>, page = ALL): Promise<string[]> {
  const { products } = await listMenuPage({ ...EMPTY_MENU_QUERY, ...query }, page);
  return products.map((product) => product.name);
}

describe("the menu's list", () => {
  it("lists only products in stock at a store, neither hidden nor gone, by name", async () => {
    expect(await names({})).toEqual(["Blue Dream", "Calm 100% Tincture", "Gelato Cart", "Sour Gummies"]);
    const { total } = await listMenuPage(EMPTY_MENU_QUERY, ALL);
    expect(total).toBe(4);
  });

  it("gives a card's facts: brand, potency, the owner's image over the source's, the lowest price now, special, options", async () => {
    await database.db
      .updateTable("catalog_products")
      .set({ edited_image_url: "/menu-images/owner.svg", edited_at: new Date() })
      .where("external_id", "=", "BD-1")
      .execute();
    try {
      const { products } = await listMenuPage(EMPTY_MENU_QUERY, ALL);
      const byName = new Map(products.map((product) => [product.name, product]));
      expect(byName.get("Blue Dream")).toMatchObject({
        slug: "blue-dream",
        brandName: "Sunny Farms",
        brandSlug: "sunny-farms",
        category: "flower",
        strainType: "hybrid",
        thc: { value: 24, unit: "%" },
        imageUrl: "/menu-images/owner.svg",
        priceFromCents: 3500,
        onSpecial: false,
        special: null,
        optionCount: 1,
      });
      expect(byName.get("Gelato Cart")).toMatchObject({
        imageUrl: "https://images.example/gelato.png",
        priceFromCents: 2500,
        onSpecial: true,
        // The size on special is not the cheapest: the card names it, with its own prices.
        special: { label: "1g", priceCents: 4000, regularCents: 4500 },
        optionCount: 2,
        inStockStores: ["BlueWater"],
      });
      expect(byName.get("Sour Gummies")).toMatchObject({ priceFromCents: 1500, thc: { value: 100, unit: "mg" } });
    } finally {
      await database.db
        .updateTable("catalog_products")
        .set({ edited_image_url: null, edited_at: null })
        .where("external_id", "=", "BD-1")
        .execute();
    }
  });

  it("keeps a potency range as a range: the card and the product page say 18.2–22.5%", async () => {
    await applyCatalog("dutchie-plus", [
      sourceProduct({ externalId: "R-1", name: "Range Kush", thc: { value: 18.2, unit: "%", max: 22.5 } }),
    ]);
    try {
      const listed = (await listMenuPage({ ...EMPTY_MENU_QUERY, q: "range kush" }, ALL)).products[0];
      expect(listed.thc).toEqual({ value: 18.2, unit: "%", max: 22.5 });
      expect(toProductCard(listed).facts).toBe("Flower · THC\u00a018.2\u201322.5%");
      expect((await findCatalogProductBySlug("range-kush"))?.thc).toEqual({ value: 18.2, unit: "%", max: 22.5 });
      expect(formatPotency({ value: 5, unit: "mg", max: 10 })).toBe("5\u201310 mg");
      expect(formatPotency({ value: 24, unit: "%" })).toBe("24%");
    } finally {
      await database.db.deleteFrom("catalog_products").where("source", "=", "dutchie-plus").execute();
    }
  });

  it("filters by category, brand, strain type, store and special, each alone", async () => {
    expect(await names({ category: "flower" })).toEqual(["Blue Dream"]);
    expect(await names({ category: "topicals" })).toEqual([]);
    expect(await names({ brand: "sunny-farms" })).toEqual(["Blue Dream", "Gelato Cart"]);
    expect(await names({ brand: "no-such-brand" })).toEqual([]);
    expect(await names({ strain: "indica" })).toEqual(["Gelato Cart"]);
    expect(await names({ strain: "cbd" })).toEqual(["Calm 100% Tincture"]);
    expect(await names({ store: "Lindsey" })).toEqual(["Blue Dream", "Calm 100% Tincture", "Sour Gummies"]);
    expect(await names({ store: "BlueWater" })).toEqual(["Blue Dream", "Calm 100% Tincture", "Gelato Cart"]);
    expect(await names({ store: "both" })).toEqual(["Blue Dream", "Calm 100% Tincture"]);
    expect(await names({ special: true })).toEqual(["Gelato Cart", "Sour Gummies"]);
  });

  it("combines the filters", async () => {
    expect(await names({ brand: "sunny-farms", store: "BlueWater", special: true })).toEqual(["Gelato Cart"]);
    expect(await names({ brand: "sunny-farms", store: "Lindsey", special: true })).toEqual([]);
    expect(await names({ category: "vapes", strain: "indica", q: "gelato" })).toEqual(["Gelato Cart"]);
    expect(await names({ category: "flower", strain: "indica" })).toEqual([]);
    expect(await countMenu({ ...EMPTY_MENU_QUERY, special: true, store: "Lindsey" })).toBe(1);
  });

  it("searches names and brands, every word, without regard to case, and takes % and _ literally", async () => {
    expect(await names({ q: "DREAM" })).toEqual(["Blue Dream"]);
    expect(await names({ q: "kiva" })).toEqual(["Sour Gummies"]);
    expect(await names({ q: "sunny" })).toEqual(["Blue Dream", "Gelato Cart"]);
    expect(await names({ q: "sunny cart" })).toEqual(["Gelato Cart"]);
    expect(await names({ q: "100%" })).toEqual(["Calm 100% Tincture"]);
    expect(await names({ q: "1%0" })).toEqual([]);
    expect(await names({ q: "_" })).toEqual([]);
    // Hidden and gone products are not found either.
    expect(await names({ q: "haze" })).toEqual([]);
    expect(await names({ q: "old kush" })).toEqual([]);
  });

  it("sorts by name, by the price a patient pays now (low to high), and by THC (percent, then mg, then none)", async () => {
    expect(await names({ sort: "price" })).toEqual(["Sour Gummies", "Gelato Cart", "Blue Dream", "Calm 100% Tincture"]);
    expect(await names({ sort: "thc" })).toEqual(["Gelato Cart", "Blue Dream", "Sour Gummies", "Calm 100% Tincture"]);
  });

  it("pages the list with the whole count on every page, and counts on its own past the end", async () => {
    const first = await listMenuPage(EMPTY_MENU_QUERY, { limit: 3, offset: 0 });
    expect(first.products.map((p) => p.name)).toEqual(["Blue Dream", "Calm 100% Tincture", "Gelato Cart"]);
    expect(first.total).toBe(4);
    const second = await listMenuPage(EMPTY_MENU_QUERY, { limit: 3, offset: 3 });
    expect(second.products.map((p) => p.name)).toEqual(["Sour Gummies"]);
    expect(second.total).toBe(4);
    expect(await listMenuPage(EMPTY_MENU_QUERY, { limit: 3, offset: 30 })).toEqual({ products: [], total: 4 });
    expect(await listMenuPage({ ...EMPTY_MENU_QUERY, q: "nothing" }, ALL)).toEqual({ products: [], total: 0 });
  });
});

describe("the menu's facets", () => {
  const facets = (query: Partial<MenuQuery>) => menuFacets({ ...EMPTY_MENU_QUERY, ...query });

  it("lists the brands with products listed, by name, within a category when given", async () => {
    expect((await facets({})).brands).toEqual([
      { slug: "kiva", name: "Kiva", count: 1 },
      { slug: "sunny-farms", name: "Sunny Farms", count: 2 },
    ]);
    expect((await facets({ category: "vapes" })).brands).toEqual([
      { slug: "sunny-farms", name: "Sunny Farms", count: 1 },
    ]);
  });

  it("counts the listed products of each category (whatever the category asked for) and each brand", async () => {
    for (const category of [null, "vapes"] as const) {
      expect(Object.fromEntries((await facets({ category })).categories)).toEqual({
        flower: 1,
        edibles: 1,
        vapes: 1,
        tinctures: 1,
      });
    }
    expect(Object.fromEntries(await countListedProductsByBrand())).toEqual({ kiva: 1, "sunny-farms": 2 });
  });

  it("counts each facet under the other chosen filters, as faceted search does; the chosen brand stays with 0", async () => {
    expect(Object.fromEntries((await facets({ brand: "sunny-farms" })).categories)).toEqual({ flower: 1, vapes: 1 });
    const special = await facets({ special: true });
    expect(Object.fromEntries(special.categories)).toEqual({ edibles: 1, vapes: 1 });
    expect(special.brands.map((brand) => [brand.slug, brand.count])).toEqual([
      ["kiva", 1],
      ["sunny-farms", 1],
    ]);
    const indicaKiva = await facets({ strain: "indica", brand: "kiva", store: "BlueWater" });
    expect(Object.fromEntries(indicaKiva.categories)).toEqual({});
    expect(indicaKiva.brands).toEqual([
      { slug: "kiva", name: "Kiva", count: 0 },
      { slug: "sunny-farms", name: "Sunny Farms", count: 1 },
    ]);
    // The facets' rows count the whole query too, as countMenu does.
    for (const query of [
      {},
      { strain: "hybrid" as const },
      { category: "vapes" as const, special: true },
      { brand: "kiva" },
      { q: "blue" },
    ]) {
      expect((await facets(query)).total, JSON.stringify(query)).toBe(
        await countMenu({ ...EMPTY_MENU_QUERY, ...query }),
      );
    }
    // What a facet's count promises is what choosing it lists.
    for (const [category, count] of (await facets({ strain: "hybrid", store: "Lindsey" })).categories) {
      expect(await countMenu({ ...EMPTY_MENU_QUERY, strain: "hybrid", store: "Lindsey", category })).toBe(count);
    }
  });
});

describe("a product's page", () => {
  it("finds any product by slug, with the owner's description and image over the source's", async () => {
    await database.db
      .updateTable("catalog_products")
      .set({ edited_description: "Owner's words.", edited_at: new Date() })
      .where("external_id", "=", "BD-1")
      .execute();
    try {
      expect(await findCatalogProductBySlug("blue-dream")).toMatchObject({
        name: "Blue Dream",
        externalId: "BD-1",
        description: "Owner's words.",
        options: [{ label: "3.5g", priceMedicalCents: 3500, priceSpecialCents: null }],
        isHidden: false,
        goneSince: null,
      });
    } finally {
      await database.db
        .updateTable("catalog_products")
        .set({ edited_description: null, edited_at: null })
        .where("external_id", "=", "BD-1")
        .execute();
    }
    expect((await findCatalogProductBySlug("blue-dream"))?.description).toBe("Berry aroma.");
    expect(await findCatalogProductBySlug("hidden-haze")).toMatchObject({ isHidden: true });
    expect(await findCatalogProductBySlug("old-kush")).toMatchObject({ goneSince: daysAfter(1), inStockStores: [] });
    expect(await findCatalogProductBySlug("no-such-product")).toBeNull();
  });

  it("is in stock, out of stock (no shelf, or gone up to 30 days), retired after 30 days, or hidden", async () => {
    const now = daysAfter(5);
    const state = async (slug: string, at = now) => productPageState((await findCatalogProductBySlug(slug))!, at);
    expect(await state("blue-dream")).toBe("in-stock");
    expect(await state("purple-punch")).toBe("out-of-stock");
    expect(await state("hidden-haze")).toBe("hidden");
    // Gone since day 1: 30 days later to the millisecond it still answers; a millisecond more, 410.
    expect(await state("old-kush", daysAfter(31))).toBe("out-of-stock");
    expect(await state("old-kush", daysAfter(31, 1))).toBe("retired");
    // A hidden product stays hidden whatever its dates.
    expect(productPageState({ isHidden: true, goneSince: daysAfter(1), inStockStores: [] }, daysAfter(90))).toBe(
      "hidden",
    );
  });
});

describe("the menu's sitemap", () => {
  it("lists every product page that answers 200: out of stock and gone up to 30 days, never hidden", async () => {
    const slugs = async (now: Date) => (await listSitemapProducts(now)).map((p) => `${p.category}/${p.slug}`);
    const within = await slugs(daysAfter(31));
    expect(within).toEqual([
      "edibles/sour-gummies",
      "flower/blue-dream",
      "flower/old-kush",
      "flower/purple-punch",
      "tinctures/calm-100-tincture",
      "vapes/gelato-cart",
    ]);
    expect(await slugs(daysAfter(31, 1))).not.toContain("flower/old-kush");
    const [gummies] = await listSitemapProducts(daysAfter(2));
    expect(gummies.lastmod).toEqual(daysAfter(0));
  });

  it("gives each category and brand with listed products its newest change", async () => {
    await database.db
      .updateTable("catalog_products")
      .set({ updated_at: daysAfter(3) })
      .where("external_id", "=", "V-1")
      .execute();
    const { categories, brands } = await listSitemapListings();
    expect(Object.fromEntries(categories)).toEqual({
      flower: daysAfter(0),
      edibles: daysAfter(0),
      vapes: daysAfter(3),
      tinctures: daysAfter(0),
    });
    expect(brands).toEqual([
      { slug: "kiva", lastmod: daysAfter(0) },
      { slug: "sunny-farms", lastmod: daysAfter(3) },
    ]);
  });
});
