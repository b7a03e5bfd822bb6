// Every hours sentence the site shows, from one grammar: table rows for the shapes an owner makes, and a
// property over random weeks — each sentence parses back to the schedule the JSON-LD states, and none reads
// "open closed", says "daily" beside a closed day, or names a day twice.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  badgeText,
  commonOpeningTime,
  describeWeek,
  hoursAnswer,
  hoursHeadline,
  type NamedSchedule,
  weeklyLines,
} from "~/lib/hours-sentences";
import {
  DAY_ABBREVIATIONS,
  DAY_NAMES,
  type DayHours,
  openingHoursSpecification,
  type WeeklySchedule,
} from "~/lib/store-hours";

const h = (opens: string, closes: string): DayHours => ({ opens, closes });
const week = (...days: (DayHours | null)[]): WeeklySchedule => days;
const daily = (hours: DayHours | null): WeeklySchedule => Array.from({ length: 7 }, () => hours);
const usual = h("09:00", "22:00");

// ---------------------------------------------------------------------------------------------------------------
// A parser for the grammar: it knows the words, not the code that wrote them.

const TIME = String.raw`(?:\d{1,2}(?::\d{2})? ?[AP]M|midnight|noon)`;
const LONG_DAY = `(?:${DAY_NAMES.join("|")})`;
const ABBR_DAY = `(?:${DAY_ABBREVIATIONS.join("|")})`;
// Day lists: "Sunday to Thursday and Saturday", "Monday, Wednesday & Friday", "Sun–Thu/Sat", "daily".
const LONG_LIST = `(?:daily|${LONG_DAY}(?: to ${LONG_DAY})?(?:(?:, | and )${LONG_DAY}(?: to ${LONG_DAY})?)*)`;
const AMP_LIST = `(?:daily|${LONG_DAY}(?:–${LONG_DAY})?(?:(?:, | & )${LONG_DAY}(?:–${LONG_DAY})?)*)`;
const ABBR_LIST = `(?:Daily|${ABBR_DAY}(?:–${ABBR_DAY})?(?:/${ABBR_DAY}(?:–${ABBR_DAY})?)*)`;

function clock(text: string): string {
  const word = text.toLowerCase();
  if (word === "midnight") return "00:00";
  if (word === "noon") return "12:00";
  const match = /^(\d{1,2})(?::(\d{2}))? ?([AP]M)$/i.exec(text);
  if (!match) throw new Error(`not a time: ${text}`);
  const hour = (Number(match[1]) % 12) + (match[3].toUpperCase() === "PM" ? 12 : 0);
  return `${String(hour).padStart(2, "0")}:${match[2] ?? "00"}`;
}

/** The days a list names; ranges run forward and wrap past Saturday. */
function days(list: string): number[] {
  if (/^daily$/i.test(list)) return [0, 1, 2, 3, 4, 5, 6];
  const index = (name: string) => {
    const found = [...DAY_NAMES, ...DAY_ABBREVIATIONS].indexOf(name);
    if (found < 0) throw new Error(`not a day: ${name}`);
    return found % 7;
  };
  return list.split(/, | and | & |\//).flatMap((item) => {
    const [from, to] = item.split(/ to |–/);
    if (to === undefined) return [index(from)];
    const run = [index(from)];
    while (run[run.length - 1] !== index(to)) run.push((run[run.length - 1] + 1) % 7);
    return run;
  });
}

/** Builds a schedule from (days, hours) statements; a day stated twice, or left out, fails. */
function scheduleOf(statements: { days: number[]; hours: DayHours | null }[]): WeeklySchedule {
  const schedule: (DayHours | null | undefined)[] = Array(7).fill(undefined);
  for (const { days: stated, hours } of statements) {
    for (const day of stated) {
      if (schedule[day] !== undefined) throw new Error(`${DAY_NAMES[day]} stated twice`);
      schedule[day] = hours;
    }
  }
  if (schedule.some((day) => day === undefined)) throw new Error("a day is missing");
  return schedule as WeeklySchedule;
}

