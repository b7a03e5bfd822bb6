import { z } from "zod";
import type { StoreId } from "~/content/stores";
import { formatPhone, phoneDigits } from "~/lib/phone";

// The stored settings document (site_settings, key 'site') and its rules: what the settings model validates
// on read and on save, and what the Admin → Settings form is built from (./settings.ts).

const HTTP_URL_MESSAGE = "Enter an address starting with https:// or http://";
const PHONE_MESSAGE = "Enter a 10-digit US phone number, e.g. (405) 555-0142";
const EMAIL_MESSAGE = "Enter a valid email address";
const DATE_MESSAGE = "Enter a date";

/** The longest each setting may be (the form's maxLength says the same). */
export const SETTINGS_LIMITS = {
  name: 80,
  bannerText: 200,
  url: 500,
  street: 120,
  city: 60,
  recipients: 10,
  licenseNumber: 40,
};

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
  /** The store's OMMA licence number (footer, JSON-LD `identifier`); empty until the owner enters it. */
  licenseNumber: z
    .string()
    .trim()
    .max(SETTINGS_LIMITS.licenseNumber, `At most ${SETTINGS_LIMITS.licenseNumber} characters`)
    .regex(/^[A-Za-z0-9-]*$/, "Letters, digits and dashes only, as the license shows it")
    .default(""),
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
