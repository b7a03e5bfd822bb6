import { describe, expect, it } from "vitest";
import {
  exceptionFor,
  formatClockCompact,
  formatClockSpaced,
  hoursOn,
  isClockTime,
  nextStatusChange,
  openingHoursSpecification,
  parseWeeklySchedule,
  specialOpeningHoursSpecification,
  storeStatus,
  type DayHours,
  type HoursException,
  type WeeklySchedule,
} from "~/lib/store-hours";
import { fromStoreDateTimeLocal } from "~/lib/store-time";

const h = (opens: string, closes: string): DayHours => ({ opens, closes });
const week = (...days: (DayHours | null)[]): WeeklySchedule => days;
const daily = (hours: DayHours | null): WeeklySchedule => Array.from({ length: 7 }, () => hours);

// The spec's stores.
const lindsey = week(...Array(5).fill(h("09:00", "22:00")), h("09:00", "00:00"), h("09:00", "00:00"));
const blueWater = daily(h("09:00", "22:00"));
const closedMonday = week(h("09:00", "22:00"), null, ...Array(5).fill(h("09:00", "22:00")));
/** Friday 9 AM – 2 AM, otherwise 9 AM – 10 PM. */
const lateFriday = week(...Array(5).fill(h("09:00", "22:00")), h("09:00", "02:00"), h("09:00", "22:00"));

let nextId = 0;
function exception(startDate: string, endDate: string, fields: Partial<HoursException> = {}): HoursException {
  return { id: String(++nextId), startDate, endDate, closed: true, opens: null, closes: null, label: "", ...fields };
}
const special = (date: string, opens: string, closes: string, label = "") =>
  exception(date, date, { closed: false, opens, closes, label });

/** A wall-clock time in the stores' zone. */
const at = (local: string) => fromStoreDateTimeLocal(local)!;
const utc = (iso: string) => new Date(iso);
const text = (schedule: WeeklySchedule, now: Date, exceptions: HoursException[] = []) =>
  storeStatus(schedule, exceptions, now).text;

describe("validation", () => {
  it.each([
    ["09:00", true],
    ["00:00", true],
    ["23:59", true],
    ["24:00", false],
    ["9:00", false],
    ["09:60", false],
    ["09:00:00", false],
    [900, false],
  ])("isClockTime(%j) is %s", (value, valid) => {
    expect(isClockTime(value)).toBe(valid);
  });

  it("parses stored weekly schedules defensively", () => {
    expect(parseWeeklySchedule(lindsey)).toEqual(lindsey);
    expect(parseWeeklySchedule(closedMonday)).toEqual(closedMonday);
    // Stray keys are dropped.
    expect(parseWeeklySchedule(daily({ opens: "09:00", closes: "22:00", note: "x" } as DayHours))).toEqual(blueWater);
    expect(parseWeeklySchedule(lindsey.slice(0, 6))).toBeNull();
    expect(parseWeeklySchedule(daily(h("09:00", "09:00")))).toBeNull();
    expect(parseWeeklySchedule(daily(h("09:00", "24:00")))).toBeNull();
    expect(parseWeeklySchedule([...lindsey.slice(0, 6), {}])).toBeNull();
    expect(parseWeeklySchedule([...lindsey.slice(0, 6), undefined])).toBeNull();
    expect(parseWeeklySchedule("[]")).toBeNull();
    expect(parseWeeklySchedule(null)).toBeNull();
  });
});

describe("clock formats", () => {
  it.each([
    ["09:00", "9 AM", "9 AM", "9AM"],
    ["22:00", "10 PM", "10 PM", "10PM"],
    ["22:30", "10:30 PM", "10:30 PM", "10:30PM"],
    ["00:00", "12 AM", "midnight", "midnight"],
    ["00:30", "12:30 AM", "12:30 AM", "12:30AM"],
    ["12:00", "12 PM", "noon", "noon"],
    ["12:05", "12:05 PM", "12:05 PM", "12:05PM"],
    ["02:00", "2 AM", "2 AM", "2AM"],
  ])("%s → %s / %s / %s", (time, spaced, words, compact) => {
    expect(formatClockSpaced(time)).toBe(spaced);
    expect(formatClockSpaced(time, { words: true })).toBe(words);
    expect(formatClockCompact(time)).toBe(compact);
  });
});

