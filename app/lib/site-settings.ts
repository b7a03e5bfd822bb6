import { formatLongDate } from "~/lib/dates";
import { addressLine, site } from "~/content/site";
import { mapsLinks, type Store, stores, type StoreId } from "~/content/stores";
import type { Banner, SiteSettings, StoreFacts } from "./schemas/site-settings";
import { hoursAnswer, hoursHeadline, opensLate, weeklyLines } from "./hours-sentences";
import { phoneDigits } from "./phone";
import {
  type HoursException,
  type OpeningHoursSpecification,
  openingHoursSpecification,
  type SpecialOpeningHoursSpecification,
  specialOpeningHoursSpecification,
  type StoreStatus,
  storeStatus,
  type WeeklySchedule,
} from "./store-hours";

// The store facts the owner edits in Admin → Settings. The values in app/content/site.ts are the defaults a
// fresh database starts with; once saved, the database's copy is the live one. Isomorphic: the pages read
// these from the root loader's data, the server from the settings model.
// Pure (no zod): every public page imports this through the root data; the schemas that validate the
// settings are in ./schemas/site-settings.ts.

export function phoneHref(phone: string): string {
  return `tel:+1${phoneDigits(phone) ?? phone.replace(/\D/g, "")}`;
}

const socialHref = (name: string) => site.socials.find((s) => s.name === name)?.href ?? null;

/** The settings of a fresh database: the facts in app/content/site.ts, the menu and mail from the environment. */
export function defaultSiteSettings(config: { menuEmbedUrl: string; fullMenuUrl: string; mailTo: string }) {
  const facts = (store: Store): StoreFacts => ({
    phone: store.phone,
    street: store.street,
    city: store.city,
    postalCode: store.postalCode,
    googleReviewUrl: store.googleReviewUrl,
    weedmapsUrl: store.weedmapsUrl,
    licenseNumber: "",
  });
  return {
    name: site.name,
    email: site.email,
    banner: {
      enabled: true,
      text: `First-time customers: ${site.firstPurchaseDiscountPercent}% off your entire first purchase. Not combinable with other promotions.`,
      href: null,
      startsOn: null,
      endsOn: null,
    },
    socials: { facebook: socialHref("Facebook"), instagram: socialHref("Instagram"), x: socialHref("X") },
    menuEmbedUrl: config.menuEmbedUrl,
    fullMenuUrl: config.fullMenuUrl,
    notify: { applications: [config.mailTo], inquiries: [config.mailTo] },
    stores: { Lindsey: facts(stores[0]), BlueWater: facts(stores[1]) },
  } satisfies SiteSettings;
}

export type StoreHoursById = Record<StoreId, { weekly: WeeklySchedule; exceptions: HoursException[] }>;

/** The hours of a fresh database: each store's weekly defaults (app/content/site.ts), no exceptions. */
export function defaultStoreHours(): StoreHoursById {
  const [lindsey, blueWater] = stores;
  return {
    Lindsey: { weekly: lindsey.weekly, exceptions: [] },
    BlueWater: { weekly: blueWater.weekly, exceptions: [] },
  };
}

/** Whether the banner shows on a day ("YYYY-MM-DD", the stores' zone): on, with text, within its dates. */
export function bannerShowsOn(banner: Banner, today: string): boolean {
  if (!banner.enabled || !banner.text) return false;
  if (banner.startsOn && today < banner.startsOn) return false;
  return !(banner.endsOn && today > banner.endsOn);
}

/** Whether the banner is published: on, with text, not past its end date (it may start later by itself). */
export function bannerPublished(banner: Banner, today: string): boolean {
  return banner.enabled && banner.text !== "" && !(banner.endsOn && today > banner.endsOn);
}

/**
 * What the owner is told after saving, about the banner, whose dates may keep it hidden today:
 * "The promo banner shows now, until December 24, 2026.", "The promo banner shows from December 1, 2026.",
 * "The promo banner is turned off." …
 */
export function bannerStatusSentence(banner: Banner, today: string): string {
  const until = banner.endsOn ? `, until ${formatLongDate(banner.endsOn)}` : "";
  if (!banner.enabled) return "The promo banner is turned off.";
  if (!banner.text) return "The promo banner has no text, so it does not show.";
  if (banner.endsOn && today > banner.endsOn) {
    return `The promo banner's last day, ${formatLongDate(banner.endsOn)}, has passed, so it does not show.`;
  }
  if (banner.startsOn && today < banner.startsOn) {
    return `The promo banner shows from ${formatLongDate(banner.startsOn)}${banner.endsOn ? ` to ${formatLongDate(banner.endsOn)}` : ""}.`;
  }
  return `The promo banner shows now${until}.`;
}

