// The advertising checker: the owner's text in, the phrases 63 O.S. § 427.21 forbids out, each with where it
// is, why, and a rewording where one exists. Pure and browser-safe (the editors run it as the owner types).
// Markdown and HTML do not hide a phrase: their markup is blanked to spaces before matching, so "**cures**
// [cancer](/x)" is read as "cures cancer", and a finding's position is still its place in the original text.
import { AD_PHRASE_RULES, type AdPhraseRule, type AdRuleKind, adRuleLabel, STATUTE } from "./rules";

export interface AdFinding {
  /** The words as the text has them (markup between them included). */
  phrase: string;
  /** Where in the text it starts and ends (end exclusive). */
  start: number;
  end: number;
  kind: AdRuleKind;
  /** "Health claim" */
  label: string;
  ruleId: string;
  /** One plain line, ending with the statute. */
  reason: string;
  suggestion: string | null;
}

/**
 * The enabled rules as one regular expression, a capturing group per rule, so the text is scanned once: a
 * phrase is whole words (an ASCII word boundary each side: the owner writes English), a space in a rule is
 * any run of spaces and blanked markup. At one position the first rule listed wins (the specific before the
 * general: "relieves anxiety" before "relieves"); the scan goes on after a match, so findings never overlap.
 */
function compile(rules: readonly AdPhraseRule[]): RegExp {
  const groups = rules.map((rule) => `(${rule.pattern.replace(/ /g, "\\s+")})`);
  return new RegExp(`\\b(?:${groups.join("|")})(?!\\w)`, "gi");
}

const compiled = new Map<string, { rules: AdPhraseRule[]; regex: RegExp }>();

/** The expression for this set of turned-off kinds (a handful of sets at most: kept once made). */
function matcher(disabled: readonly AdRuleKind[]) {
  const key = [...new Set(disabled)].sort().join(",");
  let entry = compiled.get(key);
  if (!entry) {
    const rules = AD_PHRASE_RULES.filter((rule) => !disabled.includes(rule.kind));
    entry = { rules, regex: compile(rules) };
    compiled.set(key, entry);
  }
  return entry;
}

/** Same-length text with Markdown and HTML markup turned into spaces, so positions stay the text's own. */
export function blankMarkup(text: string): string {
  const blank = (match: string) => " ".repeat(match.length);
  return (
    text
      // HTML tags and comments (their text between tags is read).
      .replace(/<!--[\s\S]*?-->|<\/?[a-zA-Z][^<>]*>/g, blank)
      // A link's or image's destination: [text](url "title") reads as its text.
      .replace(/\]\([^()\s]*(?:\s+"[^"]*")?\)/g, blank)
      .replace(/!?\[/g, blank)
      // Emphasis, strikethrough and code markers; heading, quote and list markers at a line's start.
      .replace(/[*_~`]+/g, blank)
      .replace(/^[ \t]*(?:#{1,6}|>|[-+]|\d+\.)(?=[ \t])/gm, blank)
  );
}

export interface CheckOptions {
  /** Kinds the owner turned off in Settings. */
  disabled?: readonly AdRuleKind[];
}

/** Every finding in `text`, in order. */
export function checkAdvertising(text: string, options: CheckOptions = {}): AdFinding[] {
  if (!text) return [];
  const { rules, regex } = matcher(options.disabled ?? []);
  if (rules.length === 0) return [];
  const readable = blankMarkup(text);
  const findings: AdFinding[] = [];
  regex.lastIndex = 0;
  for (let match = regex.exec(readable); match; match = regex.exec(readable)) {
    const rule = rules[match.findIndex((group, index) => index > 0 && group !== undefined) - 1];
    const start = match.index;
    const end = start + match[0].length;
    findings.push({
      phrase: text.slice(start, end),
      start,
      end,
      kind: rule.kind,
      label: adRuleLabel(rule.kind),
      ruleId: rule.id,
      reason: `${rule.reason} (${STATUTE})`,
      suggestion: rule.suggestion ?? null,
    });
  }
  return findings;
}
