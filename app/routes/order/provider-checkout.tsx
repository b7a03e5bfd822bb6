// /bag/provider-checkout: "Taking you to checkout", then on to the provider's checkout page the hand-off
// created (provider-checkout.server.ts says why this step exists). Without JavaScript too: a refresh, and a
// link for a browser that does not follow it.
import { PageHero } from "~/components/site/page-hero";
import { pageMeta } from "~/lib/seo";
import { PRIVATE_CACHE_CONTROL } from "~/server/http-cache.server";
import bagStyles from "~/styles/bag.css?url";
import { providerCheckoutAddress } from "./provider-checkout.server";
import type { Route } from "./+types/provider-checkout";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: bagStyles }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, {
    title: "Taking you to checkout",
    description: "Your bag is at our menu provider's checkout.",
    path: "/bag/provider-checkout",
  }),
  { name: "robots", content: "noindex" },
  ...(loaderData ? [{ httpEquiv: "refresh", content: `0; url=${loaderData.address}` }] : []),
];

// The provider's page is told nothing of ours (the bag's address is no business of theirs).
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": PRIVATE_CACHE_CONTROL,
  "Referrer-Policy": "same-origin",
});

export async function loader({ request }: Route.LoaderArgs) {
  return { address: await providerCheckoutAddress(request) };
}

export default function ProviderCheckout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Taking you to checkout" />
      <section className="section">
        <div className="container bag-empty">
          <p>Your bag is at our menu provider&apos;s checkout, where you choose a pickup time and place the order.</p>
          <p>
            <a href={loaderData.address} className="button-link" rel="noreferrer">
              Continue to checkout
            </a>
          </p>
        </div>
      </section>
    </>
  );
}
