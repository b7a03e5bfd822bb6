// Orders for pickup the store keeps itself (issue 39): placed from the bag in one transaction (the order, its
// lines, the patient's confirmation mail, and the bag emptied, or none of it), found later only through a
// signed link, and moved along by staff (New → Ready → Picked up, or Cancelled / No-show).
import crypto from "node:crypto";
import { STORE_IDS, storeShortName, type StoreId } from "~/content/stores";
import { summarizeBag, type BagSummary } from "~/lib/bag";
import { ORDER_STATUS_LABELS, ORDER_STATUS_MOVES } from "~/lib/orders";
import { addDays } from "~/lib/dates";
import { keysetBatches } from "~/lib/keyset-batches";
import { formatPrice } from "~/lib/money";
import { fromStoreDateTimeLocal } from "~/lib/store-time";
import { type DB, db } from "~/server/db.server";
import { publicUrl } from "~/server/env.server";
import { isLinkSignature, linkSignature } from "~/server/link-signature.server";
import type { Order, OrderLine, OrderStatus } from "~/server/schema.server";
import { type ActivityActor, recordActivity } from "./activity.server";
import { deleteBag, readBagForOrder } from "./bags.server";
import { queueNotificationMail } from "./notification-mail.server";

const NUMBER_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const NUMBER_LENGTH = 6;

/** A short order number a person can say over the counter: six characters, no 0/O or 1/I/L. */
export function newOrderNumber(): string {
  let number = "";
  for (const byte of crypto.randomBytes(NUMBER_LENGTH)) number += NUMBER_ALPHABET[byte % NUMBER_ALPHABET.length];
  return number;
}

/** The order's page address, signed: the only way to it (the number alone opens nothing). */
export function orderPagePath(number: string): string {
  return `/order/${number}?k=${linkSignature("order", number)}`;
}

/** Whether `signature` is this order's (by any of the session secrets, so a rotation keeps old links working). */
export function isOrderSignature(number: string, signature: string | null): boolean {
  return isLinkSignature("order", number, signature);
}

export interface PatientDetails {
  name: string;
  /** Ten digits, or null. */
  phone: string | null;
  email: string | null;
  note: string | null;
}

export type PlaceOrderResult =
  | { ok: true; number: string }
  | { ok: false; reason: "empty" | "blocked" | "store-changed"; summary?: BagSummary; message: string };

/**
 * Stores the bag as an order for `storeId` and the pickup window, with its lines as the patient saw them and
 * the confirmation mail (when an e-mail was given), and deletes the bag — in one transaction, the bag's row
 * locked: a second submit of the same bag waits and finds it gone. Refused when the bag is empty, its store
 * changed meanwhile, or it cannot be ordered as it is now (a limit, a line gone or out at that store).
 */
export async function placeOrder(input: {
  bagToken: string;
  storeId: StoreId;
  window: { start: Date; end: Date; label: string; dayLabel: string };
  patient: PatientDetails;
  now?: Date;
}): Promise<PlaceOrderResult> {
  const now = input.now ?? new Date();
  return (await db()).transaction().execute(async (trx): Promise<PlaceOrderResult> => {
    const bag = await readBagForOrder(trx, input.bagToken, now);
    if (!bag || bag.lines.length === 0) {
      return { ok: false, reason: "empty", message: "Your bag is empty: it may have been ordered already." };
    }
    if (bag.storeId !== input.storeId) {
      return { ok: false, reason: "store-changed", message: "The pickup store changed. Please check your bag again." };
    }
    const summary = summarizeBag(bag.lines, bag.storeId, STORE_IDS, storeShortName);
    if (summary.blockers.length > 0) {
      return { ok: false, reason: "blocked", summary, message: summary.blockers.join(" ") };
    }
    const order = await insertOrder(trx, input, summary, now);
    await trx
      .insertInto("order_lines")
      .values(
        summary.lines.map((line, position) => ({
          order_id: order.id,
          position,
          product_id: line.productId,
          product_name: line.name,
          option_label: line.optionLabel,
          category: line.category,
          quantity: line.quantity,
          unit_price_cents: line.unitPriceCents ?? 0,
        })),
      )
      .execute();
    if (input.patient.email) {
      await queueNotificationMail(trx, confirmationMail(order, summary, input), { orderId: order.id });
    }
    await deleteBag(trx, bag.tokenHash);
    return { ok: true, number: order.number };
  });
}

