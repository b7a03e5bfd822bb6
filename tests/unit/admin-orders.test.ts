// Admin → Orders and Settings → Ordering (issue 39): an order moves New → Ready → Picked up (or Cancelled /
// No-show) by a conditional update, so two staff pressing Ready at once make one change and one mail; each
// change is in the activity log; personal data goes after the retention period; the settings save per store.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToBag, newBagToken } from "~/models/bags.server";
import { applyCatalog } from "~/models/catalog.server";
import { getOrderingSettings } from "~/models/ordering-settings.server";
import { changeOrderStatus, findOrderByNumber, placeOrder, pruneOrderPersonalData } from "~/models/orders.server";
import { loadOrdering, orderingAction } from "~/routes/admin/settings-ordering.server";
import type { OpenedDatabase } from "~/server/db.server";
import { sourceProduct } from "../support/menu-catalog-data";
import { createTestDatabase } from "../support/database";
import { makeUser } from "./auth-support";

let database: OpenedDatabase;
let actor: { id: string; email: string };
beforeAll(async () => {
  database = await createTestDatabase();
  actor = await makeUser("orders-admin@example.com", "orders-admin-password", { admin: true });
  await applyCatalog("csv:orders-admin", [sourceProduct({ externalId: "F-1", name: "Blue Dream" })]);
});
afterAll(async () => {
  await database.close();
});

async function anOrder(email: string | null = "pat@example.com", now = new Date()) {
  const token = newBagToken();
  const { slug } = await database.db.selectFrom("catalog_products").select("slug").executeTakeFirstOrThrow();
  await addToBag(token, { productSlug: slug, optionLabel: "1g", quantity: 1 }, now);
  const placed = await placeOrder({
    bagToken: token,
    storeId: "Lindsey",
    window: {
      start: new Date(now.getTime() + 3_600_000),
      end: new Date(now.getTime() + 5_400_000),
      label: "1 PM – 1:30 PM",
      dayLabel: "Today",
    },
    patient: { name: "Pat Patient", phone: "4055550142", email, note: "Curbside" },
    now,
  });
  if (!placed.ok) throw new Error(placed.message);
  return (await findOrderByNumber(placed.number))!.order;
}

const mailsAbout = (orderId: string) =>
  database.db.selectFrom("notification_mail").select("subject").where("order_id", "=", orderId).execute();

describe("an order's status", () => {
  it("two staff pressing Ready at once: one change, one mail, one line in the activity log", async () => {
    const order = await anOrder();
    const outcomes = await Promise.all(
      [0, 1].map(() => changeOrderStatus({ id: order.id, from: "new", to: "ready" }, actor)),
    );
    expect(outcomes.sort()).toEqual(["already", "changed"]);
    expect((await mailsAbout(order.id)).map((mail) => mail.subject)).toEqual([
      `Your order ${order.number} for pickup at Lindsey Street`,
      `Your order ${order.number} is ready at Lindsey Street`,
    ]);
    const logged = await database.db
      .selectFrom("activity_log")
      .select(["kind", "subject_title"])
      .where("subject_id", "=", order.id)
      .execute();
    expect(logged).toEqual([{ kind: "order.status", subject_title: order.number }]);
    expect(await changeOrderStatus({ id: order.id, from: "ready", to: "picked-up" }, actor)).toBe("changed");
  });

  it("refuses a move the status does not allow, and one from a status the order has left", async () => {
    const order = await anOrder(null);
    expect(await changeOrderStatus({ id: order.id, from: "new", to: "picked-up" }, actor)).toBe("not-allowed");
    expect(await changeOrderStatus({ id: order.id, from: "new", to: "cancelled" }, actor)).toBe("changed");
    expect(await changeOrderStatus({ id: order.id, from: "new", to: "ready" }, actor)).toBe("not-allowed");
    expect(await mailsAbout(order.id)).toEqual([]);
  });

  it("removes the patient's details after the retention period and keeps the order", async () => {
    const old = await anOrder("old@example.com", new Date(Date.now() - 91 * 24 * 3_600_000));
    const recent = await anOrder("recent@example.com");
    expect(await pruneOrderPersonalData(90)).toBeGreaterThanOrEqual(1);
    const kept = (await findOrderByNumber(old.number))!;
    expect(kept.order).toMatchObject({ customer_name: null, customer_phone: null, customer_email: null, note: null });
    expect(kept.order.subtotal_cents).toBe(old.subtotal_cents);
    expect(kept.lines).toHaveLength(1);
    expect((await findOrderByNumber(recent.number))!.order.customer_email).toBe("recent@example.com");
  });
});

describe("Settings → Ordering", () => {
  it("is off at both stores until saved; a store's provider mode waits for Menu sync's key", async () => {
    const loaded = await loadOrdering();
    expect(loaded.modes).toEqual({ Lindsey: "off", BlueWater: "off" });
    expect(loaded.stores.map((store) => store.providerReady)).toEqual([false, false]);

    const form = new FormData();
    form.set("intent", "ordering");
    form.set("mode.Lindsey", "store");
    form.set("mode.BlueWater", "provider");
    form.set("leadMinutes", "45");
    form.set("retentionDays", "60");
    const saved = await orderingAction(form, actor);
    expect(saved?.status).toBe(302);
    expect(await getOrderingSettings()).toEqual({
      modes: { Lindsey: "store", BlueWater: "provider" },
      leadMinutes: 45,
      retentionDays: 60,
    });

    form.set("mode.BlueWater", "everywhere");
    await orderingAction(form, actor);
    expect((await getOrderingSettings()).modes.BlueWater).toBe("provider");
    expect(await orderingAction(new FormData(), actor)).toBeNull();
  });
});
