import { type AdFinding, checkAdvertising } from "~/lib/ad-rules/check";
import { type AdvertisingRefusal, type PublishAnyway, readPublishAnyway } from "~/lib/ad-rules/override";
import { getDisabledAdRules } from "~/models/ad-rule-settings.server";

// The advertising rules at the moment words are published (issue 27): a draft saves freely; published or
// active words with findings need the owner's "Publish anyway" and a reason, which the save then records
// in the activity log in its own transaction.

export type AdvertisingGate =
  { ok: true; findings: AdFinding[]; override: PublishAnyway | null } | ({ ok: false } & AdvertisingRefusal);

/**
 * Checks `fields` (form field name → the words it publishes) when `publishing`; answers whether the save may
 * go on, and with which findings and override.
 */
export async function advertisingGate(
  fields: Record<string, string | null | undefined>,
  formData: FormData,
  publishing: boolean,
): Promise<AdvertisingGate> {
  if (!publishing) return { ok: true, findings: [], override: null };
  const disabled = await getDisabledAdRules();
  const byField = Object.fromEntries(
    Object.entries(fields).map(([name, text]) => [name, checkAdvertising(text ?? "", { disabled })]),
  );
  const all = Object.values(byField).flat();
  if (all.length === 0) return { ok: true, findings: [], override: null };
  const override = readPublishAnyway(formData);
  if (override === null || override === "reason-needed") {
    return { ok: false, findings: byField, reasonNeeded: override === "reason-needed" };
  }
  return { ok: true, findings: all, override };
}
