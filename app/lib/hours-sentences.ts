import {
  type DayHours,
  DAY_ABBREVIATIONS,
  DAY_NAMES,
  formatClockCompact,
  formatClockSpaced,
  groupByHours,
  sameHours,
  type WeeklySchedule,
} from "~/lib/store-hours";

// Every sentence the site says about a weekly schedule, from one small grammar (pure and isomorphic):
// - a sentence is clauses, each a group of days with the same hours (or closed) and its hours;
// - a group's days are written as runs of consecutive days ("Monday to Thursday"; the week wraps, so
//   "Friday to Monday" is one run), runs of two as a pair ("Friday and Saturday");
// - "daily" only when all seven days have the same hours; closed days are one clause, said once, last;
// - no day is named twice, and nothing reads "open closed".
// The JSON-LD (openingHoursSpecification in store-hours.ts) states the same schedule; the property test in
// tests/unit/hours-sentences.test.ts parses every sentence back and compares.

type DayStyle = "long" | "amp" | "abbr";

/** Sorted days as runs of consecutive days; a run that reaches Saturday goes on into Sunday. */
function dayRuns(days: readonly number[]): number[][] {
  const runs: number[][] = [];
  for (const day of [...new Set(days)].sort((a, b) => a - b)) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1] === day - 1) run.push(day);
    else runs.push([day]);
  }
  // The week wraps: Saturday's run continues with Sunday's (unless that is the whole week).
  if (runs.length > 1 && runs[0][0] === 0 && runs[runs.length - 1].at(-1) === 6) {
    const first = runs.shift()!;
    runs[runs.length - 1].push(...first);
  }
  return runs;
}

/**
 * Days as words. "long": "Sunday to Thursday", "Friday and Saturday", "Monday, Wednesday and Friday".
 * "amp": "Sunday–Thursday", "Friday & Saturday". "abbr": "Sun–Thu", "Fri/Sat". All seven: "daily".
 */
function dayList(days: readonly number[], style: DayStyle): string {
  if (new Set(days).size === 7) return "daily";
  const names = style === "abbr" ? DAY_ABBREVIATIONS : DAY_NAMES;
  const range = style === "long" ? " to " : "–";
  const items = dayRuns(days).flatMap((run) =>
    run.length >= 3 ? [`${names[run[0]]}${range}${names[run[run.length - 1]]}`] : run.map((d) => names[d]),
  );
  if (style === "abbr") return items.join("/");
  return joinWords(items, style === "long" ? "and" : "&");
}

