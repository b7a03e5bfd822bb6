// What an order's page and Admin → Orders say about orders (the model is app/models/orders.server.ts).
/** Where an order stands (orders.status). */
export type OrderStatus = "new" | "ready" | "picked-up" | "cancelled" | "no-show";

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  new: "New",
  ready: "Ready",
  "picked-up": "Picked up",
  cancelled: "Cancelled",
  "no-show": "No-show",
};

export const ORDER_STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];

/** The moves staff may make from each status (the others end an order). */
export const ORDER_STATUS_MOVES: Record<OrderStatus, OrderStatus[]> = {
  new: ["ready", "cancelled"],
  ready: ["picked-up", "no-show", "cancelled"],
  "picked-up": [],
  cancelled: [],
  "no-show": [],
};

/** The checkout form's longest values. */
export const CHECKOUT_LIMITS = { name: 100, email: 254, note: 500 };
