// The advertising checker beside a field: its findings as the owner types (debounced, in the browser, no
// network), and the "Publish anyway" box with its reason, which publishing words with findings needs.
import { TextArea } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { type AdFinding, checkAdvertising } from "~/lib/ad-rules/check";
import type { AdRuleKind } from "~/lib/ad-rules/rules";
import { PUBLISH_ANYWAY_FIELDS, PUBLISH_ANYWAY_MESSAGES, PUBLISH_ANYWAY_REASON_LIMITS } from "~/lib/ad-rules/override";

const DEBOUNCE_MS = 300;

/** The findings in `text`, checked a moment after the owner stops typing. */
export function useAdFindings(text: string, disabled: readonly AdRuleKind[]): AdFinding[] {
  const [findings, setFindings] = useState<AdFinding[]>(() => checkAdvertising(text, { disabled }));
  const disabledKey = disabled.join(",");
  useEffect(() => {
    const off = disabledKey ? (disabledKey.split(",") as AdRuleKind[]) : [];
    const timer = setTimeout(() => setFindings(checkAdvertising(text, { disabled: off })), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, disabledKey]);
  return findings;
}

/**
 * A field's advertising check: its findings as the owner types (or, without JavaScript, as the server found
 * them on save), and the "Publish anyway" box when the words are about to be published.
 */
export function AdvertisingCheck({
  id,
  text,
  publishing,
  disabled,
  refused,
}: {
  id: string;
  text: string;
  publishing: boolean;
  disabled: readonly AdRuleKind[];
  /** What the server refused the last save for, if it did. */
  refused?: { findings: readonly AdFinding[]; reasonNeeded: boolean } | null;
}) {
  const live = useAdFindings(text, disabled);
  const findings = live.length > 0 ? live : (refused?.findings ?? []);
  return (
    <>
      <AdFindingsList id={id} findings={findings} />
      {publishing && findings.length > 0 ? (
        <PublishAnywayBox reasonError={refused?.reasonNeeded ? PUBLISH_ANYWAY_MESSAGES.reasonNeeded : undefined} />
      ) : null}
    </>
  );
}

/** The findings as a list under the field: the phrase, the rule, why, and a rewording where there is one. */
export function AdFindingsList({ id, findings }: { id: string; findings: readonly AdFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <div id={id} className="ad-findings" role="status" aria-live="polite">
      <p className="ad-findings__title">
        {findings.length === 1 ? "1 advertising finding" : `${findings.length} advertising findings`}
      </p>
      <ul>
        {findings.map((finding) => (
          <li key={`${finding.start}-${finding.ruleId}`}>
            <strong>“{finding.phrase.replace(/\s+/g, " ")}”</strong>{" "}
            <span className="ad-findings__rule">{finding.label}</span>
            <span className="ad-findings__reason">{finding.reason}</span>
            {finding.suggestion ? <span className="ad-findings__suggestion">Try: {finding.suggestion}.</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Publish anyway", with the reason the activity log keeps; the server refuses a reason too short. */
export function PublishAnywayBox({ reasonError }: { reasonError?: string }) {
  return (
    <fieldset className="ad-override">
      <legend>Publish anyway?</legend>
      <label className="admin-checkbox">
        <input type="checkbox" name={PUBLISH_ANYWAY_FIELDS.confirm} />
        Publish anyway: I have checked these words against 63 O.S. § 427.21
      </label>
      <label className="ad-override__reason" htmlFor="publish-anyway-reason">
        Why (kept in the activity log)
      </label>
      <TextArea
        id="publish-anyway-reason"
        name={PUBLISH_ANYWAY_FIELDS.reason}
        rows={2}
        maxLength={PUBLISH_ANYWAY_REASON_LIMITS.max}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? "publish-anyway-reason-error" : undefined}
      />
      {reasonError ? (
        <p id="publish-anyway-reason-error" className="admin-field-error">
          {reasonError}
        </p>
      ) : null}
    </fieldset>
  );
}