/** Inserts the order under a fresh number (another on the rare clash with an existing one). */
async function insertOrder(
  trx: DB,
  input: Parameters<typeof placeOrder>[0],
  summary: BagSummary,
  now: Date,
): Promise<Order> {
  for (let attempt = 0; ; attempt++) {
    const number = newOrderNumber();
    const taken = await trx.selectFrom("orders").select("id").where("number", "=", number).executeTakeFirst();
    if (taken && attempt < 5) continue;
    return trx
      .insertInto("orders")
      .values({
        number,
        store_id: input.storeId,
        customer_name: input.patient.name,
        customer_phone: input.patient.phone,
        customer_email: input.patient.email,
        note: input.patient.note,
        pickup_starts_at: input.window.start,
        pickup_ends_at: input.window.end,
        subtotal_cents: summary.subtotalCents,
        item_count: summary.itemCount,
        created_at: now,
        status_changed_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}

function confirmationMail(order: Order, summary: BagSummary, input: Parameters<typeof placeOrder>[0]) {
  const store = storeShortName(input.storeId);
  const lines = summary.lines.map(
    (line) => `  ${line.quantity} × ${line.name} (${line.optionLabel})  ${formatPrice(line.lineTotalCents)}`,
  );
  return {
    to: input.patient.email ?? "",
    subject: `Your order ${order.number} for pickup at ${store}`,
    text: [
      `Thank you, ${input.patient.name}. We have your order ${order.number}.`,
      "",
      `Pick up at: ${store}, ${input.window.dayLabel}, ${input.window.label}`,
      "",
      ...lines,
      "",
      `Subtotal: ${formatPrice(summary.subtotalCents)} (medical prices; taxes are added at the counter)`,
      "",
      "Bring your OMMA patient card and a photo ID: both are checked at pickup. Payment is at the counter.",
      "We will e-mail you when your order is ready.",
      "",
      `Your order: ${publicUrl(orderPagePath(order.number))}`,
    ].join("\n"),
  };
}

export interface OrderView {
  order: Order;
  lines: OrderLine[];
}

/** An order and its lines by its number. */
export async function findOrderByNumber(number: string): Promise<OrderView | null> {
  const database = await db();
  const order = await database.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst();
  if (!order) return null;
  const lines = await database
    .selectFrom("order_lines")
    .selectAll()
    .where("order_id", "=", order.id)
    .orderBy("position")
    .execute();
  return { order, lines };
}

export type OrderStatusChange = "changed" | "already" | "not-allowed" | "not-found";

/**
 * Moves an order from `from` to `to`: a conditional update, so of two staff pressing Ready at once one
 * changes it (and one "ready" mail is queued, with the change, when the patient gave an e-mail) and the
 * other hears it was already done. Recorded in the activity log.
 */
export async function changeOrderStatus(
  input: { id: string; from: OrderStatus; to: OrderStatus },
  actor: ActivityActor,
  now = new Date(),
): Promise<OrderStatusChange> {
  if (!ORDER_STATUS_MOVES[input.from]?.includes(input.to)) return "not-allowed";
  return (await db()).transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable("orders")
      .set({ status: input.to, status_changed_at: now })
      .where("id", "=", input.id)
      .where("status", "=", input.from)
      .returningAll()
      .executeTakeFirst();
    if (!changed) {
      const current = await trx.selectFrom("orders").select("status").where("id", "=", input.id).executeTakeFirst();
      return current ? (current.status === input.to ? "already" : "not-allowed") : "not-found";
    }
    if (input.to === "ready" && changed.customer_email) {
      await queueNotificationMail(trx, readyMail(changed), { orderId: changed.id });
    }
    await recordActivity(trx, {
      kind: "order.status",
      actor,
      subject: { type: "order", id: changed.id, title: changed.number },
      changes: { status: { from: ORDER_STATUS_LABELS[input.from], to: ORDER_STATUS_LABELS[input.to] } },
    });
    return "changed";
  });
}

function readyMail(order: Order) {
  const store = storeShortName(order.store_id as StoreId);
  return {
    to: order.customer_email ?? "",
    subject: `Your order ${order.number} is ready at ${store}`,
    text: [
      `${order.customer_name ?? "Hello"}, your order ${order.number} is ready for pickup at ${store}.`,
      "",
      "Bring your OMMA patient card and a photo ID: both are checked at pickup. Payment is at the counter.",
      "",
      `Your order: ${publicUrl(orderPagePath(order.number))}`,
    ].join("\n"),
  };
}

export interface AdminOrderFilter {
  store: StoreId | null;
  status: OrderStatus | null;
  /** The pickup day in the stores' zone ("YYYY-MM-DD"): the orders to have ready that day. */
  day: string | null;
}

/** The orders a filter keeps, as a fresh query (the page's list and count, and the export's batches). */
function filteredOrders(database: DB, filter: AdminOrderFilter) {
  let query = database.selectFrom("orders");
  if (filter.store) query = query.where("store_id", "=", filter.store);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.day) {
    const start = fromStoreDateTimeLocal(`${filter.day}T00:00`);
    const end = fromStoreDateTimeLocal(`${addDays(filter.day, 1)}T00:00`);
    if (start && end) query = query.where("pickup_starts_at", ">=", start).where("pickup_starts_at", "<", end);
  }
  return query;
}

