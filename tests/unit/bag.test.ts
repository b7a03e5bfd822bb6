// The bag (issue 39): lines kept behind a token's hash, prices and stock read from the catalog at every view,
// the bounds on lines and quantities, the chosen store, Oklahoma's limits, and idle bags pruned.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_IDS, storeShortName } from "~/content/stores";
import { summarizeBag } from "~/lib/bag";
import {
  addToBag,
  chooseBagStore,
  newBagToken,
  pruneIdleBags,
  readBag,
  removeBagLine,
  setBagLineQuantity,
} from "~/models/bags.server";
import { unweighedProductIds } from "~/models/catalog-admin.server";
import { applyCatalog } from "~/models/catalog.server";
import type { OpenedDatabase } from "~/server/db.server";
import { sourceProduct } from "../support/menu-catalog-data";
import { createTestDatabase } from "../support/database";

const SOURCE = "csv:bag-test";
const EIGHTH = sourceProduct({
  externalId: "F-1",
  name: "Blue Dream",
  options: [
    { label: "3.5g", priceMedicalCents: 3500, priceSpecialCents: null },
    { label: "1 oz", priceMedicalCents: 18000, priceSpecialCents: 16000 },
  ],
});
const BLUE_WATER_CART = sourceProduct({
  externalId: "V-1",
  name: "Gelato Cart",
  category: "vapes",
  options: [{ label: "1g", priceMedicalCents: 4500, priceSpecialCents: null }],
  inStock: { Lindsey: false, BlueWater: true },
});
const GUMMIES = sourceProduct({
  externalId: "E-1",
  name: "Sour Gummies",
  category: "edibles",
  options: [{ label: "100mg", priceMedicalCents: 2000, priceSpecialCents: null }],
});
const OUT = sourceProduct({ externalId: "O-1", name: "Purple Punch", inStock: { Lindsey: false, BlueWater: false } });
const CATALOG = [EIGHTH, BLUE_WATER_CART, GUMMIES, OUT];

let database: OpenedDatabase;
const slugOf = async (externalId: string) =>
  await database.db
    .selectFrom("catalog_products")
    .select(["slug", "id"])
    .where("external_id", "=", externalId)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  database = await createTestDatabase();
  await applyCatalog(SOURCE, CATALOG);
});
afterAll(async () => {
  await database.close();
});

const summary = async (token: string, now?: Date) => {
  const bag = await readBag(token, now);
  return bag ? summarizeBag(bag.lines, bag.storeId, STORE_IDS, storeShortName) : null;
};

