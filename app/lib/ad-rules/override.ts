// "Publish anyway": what an editor's form sends to publish words with advertising findings, and how they
// are said in the activity log. Browser-safe (the forms and the server read the same fields).
import type { AdFinding } from "./check";
import { adRuleLabel } from "./rules";

export const PUBLISH_ANYWAY_FIELDS = { confirm: "publishAnyway", reason: "publishAnywayReason" } as const;
export const PUBLISH_ANYWAY_REASON_LIMITS = { min: 10, max: 300 };

export const PUBLISH_ANYWAY_MESSAGES = {
  needed: "This text has advertising findings. Change the words, or tick “Publish anyway” and say why.",
  reasonNeeded: `Say in a few words why this is fine to publish (at least ${PUBLISH_ANYWAY_REASON_LIMITS.min} characters).`,
} as const;

/** Why a save was refused: the findings of each field (by its form name), and whether only the reason was missing. */
export interface AdvertisingRefusal {
  findings: Record<string, AdFinding[]>;
  reasonNeeded: boolean;
}

/** The refusal in an action's answer (`{ advertising: … }`), if the last save was refused for its findings. */
export function advertisingRefusalOf(actionData: unknown): AdvertisingRefusal | null {
  if (!actionData || typeof actionData !== "object" || !("advertising" in actionData)) return null;
  return (actionData.advertising as AdvertisingRefusal | undefined) ?? null;
}

/** What the owner decided: publish with these findings, for this reason. */
export interface PublishedAnyway {
  findings: readonly AdFinding[];
  reason: string;
}

/** The form's "Publish anyway" box and reason: the override, a reason too short, or none asked for. */
export function readPublishAnyway(formData: FormData): { reason: string } | "reason-needed" | null {
  if (formData.get(PUBLISH_ANYWAY_FIELDS.confirm) !== "on") return null;
  const reason = String(formData.get(PUBLISH_ANYWAY_FIELDS.reason) ?? "")
    .trim()
    .slice(0, PUBLISH_ANYWAY_REASON_LIMITS.max);
  return reason.length >= PUBLISH_ANYWAY_REASON_LIMITS.min ? { reason } : "reason-needed";
}

/** A finding as a field's error line: the phrase, why, and a rewording where there is one. */
export function findingMessage(finding: AdFinding): string {
  return `“${finding.phrase.replace(/\s+/g, " ")}” — ${finding.reason}${finding.suggestion ? ` Try: ${finding.suggestion}.` : ""}`;
}

/** The findings as the activity log keeps them: "“relieves anxiety” (Health claim); …". */
export function findingsSummary(findings: readonly Pick<AdFinding, "phrase" | "kind">[]): string {
  return findings
    .map((finding) => `“${finding.phrase.replace(/\s+/g, " ")}” (${adRuleLabel(finding.kind)})`)
    .join("; ");
}