/** A store as the pages show it: the fixed facts (name, map position) with the owner's edits and hours. */
export interface StoreView extends Store {
  weekly: WeeklySchedule;
  /** The OMMA licence number the owner entered; absent until then (every hydrating page carries this data). */
  licenseNumber?: string;
}

export function storeView(store: Store, facts: StoreFacts, weekly: WeeklySchedule): StoreView {
  const { mapEmbedUrl, directionsUrl } = mapsLinks(addressLine({ ...store, ...facts }));
  return {
    ...store,
    phone: facts.phone,
    phoneHref: phoneHref(facts.phone),
    street: facts.street,
    city: facts.city,
    postalCode: facts.postalCode,
    googleReviewUrl: facts.googleReviewUrl,
    weedmapsUrl: facts.weedmapsUrl,
    ...(facts.licenseNumber ? { licenseNumber: facts.licenseNumber } : {}),
    mapEmbedUrl,
    directionsUrl,
    weekly,
  };
}

/**
 * One store on the public pages: its facts, hours and the status at render time. Everything said about the
 * hours is worked out here, on the server, so the pages' scripts carry none of the hours' grammar.
 */
export interface PublicStore extends StoreView {
  status: { state: StoreStatus["state"]; text: string; label?: string };
  /** The timetable as the footer and /locations print it: ["Sunday–Thursday: 9 AM – 10 PM", …]. */
  hoursLines: string[];
  /** The same hours for the structured data (schema.org), the exceptions not yet over included. */
  openingHours: { regular: OpeningHoursSpecification[]; special: SpecialOpeningHoursSpecification[] };
}

/** What every public page knows about the business (the root loader's `site`). No notification recipients. */
export interface PublicSite {
  name: string;
  email: string;
  socials: { name: "Facebook" | "Instagram" | "X"; href: string }[];
  menu: { embedUrl: string; url: string };
  /** The promo banner when it shows today, else null. */
  banner: { text: string; href: string | null } | null;
  stores: [PublicStore, PublicStore];
  /** The sentences about both stores' hours, made here so the pages' scripts need not carry their grammar. */
  hours: {
    /** "Open 9AM–10PM Sunday–Thursday, until midnight Friday & Saturday" (home hero, Careers). */
    headline: string;
    /** The FAQ's answer to "What are your hours?". */
    answer: string;
    /** Whether any store is open at 10 PM or later on some day (the home's 'Open Late' card). */
    late: boolean;
  };
  /** Today in the stores' zone ("YYYY-MM-DD"), the day the statuses and the banner were worked out for. */
  today: string;
}

export function publicSite(settings: SiteSettings, hours: StoreHoursById, now: Date, today: string): PublicSite {
  const publicStore = (store: Store): PublicStore => {
    const { weekly, exceptions } = hours[store.id];
    const { state, text, label } = storeStatus(weekly, exceptions, now);
    return {
      ...storeView(store, settings.stores[store.id], weekly),
      status: label ? { state, text, label } : { state, text },
      hoursLines: weeklyLines(weekly),
      openingHours: {
        regular: openingHoursSpecification(weekly),
        special: specialOpeningHoursSpecification(exceptions, today),
      },
    };
  };
  const named = stores.map((store) => ({ shortName: store.shortName, weekly: hours[store.id].weekly }));
  const socials = (
    [
      ["Facebook", settings.socials.facebook],
      ["Instagram", settings.socials.instagram],
      ["X", settings.socials.x],
    ] as const
  ).flatMap(([name, href]) => (href ? [{ name, href }] : []));
  return {
    name: settings.name,
    email: settings.email,
    socials,
    menu: { embedUrl: settings.menuEmbedUrl, url: settings.fullMenuUrl },
    banner: bannerShowsOn(settings.banner, today) ? { text: settings.banner.text, href: settings.banner.href } : null,
    stores: [publicStore(stores[0]), publicStore(stores[1])],
    hours: { headline: hoursHeadline(named), answer: hoursAnswer(named), late: opensLate(named) },
    today,
  };
}