describe("the bag", () => {
  it("keeps lines behind the token's hash only, adds to a line, and picks the first store that has the product", async () => {
    const token = newBagToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const { slug } = await slugOf("V-1");
    expect(await addToBag(token, { productSlug: slug, optionLabel: "1g", quantity: 1 })).toEqual({
      ok: true,
      message: "Added Gelato Cart (1g) to your bag.",
    });
    expect((await addToBag(token, { productSlug: slug, optionLabel: "1g", quantity: 2 })).ok).toBe(true);
    const stored = await database.db.selectFrom("bags").selectAll().execute();
    expect(stored.map((bag) => bag.token_hash)).not.toContain(token);
    expect(stored.some((bag) => bag.token_hash.length === 64)).toBe(true);
    const bag = await readBag(token);
    expect(bag?.storeId).toBe("BlueWater");
    expect(bag?.lines.map((line) => [line.name, line.optionLabel, line.quantity])).toEqual([["Gelato Cart", "1g", 3]]);
    expect(await readBag(newBagToken())).toBeNull();
  });

  it("refuses a size the product does not come in, a product out at both stores, an 11th of one item", async () => {
    const token = newBagToken();
    const eighth = await slugOf("F-1");
    const out = await slugOf("O-1");
    expect(await addToBag(token, { productSlug: eighth.slug, optionLabel: "7g", quantity: 1 })).toMatchObject({
      ok: false,
      message: "Blue Dream does not come in that size. Please choose one of its sizes.",
    });
    expect(await addToBag(token, { productSlug: out.slug, optionLabel: "1g", quantity: 1 })).toMatchObject({
      ok: false,
      message: "Purple Punch is out of stock at both stores.",
    });
    expect(await addToBag(token, { productSlug: "no-such-product", optionLabel: "1g", quantity: 1 })).toMatchObject({
      ok: false,
    });
    expect((await addToBag(token, { productSlug: eighth.slug, optionLabel: "3.5g", quantity: 10 })).ok).toBe(true);
    expect(await addToBag(token, { productSlug: eighth.slug, optionLabel: "3.5g", quantity: 1 })).toMatchObject({
      ok: false,
      message: "A bag holds at most 10 of one item (10 of Blue Dream 3.5g already).",
    });
    expect(await setBagLineQuantity(token, { productId: eighth.id, optionLabel: "3.5g" }, 11)).toMatchObject({
      ok: false,
    });
  });

  it("reads price and stock at every view: a changed price and a store that lacks a line say so", async () => {
    const token = newBagToken();
    const eighth = await slugOf("F-1");
    const cart = await slugOf("V-1");
    await addToBag(token, { productSlug: eighth.slug, optionLabel: "3.5g", quantity: 2 });
    await addToBag(token, { productSlug: cart.slug, optionLabel: "1g", quantity: 1 });
    let view = await summary(token);
    expect(view?.subtotalCents).toBe(2 * 3500);
    expect(view?.lines[0]).toMatchObject({ problem: null, otherStore: null });
    expect(view?.lines[1]).toMatchObject({ problem: "Not in stock at Lindsey Street.", otherStore: "BlueWater" });
    expect(view?.blockers).toEqual(["One item cannot be ordered as it is: change or remove it."]);

    await applyCatalog(SOURCE, [
      { ...EIGHTH, options: [{ label: "3.5g", priceMedicalCents: 3500, priceSpecialCents: 3000 }, EIGHTH.options[1]] },
      ...CATALOG.slice(1),
    ]);
    view = await summary(token);
    expect(view?.lines[0]).toMatchObject({ unitPriceCents: 3000, seenPriceCents: 3500, priceChanged: true });
    expect(view?.subtotalCents).toBe(6000);

    expect((await chooseBagStore(token, "BlueWater")).ok).toBe(true);
    view = await summary(token);
    expect(view?.lines.map((line) => line.problem)).toEqual([null, null]);
    expect(view?.blockers).toEqual([]);
    expect(view?.subtotalCents).toBe(6000 + 4500);

    // Changing the quantity takes the price shown as seen.
    expect((await setBagLineQuantity(token, { productId: eighth.id, optionLabel: "3.5g" }, 1)).ok).toBe(true);
    expect((await summary(token))?.lines[0].priceChanged).toBe(false);
    expect((await removeBagLine(token, { productId: cart.id, optionLabel: "1g" })).ok).toBe(true);
    expect((await summary(token))?.lines.map((line) => line.name)).toEqual(["Blue Dream"]);
    await applyCatalog(SOURCE, CATALOG);
  });

  it("stands the bag against Oklahoma's limits: over 3 oz of flower cannot go on; a weight not listed is counted apart", async () => {
    const token = newBagToken();
    const eighth = await slugOf("F-1");
    const gummies = await slugOf("E-1");
    await addToBag(token, { productSlug: eighth.slug, optionLabel: "1 oz", quantity: 3 });
    await addToBag(token, { productSlug: gummies.slug, optionLabel: "100mg", quantity: 2 });
    let view = await summary(token);
    expect(view?.standings.find((standing) => standing.limit.kind === "flower")?.over).toBe(false);
    expect(view?.unweighedLines).toBe(1);
    expect(view?.blockers).toEqual([]);
    await addToBag(token, { productSlug: eighth.slug, optionLabel: "3.5g", quantity: 1 });
    view = await summary(token);
    expect(view?.blockers).toEqual(["Flower is over Oklahoma's limit of 3 oz a sale by 0.12 oz."]);
  });

  it("weighs a size by its net weight when its label names none (an import's net-weight column)", async () => {
    const weighed = { ...GUMMIES, options: [{ ...GUMMIES.options[0], netWeightGrams: 56.7 }] };
    await applyCatalog(SOURCE, [EIGHTH, BLUE_WATER_CART, weighed, OUT]);
    const token = newBagToken();
    const gummies = await slugOf("E-1");
    await addToBag(token, { productSlug: gummies.slug, optionLabel: "100mg", quantity: 2 });
    const view = await summary(token);
    expect(view?.unweighedLines).toBe(0);
    expect(view?.standings.find((standing) => standing.limit.kind === "edibles")?.grams).toBeCloseTo(113.4);
    expect(await unweighedProductIds()).not.toContain(gummies.id);
    await applyCatalog(SOURCE, CATALOG);
    expect(await unweighedProductIds()).toContain(gummies.id);
  });

  it("prunes bags idle for 7 days, and an idle bag reads as none before that", async () => {
    const token = newBagToken();
    const { slug } = await slugOf("F-1");
    const then = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await addToBag(token, { productSlug: slug, optionLabel: "3.5g", quantity: 1 }, then);
    expect(await readBag(token)).toBeNull();
    expect(await readBag(token, then)).not.toBeNull();
    expect(await pruneIdleBags()).toBeGreaterThanOrEqual(1);
    expect(await readBag(token, then)).toBeNull();
  });
});
