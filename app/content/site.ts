/**
 * The dispensary's facts. The editable ones (name, e-mail, phones, addresses, review links, socials, hours)
 * are the defaults a fresh database starts with: the owner changes them in Admin → Settings and Hours, and
 * the pages read the live values from the root loader (see app/lib/site-settings.ts). Values the spec does
 * not give (phones, e-mail, social links, the product's name) are fictional placeholders: 555 numbers and
 * example.com.
 */
import type { WeeklySchedule } from "~/lib/store-hours";

export const TIME_ZONE = "America/Chicago";

const nineToTen = { opens: "09:00", closes: "22:00" };
const nineToMidnight = { opens: "09:00", closes: "00:00" };

export interface Store {
  id: "Lindsey" | "BlueWater";
  name: string;
  shortName: string;
  street: string;
  city: string;
  region: string;
  postalCode: string;
  phone: string;
  /** E.164 form for tel: links */
  phoneHref: string;
  /** The default weekly hours (Sunday first). */
  weekly: WeeklySchedule;
  rating: { value: number; count: number };
  mapEmbedUrl: string;
  directionsUrl: string;
  googleReviewUrl: string;
  weedmapsUrl: string;
  geo: { latitude: number; longitude: number };
}

/** "530 West Lindsey Street, Norman, OK 73069" */
export function addressLine(store: Pick<Store, "street" | "city" | "region" | "postalCode">): string {
  return `${store.street}, ${store.city}, ${store.region} ${store.postalCode}`;
}

/** The maps service's links for an address: the embedded map, directions to it, and a search for it. */
export function mapsLinks(address: string) {
  const query = encodeURIComponent(address);
  return {
    mapEmbedUrl: `https://www.google.com/maps?q=${query}&output=embed`,
    directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${query}`,
    searchUrl: `https://www.google.com/maps/search/?api=1&query=${query}`,
  };
}

const lindseyMaps = mapsLinks("530 West Lindsey Street, Norman, OK 73069");
const blueWaterMaps = mapsLinks("112 West Main Street, Norman, OK 73069");

export const stores: [Store, Store] = [
  {
    id: "Lindsey",
    name: "Lindsey Street Cannabis Co. — Lindsey",
    shortName: "Lindsey Street",
    street: "530 West Lindsey Street",
    city: "Norman",
    region: "OK",
    postalCode: "73069",
    phone: "(405) 555-0142",
    phoneHref: "tel:+14055550142",
    // Sunday–Thursday 9 AM–10 PM, Friday–Saturday 9 AM–midnight (the spec).
    weekly: [nineToTen, nineToTen, nineToTen, nineToTen, nineToTen, nineToMidnight, nineToMidnight],
    rating: { value: 4.9, count: 1000 },
    mapEmbedUrl: lindseyMaps.mapEmbedUrl,
    directionsUrl: lindseyMaps.directionsUrl,
    googleReviewUrl: lindseyMaps.searchUrl,
    weedmapsUrl: "https://weedmaps.com/dispensaries/example-lindsey-street",
    geo: { latitude: 35.2042, longitude: -97.4496 },
  },
  {
    id: "BlueWater",
    name: "Lindsey Street Cannabis Co. — Blue Water",
    shortName: "Blue Water",
    street: "112 West Main Street",
    city: "Norman",
    region: "OK",
    postalCode: "73069",
    phone: "(405) 555-0178",
    phoneHref: "tel:+14055550178",
    weekly: Array.from({ length: 7 }, () => nineToTen),
    rating: { value: 4.9, count: 800 },
    mapEmbedUrl: blueWaterMaps.mapEmbedUrl,
    directionsUrl: blueWaterMaps.directionsUrl,
    googleReviewUrl: blueWaterMaps.searchUrl,
    weedmapsUrl: "https://weedmaps.com/dispensaries/example-blue-water",
    geo: { latitude: 35.2214, longitude: -97.4445 },
  },
];

export const mainStore = stores[0];

export type StoreId = Store["id"];
export const STORE_IDS: readonly StoreId[] = stores.map((store) => store.id);

/** The store a `?store=` value names (admin tabs, /reviews); anything else is the main store. */
export function storeFromParam(value: string | null | undefined): StoreId {
  return STORE_IDS.find((id) => id === value) ?? mainStore.id;
}

/** "Lindsey Street", "Blue Water". */
export function storeShortName(id: StoreId): string {
  return stores.find((store) => store.id === id)?.shortName ?? id;
}

export const site = {
  /** The product's name, shown in titles, the age gate and the footer. */
  name: "Lindsey Street Cannabis Co.",
  shortName: "Lindsey Street",
  /** Default author of blog posts. */
  teamName: "The Lindsey Street Team",
  tagline: "Norman's go-to dispensary for fresh flower, fair prices and friendly budtenders.",
  description:
    "Medical cannabis dispensary in Norman, Oklahoma with two stores: Lindsey Street and Blue Water. Over 1,000 products, price match, loyalty points and online ordering with curbside pickup.",
  email: "hello@example.com",
  socials: [
    { name: "Facebook", href: "https://www.facebook.com/example" },
    { name: "Instagram", href: "https://www.instagram.com/example" },
    { name: "X", href: "https://x.com/example" },
  ],
  /** Where "No, Exit Site" sends a visitor. */
  exitUrl: "https://www.google.com/",
  firstPurchaseDiscountPercent: 15,
  productCountClaim: "1,000+",
  ageRequired: 21,
  ageVerificationDays: 30,
} as const;
