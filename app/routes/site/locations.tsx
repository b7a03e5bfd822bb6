import { useMatches } from "react-router";
import { CallBar } from "~/components/site/call-bar";
import { StoreLocationCard } from "~/components/site/store-location-card";
import { StoreStructuredData } from "~/components/site/store-structured-data";
import { site, stores } from "~/content/site";
import { pageMeta, publicOrigin, titleWithSite } from "~/lib/seo";
import locationsStyles from "~/styles/locations.css?url";
import type { Route } from "./+types/locations";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: locationsStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: titleWithSite("Our Locations"),
    description: `Visit ${site.name} in Norman, Oklahoma: ${stores
      .map((store) => `${store.shortName} at ${store.street}`)
      .join(" and ")}. Hours, phone numbers, maps and directions.`,
    path: "/locations",
  });

export default function Locations() {
  const origin = publicOrigin(useMatches());
  return (
    <div className="locations-page">
      <StoreStructuredData origin={origin} />
      <section className="page-hero">
        <div className="container">
          <h1>Our Locations</h1>
          <p>
            Two stores in Norman, one team. Cash only with an ATM on site, and a medical card is required for every
            visit.
          </p>
        </div>
      </section>
      <section className="section" aria-label="Stores">
        <div className="container locations-list">
          {stores.map((store) => (
            <StoreLocationCard key={store.id} store={store} />
          ))}
        </div>
      </section>
      <CallBar />
    </div>
  );
}
