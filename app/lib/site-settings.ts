import { z } from "zod";
import { site, type Store, stores } from "~/content/site";
import { type HoursException, type StoreStatus, storeStatus, type WeeklySchedule } from "./store-hours";

// The store facts the owner edits in Admin → Settings. The values in app/content/site.ts are the defaults a
// fresh database starts with; once saved, the database's copy is the live one. Isomorphic: the pages read
// these from the root loader's data, the server from the settings model.

export type StoreId = Store["id"];
export const STORE_IDS: readonly StoreId[] = ["Lindsey", "BlueWater"];

export const SETTINGS_LIMITS = { name: 80, bannerText: 200, url: 500, street: 120, city: 60, recipients: 10 };

const HTTP_URL_MESSAGE = "Enter an address starting with https:// or http://";
const PHONE_MESSAGE = "Enter a 10-digit US phone number, e.g. (405) 555-0142";
const EMAIL_MESSAGE = "Enter a valid email address";
const DATE_MESSAGE = "Enter a date";

/** An http(s) address (never javascript:, data: or a relative path: these land in href attributes). */
export const httpUrl = z
  .string({ error: HTTP_URL_MESSAGE })
  .trim()
  .max(SETTINGS_LIMITS.url, `At most ${SETTINGS_LIMITS.url} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
    } catch {
      return false;
    }
  }, HTTP_URL_MESSAGE);

const email = z.string({ error: EMAIL_MESSAGE }).trim().max(254).email(EMAIL_MESSAGE);

/** The ten digits of a US phone number written any usual way, or null. */
export function phoneDigits(text: string): string | null {
  const digits = text.replace(/[\s().+-]/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? national : null;
}

/** "(405) 555-0142" for display; the tel: link is built from the same digits. */
export function formatPhone(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export function phoneHref(phone: string): string {
  return `tel:+1${phoneDigits(phone) ?? phone.replace(/\D/g, "")}`;
}

const phone = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .refine((value) => phoneDigits(value) !== null, PHONE_MESSAGE)
  .transform((value) => formatPhone(phoneDigits(value)!));

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), DATE_MESSAGE);

const storeFactsSchema = z.object({
  phone,
  street: z
    .string({ error: "Enter the street address" })
    .trim()
    .min(1, "Enter the street address")
    .max(SETTINGS_LIMITS.street),
  city: z.string({ error: "Enter the city" }).trim().min(1, "Enter the city").max(SETTINGS_LIMITS.city),
  postalCode: z
    .string({ error: "Enter a 5-digit ZIP code" })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, "Enter a 5-digit ZIP code"),
  googleReviewUrl: httpUrl,
  weedmapsUrl: httpUrl,
});

const isOnSitePath = (value: string) => /^\/(?!\/)\S*$/.test(value);

/**
 * The banner. Its rules are checked together (one pass reports every problem): text when it is on, an
 * http(s) address or a path on this site as its link, real dates in order.
 */
export const bannerSchema = z
  .object({
    enabled: z.boolean(),
    text: z.string().trim().max(SETTINGS_LIMITS.bannerText, `At most ${SETTINGS_LIMITS.bannerText} characters`),
    href: z.string().trim().max(SETTINGS_LIMITS.url).nullable(),
    startsOn: z.string().nullable(),
    endsOn: z.string().nullable(),
  })
  .superRefine((banner, context) => {
    const problem = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (banner.enabled && banner.text.length === 0) problem("text", "Write the banner's text, or turn the banner off");
    if (banner.href !== null && !isOnSitePath(banner.href) && !httpUrl.safeParse(banner.href).success) {
      problem("href", HTTP_URL_MESSAGE);
    }
    const startOk = banner.startsOn === null || isoDate.safeParse(banner.startsOn).success;
    const endOk = banner.endsOn === null || isoDate.safeParse(banner.endsOn).success;
    if (!startOk) problem("startsOn", DATE_MESSAGE);
    if (!endOk) problem("endsOn", DATE_MESSAGE);
    if (startOk && endOk && banner.startsOn && banner.endsOn && banner.endsOn < banner.startsOn) {
      problem("endsOn", "The end date must be on or after the start date");
    }
  });

/** The stored document (key 'site'). */
export const siteSettingsSchema = z.object({
  name: z
    .string({ error: "Enter the site's name" })
    .trim()
    .min(1, "Enter the site's name")
    .max(SETTINGS_LIMITS.name, `At most ${SETTINGS_LIMITS.name} characters`),
  email,
  banner: bannerSchema,
  socials: z.object({ facebook: httpUrl.nullable(), instagram: httpUrl.nullable(), x: httpUrl.nullable() }),
  menuEmbedUrl: httpUrl,
  fullMenuUrl: httpUrl,
  notify: z.object({
    applications: z.array(email).min(1, "At least one recipient").max(SETTINGS_LIMITS.recipients),
    inquiries: z.array(email).min(1, "At least one recipient").max(SETTINGS_LIMITS.recipients),
  }),
  stores: z.object({ Lindsey: storeFactsSchema, BlueWater: storeFactsSchema }),
});

export type SiteSettings = z.output<typeof siteSettingsSchema>;
export type StoreFacts = SiteSettings["stores"][StoreId];
export type Banner = SiteSettings["banner"];

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

/** Whether the banner shows on a day ("YYYY-MM-DD", the stores' zone): on, with text, within its dates. */
export function bannerShowsOn(banner: Banner, today: string): boolean {
  if (!banner.enabled || !banner.text) return false;
  if (banner.startsOn && today < banner.startsOn) return false;
  return !(banner.endsOn && today > banner.endsOn);
}

/** A store as the pages show it: the fixed facts (name, map position) with the owner's edits and hours. */
export interface StoreView extends Store {
  weekly: WeeklySchedule;
}

export function storeView(store: Store, facts: StoreFacts, weekly: WeeklySchedule): StoreView {
  const query = encodeURIComponent(addressLine({ ...store, ...facts }));
  return {
    ...store,
    phone: facts.phone,
    phoneHref: phoneHref(facts.phone),
    street: facts.street,
    city: facts.city,
    postalCode: facts.postalCode,
    googleReviewUrl: facts.googleReviewUrl,
    weedmapsUrl: facts.weedmapsUrl,
    mapEmbedUrl: `https://www.google.com/maps?q=${query}&output=embed`,
    directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${query}`,
    weekly,
  };
}

/** One store on the public pages: its facts, hours and the status at render time (server-computed). */
export interface PublicStore extends StoreView {
  exceptions: HoursException[];
  status: { state: StoreStatus["state"]; text: string; label?: string };
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
  /** Today in the stores' zone ("YYYY-MM-DD"), the day the statuses and the banner were worked out for. */
  today: string;
}

export function publicSite(
  settings: SiteSettings,
  hours: Record<StoreId, { weekly: WeeklySchedule; exceptions: HoursException[] }>,
  now: Date,
  today: string,
): PublicSite {
  const publicStore = (store: Store): PublicStore => {
    const { weekly, exceptions } = hours[store.id];
    const { state, text, label } = storeStatus(weekly, exceptions, now);
    return {
      ...storeView(store, settings.stores[store.id], weekly),
      exceptions,
      status: label ? { state, text, label } : { state, text },
    };
  };
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
    today,
  };
}

/** "530 West Lindsey Street, Norman, OK 73069" */
export function addressLine(store: Pick<Store, "street" | "city" | "region" | "postalCode">): string {
  return `${store.street}, ${store.city}, ${store.region} ${store.postalCode}`;
}
