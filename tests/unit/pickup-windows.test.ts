// The pickup windows a store offers for an order it keeps itself (issue 39): inside its real openings in
// America/Chicago, after the lead time, never on a closed day or an undecided holiday, and right across
// midnight and the two daylight-saving Sundays.
import { describe, expect, it } from "vitest";
import { isOfferedWindow, pickupWindows } from "~/lib/pickup-windows";
import { fromStoreDateTimeLocal } from "~/lib/store-time";
import type { HoursException, WeeklySchedule } from "~/lib/store-hours";

const at = (local: string) => fromStoreDateTimeLocal(local)!;
const NINE_TO_TEN: WeeklySchedule = Array.from({ length: 7 }, () => ({ opens: "09:00", closes: "22:00" }));
const labels = (windows: { label: string }[]) => windows.map((w) => w.label);

describe("pickup windows", () => {
  it("half hours inside today's opening, none sooner than the lead time", () => {
    // Tuesday 2026-12-01, 9:10 AM, 30 minutes' lead: the first window is 10 AM.
    const windows = pickupWindows(NINE_TO_TEN, [], at("2026-12-01T09:10"), { leadMinutes: 30, days: 1 });
    expect(windows[0].label).toBe("10 AM – 10:30 AM");
    expect(windows.at(-1)!.label).toBe("9:30 PM – 10 PM");
    expect(windows).toHaveLength(24);
    expect(new Set(windows.map((w) => w.date))).toEqual(new Set(["2026-12-01"]));
  });

  it("none on a weekday the store is closed, nor on a day an exception closes", () => {
    const closedMonday = NINE_TO_TEN.map((hours, day) => (day === 1 ? null : hours));
    const inventory: HoursException = {
      id: "e1",
      startDate: "2026-12-02",
      endDate: "2026-12-02",
      closed: true,
      opens: null,
      closes: null,
      label: "Inventory day",
    };
    const windows = pickupWindows(closedMonday, [inventory], at("2026-11-30T08:00"), { leadMinutes: 0, days: 4 });
    expect(new Set(windows.map((w) => w.date))).toEqual(new Set(["2026-12-01", "2026-12-03"]));
  });

  it("none on a holiday the owner has not decided, the owner's hours on one they have", () => {
    // Thanksgiving 2026 is Thursday, November 26.
    const undecided = pickupWindows(NINE_TO_TEN, [], at("2026-11-26T08:00"), { leadMinutes: 0, days: 1 });
    expect(undecided).toEqual([]);
    const shortDay: HoursException = {
      id: "t",
      startDate: "2026-11-26",
      endDate: "2026-11-26",
      closed: false,
      opens: "10:00",
      closes: "14:00",
      label: "Thanksgiving hours",
    };
    const decided = pickupWindows(NINE_TO_TEN, [shortDay], at("2026-11-26T08:00"), { leadMinutes: 0, days: 1 });
    expect(decided[0].label).toBe("10 AM – 10:30 AM");
    expect(decided.at(-1)!.label).toBe("1:30 PM – 2 PM");
  });

  it("a closing after midnight: the windows past midnight belong to the night before, and run on after it", () => {
    const late: WeeklySchedule = NINE_TO_TEN.map(() => ({ opens: "20:00", closes: "02:00" }));
    const windows = pickupWindows(late, [], at("2026-12-05T23:10"), { leadMinutes: 15, days: 1 });
    expect(labels(windows)).toEqual([
      "11:30 PM – 12 AM",
      "12 AM – 12:30 AM",
      "12:30 AM – 1 AM",
      "1 AM – 1:30 AM",
      "1:30 AM – 2 AM",
    ]);
    expect(windows.every((w) => w.date === "2026-12-05")).toBe(true);
    // At 12:40 AM the night's opening still runs: its last windows are offered.
    const afterMidnight = pickupWindows(late, [], at("2026-12-06T00:40"), { leadMinutes: 0, days: 1 });
    expect(labels(afterMidnight).slice(0, 2)).toEqual(["1 AM – 1:30 AM", "1:30 AM – 2 AM"]);
  });

  it("the daylight-saving Sundays: an opening across the change lasts its real length", () => {
    const late: WeeklySchedule = NINE_TO_TEN.map(() => ({ opens: "20:00", closes: "03:00" }));
    // Spring forward (Sunday 2026-03-08, 2 AM → 3 AM): 20:00 to 03:00 is six real hours.
    const spring = pickupWindows(late, [], at("2026-03-07T12:00"), { leadMinutes: 0, days: 1 });
    expect(spring).toHaveLength(12);
    // Its last half hour starts at 1:30 AM and ends at 3 AM on the clock.
    expect(spring.at(-1)!.label).toBe("1:30 AM – 3 AM");
    // Fall back (Sunday 2026-11-01, 2 AM → 1 AM): eight real hours, the hour after 1 AM twice.
    const fall = pickupWindows(late, [], at("2026-10-31T12:00"), { leadMinutes: 0, days: 1 });
    expect(fall).toHaveLength(16);
    expect(labels(fall).filter((label) => label === "1 AM – 1:30 AM")).toHaveLength(2);
    for (let i = 1; i < fall.length; i++) expect(fall[i].start - fall[i - 1].start).toBe(30 * 60_000);
  });

  it("takes back only a window it offers now", () => {
    const now = at("2026-12-01T09:10");
    const [first] = pickupWindows(NINE_TO_TEN, [], now, { leadMinutes: 30 });
    expect(isOfferedWindow(first.start, NINE_TO_TEN, [], now, { leadMinutes: 30 })).toBe(true);
    expect(isOfferedWindow(first.start + 60_000, NINE_TO_TEN, [], now, { leadMinutes: 30 })).toBe(false);
    expect(isOfferedWindow(at("2026-12-01T09:30").getTime(), NINE_TO_TEN, [], now, { leadMinutes: 30 })).toBe(false);
  });
});
