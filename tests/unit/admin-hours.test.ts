import { getZodConstraint } from "@conform-to/zod/v4";
import { getToast } from "remix-toast";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { stores } from "~/content/stores";
import { FIX_FIELDS_MESSAGE } from "~/lib/form-result";
import { HOURS_FIELD_MESSAGES, HOURS_MESSAGES, hoursExceptionSchema, weeklyHoursSchema } from "~/lib/schemas/hours";
import { storeStatus } from "~/lib/store-hours";
import { weeklyLines } from "~/lib/hours-sentences";
import { getPublicSite } from "~/models/site-settings.server";
import {
  createHoursException,
  getHoursException,
  getWeeklyHours,
  listCurrentHoursExceptions,
} from "~/models/store-hours-settings.server";
import { action, loader } from "~/routes/admin/hours";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";
import { asResult, makeUser, ORIGIN, callRoute, sessionCookieFor, settle } from "./auth-support";

const [lindsey, blueWater] = stores;

let database: OpenedDatabase;
let adminId = "";
let adminCookie = "";
/** The signed-in admin, as the models' writes take it for the activity log. */
let admin = { id: "", email: "" };
beforeAll(async () => {
  database = await createTestDatabase();
  const user = await makeUser("hours-admin@example.com", "admin-pass", { admin: true });
  adminId = user.id;
  admin = { id: user.id, email: user.email };
  adminCookie = await sessionCookieFor(adminId);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom("store_hours_exceptions").execute();
  await database.db.deleteFrom("site_settings").execute();
});
afterEach(async () => {
  vi.useRealTimers();
  // A session started at a made-up time is idle (or not yet used) at the real one.
  adminCookie = await sessionCookieFor(adminId);
});

/** Sets the clock (Date only: the database's timers keep running) and signs the admin in at that time. */
async function atTime(iso: string) {
  vi.setSystemTime(new Date(iso));
  adminCookie = await sessionCookieFor(adminId, new Date(iso));
}

