import { data } from "react-router";
import { OrderSummary } from "~/components/order/order-summary";
import { PageHero } from "~/components/site/page-hero";
import { storeShortName, type StoreId } from "~/content/stores";
import { pickupWhen } from "~/lib/pickup-windows";
import { formatPhone } from "~/lib/phone";
import { pageMeta } from "~/lib/seo";
import { findOrderByNumber, isOrderSignature } from "~/models/orders.server";
import { PRIVATE_CACHE_CONTROL } from "~/server/http-cache.server";
import bagStyles from "~/styles/bag.css?url";
import type { Route } from "./+types/order";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: bagStyles }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, {
    title: loaderData?.order ? `Order ${loaderData.order.number}` : "Order not found",
    description: "Your order for pickup.",
    path: "/order",
  }),
  { name: "robots", content: "noindex" },
];

// The patient's own order: never kept by a cache, never sent on as a Referer.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": PRIVATE_CACHE_CONTROL,
  "Referrer-Policy": "same-origin",
});

const STATUS_WORDS = {
  new: "Received: we are getting it ready.",
  ready: "Ready for pickup.",
  "picked-up": "Picked up. Thank you!",
  cancelled: "Cancelled.",
  "no-show": "Not picked up: the order was released.",
} as const;

/** Only with the signed link (the order number alone opens nothing): anything else is the same 404. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const number = (params.number ?? "").toUpperCase();
  const signature = new URL(request.url).searchParams.get("k");
  const found =
    /^[2-9A-HJKMNP-Z]{6}$/.test(number) && isOrderSignature(number, signature) ? await findOrderByNumber(number) : null;
  if (!found) throw data(null, { status: 404 });
  const { order, lines } = found;
  return {
    order: {
      number: order.number,
      status: order.status,
      store: storeShortName(order.store_id as StoreId),
      pickup: pickupWhen(new Date(order.pickup_starts_at), new Date(order.pickup_ends_at)),
      name: order.customer_name,
      phone: order.customer_phone ? formatPhone(order.customer_phone) : null,
      email: order.customer_email,
      subtotalCents: order.subtotal_cents,
    },
    lines: lines.map((line) => ({
      key: line.position,
      text: `${line.quantity} × ${line.product_name} (${line.option_label})`,
      totalCents: line.unit_price_cents * line.quantity,
    })),
  };
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, lines } = loaderData;
  return (
    <>
      <PageHero title={`Order ${order.number}`} />
      <section className="section">
        <div className="container order-page">
          <p className="order-page__status" role="status">
            {STATUS_WORDS[order.status]}
          </p>
          <dl className="order-page__facts">
            <div>
              <dt>Pick up at</dt>
              <dd>{order.store}</dd>
            </div>
            <div>
              <dt>When</dt>
              <dd>{order.pickup}</dd>
            </div>
            {order.name ? (
              <div>
                <dt>Name</dt>
                <dd>{order.name}</dd>
              </div>
            ) : null}
          </dl>
          <OrderSummary lines={lines} subtotalCents={order.subtotalCents} />
          <p className="checkout__notice">
            Bring your OMMA patient card and a photo ID: both are checked at pickup. Payment is at the counter.
          </p>
          {order.email ? (
            <p className="bag-summary__note">
              We sent a confirmation to {order.email} and will write when it is ready.
            </p>
          ) : (
            <p className="bag-summary__note">Keep this page&apos;s address: it is the way back to your order.</p>
          )}
        </div>
      </section>
    </>
  );
}
