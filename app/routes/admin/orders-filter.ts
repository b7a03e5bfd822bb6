// Admin → Orders' filters as its address says them (?store=&status=&day=), read the same way by the list and
// by its CSV export, and written back into the links that keep them.
import { STORE_IDS } from "~/content/stores";
import { ORDER_STATUSES } from "~/lib/orders";
import { isCalendarDay } from "~/lib/schemas/admin-fields";
import type { AdminOrderFilter } from "~/models/orders.server";

export const ORDERS_PATH = "/admin/orders";

/** The filters in `url`; a value that names no store, status or calendar day is left out. */
export function orderFilterFrom(url: URL): AdminOrderFilter {
  const day = url.searchParams.get("day") ?? "";
  return {
    store: STORE_IDS.find((id) => id === url.searchParams.get("store")) ?? null,
    status: ORDER_STATUSES.find((value) => value === url.searchParams.get("status")) ?? null,
    day: isCalendarDay(day) ? day : null,
  };
}

/** `path` with the filters set in `filter`, in a fixed order. */
export function orderFilterHref(path: string, filter: AdminOrderFilter): string {
  const params = new URLSearchParams();
  if (filter.store) params.set("store", filter.store);
  if (filter.status) params.set("status", filter.status);
  if (filter.day) params.set("day", filter.day);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
