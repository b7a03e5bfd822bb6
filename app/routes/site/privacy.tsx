import { pageMeta } from "~/lib/seo";
import { getOrderingSettings } from "~/models/ordering-settings.server";
import type { Route } from "./+types/privacy";
import { PageHero } from "~/components/site/page-hero";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description: "Privacy Policy for our website.",
    path: "/privacy",
  });

/** How long an order keeps the patient's details (Settings → Ordering): the page says the store's own number. */
export async function loader() {
  const { retentionDays } = await getOrderingSettings();
  return { retentionDays };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Privacy Policy" />
      <section className="section">
        <div className="container">
          <div className="prose">
            <p>Privacy Policy content will be added here.</p>
            {/* What ordering ahead keeps (issue 39): the store's policy text will sit around it. */}
            <h2>Your bag and orders for pickup</h2>
            <p>
              Your bag is kept on our server under a random code that only your browser holds, in a cookie named “bag”.
              It holds the products and sizes you chose and your pickup store, and it is deleted after 7 days without a
              change.
            </p>
            <p>
              When you order for pickup we keep what the pickup needs: your name, the phone number or e-mail address you
              give, the pickup time, your note and the items. We use them to prepare your order and to tell you when it
              is ready, and for nothing else. After {loaderData.retentionDays} days your name, phone, e-mail and note
              are removed; the items and totals stay in the store&apos;s records, without your name.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