describe("exceptions", () => {
  const holidayWeek = exception("2026-12-21", "2026-12-27", {
    closed: false,
    opens: "10:00",
    closes: "18:00",
    label: "Holiday week",
  });
  const christmas = exception("2026-12-25", "2026-12-25", { label: "Christmas Day" });

  it("the narrower exception wins, whatever the order", () => {
    for (const list of [
      [holidayWeek, christmas],
      [christmas, holidayWeek],
    ]) {
      expect(exceptionFor(list, "2026-12-25")).toBe(christmas);
      expect(exceptionFor(list, "2026-12-24")).toBe(holidayWeek);
      expect(exceptionFor(list, "2026-12-28")).toBeNull();
    }
  });

  it("on a tie the later entry (the newest) wins", () => {
    const older = special("2026-12-31", "09:00", "18:00", "NYE");
    const newer = special("2026-12-31", "09:00", "20:00", "NYE late");
    expect(exceptionFor([older, newer], "2026-12-31")).toBe(newer);
    expect(exceptionFor([newer, older], "2026-12-31")).toBe(older);
  });

  it("ignores malformed entries", () => {
    const noHours = exception("2026-12-31", "2026-12-31", { closed: false });
    const backwards = exception("2026-12-31", "2026-12-30");
    expect(exceptionFor([noHours, backwards], "2026-12-31")).toBeNull();
  });

  it.each([
    ["2026-12-23", h("10:00", "18:00"), "Holiday week"],
    ["2026-12-25", null, "Christmas Day"],
    ["2026-12-28", h("09:00", "22:00"), null],
    ["2026-12-26", h("10:00", "18:00"), "Holiday week"],
  ])("hoursOn %s", (date, hours, label) => {
    const result = hoursOn(blueWater, [holidayWeek, christmas], date);
    expect(result.hours).toEqual(hours);
    expect(result.exception?.label ?? null).toBe(label);
  });

  it("uses the weekday's hours without an exception", () => {
    expect(hoursOn(lindsey, [], "2026-11-20")).toEqual({ hours: h("09:00", "00:00"), exception: null }); // Friday
    expect(hoursOn(closedMonday, [], "2026-11-16")).toEqual({ hours: null, exception: null }); // Monday
  });
});

describe("storeStatus over a week (Nov 15–21, 2026, Sunday–Saturday)", () => {
  const closesTen = "Open now · closes 10 PM";
  const closesMidnight = "Open now · closes midnight";
  const opensToday = "Closed · opens 9 AM";
  const opensTomorrow = "Closed · opens 9 AM tomorrow";
  // [wall-clock time, Lindsey, Blue Water]
  const rows: [string, string, string][] = [];
  for (const date of ["2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19"]) {
    rows.push(
      [`${date}T00:30`, opensToday, opensToday],
      [`${date}T08:59`, opensToday, opensToday],
      [`${date}T09:00`, closesTen, closesTen],
      [`${date}T13:15`, closesTen, closesTen],
      [`${date}T21:59`, closesTen, closesTen],
      [`${date}T22:00`, opensTomorrow, opensTomorrow],
      [`${date}T23:59`, opensTomorrow, opensTomorrow],
    );
  }
  rows.push(
    ["2026-11-20T00:30", opensToday, opensToday], // Friday
    ["2026-11-20T09:00", closesMidnight, closesTen],
    ["2026-11-20T22:00", closesMidnight, opensTomorrow],
    ["2026-11-20T23:59", closesMidnight, opensTomorrow],
    ["2026-11-21T00:00", opensToday, opensToday], // Saturday
    ["2026-11-21T08:59", opensToday, opensToday],
    ["2026-11-21T12:00", closesMidnight, closesTen],
    ["2026-11-21T23:30", closesMidnight, opensTomorrow],
    ["2026-11-22T00:00", opensToday, opensToday], // Sunday again
  );

  it.each(rows)("%s: Lindsey %s, Blue Water %s", (local, lindseyText, blueWaterText) => {
    expect(text(lindsey, at(local))).toBe(lindseyText);
    expect(text(blueWater, at(local))).toBe(blueWaterText);
  });

  it("returns the instants with the state", () => {
    expect(storeStatus(lindsey, [], at("2026-11-20T12:00"))).toEqual({
      state: "open",
      text: closesMidnight,
      closesAt: utc("2026-11-21T06:00:00Z"),
    });
    expect(storeStatus(blueWater, [], at("2026-11-20T23:00"))).toEqual({
      state: "closed",
      text: opensTomorrow,
      opensAt: utc("2026-11-21T15:00:00Z"),
    });
  });
});

