import { useSite } from "~/components/ui/use-root-data";
import type { PublicSite, PublicStore } from "~/lib/site-settings";

function storeJsonLd(store: PublicStore, site: PublicSite, origin: string) {
  const { regular, special } = store.openingHours;
  return {
    "@context": "https://schema.org",
    "@type": "Store",
    "@id": `${origin}/locations#${store.id.toLowerCase()}`,
    name: `${site.name} — ${store.shortName}`,
    url: `${origin}/locations`,
    telephone: store.phone,
    email: site.email,
    priceRange: "$$",
    paymentAccepted: "Cash",
    currenciesAccepted: "USD",
    address: {
      "@type": "PostalAddress",
      streetAddress: store.street,
      addressLocality: store.city,
      addressRegion: store.region,
      postalCode: store.postalCode,
      addressCountry: "US",
    },
    geo: { "@type": "GeoCoordinates", ...store.geo },
    // The state licence every dispensary holds (Admin → Settings), once the owner has entered it.
    identifier: store.licenseNumber,
    // The same hours every sentence on the site is made from (app/lib/store-hours.ts), made on the server.
    openingHoursSpecification: regular,
    ...(special.length > 0 ? { specialOpeningHoursSpecification: special } : {}),
    aggregateRating: { "@type": "AggregateRating", ratingValue: store.rating.value, reviewCount: store.rating.count },
    ...(site.socials.length > 0 ? { sameAs: site.socials.map((s) => s.href) } : {}),
  };
}

/** LocalBusiness (Store) structured data for both stores. */
export function StoreStructuredData({ origin }: { origin: string }) {
  const site = useSite();
  const json = JSON.stringify(site.stores.map((store) => storeJsonLd(store, site, origin))).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
