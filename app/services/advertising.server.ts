import {
  type AdvertisingRefusal,
  PUBLISH_ANYWAY_MESSAGES,
  type PublishedAnyway,
  readPublishAnyway,
} from "~/lib/ad-rules/override";
import { checkAdvertising } from "~/lib/ad-rules/check";
import type { AdRuleKind } from "~/lib/ad-rules/rules";
import { getDisabledAdRules } from "~/models/ad-rule-settings.server";

// The advertising rules at the moment words are published (issue 27): a draft saves freely; published or
// active words with findings need the owner's "Publish anyway" and a reason, which the save then records
// in the activity log in its own transaction (recordAdvertisingOverride, app/models/ad-findings.server.ts).
// Only the words a save publishes anew are judged: a field whose words are already on the site unchanged
// (the banner shown last week, a post's untouched title) was judged when it went out, and must not block
// saving something else (issue 37).

export type AdvertisingGate =
  | { ok: true; override: PublishedAnyway | null }
  /** Refused: what the form says, and what it shows beside the fields (sent to the page as `advertising`). */
  | { ok: false; message: string; refusal: AdvertisingRefusal };

/** What is stored now: each checked field's words, and whether they are published (live, shown, active). */
export interface StoredAdvertising {
  fields: Record<string, string | null | undefined>;
  published: boolean;
}

/**
 * The fields this save publishes anew: all of them when the stored words are not published (a new row, a
 * draft going out, a hidden banner shown); else those whose words differ from the stored ones.
 */
export function fieldsPublishedAnew(
  fields: Record<string, string | null | undefined>,
  stored: StoredAdvertising | null | undefined,
): Record<string, string | null | undefined> {
  if (!stored?.published) return fields;
  return Object.fromEntries(
    Object.entries(fields).filter(([name, text]) => wordsOf(text) !== wordsOf(stored.fields[name])),
  );
}

/** Words as they read: a browser sends a textarea's line breaks as CRLF, and empty is empty. */
const wordsOf = (text: string | null | undefined) => (text ?? "").replace(/\r\n?/g, "\n").trim();

/** The words a save publishes (form field name → words), whether it publishes them, and what is stored. */
export interface AdvertisingWords {
  fields: Record<string, string | null | undefined>;
  publishing: boolean;
  stored?: StoredAdvertising | null;
}

/** Judges `words` with the rules switched on and the form's "Publish anyway". */
function judge(
  { fields, publishing, stored }: AdvertisingWords,
  formData: FormData,
  disabled: readonly AdRuleKind[],
): AdvertisingGate {
  if (!publishing) return { ok: true, override: null };
  const judged = fieldsPublishedAnew(fields, stored);
  const byField = Object.fromEntries(
    Object.entries(judged).map(([name, text]) => [name, checkAdvertising(text ?? "", { disabled })]),
  );
  const findings = Object.values(byField).flat();
  if (findings.length === 0) return { ok: true, override: null };
  const decision = readPublishAnyway(formData);
  if (decision === null || decision === "reason-needed") {
    const reasonNeeded = decision === "reason-needed";
    return {
      ok: false,
      message: reasonNeeded ? PUBLISH_ANYWAY_MESSAGES.reasonNeeded : PUBLISH_ANYWAY_MESSAGES.needed,
      refusal: { findings: byField, reasonNeeded },
    };
  }
  return { ok: true, override: { findings, reason: decision.reason } };
}

/**
 * Checks `fields` (form field name → the words it publishes) when `publishing`, leaving out those `stored`
 * already publishes unchanged; answers whether the save may go on, and with which override (null: nothing
 * to override).
 */
export async function advertisingGate(
  fields: Record<string, string | null | undefined>,
  formData: FormData,
  publishing: boolean,
  stored?: StoredAdvertising | null,
): Promise<AdvertisingGate> {
  if (!publishing) return { ok: true, override: null };
  return judge({ fields, publishing, stored }, formData, await getDisabledAdRules());
}

/** A save refused inside its transaction: the words stored had changed since the gate's first look. */
export class AdvertisingRefused extends Error {
  constructor(readonly gate: Extract<AdvertisingGate, { ok: false }>) {
    super(gate.message);
  }
}

/**
 * The gate's word inside the save's transaction: `wordsOf` the row as the transaction read it (locked; none
 * for a new row) → the override to log, or throws AdvertisingRefused (rolling the save back). The rules
 * switched off are read now: a transaction on the embedded database may not read outside itself.
 */
export async function advertisingJudge<Row>(
  formData: FormData,
  wordsOf: (stored: Row | undefined) => AdvertisingWords,
): Promise<(stored: Row | undefined) => PublishedAnyway | null> {
  const disabled = await getDisabledAdRules();
  return (stored) => {
    const gate = judge(wordsOf(stored), formData, disabled);
    if (!gate.ok) throw new AdvertisingRefused(gate);
    return gate.override;
  };
}
