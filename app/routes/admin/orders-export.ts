import { storeShortName, type StoreId } from "~/content/stores";
import { todayInStoreZone } from "~/lib/dates";
import { ORDER_STATUS_LABELS } from "~/lib/orders";
import { formatPhone } from "~/lib/phone";
import { formatExportDate } from "~/lib/submissions";
import { orderBatches } from "~/models/orders.server";
import { csvResponse, csvStream } from "~/server/csv.server";
import { signedInAdmin } from "~/services/auth.server";
import { recordCsvExport } from "./export-activity.server";
import { orderFilterFrom } from "./orders-filter";
import type { Route } from "./+types/orders-export";

export const ORDER_CSV_HEADER = [
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
];

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * GET /admin/orders/export.csv?store=&status=&day= — orders-YYYY-MM-DD.csv, every order the list's filters
 * keep (not only its page). Times are the stores' wall clock; amounts are dollars without a sign, for a
 * spreadsheet. An order past its retention period has its patient's columns empty, as it has in the list.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = signedInAdmin(context);
  const filter = orderFilterFrom(new URL(request.url));
  const body = csvStream(ORDER_CSV_HEADER, orderBatches(filter), ({ order, lines }) => [
    order.number,
    storeShortName(order.store_id as StoreId),
    ORDER_STATUS_LABELS[order.status],
    formatExportDate(new Date(order.pickup_starts_at)),
    formatExportDate(new Date(order.pickup_ends_at)),
    formatExportDate(new Date(order.created_at)),
    order.customer_name ?? "",
    order.customer_phone ? formatPhone(order.customer_phone) : "",
    order.customer_email ?? "",
    order.note ?? "",
    lines
      .map(
        (line) =>
          `${line.quantity} × ${line.product_name} (${line.option_label}) ${dollars(line.unit_price_cents * line.quantity)}`,
      )
      .join("; "),
    order.item_count,
    dollars(order.subtotal_cents),
  ]);
  return recordCsvExport(csvResponse(body, `orders-${todayInStoreZone()}.csv`), {
    kind: "export.orders",
    actor,
    title: "Orders",
    filters: {
      store: filter.store ? storeShortName(filter.store) : null,
      status: filter.status ? ORDER_STATUS_LABELS[filter.status] : null,
      day: filter.day,
    },
  });
}