describe("storeStatus after midnight and on closed days", () => {
  it.each([
    ["2026-11-20T23:00", "Open now · closes 2 AM"], // Friday
    ["2026-11-21T00:00", "Open now · closes 2 AM"],
    ["2026-11-21T01:00", "Open now · closes 2 AM"], // Saturday, inside Friday's shift
    ["2026-11-21T01:59", "Open now · closes 2 AM"],
    ["2026-11-21T02:00", "Closed · opens 9 AM"],
    ["2026-11-21T02:30", "Closed · opens 9 AM"],
    ["2026-11-21T09:00", "Open now · closes 10 PM"],
  ])("late Friday at %s: %s", (local, expected) => {
    expect(text(lateFriday, at(local))).toBe(expected);
  });

  it.each([
    ["2026-11-15T22:30", "Closed · opens 9 AM Tuesday"], // Sunday night, Monday closed
    ["2026-11-16T10:00", "Closed · opens 9 AM tomorrow"], // Monday
    ["2026-11-17T08:00", "Closed · opens 9 AM"],
  ])("closed Monday at %s: %s", (local, expected) => {
    expect(text(closedMonday, at(local))).toBe(expected);
  });

  it("opening at other times of day", () => {
    const lateStart = daily(h("12:00", "20:30"));
    expect(text(lateStart, at("2026-11-16T11:00"))).toBe("Closed · opens noon");
    expect(text(lateStart, at("2026-11-16T12:00"))).toBe("Open now · closes 8:30 PM");
    const closesNoon = daily(h("06:00", "12:00"));
    expect(text(closesNoon, at("2026-11-16T11:00"))).toBe("Open now · closes noon");
  });

  it("is 'Closed' with no opening in the next year", () => {
    expect(storeStatus(daily(null), [], at("2026-11-16T11:00"))).toEqual({
      state: "closed",
      text: "Closed",
      opensAt: null,
    });
  });
});

