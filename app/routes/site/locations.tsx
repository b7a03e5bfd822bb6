import { useMatches } from "react-router";
import { CallBar } from "~/components/site/call-bar";
import { StoreLocationCard } from "~/components/site/store-location-card";
import { StoreStructuredData } from "~/components/site/store-structured-data";
import { stores } from "~/content/stores";
import { useSite } from "~/components/ui/use-root-data";
import { pageMeta, publicOrigin, siteName } from "~/lib/seo";
import locationsStyles from "~/styles/locations.css?url";
import type { Route } from "./+types/locations";
import { HYDRATES } from "~/lib/route-handle";
import { PageHero } from "~/components/site/page-hero";

// Hydrates for the live maps (each store's map frame, once the maps host is known to answer).
export const handle = HYDRATES;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: locationsStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Our Locations",
    description: `Visit ${siteName(matches)} in Norman, Oklahoma: our ${stores
      .map((store) => store.shortName)
      .join(" and ")} stores. Hours, phone numbers, maps and directions.`,
    path: "/locations",
  });

export default function Locations() {
  const origin = publicOrigin(useMatches());
  const site = useSite();
  return (
    <div className="locations-page">
      <StoreStructuredData origin={origin} />
      <PageHero
        title="Our Locations"
        lead="Two stores in Norman, one team. Cash only with an ATM on site, and a medical card is required for every visit."
      />
      <section className="section" aria-label="Stores">
        <div className="container locations-list">
          {site.stores.map((store) => (
            <StoreLocationCard key={store.id} store={store} />
          ))}
        </div>
      </section>
      <CallBar />
    </div>
  );
}
