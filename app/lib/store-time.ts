import { TIME_ZONE } from "~/content/time-zone";

// Wall-clock times in the stores' zone (America/Chicago), as a `<input type="datetime-local">` writes them
// ("2026-11-22T14:30"), and the instants they name. Isomorphic: the server and the browser agree.

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const partsFormatter = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The stores' wall clock at an instant, read from the formatter (the slow way: ICU, a dozen strings). */
function formattedWallClock(instant: number) {
  const parts = Object.fromEntries(partsFormatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

function formattedZoneOffset(instant: number): number {
  const w = formattedWallClock(instant);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

// A zone's offset changes only at its transitions, a few a year: it is looked up once per quarter hour of time
// and kept, and every render that asks what day or time it is in the stores' zone is then arithmetic (the
// formatter cost several percent of a page's render, issue 38). A quarter hour with a transition inside it is
// never kept: each of its instants asks the formatter.
const OFFSET_SPAN_MS = 15 * 60 * 1000;
const MAX_KEPT_OFFSETS = 4096;
const keptOffsets = new Map<number, number>();

/** How far the stores' clocks are ahead of UTC at an instant, in ms (e.g. -5 h in summer, -6 h in winter). */
function zoneOffset(instant: number): number {
  const span = Math.floor(instant / OFFSET_SPAN_MS);
  const kept = keptOffsets.get(span);
  if (kept !== undefined) return kept;
  const start = span * OFFSET_SPAN_MS;
  const offset = formattedZoneOffset(start);
  if (formattedZoneOffset(start + OFFSET_SPAN_MS - 1) !== offset) return formattedZoneOffset(instant);
  if (keptOffsets.size >= MAX_KEPT_OFFSETS) keptOffsets.clear();
  keptOffsets.set(span, offset);
  return offset;
}

/** The stores' wall clock at an instant (ms since the epoch). */
function wallClockInStoreZone(instant: number) {
  if (!Number.isFinite(instant)) throw new RangeError("Invalid time value");
  const shifted = new Date(Math.floor(instant / 1000) * 1000 + zoneOffset(instant));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** An instant as the stores' wall-clock time, "YYYY-MM-DDTHH:MM" (for a datetime-local input). */
export function toStoreDateTimeLocal(instant: Date | string | number): string {
  const w = wallClockInStoreZone(new Date(instant).getTime());
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** Whether text is a real wall-clock time written "YYYY-MM-DDTHH:MM" (seconds optional). */
export function isStoreDateTimeLocal(text: string): boolean {
  const match = LOCAL_DATE_TIME.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((v) => Number(v ?? 0));
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 9999 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59
  );
}

/**
 * The instant a wall-clock time in the stores' zone names, or null when the text is not one.
 * Across the DST changes: a time that happens twice (1:30 AM on the first Sunday of November) is the
 * first of the two (daylight time); a time that never happens (2:30 AM on the second Sunday of March)
 * is read with the offset before the change, i.e. it becomes 3:30 AM daylight time.
 */
export function fromStoreDateTimeLocal(text: string): Date | null {
  if (!isStoreDateTimeLocal(text)) return null;
  const [year, month, day, hour, minute, second = 0] = LOCAL_DATE_TIME.exec(text)!
    .slice(1)
    .map((v) => Number(v ?? 0));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offsets in force a day before and a day after: a time near a change takes one of the two.
  const before = zoneOffset(wall - DAY_MS);
  const after = zoneOffset(wall + DAY_MS);
  const matching = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => zoneOffset(instant) === wall - instant)
    .sort((a, b) => a - b);
  return new Date(matching.length > 0 ? matching[0] : wall - before);
}
