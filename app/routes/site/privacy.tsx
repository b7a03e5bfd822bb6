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
            {/* Deals by e-mail and texts (issue 40): what the sign-up keeps, why, how long, and how to withdraw. */}
            <h2>Deals by e-mail and text</h2>
            <p>
              When you sign up for our deals we keep your e-mail address and, if you tick the box for texts, your mobile
              number, with where each stands: waiting for your confirmation, subscribed, or ended. We use them only to
              send you our deals, news about products you asked about, and, for texts, through the text-message service
              we use.
            </p>
            <p>
              To be able to show that you agreed, and when you stopped, we keep a record of each step: the address or
              number, the time, the page you were on, the exact words you agreed to, how you did it (the form, the link
              in our confirmation e-mail, an unsubscribe link, or our staff at your request) and your connection&apos;s
              network, shortened so that it does not identify your household (the first three parts of an IPv4 address,
              the first three groups of an IPv6 one). These records are kept while you are subscribed and after, as
              proof of your consent and of its end.
            </p>
            <p>
              A sign-up you never confirm is removed after 7 days. To stop, use the unsubscribe link in any e-mail (it
              works at once, for every e-mail we send), reply STOP to a text, or ask us at the store or by phone. To
              have your address and number erased, ask us: we remove them from your records, and what stays shows only
              that a subscription existed and ended.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
