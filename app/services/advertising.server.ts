import {
  type AdvertisingRefusal,
  PUBLISH_ANYWAY_MESSAGES,
  type PublishedAnyway,
  readPublishAnyway,
} from "~/lib/ad-rules/override";
import { checkAdvertising } from "~/lib/ad-rules/check";
import { getDisabledAdRules } from "~/models/ad-rule-settings.server";

// The advertising rules at the moment words are published (issue 27): a draft saves freely; published or
// active words with findings need the owner's "Publish anyway" and a reason, which the save then records
// in the activity log in its own transaction (recordAdvertisingOverride, app/models/ad-findings.server.ts).

export type AdvertisingGate =
  | { ok: true; override: PublishedAnyway | null }
  /** Refused: what the form says, and what it shows beside the fields (sent to the page as `advertising`). */
  | { ok: false; message: string; refusal: AdvertisingRefusal };

/**
 * Checks `fields` (form field name → the words it publishes) when `publishing`; answers whether the save may
 * go on, and with which override (null: nothing to override).
 */
export async function advertisingGate(
  fields: Record<string, string | null | undefined>,
  formData: FormData,
  publishing: boolean,
): Promise<AdvertisingGate> {
  if (!publishing) return { ok: true, override: null };
  const disabled = await getDisabledAdRules();
  const byField = Object.fromEntries(
    Object.entries(fields).map(([name, text]) => [name, checkAdvertising(text ?? "", { disabled })]),
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
