// The menu provider sync's state in one sentence, as the dashboard and Settings say it:
// "Menu last synced 3 hours ago: provider answered 401".

export interface SyncRunView {
  finishedAt: Date;
  ok: boolean;
  message: string | null;
}

/** "just now", "1 minute ago", "3 hours ago", "2 days ago". */
export function timeAgo(then: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 60_000));
  if (minutes < 1) return "just now";
  const say = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (minutes < 60) return say(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return say(hours, "hour");
  return say(Math.floor(hours / 24), "day");
}

export function menuSyncSentence(latest: SyncRunView | null, lastGood: SyncRunView | null, now: Date): string {
  if (!latest) return "The menu has not synced yet.";
  if (latest.ok) return `Menu last synced ${timeAgo(latest.finishedAt, now)}.`;
  const reason = latest.message ?? "the sync failed";
  return lastGood
    ? `Menu last synced ${timeAgo(lastGood.finishedAt, now)}: ${reason}`
    : `Menu has never synced: ${reason}`;
}