/** Reads a text clause by clause: each pattern names its groups; `rest` must be used up. */
function clauses(text: string, separator: RegExp, patterns: RegExp[]): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  let rest = text;
  while (rest.length > 0) {
    const match = patterns.map((p) => p.exec(rest)).find((m) => m !== null);
    if (!match) throw new Error(`cannot read "${rest}" in "${text}"`);
    found.push(match);
    rest = rest.slice(match[0].length).replace(separator, "");
  }
  return found;
}

function parseLines(lines: string[]): WeeklySchedule {
  if (lines.length === 1 && lines[0] === "Closed all week") return daily(null);
  return scheduleOf(
    lines.map((line) => {
      const match = new RegExp(`^(Daily|${LONG_DAY}(?:–${LONG_DAY})?): (?:(${TIME}) – (${TIME})|Closed)$`).exec(line);
      if (!match) throw new Error(`cannot read the line "${line}"`);
      return { days: days(match[1]), hours: match[2] ? h(clock(match[2]), clock(match[3])) : null };
    }),
  );
}

/**
 * A summary: "9AM–10PM Sunday–Thursday, until midnight Friday & Saturday, closed Monday" (or abbreviated).
 * With `usualDaysSaid: false` (the badge) the usual hours' days are the ones no other clause names.
 */
function parseSummary(text: string, list: string, usualDaysSaid = true): WeeklySchedule {
  if (/^closed all week$/i.test(text)) return daily(null);
  const usual = new RegExp(`^(${TIME})–(${TIME})${usualDaysSaid ? ` (${list})` : ""}(?:, |$)`, "i").exec(text);
  if (!usual) throw new Error(`"${text}" starts without the usual hours`);
  const first = usual;
  const others = clauses(text.slice(usual[0].length), /^, /, [
    new RegExp(`^(${TIME})–(${TIME}) (${list})`, "i"),
    new RegExp(`^(until|from) (${TIME}) (${list})`, "i"),
    new RegExp(`^(closed) (${list})`, "i"),
    // The badge's closing time alone: "Midnight Fri/Sat".
    new RegExp(`^()(${TIME}) (${list})`, "i"),
  ]);
  const base = h(clock(first[1]), clock(first[2]));
  const statements = others.map((m) => {
    const word = m[1].toLowerCase();
    if (word === "closed") return { days: days(m[2]), hours: null };
    if (word === "until" || word === "") return { days: days(m[3]), hours: h(base.opens, clock(m[2])) };
    if (word === "from") return { days: days(m[3]), hours: h(clock(m[2]), base.closes) };
    return { days: days(m[3]), hours: h(clock(m[1]), clock(m[2])) };
  });
  const named = new Set(statements.flatMap((statement) => statement.days));
  const usualDays = usualDaysSaid ? days(first[3]) : [0, 1, 2, 3, 4, 5, 6].filter((day) => !named.has(day));
  return scheduleOf([{ days: usualDays, hours: base }, ...statements]);
}

const parseHeadlinePart = (text: string) => parseSummary(text, AMP_LIST);

function parseBadge(text: string): WeeklySchedule {
  if (text === "Closed All Week") return daily(null);
  const match = /^Open (.*)$/.exec(text);
  if (!match) throw new Error(`the badge "${text}" does not start with Open`);
  if (/ Daily$/.test(match[1])) return parseSummary(match[1], ABBR_LIST);
  return parseSummary(match[1], ABBR_LIST, false);
}

/** The headline: "Open …" for every store alike, or "Name: … · Name: …". */
function parseHeadline(text: string, names: string[]): WeeklySchedule[] {
  if (text === "Closed all week") return names.map(() => daily(null));
  const alike = /^Open (.*)$/.exec(text);
  if (alike) return names.map(() => parseHeadlinePart(alike[1]));
  const parts = text.split(" · ");
  expect(parts.map((part) => part.split(": ")[0])).toEqual(names);
  return parts.map((part) => parseHeadlinePart(part.slice(part.indexOf(": ") + 2)));
}