async function post(fields: Record<string, string>, search = "", cookie: string | null = adminCookie) {
  const headers = new Headers({ Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`${ORIGIN}/admin/hours${search}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
  });
  return asResult(await settle(() => callRoute(action, request)));
}

async function load(search = "", cookie: string | null = adminCookie): Promise<any> {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  return settle(() => callRoute(loader, new Request(`${ORIGIN}/admin/hours${search}`, { headers })));
}

/** The flash toast a redirect carries. */
async function toastOf(response: { headers: Headers }) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  return (await getToast(new Request(ORIGIN, { headers: { Cookie: cookie.split(";")[0] } }))).toast;
}

/** The weekly form as the page posts it: every day open 09:00–22:00 unless `days` says otherwise. */
function weekForm(
  store: string,
  days: Record<number, { closed?: boolean; opens?: string; closes?: string }> = {},
  intent = "save-week",
): Record<string, string> {
  const fields: Record<string, string> = { intent, store };
  for (let day = 0; day < 7; day++) {
    const value = { opens: "09:00", closes: "22:00", ...days[day] };
    if (value.closed) fields[`d${day}.closed`] = "on";
    fields[`d${day}.opens`] = value.opens;
    fields[`d${day}.closes`] = value.closes;
  }
  return fields;
}

const fieldErrors = (result: { data: any }) => result.data.result.error as Record<string, string[]>;

describe("admin hours: guard", () => {
  it("sends an anonymous visitor to the login page from the loader and the action", async () => {
    const page = (await load("", null)) as Response;
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fhours");

    const week = await post(weekForm("BlueWater", { 6: { opens: "10:00", closes: "02:00" } }), "", null);
    expect(week.status).toBe(302);
    expect(week.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await getWeeklyHours("BlueWater")).toEqual(blueWater.weekly);

    const create = await post(
      { intent: "create", store: "Lindsey", start_date: "2026-11-26", kind: "closed", label: "Thanksgiving" },
      "",
      null,
    );
    expect(create.status).toBe(302);
    expect(await listCurrentHoursExceptions("Lindsey", new Date("2026-11-01T12:00:00Z"))).toEqual([]);
  });

  it("refuses a signed-in user without the admin role", async () => {
    const user = await makeUser("hours-visitor@example.com", "visitor-pass", { admin: false });
    const cookie = await sessionCookieFor(user.id);
    const result = await post(weekForm("Lindsey", { 1: { closed: true } }), "", cookie);
    expect(result.status).not.toBe(200);
    expect(await getWeeklyHours("Lindsey")).toEqual(lindsey.weekly);
  });
});

describe("admin hours: forms", () => {
  it("are schemas conform can read in the browser (no transform at the root)", () => {
    expect(getZodConstraint(weeklyHoursSchema)["d6.opens"]).toMatchObject({ required: false });
    expect(getZodConstraint(hoursExceptionSchema).label).toMatchObject({ required: true });
  });
});

describe("admin hours: the page", () => {
  it("shows the main store by default, with the status and the lines the public pages show", async () => {
    await atTime("2026-11-10T18:00:00Z"); // Tuesday noon in Chicago
    const data = await load();
    expect(data.store).toBe("Lindsey");
    expect(data.weekly).toEqual(lindsey.weekly);
    expect(data.status).toEqual({ state: "open", text: "Open now · closes 10 PM" });
    expect((await load("?store=nowhere")).store).toBe("Lindsey");
    expect((await load("?store=BlueWater")).store).toBe("BlueWater");
  });

  it("warns about the US holidays of the next 30 days that have no entry for the store", async () => {
    await atTime("2026-11-10T18:00:00Z");
    expect((await load()).holidays).toEqual([{ date: "2026-11-26", name: "Thanksgiving" }]);

    await createHoursException(
      {
        store: "Lindsey",
        startDate: "2026-11-26",
        endDate: "2026-11-26",
        closed: true,
        opens: null,
        closes: null,
        label: "Thanksgiving",
      },
      admin,
    );
    expect((await load()).holidays).toEqual([]);
    // The other store still has to decide.
    expect((await load("?store=BlueWater")).holidays).toEqual([{ date: "2026-11-26", name: "Thanksgiving" }]);

    // In December: Christmas Eve, Christmas Day, New Year's Eve and New Year's Day.
    await atTime("2026-12-15T18:00:00Z");
    expect((await load()).holidays.map((h: { name: string }) => h.name)).toEqual([
      "Christmas Eve",
      "Christmas Day",
      "New Year's Eve",
      "New Year's Day",
    ]);
  });

  it("says 'Closed today' with the label on a closed date", async () => {
    await createHoursException(
      {
        store: "Lindsey",
        startDate: "2026-11-26",
        endDate: "2026-11-26",
        closed: true,
        opens: null,
        closes: null,
        label: "Thanksgiving",
      },
      admin,
    );
    await atTime("2026-11-26T18:00:00Z");
    expect((await load()).status).toMatchObject({ state: "closed-today", text: "Closed today (Thanksgiving)" });
  });

  it("fills the new-exception dialog from a holiday's 'Add closure' link, and ignores a bad date", async () => {
    const data = await load("?dialog=new&date=2026-11-26&label=Thanksgiving");
    expect(data.dialog).toEqual({ mode: "new" });
    expect(data.prefill).toEqual({ date: "2026-11-26", label: "Thanksgiving" });
    expect((await load("?dialog=new&date=2026-02-30&label=X")).prefill).toEqual({ date: "", label: "X" });
  });

  it("lists upcoming exceptions (ending today or later) apart from past ones", async () => {
    await atTime("2026-11-10T18:00:00Z");
    const base = { store: "Lindsey" as const, closed: true, opens: null, closes: null };
    await createHoursException({ ...base, startDate: "2026-11-01", endDate: "2026-11-09", label: "Remodel" }, admin);
    await createHoursException({ ...base, startDate: "2026-11-08", endDate: "2026-11-10", label: "Inventory" }, admin);
    await createHoursException(
      { ...base, startDate: "2026-11-26", endDate: "2026-11-26", label: "Thanksgiving" },
      admin,
    );
    await createHoursException(
      {
        ...base,
        store: "BlueWater",
        startDate: "2026-11-26",
        endDate: "2026-11-26",
        label: "Other",
      },
      admin,
    );
    const upcoming = await load();
    expect(upcoming.exceptions.map((e: { label: string }) => e.label)).toEqual(["Inventory", "Thanksgiving"]);
    const past = await load("?show=past");
    expect(past.past).toBe(true);
    expect(past.exceptions.map((e: { label: string }) => e.label)).toEqual(["Remodel"]);
  });
});

describe("admin hours: weekly hours", () => {
  it("saves a week with a closed day and a closing after midnight, and every page shows it", async () => {
    const result = await post(
      weekForm("BlueWater", { 1: { closed: true, opens: "", closes: "" }, 6: { opens: "10:00", closes: "02:00" } }),
      "?store=BlueWater&show=past",
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/hours?store=BlueWater&show=past");
    expect(await toastOf(result)).toMatchObject({ type: "success", message: HOURS_MESSAGES.saved });

    const open = { opens: "09:00", closes: "22:00" };
    const saved = await getWeeklyHours("BlueWater");
    expect(saved).toEqual([open, null, open, open, open, open, { opens: "10:00", closes: "02:00" }]);
    expect(weeklyLines(saved)).toEqual([
      "Sunday: 9 AM – 10 PM",
      "Monday: Closed",
      "Tuesday–Friday: 9 AM – 10 PM",
      "Saturday: 10 AM – 2 AM",
    ]);
    // The other store keeps its hours; the public pages read the new ones.
    expect(await getWeeklyHours("Lindsey")).toEqual(lindsey.weekly);
    const site = await getPublicSite(new Date("2026-11-15T01:00:00Z")); // Saturday 7 PM in Chicago
    expect(site.stores[1].weekly).toEqual(saved);
    // At 1 AM on Sunday the Saturday opening is still running.
    expect(storeStatus(saved, [], new Date("2026-11-15T07:00:00Z")).text).toBe("Open now · closes 2 AM");
  });

  it("keeps the closed box's times out of the schedule and accepts times with seconds", async () => {
    const result = await post(
      weekForm("Lindsey", {
        0: { closed: true, opens: "09:00", closes: "17:00" },
        5: { opens: "09:30:00", closes: "23:45" },
      }),
    );
    expect(result.status).toBe(302);
    const saved = await getWeeklyHours("Lindsey");
    expect(saved[0]).toBeNull();
    expect(saved[5]).toEqual({ opens: "09:30", closes: "23:45" });
  });

  it("refuses a missing, invalid or repeated time, field by field, and saves nothing", async () => {
    const result = await post(
      weekForm("Lindsey", {
        2: { opens: "" },
        3: { closes: "" },
        4: { opens: "25:00" },
        5: { opens: "10:00", closes: "10:00" },
      }),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      intent: "save-week",
      outcome: "invalid",
      message: HOURS_MESSAGES.saveHoursFailed,
      description: FIX_FIELDS_MESSAGE,
    });
    const errors = fieldErrors(result);
    expect(errors["d2.opens"]).toEqual([HOURS_FIELD_MESSAGES.opensRequired]);
    expect(errors["d3.closes"]).toEqual([HOURS_FIELD_MESSAGES.closesRequired]);
    expect(errors["d4.opens"]).toEqual([HOURS_FIELD_MESSAGES.badTime]);
    expect(errors["d5.closes"]).toEqual([HOURS_FIELD_MESSAGES.sameTime]);
    expect(errors["d0.opens"]).toBeUndefined();
    // What was typed comes back.
    expect(result.data.result.initialValue).toMatchObject({ d4: { opens: "25:00" } });
    expect(await getWeeklyHours("Lindsey")).toEqual(lindsey.weekly);
  });

  it("treats a day with nothing filled in and not closed as missing both times", async () => {
    const fields = weekForm("Lindsey");
    delete fields["d3.opens"];
    delete fields["d3.closes"];
    const result = await post(fields);
    expect(result.status).toBe(400);
    expect(fieldErrors(result)["d3.opens"]).toEqual([HOURS_FIELD_MESSAGES.opensRequired]);
    expect(fieldErrors(result)["d3.closes"]).toEqual([HOURS_FIELD_MESSAGES.closesRequired]);
  });

  it("refuses an unknown store", async () => {
    const result = await post(weekForm("Downtown"));
    expect(result.status).toBe(400);
    expect(fieldErrors(result).store).toEqual([HOURS_FIELD_MESSAGES.store]);
  });

  it("copies Monday's row to every day without saving, even when another day is wrong", async () => {
    const result = await post(
      weekForm("Lindsey", { 1: { opens: "08:00", closes: "01:00" }, 3: { opens: "" } }, "copy-monday"),
    );
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ intent: "copy-monday", outcome: "success", message: HOURS_MESSAGES.copied });
    const { initialValue, intent, error } = result.data.result;
    for (let day = 0; day < 7; day++) expect(initialValue[`d${day}`]).toEqual({ opens: "08:00", closes: "01:00" });
    expect(initialValue.store).toBe("Lindsey");
    expect(initialValue.intent).toBeUndefined();
    expect(intent).toEqual({ type: "update", payload: { value: initialValue } });
    expect(error).toEqual({});
    expect(await getWeeklyHours("Lindsey")).toEqual(lindsey.weekly);
  });

  it("copies a closed Monday as closed, and refuses to copy a Monday without its times", async () => {
    const closed = await post(weekForm("Lindsey", { 1: { closed: true, opens: "", closes: "" } }, "copy-monday"));
    expect(closed.data.result.initialValue.d5).toMatchObject({ closed: "on" });

    const missing = await post(weekForm("Lindsey", { 1: { opens: "" } }, "copy-monday"));
    expect(missing.status).toBe(400);
    expect(fieldErrors(missing)["d1.opens"]).toEqual([HOURS_FIELD_MESSAGES.opensRequired]);
  });
});

describe("admin hours: holidays and special hours", () => {
  // A week before the Thanksgiving these tests save: the redirect's list (upcoming or past) depends on the
  // store's today, which the real clock would move past November 26 (a run after midnight in Chicago failed).
  beforeEach(() => atTime("2026-11-20T18:00:00Z"));

  const closure = {
    intent: "create",
    store: "Lindsey",
    start_date: "2026-11-26",
    end_date: "",
    kind: "closed",
    opens: "",
    closes: "",
    label: " Thanksgiving ",
  };

  it("adds a closure for one date (no end date = the same day) and says so", async () => {
    const result = await post(closure, "?dialog=new&date=2026-11-26&label=Thanksgiving");
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/hours?store=Lindsey");
    expect(await toastOf(result)).toMatchObject({ type: "success", message: HOURS_MESSAGES.closureAdded });
    const [saved] = await listCurrentHoursExceptions("Lindsey", new Date("2026-11-20T12:00:00Z"));
    expect(saved).toMatchObject({
      startDate: "2026-11-26",
      endDate: "2026-11-26",
      closed: true,
      opens: null,
      closes: null,
      label: "Thanksgiving",
    });
  });

  it("adds special hours for a range on the store of the form, and drops the times of a closure", async () => {
    const special = await post(
      {
        ...closure,
        store: "BlueWater",
        start_date: "2026-12-24",
        end_date: "2026-12-26",
        kind: "special",
        opens: "10:00",
        closes: "16:00",
        label: "Holiday hours",
      },
      "?store=Lindsey",
    );
    expect(special.status).toBe(302);
    expect(special.headers.get("Location")).toBe("/admin/hours?store=BlueWater");
    expect(await toastOf(special)).toMatchObject({ message: HOURS_MESSAGES.specialAdded });
    const [row] = await listCurrentHoursExceptions("BlueWater", new Date("2026-12-01T12:00:00Z"));
    expect(row).toMatchObject({
      startDate: "2026-12-24",
      endDate: "2026-12-26",
      closed: false,
      opens: "10:00",
      closes: "16:00",
    });

    await post({ ...closure, opens: "10:00", closes: "16:00" });
    const [closed] = await listCurrentHoursExceptions("Lindsey", new Date("2026-11-20T12:00:00Z"));
    expect(closed).toMatchObject({ closed: true, opens: null, closes: null });
  });

  it("refuses an end before the start, special hours without times, a missing label and a range over 366 days", async () => {
    const backwards = await post({ ...closure, start_date: "2026-11-27", end_date: "2026-11-26" });
    expect(backwards.status).toBe(400);
    expect(backwards.data).toMatchObject({
      intent: "create",
      outcome: "invalid",
      message: HOURS_MESSAGES.createFailed,
    });
    expect(fieldErrors(backwards).end_date).toEqual([HOURS_FIELD_MESSAGES.endBeforeStart]);

    const noTimes = await post({ ...closure, kind: "special", label: "" });
    expect(noTimes.status).toBe(400);
    expect(fieldErrors(noTimes).opens).toEqual([HOURS_FIELD_MESSAGES.opensRequired]);
    expect(fieldErrors(noTimes).closes).toEqual([HOURS_FIELD_MESSAGES.closesRequired]);
    expect(fieldErrors(noTimes).label).toEqual([HOURS_FIELD_MESSAGES.labelRequired]);

    const same = await post({ ...closure, kind: "special", opens: "12:00", closes: "12:00" });
    expect(fieldErrors(same).closes).toEqual([HOURS_FIELD_MESSAGES.sameTime]);

    const tooLong = await post({ ...closure, start_date: "2026-01-01", end_date: "2027-01-02" });
    expect(fieldErrors(tooLong).end_date).toEqual([HOURS_FIELD_MESSAGES.rangeTooLong]);
    // 366 days (a leap year's worth) is allowed.
    const year = await post({ ...closure, start_date: "2027-01-01", end_date: "2028-01-01" });
    expect(year.status).toBe(302);

    const noDate = await post({ ...closure, start_date: "" });
    expect(fieldErrors(noDate).start_date).toEqual([HOURS_FIELD_MESSAGES.startRequired]);
    const badDate = await post({ ...closure, start_date: "2026-02-30" });
    expect(fieldErrors(badDate).start_date).toEqual([HOURS_FIELD_MESSAGES.badDate]);
    const longLabel = await post({ ...closure, label: "x".repeat(61) });
    expect(fieldErrors(longLabel).label).toEqual([HOURS_FIELD_MESSAGES.labelTooLong]);

    expect(await listCurrentHoursExceptions("Lindsey", new Date("2026-01-01T12:00:00Z"))).toHaveLength(1);
  });

  it("updates an exception, and says when it is gone", async () => {
    const row = await createHoursException(
      {
        store: "Lindsey",
        startDate: "2026-11-26",
        endDate: "2026-11-26",
        closed: true,
        opens: null,
        closes: null,
        label: "Thanksgiving",
      },
      admin,
    );
    const result = await post(
      { ...closure, intent: "update", id: row.id, kind: "special", opens: "09:00", closes: "15:00" },
      `?edit=${row.id}`,
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/hours?store=Lindsey");
    expect(await toastOf(result)).toMatchObject({ message: HOURS_MESSAGES.updated });
    expect(await getHoursException(row.id)).toMatchObject({ closed: false, opens: "09:00", closes: "15:00" });

    const invalid = await post({ ...closure, intent: "update", id: row.id, label: "" });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({ intent: "update", message: HOURS_MESSAGES.updateFailed });

    await database.db.deleteFrom("store_hours_exceptions").execute();
    const gone = await post({ ...closure, intent: "update", id: row.id });
    expect(gone.status).toBe(302);
    expect(await toastOf(gone)).toMatchObject({
      type: "error",
      message: HOURS_MESSAGES.updateFailed,
      description: HOURS_MESSAGES.gone,
    });
    // A missing row in the address sends the admin back to the list too.
    const page = (await load(`?edit=${row.id}`)) as Response;
    expect(page.status).toBe(302);
  });

  it("deletes after a confirmation (without JavaScript the server asks first)", async () => {
    const row = await createHoursException(
      {
        store: "BlueWater",
        startDate: "2026-11-26",
        endDate: "2026-11-26",
        closed: true,
        opens: null,
        closes: null,
        label: "Thanksgiving",
      },
      admin,
    );
    const ask = await post({ intent: "delete", id: row.id }, "?store=BlueWater");
    expect(ask.status).toBe(302);
    expect(ask.headers.get("Location")).toBe(`/admin/hours?store=BlueWater&confirm-delete=${row.id}`);
    expect(await getHoursException(row.id)).toBeDefined();
    const dialog = await load(`?store=BlueWater&confirm-delete=${row.id}`);
    expect(dialog.dialog).toMatchObject({ mode: "confirm-delete", row: { id: row.id, label: "Thanksgiving" } });

    const result = await post({ intent: "delete", id: row.id, confirmed: "yes" }, "?store=BlueWater");
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/hours?store=BlueWater");
    expect(await toastOf(result)).toMatchObject({ type: "success", message: HOURS_MESSAGES.deleted });
    expect(await getHoursException(row.id)).toBeUndefined();

    const again = await post({ intent: "delete", id: row.id, confirmed: "yes" });
    expect(await toastOf(again)).toMatchObject({ type: "error", message: HOURS_MESSAGES.deleteFailed });
  });
});
