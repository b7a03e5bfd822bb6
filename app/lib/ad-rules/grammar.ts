// The small grammar the advertising rules are written in (issue 37): a rule is a family of phrases — a set of
// lead words (a verb in all its forms, a noun, an adjective) and, where the lead alone is no claim, a set of
// objects that must follow it within a few words — with guards for the innocent uses that share its words
// ("not intended to treat", "keep out of reach of children"). Each family becomes one regular-expression
// source; check.ts joins them into one expression and scans the text once.
import type { AdRuleKind } from "./kinds";

export interface AdPhraseRule {
  /** Stable id (settings, tests). */
  id: string;
  kind: AdRuleKind;
  /** Words as a regular expression source, matched case-insensitively at word boundaries. */
  pattern: string;
  /** Why, in one plain line (the statute is added when shown). */
  reason: string;
  suggestion?: string;
  /** No finding when a denial comes within this many words before it ("does not cure", "not intended to treat"). */
  deniable?: number;
  /** More words that deny this rule, besides NEGATION ("wait before you eat more"). */
  denials?: string;
  /** The only words that deny this rule, instead of NEGATION ("no card? …" is not denied by its own "no"). */
  deniers?: string;
}

/** Alternatives as one group. */
export const any = (...words: readonly (string | readonly string[])[]) => `(?:${words.flat().join("|")})`;

/**
 * A verb's forms: "treat" → treat/treats/treated/treating, "relieve" → relieve/relieves/relieved/relieving,
 * "remedy" → remedy/remedies/remedied/remedying. A word with its own forms ("stop(?:s|ped|ping)?") is
 * kept as written.
 */
export function verb(...bases: string[]): string {
  return any(
    bases.map((base) => {
      if (/[(|]/.test(base)) return base;
      const words = base.split(" ");
      const head = words[0];
      const rest = words.length > 1 ? ` ${words.slice(1).join(" ")}` : "";
      let forms: string;
      if (/[^aeiou]y$/.test(head)) forms = `${head.slice(0, -1)}(?:y|ies|ied|ying)`;
      else if (/[^e]e$/.test(head)) forms = `${head.slice(0, -1)}(?:e|es|ed|ing)`;
      else if (/(?:s|sh|ch|x|z)$/.test(head)) forms = `${head}(?:es|ed|ing)?`;
      else forms = `${head}(?:s|ed|ing)?`;
      return `${forms}${rest}`;
    }),
  );
}

/** A noun and its plural ("tumor" → tumors); an irregular or multi-word one is written out. */
export const nouns = (...words: string[]) => any(words.map((word) => (/[(|]/.test(word) ? word : `${word}s?`)));

/** Words a denial or a question puts before a claim: "not intended to treat", "ask your doctor whether it helps". */
export const NEGATION =
  "not|never|no|nor|neither|nothing|cannot|can't|won't|doesn't|don't|didn't|isn't|aren't|wasn't|shouldn't|wouldn't|without|whether|if";

export interface Family {
  id: string;
  kind: AdRuleKind;
  /** What starts the phrase. */
  lead: string | readonly string[];
  /** What must follow the lead for it to be a finding (none: the lead alone is one). */
  object?: string | readonly string[];
  /** How many words may come between lead and object ("relieves your chronic back pain": 2). */
  within?: number;
  /** The phrase is no finding after a denial within this many words before it ("never cures"). */
  deniable?: number;
  /** More words that deny it ("wait before you eat more"). */
  denials?: string;
  /** The only words that deny it, instead of NEGATION. */
  deniers?: string;
  /** A regular expression the text must NOT continue with after the lead ("cure company"). */
  unlessNext?: string;
  reason: string;
  suggestion?: string;
}

/** A family as the rule check.ts scans for. */
export function family(rule: Family): AdPhraseRule {
  const lead = any(rule.lead);
  let pattern = lead;
  if (rule.unlessNext) pattern += `(?!${rule.unlessNext})`;
  if (rule.object) {
    const object = any(rule.object);
    // Lazy: the nearest object ends the phrase ("reduces pain and swelling" → "reduces pain").
    const gap = rule.within ? `(?:[\\s]+[\\w'&-]+){0,${rule.within}}?` : "";
    pattern += `${gap} ${object}`;
  }
  const found: AdPhraseRule = { id: rule.id, kind: rule.kind, pattern, reason: rule.reason };
  if (rule.suggestion) found.suggestion = rule.suggestion;
  if (rule.deniable) found.deniable = rule.deniable;
  if (rule.denials) found.denials = rule.denials;
  if (rule.deniers) found.deniers = rule.deniers;
  return found;
}

/** Phrases where a family's words are innocent: scanned with the rules, they end a match without a finding. */
export interface InnocentUse {
  id: string;
  pattern: string;
  /** Why it is not a finding (for the decision record and tests). */
  why: string;
}
