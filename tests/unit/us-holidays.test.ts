import { describe, expect, it } from "vitest";
import type { HoursException } from "~/lib/store-hours";
import { holidaysWithoutEntry, usHolidays } from "~/lib/us-holidays";

const closed = (startDate: string, endDate = startDate): HoursException => ({
  id: startDate,
  startDate,
  endDate,
  closed: true,
  opens: null,
  closes: null,
  label: "",
});

describe("usHolidays", () => {
  it("lists 2026 in date order", () => {
    expect(usHolidays(2026)).toEqual([
      { date: "2026-01-01", name: "New Year's Day" },
      { date: "2026-01-19", name: "Martin Luther King Jr. Day" },
      { date: "2026-02-16", name: "Presidents' Day" },
      { date: "2026-04-05", name: "Easter Sunday" },
      { date: "2026-05-25", name: "Memorial Day" },
      { date: "2026-06-19", name: "Juneteenth" },
      { date: "2026-07-04", name: "Independence Day" },
      { date: "2026-09-07", name: "Labor Day" },
      { date: "2026-11-26", name: "Thanksgiving" },
      { date: "2026-12-24", name: "Christmas Eve" },
      { date: "2026-12-25", name: "Christmas Day" },
      { date: "2026-12-31", name: "New Year's Eve" },
    ]);
  });

  const dateOf = (year: number, name: string) => usHolidays(year).find((h) => h.name === name)?.date;

  it.each([
    [2008, "2008-03-23"],
    [2019, "2019-04-21"],
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2027, "2027-03-28"],
    [2038, "2038-04-25"],
    [2285, "2285-03-22"],
  ])("Easter %i is %s", (year, date) => {
    expect(dateOf(year, "Easter Sunday")).toBe(date);
  });

  it.each([
    [2025, "Thanksgiving", "2025-11-27"],
    [2027, "Thanksgiving", "2027-11-25"],
    [2027, "Memorial Day", "2027-05-31"],
    [2027, "Martin Luther King Jr. Day", "2027-01-18"],
    [2025, "Labor Day", "2025-09-01"],
    [2025, "Presidents' Day", "2025-02-17"],
  ])("%i %s is %s", (year, name, date) => {
    expect(dateOf(year, name)).toBe(date);
  });
});

describe("holidaysWithoutEntry", () => {
  it.each([
    ["2026-11-20", 30, [], ["2026-11-26"]],
    ["2026-11-20", 30, [closed("2026-11-26")], []],
    ["2026-10-27", 30, [], ["2026-11-26"]], // the last day counts
    ["2026-11-26", 0, [], ["2026-11-26"]], // so does today
    ["2026-11-27", 20, [], []],
    ["2026-12-15", 30, [], ["2026-12-24", "2026-12-25", "2026-12-31", "2027-01-01"]], // across the new year
    ["2026-12-15", 30, [closed("2026-12-24", "2026-12-26")], ["2026-12-31", "2027-01-01"]],
  ])("from %s for %i days", (today, days, exceptions, dates) => {
    expect(holidaysWithoutEntry(exceptions, today, days).map((h) => h.date)).toEqual(dates);
  });

  it("looks 30 days ahead by default and names the holidays", () => {
    expect(holidaysWithoutEntry([], "2026-06-10")).toEqual([
      { date: "2026-06-19", name: "Juneteenth" },
      { date: "2026-07-04", name: "Independence Day" },
    ]);
  });
});