async function linesOf(database: DB, orders: Order[]) {
  const lines =
    orders.length === 0
      ? []
      : await database
          .selectFrom("order_lines")
          .selectAll()
          .where(
            "order_id",
            "in",
            orders.map((order) => order.id),
          )
          .orderBy("position")
          .execute();
  return orders.map((order) => ({ order, lines: lines.filter((line) => line.order_id === order.id) }));
}

/** Orders for Admin → Orders: newest first, with their lines, `limit` at a time. */
export async function listOrdersForAdmin(filter: AdminOrderFilter, page: { limit: number; offset: number }) {
  const database = await db();
  const query = filteredOrders(database, filter);
  const [orders, total] = await Promise.all([
    query.selectAll().orderBy("created_at", "desc").orderBy("id").limit(page.limit).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.count), orders: await linesOf(database, orders) };
}

/**
 * Every order a filter keeps, newest first, with its lines, in batches: each batch its own short query that
 * starts after the last order of the one before (for the CSV export, which never holds the whole table).
 */
export async function* orderBatches(filter: AdminOrderFilter, batchSize = 500) {
  const database = await db();
  const pages = keysetBatches(
    (after: Order | null, limit) => {
      let query = filteredOrders(database, filter).selectAll();
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb("created_at", "<", after.created_at),
            eb.and([eb("created_at", "=", after.created_at), eb("id", ">", after.id)]),
          ]),
        );
      }
      return query.orderBy("created_at", "desc").orderBy("id").limit(limit).execute();
    },
    (order) => order,
    batchSize,
  );
  for await (const orders of pages) yield await linesOf(database, orders);
}

/**
 * Removes the name, phone, e-mail and note of orders placed more than `retentionDays` ago (Settings →
 * Ordering); the order, its lines and totals stay for the store's records.
 */
export async function pruneOrderPersonalData(retentionDays: number, now = new Date()): Promise<number> {
  const result = await (
    await db()
  )
    .updateTable("orders")
    .set({ customer_name: null, customer_phone: null, customer_email: null, note: null, personal_data_removed_at: now })
    .where("created_at", "<", new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000))
    .where("personal_data_removed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
