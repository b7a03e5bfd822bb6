// /admin/orders: orders for pickup the stores keep themselves (Settings → Ordering), newest first, by store,
// status and pickup day; each moves New → Ready → Picked up, or Cancelled / No-show, with a button (a plain
// form). Staff read it at the counter: one card per order, phone first. The list as filtered exports as CSV.
import { Badge, Button, Card, Flex, Text } from "@radix-ui/themes";
import { Form, Link } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminListPager } from "~/components/admin/list-pager";
import { ExportCsvButton } from "~/components/admin/lists/export-csv-button";
import { STORE_IDS, storeShortName, type StoreId } from "~/content/stores";
import { formatLongDate, todayInStoreZone } from "~/lib/dates";
import { pickupWhen } from "~/lib/pickup-windows";
import { formatSubmittedAt } from "~/lib/submissions";
import { formatPrice } from "~/lib/money";
import { listPage, redirectPastLastPage } from "~/lib/admin-list";
import { pageCountFor } from "~/lib/pagination";
import { formatPhone } from "~/lib/phone";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { ORDER_STATUS_LABELS, ORDER_STATUS_MOVES, ORDER_STATUSES as STATUSES, type OrderStatus } from "~/lib/orders";
import { changeOrderStatus, listOrdersForAdmin } from "~/models/orders.server";
import { readFormOrThrow } from "~/server/form-body.server";
import { signedInAdmin } from "~/services/auth.server";
import { nudgeMailWorker } from "~/services/mail-queue.server";
import ordersStyles from "~/styles/admin-orders.css?url";
import type { Route } from "./+types/orders";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { ORDERS_PATH, orderFilterFrom, orderFilterHref } from "./orders-filter";

const PAGE_SIZE = 25;

export const links: Route.LinksFunction = () => stylesheets(ordersStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, ORDERS_PATH, "Orders", "Orders for pickup placed on the site.");

