// Admin → Orders and Settings → Ordering (issue 39): an order moves New → Ready → Picked up (or Cancelled /
// No-show) by a conditional update, so two staff pressing Ready at once make one change and one mail; each
// change is in the activity log; personal data goes after the retention period; the settings save per store.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToBag, newBagToken } from "~/models/bags.server";
import { applyCatalog } from "~/models/catalog.server";
import { getOrderingSettings } from "~/models/ordering-settings.server";
import { changeOrderStatus, findOrderByNumber, placeOrder, pruneOrderPersonalData } from "~/models/orders.server";
import { loader as ordersExportLoader } from "~/routes/admin/orders-export";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { loadOrdering, orderingAction } from "~/routes/admin/settings-ordering.server";
import { todayInStoreZone } from "~/lib/dates";
import type { OpenedDatabase } from "~/server/db.server";
import { sourceProduct } from "../support/menu-catalog-data";
import { createTestDatabase } from "../support/database";
import { csvOf } from "../support/csv-response";
import { ORIGIN, callRoute, makeUser, sessionCookieFor } from "./auth-support";

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

describe("Admin → Orders' list and CSV export", () => {
  /** An order for pickup at `start` (an instant), placed by `name` at Blue Water. */
  async function pickupAt(name: string, start: string) {
    const order = await anOrder(`${name.split(" ")[0].toLowerCase()}@example.com`);
    const startsAt = new Date(start);
    await database.db
      .updateTable("orders")
      .set({
        customer_name: name,
        store_id: "BlueWater",
        pickup_starts_at: startsAt,
        pickup_ends_at: new Date(startsAt.getTime() + 30 * 60_000),
      })
      .where("id", "=", order.id)
      .execute();
    return order;
  }
  const signedIn = async (path: string) =>
    new Request(`${ORIGIN}${path}`, { headers: { Cookie: await sessionCookieFor(actor.id) } });
  const list = async (path: string) => callRoute(ordersLoader, await signedIn(path));
  const exported = async (path: string) => callRoute(ordersExportLoader, await signedIn(path));

  it("keeps the orders to pick up on a day in Norman, and exports what the list keeps", async () => {
    // 05:30 UTC on Dec 5 is still 11:30 PM on Dec 4 in Norman; 06:00 UTC is midnight of Dec 5.
    const late = await pickupAt("Late Pickup", "2026-12-05T05:30:00Z");
    const next = await pickupAt("Next Day", "2026-12-05T06:00:00Z");
    await database.db.updateTable("orders").set({ note: "=1+1" }).where("id", "=", late.id).execute();

    const onTheFourth = await list("/admin/orders?store=BlueWater&day=2026-12-04");
    expect(onTheFourth.orders.map((order) => order.number)).toEqual([late.number]);
    expect(onTheFourth.exportHref).toBe("/admin/orders/export.csv?store=BlueWater&day=2026-12-04");
    expect(onTheFourth.todayHref).toBe(`/admin/orders?store=BlueWater&day=${todayInStoreZone()}`);
    // A day that is not one is left out rather than refused.
    expect((await list("/admin/orders?day=2026-02-30")).day).toBeNull();

    const response = await exported("/admin/orders/export.csv?store=BlueWater&day=2026-12-05");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="orders-${todayInStoreZone()}.csv"`);
    const rows = await csvOf(response);
    expect(rows[0]).toEqual([
      "Number",
      "Store",
      "Status",
      "Pickup from",
      "Pickup until",
      "Placed",
      "Name",
      "Phone",
      "Email",
      "Note",
      "Items",
      "Item count",
      "Subtotal",
    ]);
    expect(rows.slice(1)).toEqual([
      [
        next.number,
        "Blue Water",
        "New",
        "2026-12-05 00:00",
        "2026-12-05 00:30",
        expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
        "Next Day",
        "(405) 555-0142",
        "next@example.com",
        "Curbside",
        "1 × Blue Dream (1g) 10.00",
        "1",
        "10.00",
      ],
    ]);
    // A formula in a note is defused, as in every export.
    const lateRows = await csvOf(await exported("/admin/orders/export.csv?day=2026-12-04"));
    expect(lateRows.slice(1).map((row) => [row[0], row[9]])).toEqual([[late.number, "'=1+1"]]);

    const logged = await database.db
      .selectFrom("activity_log")
      .select(["kind", "subject_id"])
      .where("kind", "=", "export.orders")
      .execute();
    expect(logged).toHaveLength(2);
  });

  it("exports every order once, newest first, across batches", async () => {
    const { orderBatches } = await import("~/models/orders.server");
    const all = [];
    for await (const batch of orderBatches({ store: null, status: null, day: null }, 2)) all.push(...batch);
    const ids = all.map(({ order }) => order.id);
    expect(new Set(ids).size).toBe(ids.length);
    const total = await database.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(ids).toHaveLength(Number(total.n));
    const placed = all.map(({ order }) => new Date(order.created_at).getTime());
    expect(placed).toEqual([...placed].sort((a, b) => b - a));
  });

  it("asks for a sign-in before it exports", async () => {
    const outcome = await callRoute(ordersExportLoader, new Request(`${ORIGIN}/admin/orders/export.csv`)).catch(
      (thrown: unknown) => thrown,
    );
    expect(outcome).toBeInstanceOf(Response);
    expect((outcome as Response).status).toBe(302);
    expect((outcome as Response).headers.get("Location")).toMatch(/^\/admin\/login/);
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
