/**
 * The two stores' fixed facts and the defaults a fresh database starts with (phones, addresses, review
 * links, hours). The pages read the live, owner-edited values from the root loader (app/lib/site-settings.ts);
 * this module is for the server, the admin and the tests. Kept apart from ./site.ts so the script every
 * public page loads (the site's header, footer and age gate import ./site.ts) does not carry it.
 */
import type { WeeklySchedule } from "~/lib/store-hours";

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
