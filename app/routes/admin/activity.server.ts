// Admin → Activity Log beside its route: the filters in the address (shared by the list and its CSV export)
// and the rows as the page shows them.
import { redirect } from "react-router";
import { isRowId, listHref } from "~/lib/admin-list";
import { formatSubmittedAt } from "~/lib/submissions";
import type { ActivityFilter } from "~/models/activity-listing.server";
import {
  ACTIVITY_GROUPS,
  ACTIVITY_KINDS,
  type ActivityRow,
  activityKindLabel,
  isActivityGroup,
  isActivityKind,
} from "~/models/activity.server";

export const ACTIVITY_PATH = "/admin/activity";
export const ACTIVITY_EXPORT_PATH = "/admin/activity/export.csv";
/** The person filter's value for a removed account: its rows keep only the e-mail. */
export const REMOVED_PERSON_PREFIX = "email:";

/** The filters of the address, as the model reads them and as the form shows them (`person`, `kind`). */
export interface ActivityQuery {
  filter: ActivityFilter;
  /** ?person=: an account id, or email:<address> of a removed account; null for everyone. */
  person: string | null;
  /** ?kind=: a group id ('reviews') or one kind ('review.hide'); null for every kind. */
  kind: string | null;
}

/**
 * Reads ?person= and ?kind=. A value that names no person or kind is ignored (the list shows everything,
 * as the form then says); a filter left empty by the form (?person=&kind=) redirects to the address
 * without it, so the address stays what it means.
 */
export function activityQuery(url: URL, pathname: string): ActivityQuery {
  const params = url.searchParams;
  const empty = ["person", "kind"].filter((name) => params.has(name) && !params.get(name)?.trim());
  if (empty.length > 0) {
    throw redirect(listHref(pathname, url.search, Object.fromEntries(empty.map((name) => [name, null]))));
  }
  const filter: ActivityFilter = {};
  let person: string | null = params.get("person")?.trim() ?? null;
  if (person?.startsWith(REMOVED_PERSON_PREFIX) && person.length > REMOVED_PERSON_PREFIX.length) {
    filter.actorEmail = person.slice(REMOVED_PERSON_PREFIX.length);
  } else if (isRowId(person)) {
    filter.actorId = person = person.toLowerCase();
  } else {
    person = null;
  }
  let kind: string | null = params.get("kind")?.trim() ?? null;
  if (isActivityGroup(kind)) filter.group = kind;
  else if (isActivityKind(kind)) filter.kind = kind;
  else kind = null;
  return { filter, person, kind };
}

/** The kind filter as a person reads it: "Reviews", or one kind's label ("Review hidden"). */
export function kindFilterLabel(kind: string | null): string | null {
  if (!kind) return null;
  return ACTIVITY_GROUPS.find((group) => group.id === kind)?.label ?? activityKindLabel(kind);
}

/** The person filter's options: each person in the log, by e-mail (a removed account by the e-mail its rows kept). */
export function personOptions(
  actors: { id: string | null; email: string }[],
  selected: string | null,
): { value: string; label: string }[] {
  const options = actors.map((actor) =>
    actor.id
      ? { value: actor.id, label: actor.email }
      : { value: `${REMOVED_PERSON_PREFIX}${actor.email}`, label: `${actor.email} (removed)` },
  );
  // Someone asked for by the address who has no entries (yet): still the form's choice.
  if (selected && !options.some((option) => option.value === selected)) {
    const label = selected.startsWith(REMOVED_PERSON_PREFIX) ? selected.slice(REMOVED_PERSON_PREFIX.length) : selected;
    options.push({ value: selected, label });
  }
  return options;
}

/** The kind filter's choices: every group, then each kind of it. */
export function kindOptions() {
  return ACTIVITY_GROUPS.map((group) => ({
    id: group.id,
    label: group.label,
    kinds: (Object.keys(ACTIVITY_KINDS) as (keyof typeof ACTIVITY_KINDS)[])
      .filter((kind) => ACTIVITY_KINDS[kind].group === group.id)
      .map((kind) => ({ value: kind, label: ACTIVITY_KINDS[kind].label })),
  }));
}

export type ActivityChangeView =
  { field: string; redacted: true } | { field: string; redacted: false; from: string | null; to: string | null };

/** One entry as the list shows it. */
export interface ActivityView {
  id: string;
  /** ISO instant, for <time dateTime>. */
  at: string;
  /** "Nov 23, 2026, 4:05 PM" in the stores' zone. */
  atText: string;
  who: string | null;
  ip: string | null;
  kind: string;
  /** The kind's filter group ('reviews', 'sign-in'…), for its colour; null for a kind this version does not know. */
  group: string | null;
  what: string;
  subject: { type: string; id: string | null; title: string | null } | null;
  changes: ActivityChangeView[];
}

/** A stored value as text: booleans as Yes / No; nothing as null (the page says "(empty)"). */
function valueText(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

function changesOf(stored: unknown): ActivityChangeView[] {
  if (!stored || typeof stored !== "object") return [];
  return Object.entries(stored as Record<string, unknown>).map(([field, change]) =>
    change && typeof change === "object" && "from" in change && "to" in change
      ? { field, redacted: false, from: valueText(change.from), to: valueText(change.to) }
      : { field, redacted: true },
  );
}

/** 'hours-exception' → 'Hours exception'. */
export function subjectTypeLabel(type: string): string {
  const words = type.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function toActivityView(row: ActivityRow): ActivityView {
  return {
    id: row.id,
    at: row.created_at.toISOString(),
    atText: formatSubmittedAt(row.created_at),
    who: row.actor_email,
    ip: row.ip,
    kind: row.kind,
    group: isActivityKind(row.kind) ? ACTIVITY_KINDS[row.kind].group : null,
    what: activityKindLabel(row.kind),
    subject: row.subject_type
      ? { type: subjectTypeLabel(row.subject_type), id: row.subject_id, title: row.subject_title }
      : null,
    changes: changesOf(row.changes),
  };
}