const MOVE_WORDS: Record<OrderStatus, string> = {
  new: "Mark new",
  ready: "Mark ready",
  "picked-up": "Picked up",
  cancelled: "Cancel",
  "no-show": "No-show",
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filter = orderFilterFrom(url);
  const page = listPage(url, ORDERS_PATH);
  const { total, orders } = await listOrdersForAdmin(filter, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const pageCount = pageCountFor(total, PAGE_SIZE);
  redirectPastLastPage(url, ORDERS_PATH, page, pageCount);
  const today = todayInStoreZone();
  return {
    ...filter,
    today,
    todayHref: orderFilterHref(ORDERS_PATH, { ...filter, day: today }),
    returnTo: orderFilterHref(ORDERS_PATH, filter),
    exportHref: orderFilterHref(`${ORDERS_PATH}/export.csv`, filter),
    total,
    page,
    pageCount,
    orders: orders.map(({ order, lines }) => {
      return {
        id: order.id,
        number: order.number,
        store: storeShortName(order.store_id as StoreId),
        status: order.status,
        moves: ORDER_STATUS_MOVES[order.status],
        pickup: pickupWhen(new Date(order.pickup_starts_at), new Date(order.pickup_ends_at)),
        placed: formatSubmittedAt(new Date(order.created_at)),
        name: order.customer_name,
        phone: order.customer_phone,
        email: order.customer_email,
        note: order.note,
        removed: order.personal_data_removed_at !== null,
        subtotalCents: order.subtotal_cents,
        lines: lines.map((line) => ({
          key: line.position,
          text: `${line.quantity} × ${line.product_name} (${line.option_label})`,
          totalCents: line.unit_price_cents * line.quantity,
        })),
      };
    }),
  };
}

const moveSchema = z.object({
  id: z.string().uuid(),
  from: z.enum(STATUSES as [OrderStatus, ...OrderStatus[]]),
  to: z.enum(STATUSES as [OrderStatus, ...OrderStatus[]]),
  number: z.string().max(10),
  returnTo: z.string().max(300).optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInAdmin(context);
  const parsed = moveSchema.safeParse(Object.fromEntries(await readFormOrThrow(request)));
  // Back to the list the admin was on (its filters), never anywhere else.
  const returnTo = safeRedirectPath(parsed.success ? parsed.data.returnTo : null, ORDERS_PATH);
  const back = returnTo.startsWith(ORDERS_PATH) ? returnTo : ORDERS_PATH;
  if (!parsed.success) return redirectWithError(back, "That change was not understood. Please try again.");
  const { id, from, to, number } = parsed.data;
  const outcome = await changeOrderStatus({ id, from, to }, actor);
  if (outcome === "changed") {
    // "Ready" queued the patient's mail with the change: send it while they are still on the way.
    if (to === "ready") nudgeMailWorker();
    return redirectWithSuccess(back, `Order ${number}: ${ORDER_STATUS_LABELS[to]}`);
  }
  if (outcome === "already")
    return redirectWithSuccess(back, `Order ${number} was already ${ORDER_STATUS_LABELS[to].toLowerCase()}.`);
  if (outcome === "not-found") return redirectWithError(back, `Order ${number} no longer exists.`);
  return redirectWithError(
    back,
    `Order ${number} changed meanwhile: it cannot be marked ${ORDER_STATUS_LABELS[to].toLowerCase()} now.`,
  );
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { store, status, day, today, todayHref, returnTo, exportHref, total, orders, page, pageCount } = loaderData;
  const filtered = Boolean(store || status || day);
  return (
    <div className="admin-orders">
      <AdminPageHeader
        title="Orders"
        description="Orders for pickup placed on the site, newest first."
        actions={<ExportCsvButton href={exportHref} />}
      />
      <Form method="get" className="admin-orders__filters">
        <label>
          <span>Store</span>
          <select name="store" defaultValue={store ?? ""}>
            <option value="">Both stores</option>
            {STORE_IDS.map((id) => (
              <option key={id} value={id}>
                {storeShortName(id)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Status</span>
          <select name="status" defaultValue={status ?? ""}>
            <option value="">All</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {ORDER_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Pickup day</span>
          <input type="date" name="day" defaultValue={day ?? ""} />
        </label>
        <Button type="submit" variant="soft">
          Show
        </Button>
        {day === today ? null : (
          <Link to={todayHref} className="admin-orders__today">
            Today&rsquo;s pickups
          </Link>
        )}
        {filtered ? (
          <Link to={ORDERS_PATH} className="admin-orders__today">
            Clear filters
          </Link>
        ) : null}
      </Form>
      <Text as="p" size="2" color="gray">
        {total === 1 ? "1 order" : `${total} orders`}
        {day ? ` to pick up on ${formatLongDate(day)}` : ""}
      </Text>
      {orders.length === 0 ? (
        <Card>
          <Text as="p">No orders{filtered ? " match" : " yet"}.</Text>
        </Card>
      ) : (
        <ul className="admin-orders__list" aria-label="Orders">
          {orders.map((order) => (
            <li key={order.id}>
              <Card>
                <Flex justify="between" wrap="wrap" gap="2" align="center">
                  <Text as="p" size="4" weight="bold">
                    {order.number}
                  </Text>
                  <Badge color={order.status === "new" ? "orange" : order.status === "ready" ? "green" : "gray"}>
                    {ORDER_STATUS_LABELS[order.status]}
                  </Badge>
                </Flex>
                <dl className="admin-orders__facts">
                  <div>
                    <dt>Pickup</dt>
                    <dd>
                      {order.store}, {order.pickup}
                    </dd>
                  </div>
                  <div>
                    <dt>Placed</dt>
                    <dd>{order.placed}</dd>
                  </div>
                  {order.removed ? (
                    <div>
                      <dt>Patient</dt>
                      <dd>Removed after the retention period</dd>
                    </div>
                  ) : (
                    <div>
                      <dt>Patient</dt>
                      <dd>
                        {order.name}
                        {order.phone ? (
                          <>
                            {" · "}
                            <a href={`tel:${order.phone}`}>{formatPhone(order.phone)}</a>
                          </>
                        ) : null}
                        {order.email ? (
                          <>
                            {" · "}
                            <a href={`mailto:${order.email}`}>{order.email}</a>
                          </>
                        ) : null}
                      </dd>
                    </div>
                  )}
                  {order.note ? (
                    <div>
                      <dt>Note</dt>
                      <dd className="admin-orders__note">{order.note}</dd>
                    </div>
                  ) : null}
                </dl>
                <ul className="admin-orders__lines">
                  {order.lines.map((line) => (
                    <li key={line.key}>
                      <span>{line.text}</span>
                      <span>{formatPrice(line.totalCents)}</span>
                    </li>
                  ))}
                </ul>
                <Text as="p" weight="bold">
                  Subtotal {formatPrice(order.subtotalCents)}
                </Text>
                {order.moves.length > 0 ? (
                  <Flex gap="2" wrap="wrap" mt="2">
                    {order.moves.map((to) => (
                      <Form method="post" key={to}>
                        <input type="hidden" name="id" value={order.id} />
                        <input type="hidden" name="number" value={order.number} />
                        <input type="hidden" name="from" value={order.status} />
                        <input type="hidden" name="to" value={to} />
                        <input type="hidden" name="returnTo" value={returnTo} />
                        <Button type="submit" variant={to === "ready" || to === "picked-up" ? "solid" : "soft"}>
                          {MOVE_WORDS[to]}
                          <span className="visually-hidden"> order {order.number}</span>
                        </Button>
                      </Form>
                    ))}
                  </Flex>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <AdminListPager path={ORDERS_PATH} page={page} pageCount={pageCount} label="Order pages" />
    </div>
  );
}