describe("storeStatus with exceptions", () => {
  const closure = exception("2026-12-24", "2026-12-26", { label: "Holiday closure" }); // Thursday–Saturday

  it.each([
    ["2026-12-23T21:00", "Open now · closes 10 PM", "open"],
    ["2026-12-23T22:30", "Closed · opens 9 AM Sunday", "closed"],
    ["2026-12-24T00:00", "Closed today (Holiday closure)", "closed-today"],
    ["2026-12-25T12:00", "Closed today (Holiday closure)", "closed-today"],
    ["2026-12-26T23:59", "Closed today (Holiday closure)", "closed-today"],
    ["2026-12-27T08:00", "Closed · opens 9 AM", "closed"],
    ["2026-12-27T09:00", "Open now · closes 10 PM", "open"],
  ])("closed Dec 24–26, at %s: %s", (local, expected, state) => {
    const status = storeStatus(blueWater, [closure], at(local));
    expect(status.text).toBe(expected);
    expect(status.state).toBe(state);
  });

  it("names a date for an opening a week or more away", () => {
    const longClosure = exception("2026-12-24", "2027-01-03", { label: "Remodel" });
    expect(text(blueWater, at("2026-12-23T22:30"), [longClosure])).toBe("Closed · opens 9 AM Jan 4");
    const toDec1 = exception("2026-11-17", "2026-11-30");
    expect(text(blueWater, at("2026-11-16T23:00"), [toDec1])).toBe("Closed · opens 9 AM Dec 1");
    expect(text(blueWater, at("2026-11-16T23:00"), [exception("2026-11-17", "2026-11-21")])).toBe(
      "Closed · opens 9 AM Sunday", // six days ahead; seven would name this weekday again, so it gets a date
    );
    expect(text(blueWater, at("2026-11-16T23:00"), [exception("2026-11-17", "2026-11-22")])).toBe(
      "Closed · opens 9 AM Nov 23",
    );
  });

  it("labels special hours", () => {
    const exceptions = [
      special("2026-12-24", "09:00", "17:00", "Christmas Eve hours"),
      exception("2026-12-25", "2026-12-25"),
    ];
    expect(storeStatus(blueWater, exceptions, at("2026-12-24T12:00"))).toEqual({
      state: "open",
      text: "Open now · closes 5 PM",
      label: "Christmas Eve hours",
      closesAt: at("2026-12-24T17:00"),
    });
    expect(storeStatus(blueWater, exceptions, at("2026-12-24T08:00"))).toMatchObject({
      text: "Closed · opens 9 AM",
      label: "Christmas Eve hours",
    });
    // The closure without a label says just "Closed today".
    expect(storeStatus(blueWater, exceptions, at("2026-12-25T10:00"))).toEqual({
      state: "closed-today",
      text: "Closed today",
      opensAt: at("2026-12-26T09:00"),
    });
    expect(storeStatus(blueWater, exceptions, at("2026-12-24T17:00")).text).toBe("Closed · opens 9 AM Saturday");
  });

  it("says 'Closed today (Thanksgiving)' on 2026-11-26", () => {
    const thanksgiving = [exception("2026-11-26", "2026-11-26", { label: "Thanksgiving" })];
    expect(storeStatus(lindsey, thanksgiving, at("2026-11-26T12:00"))).toEqual({
      state: "closed-today",
      text: "Closed today (Thanksgiving)",
      label: "Thanksgiving",
      opensAt: at("2026-11-27T09:00"),
    });
    expect(text(lindsey, at("2026-11-26T08:00"), thanksgiving)).toBe("Closed today (Thanksgiving)");
    expect(text(lindsey, at("2026-11-25T22:30"), thanksgiving)).toBe("Closed · opens 9 AM Friday");
    expect(text(lindsey, at("2026-11-27T00:00"), thanksgiving)).toBe("Closed · opens 9 AM");
  });

  it("a closed day still shows yesterday's after-midnight shift", () => {
    const saturdayOff = [exception("2026-11-21", "2026-11-21", { label: "Inventory" })];
    expect(text(lateFriday, at("2026-11-21T01:00"), saturdayOff)).toBe("Open now · closes 2 AM");
    expect(text(lateFriday, at("2026-11-21T02:00"), saturdayOff)).toBe("Closed today (Inventory)");
  });

  it("special hours can run past midnight, and back-to-back shifts read as one", () => {
    const newYear = [special("2026-12-31", "09:00", "02:00", "New Year's Eve")];
    expect(storeStatus(blueWater, newYear, at("2027-01-01T01:00"))).toMatchObject({
      state: "open",
      text: "Open now · closes 2 AM",
      label: "New Year's Eve",
    });
    const early = week(h("09:00", "22:00"), ...Array(5).fill(h("01:00", "22:00")), h("09:00", "02:00"));
    // Saturday's shift runs to 2 AM Sunday; Sunday opens at 9, so 1 AM Sunday closes at 2.
    expect(text(early, at("2026-11-22T01:00"))).toBe("Open now · closes 2 AM");
    // Friday 9 AM – 2 AM overlaps Saturday 01:00: the store stays open through Saturday.
    const overlap = week(...Array(5).fill(h("09:00", "22:00")), h("09:00", "02:00"), h("01:00", "22:00"));
    expect(storeStatus(overlap, [], at("2026-11-20T23:00"))).toMatchObject({
      text: "Open now · closes 10 PM",
      closesAt: at("2026-11-21T22:00"),
    });
  });
});

