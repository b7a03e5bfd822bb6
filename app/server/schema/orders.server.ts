import type { ColumnType, Generated, Selectable } from "kysely";
import type { OrderStatus } from "~/lib/orders";
import type { Timestamp } from "./columns.server";

export type { OrderStatus };

/** An order for pickup the store keeps itself (app/models/orders.server.ts). */
export interface OrdersTable {
  id: Generated<string>;
  number: string;
  store_id: string;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  customer_name: string | null;
  customer_phone: string | null;
  customer_email: string | null;
  note: string | null;
  pickup_starts_at: Date;
  pickup_ends_at: Date;
  subtotal_cents: number;
  item_count: number;
  created_at: Timestamp;
  status_changed_at: Timestamp;
  personal_data_removed_at: Date | null;
}
export type Order = Selectable<OrdersTable>;

/** One line of an order as the patient saw it when ordering. */
export interface OrderLinesTable {
  order_id: string;
  position: number;
  product_id: string | null;
  product_name: string;
  option_label: string;
  category: string;
  quantity: number;
  unit_price_cents: number;
}
export type OrderLine = Selectable<OrderLinesTable>;

export interface OrderTables {
  orders: OrdersTable;
  order_lines: OrderLinesTable;
}
