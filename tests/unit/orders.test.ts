// Orders kept by the store (issue 39): placed from the bag in one transaction (the order, its lines as the
// patient saw them, the confirmation mail, the bag emptied), once for two submits of the same bag, refused for
// a bag that cannot be ordered; the order's page only through its signed link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToBag, newBagToken, readBag } from "~/models/bags.server";
import { applyCatalog } from "~/models/catalog.server";
import {
  findOrderByNumber,
  isOrderSignature,
  newOrderNumber,
  orderPagePath,
  placeOrder,
  type PatientDetails,
} from "~/models/orders.server";
import type { OpenedDatabase } from "~/server/db.server";
import { sourceProduct } from "../support/menu-catalog-data";
import { createTestDatabase } from "../support/database";

const SOURCE = "csv:orders-test";
const FLOWER = sourceProduct({
  externalId: "F-1",
  name: "Blue Dream",
  options: [
    { label: "3.5g", priceMedicalCents: 3500, priceSpecialCents: 3000 },
    { label: "1 oz", priceMedicalCents: 18000, priceSpecialCents: null },
  ],
});
const PATIENT: PatientDetails = { name: "Pat Patient", phone: "4055550142", email: "pat@example.com", note: null };
const WINDOW = {
  start: new Date("2026-12-01T18:00:00Z"),
  end: new Date("2026-12-01T18:30:00Z"),
  label: "12 PM – 12:30 PM",
  dayLabel: "December 1, 2026",
};

let database: OpenedDatabase;
let slug: string;
beforeAll(async () => {
  database = await createTestDatabase();
  await applyCatalog(SOURCE, [FLOWER]);
  slug = (await database.db.selectFrom("catalog_products").select("slug").executeTakeFirstOrThrow()).slug;
});
afterAll(async () => {
  await database.close();
});

async function bagWith(quantity: number, option = "3.5g"): Promise<string> {
  const token = newBagToken();
  expect((await addToBag(token, { productSlug: slug, optionLabel: option, quantity })).ok).toBe(true);
  return token;
}

describe("placing an order", () => {
  it("stores the order and its lines as the patient saw them, queues the confirmation and empties the bag", async () => {
    const token = await bagWith(2);
    const placed = await placeOrder({ bagToken: token, storeId: "Lindsey", window: WINDOW, patient: PATIENT });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(placed.number).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(await readBag(token)).toBeNull();
    const found = await findOrderByNumber(placed.number);
    expect(found?.order).toMatchObject({
      store_id: "Lindsey",
      status: "new",
      customer_name: "Pat Patient",
      customer_phone: "4055550142",
      subtotal_cents: 6000,
      item_count: 2,
    });
    expect(
      found?.lines.map((line) => [line.product_name, line.option_label, line.quantity, line.unit_price_cents]),
    ).toEqual([["Blue Dream", "3.5g", 2, 3000]]);
    const mail = await database.db
      .selectFrom("notification_mail")
      .selectAll()
      .where("order_id", "=", found!.order.id)
      .executeTakeFirstOrThrow();
    expect(mail.recipients).toEqual(["pat@example.com"]);
    expect(mail.subject).toBe(`Your order ${placed.number} for pickup at Lindsey Street`);
    expect(mail.body).toContain("2 × Blue Dream (3.5g)  $60");
    expect(mail.body).toContain("Bring your OMMA patient card and a photo ID");
    expect(mail.body).toContain(orderPagePath(placed.number));
  });

  it("keeps one order for two submits of the same bag at once", async () => {
    const token = await bagWith(1);
    const results = await Promise.all(
      [0, 1].map(() => placeOrder({ bagToken: token, storeId: "Lindsey", window: WINDOW, patient: PATIENT })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ reason: "empty" });
  });

  it("refuses a bag over a limit, or whose store changed, and keeps the bag", async () => {
    const token = await bagWith(4, "1 oz");
    const over = await placeOrder({ bagToken: token, storeId: "Lindsey", window: WINDOW, patient: PATIENT });
    expect(over).toMatchObject({ ok: false, reason: "blocked" });
    expect(over.ok ? "" : over.message).toContain("Flower is over Oklahoma's limit of 3 oz a sale by 1 oz.");
    const moved = await placeOrder({ bagToken: token, storeId: "BlueWater", window: WINDOW, patient: PATIENT });
    expect(moved).toMatchObject({ ok: false, reason: "store-changed" });
    expect((await readBag(token))?.lines).toHaveLength(1);
  });

  it("sends no mail without an e-mail address", async () => {
    const token = await bagWith(1);
    const placed = await placeOrder({
      bagToken: token,
      storeId: "Lindsey",
      window: WINDOW,
      patient: { ...PATIENT, email: null },
    });
    if (!placed.ok) throw new Error(placed.message);
    const found = await findOrderByNumber(placed.number);
    const mails = await database.db
      .selectFrom("notification_mail")
      .select("id")
      .where("order_id", "=", found!.order.id)
      .execute();
    expect(mails).toHaveLength(0);
  });
});

describe("an order's link", () => {
  it("opens with its signature only: not another order's, not an altered one", () => {
    const number = newOrderNumber();
    const signature = new URL(orderPagePath(number), "http://x").searchParams.get("k");
    expect(isOrderSignature(number, signature)).toBe(true);
    expect(isOrderSignature(newOrderNumber(), signature)).toBe(false);
    const altered = `${signature!.slice(0, -1)}${signature!.endsWith("A") ? "B" : "A"}`;
    expect(isOrderSignature(number, altered)).toBe(false);
    expect(isOrderSignature(number, null)).toBe(false);
    expect(isOrderSignature(number, "short")).toBe(false);
  });
});