/** The FAQ answer: "[We open at 9AM[ every day]. ]Name is open …; Name is closed all week." */
function parseAnswer(text: string, names: string[]): WeeklySchedule[] {
  const lead = new RegExp(`^We open at (${TIME})( every day)?\\. `).exec(text);
  const opening = lead ? clock(lead[1]) : null;
  const body = text.slice(lead ? lead[0].length : 0);
  expect(body.endsWith(".")).toBe(true);
  const parts = body.slice(0, -1).split("; ");
  expect(parts).toHaveLength(names.length);
  const schedules = parts.map((part, i) => {
    expect(part.startsWith(`${names[i]} is `)).toBe(true);
    const week = part.slice(names[i].length + 4);
    if (week === "closed all week") return daily(null);
    expect(week.startsWith("open ")).toBe(true);
    const found = clauses(week.slice(5), /^(, and |, | and )/, [
      new RegExp(`^(${LONG_LIST}) until (${TIME})`),
      new RegExp(`^(${LONG_LIST}) (${TIME})–(${TIME})`),
      new RegExp(`^closed (${LONG_LIST})`),
    ]);
    return scheduleOf(
      found.map((m) => {
        if (m[0].startsWith("closed ")) return { days: days(m[1]), hours: null };
        if (m[3] !== undefined) {
          expect(opening, "a range given where the opening was said").toBeNull();
          return { days: days(m[1]), hours: h(clock(m[2]), clock(m[3])) };
        }
        expect(opening, "a closing time without an opening").not.toBeNull();
        return { days: days(m[1]), hours: h(opening!, clock(m[2])) };
      }),
    );
  });
  if (lead?.[2]) expect(schedules.every((s) => s.every((day) => day !== null))).toBe(true);
  return schedules;
}

/** The schedule schema.org's openingHoursSpecification states (days it leaves out are closed). */
function fromJsonLd(schedule: WeeklySchedule): WeeklySchedule {
  const read: WeeklySchedule = daily(null);
  for (const spec of openingHoursSpecification(schedule)) {
    for (const day of spec.dayOfWeek) read[DAY_NAMES.indexOf(day)] = h(spec.opens, spec.closes);
  }
  return read;
}

/** What no sentence may say. */
function expectWellFormed(sentence: string, schedule: WeeklySchedule) {
  expect(sentence).not.toMatch(/open closed/i);
  if (schedule.some((day) => day === null)) expect(sentence).not.toMatch(/\bdaily\b/i);
  const named = sentence.match(new RegExp(`\\b(${[...DAY_NAMES, ...DAY_ABBREVIATIONS].join("|")})\\b`, "g")) ?? [];
  const asDays = named.map((name) => [...DAY_NAMES, ...DAY_ABBREVIATIONS].indexOf(name) % 7);
  expect(new Set(asDays).size, `a day named twice in "${sentence}"`).toBe(asDays.length);
}

/** Every sentence about these stores, each read back to the JSON-LD's schedules. */
function expectEverySentenceAgrees(stores: NamedSchedule[]) {
  const names = stores.map((store) => store.shortName);
  const stated = stores.map((store) => fromJsonLd(store.weekly));
  expect(stated).toEqual(stores.map((store) => store.weekly));
  for (const [i, store] of stores.entries()) {
    const lines = weeklyLines(store.weekly);
    expect(parseLines(lines)).toEqual(stated[i]);
    for (const line of lines) expectWellFormed(line, store.weekly);
    expect(parseHeadlinePart(describeWeek(store.weekly))).toEqual(stated[i]);
    expect(parseBadge(badgeText(store.weekly))).toEqual(stated[i]);
    expectWellFormed(badgeText(store.weekly), store.weekly);
    expectWellFormed(describeWeek(store.weekly), store.weekly);
  }
  expect(parseHeadline(hoursHeadline(stores), names)).toEqual(stated);
  expect(parseAnswer(hoursAnswer(stores), names)).toEqual(stated);
  for (const [i, store] of stores.entries()) {
    const headlinePart = hoursHeadline(stores)
      .split(" · ")
      .find((part) => part.startsWith(`${store.shortName}: `));
    if (headlinePart) expectWellFormed(headlinePart, store.weekly);
    const answerPart = hoursAnswer(stores).split("; ")[i];
    expectWellFormed(answerPart.replace(/^We open at .*?\. /, ""), store.weekly);
  }
}

