// The stores' hours as the owner sets them: each store's weekly schedule (a site_settings section, the
// defaults of app/content/stores until saved) and its exceptions (holidays, special hours: the
// store_hours_exceptions table), read once per request and edited in Admin → Hours with activity log rows.
import { type StoreId, stores, storeShortName } from "~/content/stores";
import { addDays, formatShortDate, todayInStoreZone } from "~/lib/dates";
import type { StoreHoursById } from "~/lib/site-settings";
import {
  type DayHours,
  formatClockSpaced,
  type HoursException,
  parseWeeklySchedule,
  type WeeklySchedule,
} from "~/lib/store-hours";
import { db } from "~/server/db.server";
import type { StoreHoursException } from "~/server/schema.server";
import {
  type ActivityActor,
  changedFields,
  recordActivity,
  recordRowChange,
  type RowActivity,
} from "./activity.server";
import { readUntilChanged } from "~/server/content-memo.server";
import { readSetting, saveInTransaction, writeSetting } from "./site-settings-rows.server";
import { lockRowForUpdate } from "./row-lock.server";

const hoursKey = (store: StoreId) => `hours.${store}`;

/** The weekly schedule of the defaults (app/content/site.ts). */
function defaultWeekly(store: StoreId): WeeklySchedule {
  return stores.find((s) => s.id === store)!.weekly;
}

export function getWeeklyHours(store: StoreId): Promise<WeeklySchedule> {
  return readUntilChanged(
    `settings ${hoursKey(store)}`,
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
  await saveInTransaction(async (trx) => {
    const before = parseWeeklySchedule(await readSetting(hoursKey(store), trx)) ?? defaultWeekly(store);
    await writeSetting(hoursKey(store), schedule, trx);
    await recordActivity(trx, {
      kind: "hours.update",
      actor,
      subject: { type: "hours", id: hoursKey(store), title: `${storeShortName(store)} weekly hours` },
      changes: changedFields(weekForLog(before), weekForLog(schedule), WEEKDAY_NAMES),
    });
  });
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
  const today = todayInStoreZone(now);
  return readUntilChanged(`hours exceptions ${store} ${today}`, async () => {
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

/**
 * An exception in the activity log: "Thanksgiving, Nov 26, 2026 (Lindsey Street)" (a range reads
 * "Nov 24, 2026 – Nov 27, 2026"), and the fields an admin edits.
 */
const EXCEPTION_ACTIVITY: RowActivity<StoreHoursException> = {
  subject: (row) => {
    const dates =
      row.start_date === row.end_date
        ? formatShortDate(row.start_date)
        : `${formatShortDate(row.start_date)} – ${formatShortDate(row.end_date)}`;
    return { type: "hours-exception", id: row.id, title: `${row.label}, ${dates} (${storeShortName(row.store)})` };
  },
  fields: ["store", "start_date", "end_date", "closed", "opens", "closes", "label"],
};

export function createHoursException(input: HoursExceptionInput, actor: ActivityActor): Promise<StoreHoursException> {
  return saveInTransaction(async (trx) => {
    const created = await trx
      .insertInto("store_hours_exceptions")
      .values(exceptionValues(input))
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordRowChange(trx, "hours-exception.create", actor, EXCEPTION_ACTIVITY, null, created);
    return created;
  });
}

export function updateHoursException(
  id: string,
  input: HoursExceptionInput,
  actor: ActivityActor,
): Promise<StoreHoursException | undefined> {
  return saveInTransaction(async (trx) => {
    const before = await lockRowForUpdate(trx, "store_hours_exceptions", id);
    if (!before) return undefined;
    const after = await trx
      .updateTable("store_hours_exceptions")
      .set({ ...exceptionValues(input), updated_at: new Date() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordRowChange(trx, "hours-exception.update", actor, EXCEPTION_ACTIVITY, before, after);
    return after;
  });
}

export function deleteHoursException(id: string, actor: ActivityActor): Promise<StoreHoursException | undefined> {
  return saveInTransaction(async (trx) => {
    const deleted = await trx
      .deleteFrom("store_hours_exceptions")
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!deleted) return undefined;
    await recordRowChange(trx, "hours-exception.delete", actor, EXCEPTION_ACTIVITY, deleted, null);
    return deleted;
  });
}
