// Patients' bags (issue 39): what they chose, kept on the server behind a random token that only their
// browser holds. The table keeps the token's sha-256, so a copy of the database opens no bag. Prices,
// stock and weights are never kept here: readBag reads them from the catalog at every view.
import crypto from "node:crypto";
import { STORE_IDS, type StoreId } from "~/content/stores";
import { BAG_IDLE_DAYS, MAX_BAG_LINES, MAX_LINE_QUANTITY, type BagLineFacts, unitPriceOf } from "~/lib/bag";
import type { CatalogCategory } from "~/lib/catalog";
import { type DB, db } from "~/server/db.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** A new bag's token: 128 random bits, URL-safe (the cookie's value). */
export function newBagToken(): string {
  return crypto.randomBytes(16).toString("base64url");
}

/** Whether a cookie's value can be a bag's token at all (anything else is ignored, never looked up). */
export function isWellFormedBagToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_SHAPE.test(value);
}

const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export type BagChange = { ok: true; message: string } | { ok: false; message: string };

interface Chosen {
  productId: string;
  optionLabel: string;
}

/** The product a line may be added for: listed, in stock somewhere, and offering that size. */
async function orderableProduct(productSlug: string) {
  return (await db())
    .selectFrom("catalog_products")
    .select(["id", "name", "options", "in_stock_stores", "is_hidden", "gone_since"])
    .where("slug", "=", productSlug)
    .executeTakeFirst();
}

/**
 * Adds `quantity` of a product's size to the bag (made if it is new), and picks the bag's store if none is
 * chosen yet: the first that has the product. The same product and size again adds to its line.
 */
export async function addToBag(
  token: string,
  input: { productSlug: string; optionLabel: string; quantity: number },
  now = new Date(),
): Promise<BagChange> {
  const product = await orderableProduct(input.productSlug);
  if (!product || product.is_hidden || product.gone_since)
    return { ok: false, message: "That product is not on the menu." };
  const option = product.options.find((candidate) => candidate.label === input.optionLabel);
  if (!option)
    return { ok: false, message: `${product.name} does not come in that size. Please choose one of its sizes.` };
  if (product.in_stock_stores.length === 0) {
    return { ok: false, message: `${product.name} is out of stock at both stores.` };
  }
  const tokenHash = hashOf(token);
  return (await db()).transaction().execute(async (trx) => {
    await trx
      .insertInto("bags")
      // The main store first, when both have it.
      .values({
        token_hash: tokenHash,
        store_id: STORE_IDS.find((id) => product.in_stock_stores.includes(id)),
        updated_at: now,
      })
      .onConflict((oc) => oc.column("token_hash").doUpdateSet({ updated_at: now }))
      .execute();
    // One change at a time per bag (two tabs adding at once): the line count and quantities stay in bounds.
    await trx.selectFrom("bags").select("token_hash").where("token_hash", "=", tokenHash).forUpdate().execute();
    const lines = await trx
      .selectFrom("bag_lines")
      .select(["product_id", "option_label", "quantity"])
      .where("bag_token_hash", "=", tokenHash)
      .execute();
    const existing = lines.find((line) => line.product_id === product.id && line.option_label === option.label);
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    if (quantity > MAX_LINE_QUANTITY) {
      return {
        ok: false,
        message: `A bag holds at most ${MAX_LINE_QUANTITY} of one item (${existing?.quantity ?? 0} of ${product.name} ${option.label} already).`,
      };
    }
    if (!existing && lines.length >= MAX_BAG_LINES) {
      return { ok: false, message: `A bag holds at most ${MAX_BAG_LINES} different items. Please remove one first.` };
    }
    await trx
      .insertInto("bag_lines")
      .values({
        bag_token_hash: tokenHash,
        product_id: product.id,
        option_label: option.label,
        quantity,
        seen_price_cents: unitPriceOf(option),
      })
      .onConflict((oc) =>
        oc
          .columns(["bag_token_hash", "product_id", "option_label"])
          .doUpdateSet({ quantity, seen_price_cents: unitPriceOf(option) }),
      )
      .execute();
    const what = `${input.quantity === 1 ? "" : `${input.quantity} × `}${product.name} (${option.label})`;
    return { ok: true, message: `Added ${what} to your bag.` };
  });
}

/** Sets a line's quantity (1–10); the price it shows is taken as seen again. */
export async function setBagLineQuantity(
  token: string,
  line: Chosen,
  quantity: number,
  now = new Date(),
): Promise<BagChange> {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    return { ok: false, message: `Choose a quantity from 1 to ${MAX_LINE_QUANTITY}.` };
  }
  const tokenHash = hashOf(token);
  const database = await db();
  const product = await database
    .selectFrom("catalog_products")
    .select(["name", "options"])
    .where("id", "=", line.productId)
    .executeTakeFirst();
  const option = product?.options.find((candidate) => candidate.label === line.optionLabel);
  const updated = await database
    .updateTable("bag_lines")
    .set({ quantity, ...(option ? { seen_price_cents: unitPriceOf(option) } : {}) })
    .where("bag_token_hash", "=", tokenHash)
    .where("product_id", "=", line.productId)
    .where("option_label", "=", line.optionLabel)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return { ok: false, message: "That item is no longer in your bag." };
  await touchBag(tokenHash, now);
  return { ok: true, message: `Updated ${product?.name ?? "the item"} to ${quantity}.` };
}