/** "a", "a and b", "a, b and c". */
function joinWords(words: readonly string[], and = "and"): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} ${and} ${words[words.length - 1]}`;
}

/** Clauses of a sentence: "a", "a and b", "a, b, and c" (the comma before "and" keeps lists of days apart). */
function joinClauses(clauses: readonly string[]): string {
  if (clauses.length <= 2) return clauses.join(" and ");
  return `${clauses.slice(0, -1).join(", ")}, and ${clauses[clauses.length - 1]}`;
}

/** The first day of a group as the sentence meets it: the start of its first run. */
const firstDay = (days: readonly number[]) => dayRuns(days)[0]?.[0] ?? 7;

/** Days with identical hours (null = closed), in the order the sentence meets them (their first run). */
function groupsInOrder(schedule: WeeklySchedule, same = sameHours) {
  return groupByHours(schedule, same).sort((a, b) => firstDay(a.days) - firstDay(b.days));
}

/**
 * A week as its usual hours (the open hours most days share; a tie goes to the group met first), the other
 * open groups, and the closed days. Null when the store is closed every day.
 */
function weekShape(schedule: WeeklySchedule) {
  const groups = groupsInOrder(schedule);
  let base: { days: number[]; hours: DayHours } | null = null;
  for (const g of groups) {
    if (g.hours && (!base || g.days.length > base.days.length)) base = { days: g.days, hours: g.hours };
  }
  if (!base) return null;
  const usual = base.hours; // the base group's own object, so identity tells it apart
  return {
    base,
    others: groups.filter((g): g is { days: number[]; hours: DayHours } => g.hours !== null && g.hours !== usual),
    closed: schedule.flatMap((hours, day) => (hours ? [] : [day])),
  };
}

const compactRange = (h: DayHours) => `${formatClockCompact(h.opens)}–${formatClockCompact(h.closes)}`;

/** How other hours differ from the usual ones: "until midnight", "from 11AM", or the whole range. */
function differenceWords(usual: DayHours, hours: DayHours): string {
  if (hours.opens === usual.opens) return `until ${formatClockCompact(hours.closes)}`;
  if (hours.closes === usual.closes) return `from ${formatClockCompact(hours.opens)}`;
  return compactRange(hours);
}

/** Timetable lines, in week order: ["Sunday–Thursday: 9 AM – 10 PM", "Friday–Saturday: 9 AM – 12 AM"], ["Daily: 9 AM – 10 PM"]. */
export function weeklyLines(schedule: WeeklySchedule): string[] {
  if (schedule.every((h) => h === null)) return ["Closed all week"];
  const range = (h: DayHours | null) =>
    h ? `${formatClockSpaced(h.opens)} – ${formatClockSpaced(h.closes)}` : "Closed";
  if (schedule.every((h) => sameHours(h, schedule[0]))) return [`Daily: ${range(schedule[0])}`];
  const lines: string[] = [];
  // Only consecutive days share a line, so the lines read in week order, Sunday first.
  for (let start = 0; start < 7;) {
    let end = start;
    while (end < 6 && sameHours(schedule[end + 1], schedule[start])) end++;
    const days = start === end ? DAY_NAMES[start] : `${DAY_NAMES[start]}–${DAY_NAMES[end]}`;
    lines.push(`${days}: ${range(schedule[start])}`);
    start = end + 1;
  }
  return lines;
}

/**
 * "9AM–10PM daily", "9AM–10PM Sunday–Thursday, until midnight Friday & Saturday",
 * "9AM–10PM Monday–Thursday & Saturday, until 2AM Friday, closed Sunday", "closed all week".
 */
export function describeWeek(schedule: WeeklySchedule): string {
  const shape = weekShape(schedule);
  if (!shape) return "closed all week";
  const { base, others, closed } = shape;
  return [
    `${compactRange(base.hours)} ${dayList(base.days, "amp")}`,
    ...others.map((g) => `${differenceWords(base.hours, g.hours)} ${dayList(g.days, "amp")}`),
    ...(closed.length ? [`closed ${dayList(closed, "amp")}`] : []),
  ].join(", ");
}

/**
 * Short badge, in the spec's words ("Open 9AM–10PM with midnight Fri/Sat"): the usual hours, then how the
 * other days differ, a later or earlier closing as its time alone; the usual hours' days are the rest. So a
 * phone's two-column badge stays two lines: "Open 9AM–10PM Daily", "Open 9AM–10PM, Midnight Fri/Sat",
 * "Open 9AM–10PM, 2AM Fri, Closed Sun", "Closed All Week".
 */
export function badgeText(schedule: WeeklySchedule): string {
  const shape = weekShape(schedule);
  if (!shape) return "Closed All Week";
  const { base, others, closed } = shape;
  const titled = (words: string) =>
    words.replace(/(^|[ –])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
  const difference = (hours: DayHours) =>
    hours.opens === base.hours.opens ? formatClockCompact(hours.closes) : differenceWords(base.hours, hours);
  if (others.length === 0 && closed.length === 0) return `Open ${titled(compactRange(base.hours))} Daily`;
  return [
    `Open ${titled(compactRange(base.hours))}`,
    ...others.map((g) => `${titled(difference(g.hours))} ${dayList(g.days, "abbr")}`),
    ...(closed.length ? [`Closed ${dayList(closed, "abbr")}`] : []),
  ].join(", ");
}

/** "9AM" when every open day of every schedule opens at the same time, else null. */
export function commonOpeningTime(schedules: readonly WeeklySchedule[]): string | null {
  const opens = new Set(schedules.flatMap((s) => s.flatMap((h) => (h ? [h.opens] : []))));
  return opens.size === 1 ? formatClockCompact([...opens][0]) : null;
}

/**
 * What a store's week is, for the FAQ: with a common opening time said before, only the closing times
 * ("Sunday to Thursday until 10PM and Friday and Saturday until midnight"); otherwise the whole ranges
 * ("Sunday 11AM–6PM, Tuesday to Saturday 9AM–10PM, and closed Monday").
 */
function weekInWords(schedule: WeeklySchedule, openingSaid: boolean): string {
  if (schedule.every((h) => h === null)) return "closed all week";
  const closed = schedule.flatMap((hours, day) => (hours ? [] : [day]));
  const open = groupsInOrder(schedule, (a, b) =>
    openingSaid ? a?.closes === b?.closes && (a === null) === (b === null) : sameHours(a, b),
  ).filter((g): g is { days: number[]; hours: DayHours } => g.hours !== null);
  const clauses = open.map((g) =>
    openingSaid
      ? `${dayList(g.days, "long")} until ${formatClockCompact(g.hours.closes)}`
      : `${dayList(g.days, "long")} ${compactRange(g.hours)}`,
  );
  if (closed.length) clauses.push(`closed ${dayList(closed, "long")}`);
  return `open ${joinClauses(clauses)}`;
}

// Sentences about all the stores (home hero, 'Open Late' card, the FAQ, Careers).

export interface NamedSchedule {
  shortName: string;
  weekly: WeeklySchedule;
}

const sameWeek = (a: WeeklySchedule, b: WeeklySchedule) => JSON.stringify(a) === JSON.stringify(b);

/** "Open 9AM–10PM daily" (one store, or all alike), else one per store: "Lindsey: … · Blue Water: …". */
export function hoursHeadline(stores: readonly NamedSchedule[]): string {
  if (stores.every((store) => sameWeek(store.weekly, stores[0].weekly))) {
    const week = describeWeek(stores[0].weekly);
    return week === "closed all week" ? "Closed all week" : `Open ${week}`;
  }
  return stores.map((store) => `${store.shortName}: ${describeWeek(store.weekly)}`).join(" · ");
}

/** Whether any store is open at 10 PM or later on some day (the 'Open Late' card's claim). */
export function opensLate(stores: readonly NamedSchedule[]): boolean {
  return stores.some((store) =>
    store.weekly.some((day) => day !== null && (day.closes <= day.opens || day.closes >= "22:00")),
  );
}

/** The FAQ's answer to "What are your hours?". */
export function hoursAnswer(stores: readonly NamedSchedule[]): string {
  const opening = commonOpeningTime(stores.map((store) => store.weekly));
  const openEveryDay = stores.every((store) => store.weekly.every((day) => day !== null));
  const lead = opening ? `We open at ${opening}${openEveryDay ? " every day" : ""}. ` : "";
  const parts = stores.map((store) => `${store.shortName} is ${weekInWords(store.weekly, opening !== null)}`);
  return `${lead}${parts.join("; ")}.`;
}
