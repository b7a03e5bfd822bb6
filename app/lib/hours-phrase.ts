import type { DailyHours } from "~/content/site";

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "09:00" → "9AM", "22:30" → "10:30PM", "12:00" → "noon", "24:00" → "midnight". */
export function formatClock(time: string): string {
  const [h, m] = time.split(":").map(Number);
  if ((h === 24 || h === 0) && m === 0) return "midnight";
  if (h === 12 && m === 0) return "noon";
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  const suffix = h < 12 || h === 24 ? "AM" : "PM";
  return `${hour12}${m ? `:${String(m).padStart(2, "0")}` : ""}${suffix}`;
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** [0..4] → "Sunday to Thursday", [5, 6] → "Friday and Saturday", all seven → "daily". */
export function describeDays(days: number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return "daily";
  const consecutive = sorted.every((day, i) => i === 0 || day === sorted[i - 1] + 1);
  if (consecutive && sorted.length > 2) {
    return `${DAY_NAMES[sorted[0]]} to ${DAY_NAMES[sorted[sorted.length - 1]]}`;
  }
  return joinWords(sorted.map((d) => DAY_NAMES[d]));
}

/** "Sunday to Thursday until 10PM and Friday and Saturday until midnight" */
export function describeClosingTimes(hours: DailyHours[]): string {
  return joinWords(hours.map((h) => `${describeDays(h.days)} until ${formatClock(h.closes)}`));
}

/** The opening time shared by every day, or null when it differs between days. */
export function commonOpeningTime(hours: DailyHours[]): string | null {
  const opens = new Set(hours.map((h) => h.opens));
  return opens.size === 1 ? formatClock([...opens][0]) : null;
}
