// The advertising checker beside the fields an editor publishes (issue 27): each field's findings as the
// owner types (debounced, in the browser, no network; rendered on the server too, so a page without
// JavaScript shows what its save found), and the "Publish anyway" box with its reason, which publishing
// words with findings needs.
import { TextArea } from "@radix-ui/themes";
import { useEffect, useMemo, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { type AdFinding, checkAdvertising } from "~/lib/ad-rules/check";
import type { AdRuleKind } from "~/lib/ad-rules/rules";
import {
  type AdvertisingRefusal,
  PUBLISH_ANYWAY_FIELDS,
  PUBLISH_ANYWAY_MESSAGES,
  PUBLISH_ANYWAY_REASON_LIMITS,
} from "~/lib/ad-rules/override";

const DEBOUNCE_MS = 300;
const NONE: readonly AdRuleKind[] = [];

/** The kinds of rule the owner switched off (Settings → Advertising rules), from the admin layout's data. */
export function useDisabledAdRules(): readonly AdRuleKind[] {
  const layout = useRouteLoaderData("routes/admin/layout") as { disabledAdRules?: AdRuleKind[] } | undefined;
  return layout?.disabledAdRules ?? NONE;
}

/**
 * A field's words as the form holds them: a field sent twice (a hand-made request the server refused) comes
 * back as a list, which is read as its strings one after another; anything else has no words.
 */
export function wordsOf(value: unknown): string {
  if (typeof value === "string") return value;
  return Array.isArray(value) ? value.filter((item) => typeof item === "string").join("\n") : "";
}

/** The findings in a field's words, checked a moment after the owner stops typing. */
export function useAdFindings(value: unknown): AdFinding[] {
  const text = wordsOf(value);
  const disabled = useDisabledAdRules();
  const [findings, setFindings] = useState<AdFinding[]>(() => checkAdvertising(text, { disabled }));
  const disabledKey = disabled.join(",");
  useEffect(() => {
    const off = disabledKey ? (disabledKey.split(",") as AdRuleKind[]) : [];
    const timer = setTimeout(() => setFindings(checkAdvertising(text, { disabled: off })), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, disabledKey]);
  return findings;
}

/** The findings in words that already wait for a pause in typing (the post's content): checked at once. */
export function useCheckedFindings(text: string): AdFinding[] {
  const disabled = useDisabledAdRules();
  return useMemo(() => checkAdvertising(text, { disabled }), [text, disabled]);
}

/** One field's findings, listed under it as the owner types. */
export function FieldAdFindings({ id, text }: { id: string; text: unknown }) {
  return <AdFindingsList id={id} findings={useAdFindings(text)} />;
}

/**
 * The "Publish anyway" box of a form whose `texts` are about to be published: shown while any of them has a
 * finding (or the server refused the last save for one), with the reason's error when it was too short.
 * `published`: the same fields' words as the site shows them now (null when nothing is live yet); words
 * already live unchanged need no "Publish anyway" again (the server's gate judges only what a save changes).
 */
export function PublishAnywayCheck({
  texts,
  publishing,
  refusal,
  published = null,
  kept = null,
}: {
  texts: readonly unknown[];
  publishing: boolean;
  refusal: AdvertisingRefusal | null | undefined;
  published?: readonly unknown[] | null;
  /** A "Publish anyway" reason saved with a draft: the box starts ticked with it. */
  kept?: string | null;
}) {
  const changed = published ? texts.filter((text, at) => sameWords(text, published[at]) === false) : texts;
  const live = useAdFindings(changed.map(wordsOf).filter(Boolean).join("\n\n"));
  const refused = refusal ? Object.values(refusal.findings).some((found) => found.length > 0) : false;
  if (!publishing || (live.length === 0 && !refused)) return null;
  return (
    <PublishAnywayBox
      reasonError={refusal?.reasonNeeded ? PUBLISH_ANYWAY_MESSAGES.reasonNeeded : undefined}
      kept={kept}
    />
  );
}

/** Words as the server's gate compares them: a browser's CRLF line breaks and the edges' spaces aside. */
function sameWords(a: unknown, b: unknown): boolean {
  const words = (value: unknown) => wordsOf(value).replace(/\r\n?/g, "\n").trim();
  return words(a) === words(b);
}

/** A one-field form's check (the promo banner): its findings, and "Publish anyway" when it is published. */
export function AdvertisingCheck({
  id,
  text,
  publishing,
  refusal,
  published = null,
}: {
  id: string;
  text: string;
  publishing: boolean;
  refusal: AdvertisingRefusal | null | undefined;
  /** The words the site shows now, or null when it shows none (see PublishAnywayCheck). */
  published?: string | null;
}) {
  return (
    <>
      <FieldAdFindings id={id} text={text} />
      <PublishAnywayCheck
        texts={[text]}
        publishing={publishing}
        refusal={refusal}
        published={published === null ? null : [published]}
      />
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
export function PublishAnywayBox({ reasonError, kept = null }: { reasonError?: string; kept?: string | null }) {
  return (
    <fieldset className="ad-override">
      <legend>Publish anyway?</legend>
      <label className="admin-checkbox">
        <input type="checkbox" name={PUBLISH_ANYWAY_FIELDS.confirm} defaultChecked={Boolean(kept)} />
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
        defaultValue={kept ?? undefined}
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
