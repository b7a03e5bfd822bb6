import { z } from "zod";
import { type StoreId, stores, storeShortName } from "~/content/stores";
import { addDays, formatShortDate, todayInStoreZone } from "~/lib/dates";
import { type SiteSettings, siteSettingsSchema } from "~/lib/schemas/site-settings";
import {
  defaultSiteSettings,
  defaultStoreHours,
  type PublicSite,
  publicSite,
  type StoreHoursById,
} from "~/lib/site-settings";
import {
  type DayHours,
  formatClockSpaced,
  type HoursException,
  parseWeeklySchedule,
  type WeeklySchedule,
} from "~/lib/store-hours";
import { type ActivityActor, changedFields, recordActivity } from "./activity.server";
import { type DB, db } from "~/server/db.server";
import { unlessDatabaseUnavailable } from "~/server/db-guards.server";
import { env } from "~/server/env.server";
import { currentRequestScope } from "~/server/request-scope.server";
import type { StoreHoursException } from "~/server/schema.server";

// The owner's settings and store hours. Read from the database on every request (once per request), so a
// change shows on the next request on every instance; a section never saved reads as its defaults.

const SITE_KEY = "site";
const hoursKey = (store: StoreId) => `hours.${store}`;

function defaults(): SiteSettings {
  const config = env();
  return defaultSiteSettings({
    menuEmbedUrl: config.MENU_EMBED_URL,
    fullMenuUrl: config.MENU_URL,
    mailTo: config.MAIL_TO,
  });
}

async function readSetting(key: string, executor?: DB): Promise<unknown> {
  const row = await (executor ?? (await db()))
    .selectFrom("site_settings")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  return row?.value;
}

/** Writes one section; pass the transaction that also records the change in the activity log. */
async function writeSetting(key: string, value: unknown, executor?: DB): Promise<void> {
  await (executor ?? (await db()))
    .insertInto("site_settings")
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value), updated_at: new Date() }))
    .execute();
}

/** Per request: the settings and hours are read once however many components ask. */
const requestMemo = new WeakMap<object, Map<string, Promise<unknown>>>();
function memoized<T>(key: string, read: () => Promise<T>): Promise<T> {
  const scope = currentRequestScope();
  if (!scope) return read();
  let entries = requestMemo.get(scope);
  if (!entries) requestMemo.set(scope, (entries = new Map()));
  let pending = entries.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = read();
    entries.set(key, pending);
    // A failed read (database outage) is not remembered.
    pending.catch(() => entries.delete(key));
  }
  return pending;
}