// ---------------------------------------------------------------------------------------------------------------

const lindsey = week(...Array(5).fill(usual), h("09:00", "00:00"), h("09:00", "00:00"));
const blueWaterIssue = week(null, usual, usual, usual, usual, h("09:00", "02:00"), usual);

describe("the shapes an owner makes", () => {
  it.each<[string, WeeklySchedule, { lines: string[]; week: string; badge: string; answer: string }]>([
    [
      "the same every day",
      daily(usual),
      {
        lines: ["Daily: 9 AM – 10 PM"],
        week: "9AM–10PM daily",
        badge: "Open 9AM–10PM Daily",
        answer: "We open at 9AM every day. Store is open daily until 10PM.",
      },
    ],
    [
      "Lindsey as the spec has it (midnight Friday and Saturday)",
      lindsey,
      {
        lines: ["Sunday–Thursday: 9 AM – 10 PM", "Friday–Saturday: 9 AM – 12 AM"],
        week: "9AM–10PM Sunday–Thursday, until midnight Friday & Saturday",
        badge: "Open 9AM–10PM, Midnight Fri/Sat",
        answer:
          "We open at 9AM every day. Store is open Sunday to Thursday until 10PM and Friday and Saturday until midnight.",
      },
    ],
    [
      "one closed day, and closing after midnight on one day (the issue's Blue Water)",
      blueWaterIssue,
      {
        lines: ["Sunday: Closed", "Monday–Thursday: 9 AM – 10 PM", "Friday: 9 AM – 2 AM", "Saturday: 9 AM – 10 PM"],
        week: "9AM–10PM Monday–Thursday & Saturday, until 2AM Friday, closed Sunday",
        badge: "Open 9AM–10PM, 2AM Fri, Closed Sun",
        answer:
          "We open at 9AM. Store is open Monday to Thursday and Saturday until 10PM, Friday until 2AM, and closed Sunday.",
      },
    ],
    [
      "two closed days apart",
      week(usual, null, usual, usual, null, usual, usual),
      {
        lines: [
          "Sunday: 9 AM – 10 PM",
          "Monday: Closed",
          "Tuesday–Wednesday: 9 AM – 10 PM",
          "Thursday: Closed",
          "Friday–Saturday: 9 AM – 10 PM",
        ],
        week: "9AM–10PM Tuesday, Wednesday & Friday–Sunday, closed Monday & Thursday",
        badge: "Open 9AM–10PM, Closed Mon/Thu",
        answer:
          "We open at 9AM. Store is open Tuesday, Wednesday and Friday to Sunday until 10PM and closed Monday and Thursday.",
      },
    ],
    [
      "every day different",
      week(
        h("11:00", "18:00"),
        h("09:00", "21:00"),
        h("09:00", "22:00"),
        h("10:00", "22:00"),
        h("09:30", "23:00"),
        h("09:00", "02:00"),
        h("12:00", "00:00"),
      ),
      {
        lines: [
          "Sunday: 11 AM – 6 PM",
          "Monday: 9 AM – 9 PM",
          "Tuesday: 9 AM – 10 PM",
          "Wednesday: 10 AM – 10 PM",
          "Thursday: 9:30 AM – 11 PM",
          "Friday: 9 AM – 2 AM",
          "Saturday: 12 PM – 12 AM",
        ],
        week: "11AM–6PM Sunday, 9AM–9PM Monday, 9AM–10PM Tuesday, 10AM–10PM Wednesday, 9:30AM–11PM Thursday, 9AM–2AM Friday, noon–midnight Saturday",
        badge:
          "Open 11AM–6PM, 9AM–9PM Mon, 9AM–10PM Tue, 10AM–10PM Wed, 9:30AM–11PM Thu, 9AM–2AM Fri, Noon–Midnight Sat",
        answer:
          "Store is open Sunday 11AM–6PM, Monday 9AM–9PM, Tuesday 9AM–10PM, Wednesday 10AM–10PM, Thursday 9:30AM–11PM, Friday 9AM–2AM, and Saturday noon–midnight.",
      },
    ],
    [
      "closed all week",
      daily(null),
      {
        lines: ["Closed all week"],
        week: "closed all week",
        badge: "Closed All Week",
        answer: "Store is closed all week.",
      },
    ],
    [
      "closed Monday: the open days wrap round the weekend",
      week(usual, null, ...Array(5).fill(usual)),
      {
        lines: ["Sunday: 9 AM – 10 PM", "Monday: Closed", "Tuesday–Saturday: 9 AM – 10 PM"],
        week: "9AM–10PM Tuesday–Sunday, closed Monday",
        badge: "Open 9AM–10PM, Closed Mon",
        answer: "We open at 9AM. Store is open Tuesday to Sunday until 10PM and closed Monday.",
      },
    ],
  ])("%s", (_name, schedule, expected) => {
    const stores = [{ shortName: "Store", weekly: schedule }];
    expect(weeklyLines(schedule)).toEqual(expected.lines);
    expect(describeWeek(schedule)).toBe(expected.week);
    expect(badgeText(schedule)).toBe(expected.badge);
    expect(hoursAnswer(stores)).toBe(expected.answer);
    expectEverySentenceAgrees(stores);
  });

  it("says the issue's two stores as they are: Lindsey closing 11:30 PM on Saturdays, Blue Water closed Sundays", () => {
    const lindseyLate = week(...Array(5).fill(usual), h("09:00", "00:00"), h("09:00", "23:30"));
    const stores = [
      { shortName: "Lindsey", weekly: lindseyLate },
      { shortName: "Blue Water", weekly: blueWaterIssue },
    ];
    expect(badgeText(lindseyLate)).toBe("Open 9AM–10PM, Midnight Fri, 11:30PM Sat");
    expect(hoursHeadline(stores)).toBe(
      "Lindsey: 9AM–10PM Sunday–Thursday, until midnight Friday, until 11:30PM Saturday · " +
        "Blue Water: 9AM–10PM Monday–Thursday & Saturday, until 2AM Friday, closed Sunday",
    );
    expect(hoursAnswer(stores)).toBe(
      "We open at 9AM. Lindsey is open Sunday to Thursday until 10PM, Friday until midnight, and Saturday until 11:30PM; " +
        "Blue Water is open Monday to Thursday and Saturday until 10PM, Friday until 2AM, and closed Sunday.",
    );
    expectEverySentenceAgrees(stores);
  });

  it("names a common opening time only when every open day of every store shares it", () => {
    expect(commonOpeningTime([lindsey, daily(usual)])).toBe("9AM");
    expect(commonOpeningTime([daily(h("12:00", "20:00"))])).toBe("noon");
    expect(commonOpeningTime([lindsey, week(h("11:00", "22:00"), ...Array(6).fill(usual))])).toBeNull();
    expect(commonOpeningTime([daily(null)])).toBeNull();
  });
});

// Times on the half hour (and midnight, noon), a few of them so that days often share hours.
const times = ["00:00", "02:00", "06:30", "09:00", "09:30", "11:00", "12:00", "17:00", "22:00", "23:30"];
const dayHours = fc
  .tuple(fc.constantFrom(...times), fc.constantFrom(...times))
  .filter(([opens, closes]) => opens !== closes)
  .map(([opens, closes]) => h(opens, closes));
const schedules = fc.array(fc.option(dayHours, { nil: null, freq: 4 }), { minLength: 7, maxLength: 7 });

describe("every sentence, for any week", () => {
  it("parses back to the schedule the JSON-LD states, and never reads 'open closed', 'daily' beside a closed day, or a day twice", () => {
    fc.assert(
      fc.property(schedules, (weekly) => expectEverySentenceAgrees([{ shortName: "Store", weekly }])),
      { numRuns: 500 },
    );
  });

  it("holds for two stores together (the home hero, the FAQ)", () => {
    fc.assert(
      fc.property(schedules, schedules, (a, b) =>
        expectEverySentenceAgrees([
          { shortName: "Lindsey", weekly: a },
          { shortName: "Blue Water", weekly: b },
        ]),
      ),
      { numRuns: 300 },
    );
  });
});
