import { site, stores, type Store } from "~/content/site";

const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function storeJsonLd(store: Store, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Store",
    "@id": `${origin}/locations#${store.id.toLowerCase()}`,
    name: store.name,
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
    openingHoursSpecification: store.hours.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: h.days.map((d) => dayNames[d]),
      opens: h.opens,
      closes: h.closes === "24:00" ? "23:59" : h.closes,
    })),
    aggregateRating: { "@type": "AggregateRating", ratingValue: store.rating.value, reviewCount: store.rating.count },
    sameAs: site.socials.map((s) => s.href),
  };
}

/** LocalBusiness (Store) structured data for both stores. */
export function StoreStructuredData({ origin }: { origin: string }) {
  const json = JSON.stringify(stores.map((store) => storeJsonLd(store, origin))).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