describe("daylight-saving days in America/Chicago", () => {
  it("2026-11-01 (fall back): 1:30 AM happens twice", () => {
    // 1:30 CDT = 06:30Z and 1:30 CST = 07:30Z. Saturday's shift ended at midnight CDT (05:00Z).
    for (const now of [utc("2026-11-01T06:30:00Z"), utc("2026-11-01T07:30:00Z")]) {
      expect(storeStatus(lindsey, [], now)).toEqual({
        state: "closed",
        text: "Closed · opens 9 AM",
        opensAt: utc("2026-11-01T15:00:00Z"),
      });
      expect(nextStatusChange(lindsey, [], now)).toEqual(utc("2026-11-01T15:00:00Z"));
    }
  });

  it("2026-11-01: a 01:00–03:00 shift lasts three real hours", () => {
    const night = week(h("01:00", "03:00"), null, null, null, null, null, null);
    expect(text(night, utc("2026-11-01T05:59:00Z"))).toBe("Closed · opens 1 AM");
    expect(nextStatusChange(night, [], utc("2026-11-01T05:59:00Z"))).toEqual(utc("2026-11-01T06:00:00Z"));
    for (const now of ["2026-11-01T06:30:00Z", "2026-11-01T07:30:00Z", "2026-11-01T08:59:00Z"]) {
      expect(storeStatus(night, [], utc(now))).toEqual({
        state: "open",
        text: "Open now · closes 3 AM",
        closesAt: utc("2026-11-01T09:00:00Z"),
      });
      expect(nextStatusChange(night, [], utc(now))).toEqual(utc("2026-11-01T09:00:00Z"));
    }
    expect(text(night, utc("2026-11-01T09:00:00Z"))).toBe("Closed · opens 1 AM Nov 8"); // next week
  });

  it("2026-11-01: a closing time that happens twice is the first one", () => {
    const saturdayLate = week(...Array(6).fill(h("09:00", "22:00")), h("09:00", "01:30"));
    expect(text(saturdayLate, utc("2026-11-01T06:15:00Z"))).toBe("Open now · closes 1:30 AM"); // 1:15 CDT
    expect(nextStatusChange(saturdayLate, [], utc("2026-11-01T06:15:00Z"))).toEqual(utc("2026-11-01T06:30:00Z"));
    expect(text(saturdayLate, utc("2026-11-01T07:15:00Z"))).toBe("Closed · opens 9 AM"); // 1:15 CST
  });

  it.each([
    // [now, next change]: Saturday closes at midnight CDT, Sunday opens 9 AM CST, closes 10 PM CST, then midnight CST.
    ["2026-11-01T04:00:00Z", "2026-11-01T05:00:00Z"],
    ["2026-11-01T05:00:00Z", "2026-11-01T15:00:00Z"],
    ["2026-11-01T18:00:00Z", "2026-11-02T04:00:00Z"],
    ["2026-11-02T04:30:00Z", "2026-11-02T06:00:00Z"],
    // 2026-03-08 (spring forward at 2 AM CST): Saturday closes at midnight CST, Sunday opens 9 AM CDT.
    ["2026-03-08T04:00:00Z", "2026-03-08T06:00:00Z"],
    ["2026-03-08T06:00:00Z", "2026-03-08T14:00:00Z"],
    ["2026-03-08T17:00:00Z", "2026-03-09T03:00:00Z"],
    ["2026-03-09T03:30:00Z", "2026-03-09T05:00:00Z"],
  ])("Lindsey at %s changes at %s", (now, expected) => {
    expect(nextStatusChange(lindsey, [], utc(now))).toEqual(utc(expected));
  });

  it("2026-03-08: a 01:00–03:00 shift lasts one real hour", () => {
    const night = week(h("01:00", "03:00"), null, null, null, null, null, null);
    expect(nextStatusChange(night, [], utc("2026-03-08T06:30:00Z"))).toEqual(utc("2026-03-08T07:00:00Z")); // 1 AM CST
    expect(text(night, utc("2026-03-08T07:30:00Z"))).toBe("Open now · closes 3 AM");
    expect(nextStatusChange(night, [], utc("2026-03-08T07:30:00Z"))).toEqual(utc("2026-03-08T08:00:00Z")); // 3 AM CDT
    expect(text(night, utc("2026-03-08T08:00:00Z"))).toBe("Closed · opens 1 AM Mar 15");
  });

  it("2026-03-08: a closing time in the gap (2:30 AM) resolves as fromStoreDateTimeLocal does (3:30 AM CDT)", () => {
    const saturdayLate = week(...Array(6).fill(h("09:00", "22:00")), h("09:00", "02:30"));
    expect(nextStatusChange(saturdayLate, [], utc("2026-03-08T07:59:00Z"))).toEqual(utc("2026-03-08T08:30:00Z"));
    expect(storeStatus(saturdayLate, [], utc("2026-03-08T08:15:00Z"))).toMatchObject({
      state: "open",
      closesAt: utc("2026-03-08T08:30:00Z"),
    });
    expect(text(saturdayLate, utc("2026-03-08T08:30:00Z"))).toBe("Closed · opens 9 AM");
  });

  it("2026-03-08: a shift that falls wholly in the lost hour does not happen", () => {
    const lost = week(h("02:30", "03:00"), null, null, null, null, null, null); // would be 03:30–03:00 CDT
    expect(text(lost, utc("2026-03-08T07:00:00Z"))).toBe("Closed · opens 2:30 AM Mar 15");
  });

  it("an exception's special hours bound the next change", () => {
    const eve = [special("2026-12-24", "09:00", "17:00", "Christmas Eve hours")];
    expect(nextStatusChange(blueWater, eve, at("2026-12-24T12:00"))).toEqual(at("2026-12-24T17:00"));
    expect(nextStatusChange(blueWater, eve, at("2026-12-24T17:00"))).toEqual(at("2026-12-25T00:00"));
  });
});

