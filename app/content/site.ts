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

function mapsQuery(address: string) {
  return encodeURIComponent(address);
}

const lindseyAddress = "530 West Lindsey Street, Norman, OK 73069";
const blueWaterAddress = "112 West Main Street, Norman, OK 73069";

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
    mapEmbedUrl: `https://www.google.com/maps?q=${mapsQuery(lindseyAddress)}&output=embed`,
    directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${mapsQuery(lindseyAddress)}`,
    googleReviewUrl: `https://www.google.com/maps/search/?api=1&query=${mapsQuery(lindseyAddress)}`,
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
    mapEmbedUrl: `https://www.google.com/maps?q=${mapsQuery(blueWaterAddress)}&output=embed`,
    directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${mapsQuery(blueWaterAddress)}`,
    googleReviewUrl: `https://www.google.com/maps/search/?api=1&query=${mapsQuery(blueWaterAddress)}`,
    weedmapsUrl: "https://weedmaps.com/dispensaries/example-blue-water",
    geo: { latitude: 35.2214, longitude: -97.4445 },
  },
];

export const mainStore = stores[0];

export function storeAddressLine(store: Store): string {
  return `${store.street}, ${store.city}, ${store.region} ${store.postalCode}`;
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