/** Takes a line out of the bag. */
export async function removeBagLine(token: string, line: Chosen, now = new Date()): Promise<BagChange> {
  const tokenHash = hashOf(token);
  const database = await db();
  const removed = await database
    .deleteFrom("bag_lines")
    .where("bag_token_hash", "=", tokenHash)
    .where("product_id", "=", line.productId)
    .where("option_label", "=", line.optionLabel)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return { ok: false, message: "That item was not in your bag." };
  await touchBag(tokenHash, now);
  const product = await database
    .selectFrom("catalog_products")
    .select("name")
    .where("id", "=", line.productId)
    .executeTakeFirst();
  return { ok: true, message: `Removed ${product?.name ?? "the item"} from your bag.` };
}

/** The store the patient will pick up at. */
export async function chooseBagStore(token: string, storeId: string, now = new Date()): Promise<BagChange> {
  const updated = await (
    await db()
  )
    .updateTable("bags")
    .set({ store_id: storeId, updated_at: now })
    .where("token_hash", "=", hashOf(token))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return { ok: false, message: "Your bag is empty." };
  return { ok: true, message: "Pickup store changed." };
}

async function touchBag(tokenHash: string, now: Date): Promise<void> {
  await (await db()).updateTable("bags").set({ updated_at: now }).where("token_hash", "=", tokenHash).execute();
}

export interface BagContents {
  storeId: StoreId | null;
  lines: BagLineFacts[];
}

/** The bag behind a token with every line as the catalog has it now; null when there is none (or it expired). */
export async function readBag(token: string, now = new Date()): Promise<BagContents | null> {
  return readBagByHash(await db(), hashOf(token), now);
}

/**
 * readBag inside the caller's transaction, the bag's row locked (`lock`): placing an order reads the very bag
 * it then empties, and a second submit of the same bag waits and finds it gone.
 */
export async function readBagForOrder(
  trx: DB,
  token: string,
  now: Date,
): Promise<(BagContents & { tokenHash: string }) | null> {
  const tokenHash = hashOf(token);
  const bag = await readBagByHash(trx, tokenHash, now, true);
  return bag ? { ...bag, tokenHash } : null;
}

/** Deletes a bag and its lines (an order was stored from it). */
export async function deleteBag(trx: DB, tokenHash: string): Promise<void> {
  await trx.deleteFrom("bags").where("token_hash", "=", tokenHash).execute();
}

async function readBagByHash(executor: DB, tokenHash: string, now: Date, lock = false): Promise<BagContents | null> {
  let query = executor.selectFrom("bags").select(["store_id", "updated_at"]).where("token_hash", "=", tokenHash);
  if (lock) query = query.forUpdate();
  const bag = await query.executeTakeFirst();
  if (!bag || now.getTime() - new Date(bag.updated_at).getTime() > BAG_IDLE_DAYS * DAY_MS) return null;
  const rows = await executor
    .selectFrom("bag_lines")
    .innerJoin("catalog_products", "catalog_products.id", "bag_lines.product_id")
    .select([
      "bag_lines.product_id",
      "bag_lines.option_label",
      "bag_lines.quantity",
      "bag_lines.seen_price_cents",
      "catalog_products.slug",
      "catalog_products.name",
      "catalog_products.brand_name",
      "catalog_products.category",
      "catalog_products.options",
      "catalog_products.in_stock_stores",
      "catalog_products.is_hidden",
      "catalog_products.gone_since",
    ])
    .where("bag_lines.bag_token_hash", "=", tokenHash)
    .orderBy("bag_lines.added_at")
    .orderBy("catalog_products.name")
    .execute();
  return {
    storeId: STORE_IDS.find((id) => id === bag.store_id) ?? null,
    lines: rows.map((row) => {
      const option = row.options.find((candidate) => candidate.label === row.option_label);
      return {
        productId: row.product_id,
        slug: row.slug,
        name: row.name,
        brandName: row.brand_name,
        category: row.category as CatalogCategory,
        optionLabel: row.option_label,
        quantity: row.quantity,
        seenPriceCents: row.seen_price_cents,
        option: option
          ? {
              priceMedicalCents: option.priceMedicalCents,
              priceSpecialCents: option.priceSpecialCents,
              netWeightGrams: option.netWeightGrams ?? null,
            }
          : null,
        listed: !row.is_hidden && row.gone_since === null,
        inStockStores: row.in_stock_stores,
      };
    }),
  };
}

/** Deletes bags nobody changed for BAG_IDLE_DAYS (their lines go with them). */
export async function pruneIdleBags(now = new Date()): Promise<number> {
  const result = await (
    await db()
  )
    .deleteFrom("bags")
    .where("updated_at", "<", new Date(now.getTime() - BAG_IDLE_DAYS * DAY_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