/** Forgets what this request read, so a page rendered after a save in the same request sees the change. */
function forgetMemo() {
  const scope = currentRequestScope();
  if (scope) requestMemo.delete(scope);
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
  return memoized(SITE_KEY, async () => settingsFrom(await readSetting(SITE_KEY)));
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
export async function saveSiteSettings(settings: SiteSettings, actor: ActivityActor): Promise<void> {
  const after = siteSettingsSchema.parse(settings);
  await (await db()).transaction().execute(async (trx) => {
    const before = flattenSettings(settingsFrom(await readSetting(SITE_KEY, trx)));
    const flat = flattenSettings(after);
    await writeSetting(SITE_KEY, after, trx);
    await recordActivity(trx, {
      kind: "settings.update",
      actor,
      subject: { type: "settings", id: SITE_KEY, title: "Site settings" },
      changes: changedFields(before, flat, [...new Set([...Object.keys(before), ...Object.keys(flat)])]),
    });
  });
  forgetMemo();
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

/** The weekly schedule of the defaults (app/content/site.ts). */
function defaultWeekly(store: StoreId): WeeklySchedule {
  return stores.find((s) => s.id === store)!.weekly;
}

export function getWeeklyHours(store: StoreId): Promise<WeeklySchedule> {
  return memoized(
    hoursKey(store),
    async () => parseWeeklySchedule(await readSetting(hoursKey(store))) ?? defaultWeekly(store),
  );
}

const WEEKDAY_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

/** One day as the activity log shows it: "9 AM – 10 PM", "9 AM – midnight", or "Closed". */
function dayHoursText(hours: DayHours | null): string {
  const clock = (time: string) => formatClockSpaced(time, { words: true });
  return hours ? `${clock(hours.opens)} – ${clock(hours.closes)}` : "Closed";
}

/** A week as the log compares it, day by day: { saturday: "9 AM – 10 PM", … }. */
function weekForLog(schedule: WeeklySchedule): Record<string, string> {
  return Object.fromEntries(WEEKDAY_NAMES.map((day, index) => [day, dayHoursText(schedule[index])]));
}

/** Saves a store's weekly hours, recorded in the activity log as `actor`'s change (the days that changed). */
export async function saveWeeklyHours(store: StoreId, schedule: WeeklySchedule, actor: ActivityActor): Promise<void> {
  if (!parseWeeklySchedule(schedule)) throw new Error("Not a weekly schedule");
  await (await db()).transaction().execute(async (trx) => {
    const before = parseWeeklySchedule(await readSetting(hoursKey(store), trx)) ?? defaultWeekly(store);
    await writeSetting(hoursKey(store), schedule, trx);
    await recordActivity(trx, {
      kind: "hours.update",
      actor,
      subject: { type: "hours", id: hoursKey(store), title: `${storeShortName(store)} weekly hours` },
      changes: changedFields(weekForLog(before), weekForLog(schedule), WEEKDAY_NAMES),
    });
  });
  forgetMemo();
}

export function toHoursException(row: StoreHoursException): HoursException {
  return {
    id: row.id,
    startDate: row.start_date,
    endDate: row.end_date,
    closed: row.closed,
    opens: row.opens,
    closes: row.closes,
    label: row.label,
  };
}

/**
 * A store's exceptions that still matter (ending yesterday or later: yesterday's after-midnight hours can
 * run into today), oldest first — the order the hours engine breaks ties by.
 */
export function listCurrentHoursExceptions(store: StoreId, now = new Date()): Promise<HoursException[]> {
  return memoized(`exceptions.${store}`, async () => {
    const today = todayInStoreZone(now);
    const rows = await (
      await db()
    )
      .selectFrom("store_hours_exceptions")
      .selectAll()
      .where("store", "=", store)
      .where("end_date", ">=", addDays(today, -1))
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map(toHoursException);
  });
}

/** Both stores' hours, as every page needs them. */
export async function getAllStoreHours(now = new Date()): Promise<StoreHoursById> {
  const [lindseyWeekly, blueWaterWeekly, lindseyExceptions, blueWaterExceptions] = await Promise.all([
    getWeeklyHours("Lindsey"),
    getWeeklyHours("BlueWater"),
    listCurrentHoursExceptions("Lindsey", now),
    listCurrentHoursExceptions("BlueWater", now),
  ]);
  return {
    Lindsey: { weekly: lindseyWeekly, exceptions: lindseyExceptions },
    BlueWater: { weekly: blueWaterWeekly, exceptions: blueWaterExceptions },
  };
}

// Exceptions as the admin edits them.

export interface HoursExceptionInput {
  store: StoreId;
  startDate: string;
  endDate: string;
  closed: boolean;
  opens: string | null;
  closes: string | null;
  label: string;
}

const exceptionValues = (input: HoursExceptionInput) => ({
  store: input.store,
  start_date: input.startDate,
  end_date: input.endDate,
  closed: input.closed,
  opens: input.closed ? null : input.opens,
  closes: input.closed ? null : input.closes,
  label: input.label,
});

export async function listHoursExceptionsForAdmin(
  store: StoreId,
  options: { upcomingFrom: string; page: number; pageSize: number; past?: boolean },
): Promise<{ exceptions: StoreHoursException[]; total: number }> {
  const database = await db();
  const base = database
    .selectFrom("store_hours_exceptions")
    .where("store", "=", store)
    .where("end_date", options.past ? "<" : ">=", options.upcomingFrom);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy("start_date", options.past ? "desc" : "asc")
      .orderBy("created_at")
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { exceptions: rows, total: Number(count.n) };
}

export async function getHoursException(id: string): Promise<StoreHoursException | undefined> {
  return (await db()).selectFrom("store_hours_exceptions").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The fields an admin edits, as the activity log compares them. */
const EXCEPTION_FIELDS = ["store", "start_date", "end_date", "closed", "opens", "closes", "label"] as const;

/** "Thanksgiving, Nov 26, 2026 (Lindsey Street)"; a range reads "Nov 24, 2026 – Nov 27, 2026". */
function exceptionSubject(row: StoreHoursException) {
  const dates =
    row.start_date === row.end_date
      ? formatShortDate(row.start_date)
      : `${formatShortDate(row.start_date)} – ${formatShortDate(row.end_date)}`;
  return { type: "hours-exception", id: row.id, title: `${row.label}, ${dates} (${storeShortName(row.store)})` };
}

export async function createHoursException(
  input: HoursExceptionInput,
  actor: ActivityActor,
): Promise<StoreHoursException> {
  const row = await (await db()).transaction().execute(async (trx) => {
    const created = await trx
      .insertInto("store_hours_exceptions")
      .values(exceptionValues(input))
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(trx, {
      kind: "hours-exception.create",
      actor,
      subject: exceptionSubject(created),
      changes: changedFields(null, created, EXCEPTION_FIELDS),
    });
    return created;
  });
  forgetMemo();
  return row;
}

export async function updateHoursException(
  id: string,
  input: HoursExceptionInput,
  actor: ActivityActor,
): Promise<StoreHoursException | undefined> {
  const row = await (await db()).transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("store_hours_exceptions")
      .selectAll()
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    const after = await trx
      .updateTable("store_hours_exceptions")
      .set({ ...exceptionValues(input), updated_at: new Date() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(trx, {
      kind: "hours-exception.update",
      actor,
      subject: exceptionSubject(after),
      changes: changedFields(before, after, EXCEPTION_FIELDS),
    });
    return after;
  });
  forgetMemo();
  return row;
}

export async function deleteHoursException(id: string, actor: ActivityActor): Promise<StoreHoursException | undefined> {
  const row = await (await db()).transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("store_hours_exceptions")
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!deleted) return undefined;
    await recordActivity(trx, {
      kind: "hours-exception.delete",
      actor,
      subject: exceptionSubject(deleted),
      changes: changedFields(deleted, null, EXCEPTION_FIELDS),
    });
    return deleted;
  });
  forgetMemo();
  return row;
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
