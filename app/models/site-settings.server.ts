// The owner's settings (Admin → Settings), the site-wide sign-in policy, and the business as every public
// page shows it (settings and store hours, store-hours-settings.server.ts). Read once and kept until a write
// to the table commits (site-settings-rows.server.ts), so a change shows on the next request on every
// instance; a section never saved reads as its defaults.
import { z } from "zod";
import { todayInStoreZone } from "~/lib/dates";
import { type SiteSettings, siteSettingsSchema } from "~/lib/schemas/site-settings";
import {
  defaultSiteSettings,
  defaultStoreHours,
  type PublicSite,
  publicSite,
  type StoreHoursById,
} from "~/lib/site-settings";
import { type DB, db } from "~/server/db.server";
import { unlessDatabaseUnavailable } from "~/server/db-guards.server";
import { env } from "~/server/env.server";
import { type ActivityActor, changedFields, recordActivity } from "./activity.server";
import { type OverrideFor, overrideFor, recordAdvertisingOverride } from "./ad-findings.server";
import { readUntilChanged } from "~/server/content-memo.server";
import { readSetting, saveInTransaction, writeSetting } from "./site-settings-rows.server";
import { getAllStoreHours } from "./store-hours-settings.server";

const SITE_KEY = "site";

function defaults(): SiteSettings {
  const config = env();
  return defaultSiteSettings({
    menuEmbedUrl: config.MENU_EMBED_URL,
    fullMenuUrl: config.MENU_URL,
    mailTo: config.MAIL_TO,
  });
}

/** The last settings this process read: what it uses while the database is away. */
let lastSettings: SiteSettings | undefined;

/** The live settings. A stored document that no longer validates (an older shape) reads field by field. */
export async function getSiteSettings(): Promise<SiteSettings> {
  lastSettings = await readSiteSettings();
  return lastSettings;
}

/** Who gets a kind of notification mail; during a database outage, the last recipients this process read. */
export function notificationRecipients(kind: "applications" | "inquiries"): Promise<string[]> {
  return unlessDatabaseUnavailable(
    async () => (await getSiteSettings()).notify[kind],
    () => (lastSettings ?? defaults()).notify[kind],
  );
}

function readSiteSettings(): Promise<SiteSettings> {
  return readUntilChanged(`settings ${SITE_KEY}`, async () => settingsFrom(await readSetting(SITE_KEY)));
}

/** The stored document as settings: a missing one is the defaults; one that no longer validates reads field by field. */
function settingsFrom(stored: unknown): SiteSettings {
  const fallback = defaults();
  if (stored === undefined) return fallback;
  const parsed = siteSettingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  // Keep every section that still validates; the rest falls back to its default.
  const merged = { ...fallback } as Record<string, unknown>;
  const shape = siteSettingsSchema.shape as Record<
    string,
    { safeParse: (v: unknown) => { success: boolean; data?: unknown } }
  >;
  for (const [name, schema] of Object.entries(shape)) {
    const section = schema.safeParse((stored as Record<string, unknown>)?.[name]);
    if (section.success) merged[name] = section.data;
  }
  return merged as SiteSettings;
}

/**
 * The settings document as one level of dotted names ('banner.text', 'stores.Lindsey.phone'), a list as
 * its items joined ('notify.inquiries': 'a@x.com, b@x.com'): what the activity log compares field by field.
 */
function flattenSettings(value: unknown, prefix = "", into: Record<string, unknown> = {}): Record<string, unknown> {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flattenSettings(inner, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix) {
    into[prefix] = Array.isArray(value) ? value.join(", ") : value;
  }
  return into;
}

/** Saves the owner's settings form, recorded in the activity log as `actor`'s change (which fields, from → to). */
export async function saveSiteSettings(
  settings: SiteSettings,
  actor: ActivityActor,
  /** The owner published the banner despite the advertising checker's findings, for this reason (or the gate that decides it against the stored settings). */
  override?: OverrideFor<SiteSettings>,
): Promise<void> {
  const after = siteSettingsSchema.parse(settings);
  await saveInTransaction(async (trx) => {
    const stored = settingsFrom(await readSetting(SITE_KEY, trx));
    const decided = overrideFor(override, stored);
    const before = flattenSettings(stored);
    const flat = flattenSettings(after);
    await writeSetting(SITE_KEY, after, trx);
    await recordActivity(trx, {
      kind: "settings.update",
      actor,
      subject: { type: "settings", id: SITE_KEY, title: "Site settings" },
      changes: changedFields(before, flat, [...new Set([...Object.keys(before), ...Object.keys(flat)])]),
    });
    if (decided) {
      await recordAdvertisingOverride(trx, actor, { type: "settings", id: "banner", title: "Promo banner" }, decided);
    }
  });
}

// The site-wide sign-in policy (Admin → Users): require two-factor sign-in for every admin. Its own section
// ('security'), apart from the owner's settings document; a missing or malformed value reads as "not required".
const SECURITY_KEY = "security";
const securityPolicySchema = z.object({ requireTwoFactor: z.boolean() });
export type SecurityPolicy = z.infer<typeof securityPolicySchema>;

export async function getSecurityPolicy(executor?: DB): Promise<SecurityPolicy> {
  const parsed = securityPolicySchema.safeParse(await readSetting(SECURITY_KEY, executor));
  return { requireTwoFactor: parsed.success ? parsed.data.requireTwoFactor : false };
}

/** Turns the require-two-factor policy on or off, recorded in the activity log as `actor`'s change. */
export async function setRequireTwoFactor(required: boolean, actor: ActivityActor): Promise<void> {
  await (await db()).transaction().execute(async (trx) => {
    const before = await getSecurityPolicy(trx);
    const after = { requireTwoFactor: required } satisfies SecurityPolicy;
    await writeSetting(SECURITY_KEY, after, trx);
    await recordActivity(trx, {
      kind: "settings.update",
      actor,
      subject: { type: "settings", id: SECURITY_KEY, title: "Two-factor sign-in policy" },
      changes: changedFields(before, after, ["requireTwoFactor"]),
    });
  });
}

/** The last hours this process read: what the pages show while the database is away. */
let lastHours: StoreHoursById | undefined;

/**
 * The business as every public page shows it: settings, hours and each store's status right now. During a
 * database outage, the last facts this process read (the defaults if it has read none): the page still
 * renders — a form keeps what was typed, a saved message still says so — and the request's own database
 * work decides whether it answers 503.
 */
export async function getPublicSite(now = new Date()): Promise<PublicSite> {
  return unlessDatabaseUnavailable(
    async () => {
      const [settings, hours] = await Promise.all([getSiteSettings(), getAllStoreHours(now)]);
      lastHours = hours;
      return publicSite(settings, hours, now, todayInStoreZone(now));
    },
    () => lastKnownPublicSite(now),
  );
}

/**
 * The last facts this process read (the defaults, with the configured menu, if it has read none), without
 * asking the database: an outage's pages, and an error page whose root loader never ran (entry.server.tsx).
 */
export function lastKnownPublicSite(now = new Date()): PublicSite {
  return publicSite(lastSettings ?? defaults(), lastHours ?? defaultStoreHours(), now, todayInStoreZone(now));
}