describe("JSON-LD", () => {
  it("openingHoursSpecification groups identical days and omits closed ones", () => {
    expect(openingHoursSpecification(lindsey)).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday"],
        opens: "09:00",
        closes: "22:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Friday", "Saturday"], opens: "09:00", closes: "00:00" },
    ]);
    expect(openingHoursSpecification(closedMonday)).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Sunday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        opens: "09:00",
        closes: "22:00",
      },
    ]);
    expect(openingHoursSpecification(blueWater)[0].dayOfWeek).toHaveLength(7);
    expect(openingHoursSpecification(daily(null))).toEqual([]);
  });

  it("specialOpeningHoursSpecification lists current and future exceptions", () => {
    const exceptions = [
      exception("2026-11-26", "2026-11-26", { label: "Thanksgiving" }),
      exception("2026-12-24", "2026-12-26", { label: "Holiday closure" }),
      special("2026-12-31", "09:00", "18:00", "New Year's Eve"),
    ];
    expect(specialOpeningHoursSpecification(exceptions, "2026-12-01")).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        validFrom: "2026-12-24",
        validThrough: "2026-12-26",
        opens: "00:00",
        closes: "00:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        validFrom: "2026-12-31",
        validThrough: "2026-12-31",
        opens: "09:00",
        closes: "18:00",
      },
    ]);
    expect(specialOpeningHoursSpecification(exceptions, "2026-12-25")).toHaveLength(2); // a range still running
    expect(specialOpeningHoursSpecification(exceptions, "2026-11-26")).toHaveLength(3);
    expect(specialOpeningHoursSpecification(exceptions, "2027-01-01")).toEqual([]);
  });
});
