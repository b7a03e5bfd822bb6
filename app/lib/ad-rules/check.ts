// The advertising checker: the owner's text in, the phrases 63 O.S. § 427.21 forbids out, each with where it
// is, why, and a rewording where one exists. Pure and browser-safe (the editors run it as the owner types).
// The text is read as a person reads it (./read.ts: markup dropped, Unicode normalised, look-alike letters
// folded), so "**re**lieves [anxiety](/x)" or "сures" with a Cyrillic с are found; a finding quotes the words as
// read and its position is still its place in the original text.
import { firstWords } from "./first-words";
import { NEGATION } from "./grammar";
import { readAsPerson } from "./read";
import { AD_INNOCENT_USES, AD_PHRASE_RULES, type AdPhraseRule, type AdRuleKind, adRuleLabel, STATUTE } from "./rules";

export interface AdFinding {
  /** The words as a reader sees them (markup and invisible characters left out, spaces as one). */
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

interface Entry {
  /** The rule, or none for an innocent use. */
  rule: AdPhraseRule | null;
  /** Its own small expression, tried exactly where a word begins. */
  regex: RegExp;
  /** Its place in the list: at one word the first entry listed wins. */
  order: number;
}

interface Scanner {
  /** The entries that can begin with a word, by the word (lower case). */
  byWord: Map<string, Entry[]>;
  /** Entries that can begin with any word beginning so (a number: "21+"), and with any word at all. */
  byPrefix: { prefix: string; entry: Entry }[];
  anyWord: Entry[];
  /** What each word of the owner's text met, kept (a word's entries never change). */
  seen: Map<string, Entry[]>;
}

/**
 * The innocent uses and the enabled rules, each its own sticky expression, indexed by the words it can begin
 * with (read from the expression, ./first-words.ts): at each word of the text only the rules that can begin
 * there are tried. A phrase is whole words (the reading is folded to the letters an English reader sees); a
 * space in a rule is any run of spaces. At one word the first entry listed wins — an innocent use before any
 * rule, then the rules in order; the scan goes on after a match, so findings never overlap and an innocent
 * use's words are never a finding.
 */
function compile(rules: readonly AdPhraseRule[]): Scanner {
  const scanner: Scanner = { byWord: new Map(), byPrefix: [], anyWord: [], seen: new Map() };
  const sources: [string, AdPhraseRule | null][] = [
    ...AD_INNOCENT_USES.map((use): [string, null] => [use.pattern, null]),
    ...rules.map((rule): [string, AdPhraseRule] => [rule.pattern, rule]),
  ];
  sources.forEach(([pattern, rule], order) => {
    const source = pattern.replace(/ /g, "\\s+");
    const entry: Entry = { rule, order, regex: new RegExp(`(?:${source})(?!\\w)`, "iy") };
    const first = firstWords(source);
    if (first.anyWord) scanner.anyWord.push(entry);
    for (const prefix of first.prefixes) scanner.byPrefix.push({ prefix, entry });
    for (const word of first.words) {
      const list = scanner.byWord.get(word);
      if (list) list.push(entry);
      else scanner.byWord.set(word, [entry]);
    }
  });
  return scanner;
}

/** The entries that can begin at `word` (as the text has it: "The" and "the" are looked up once each), in order. */
function entriesFor(scanner: Scanner, word: string): Entry[] {
  let entries = scanner.seen.get(word);
  if (!entries) {
    const lower = word.toLowerCase();
    const found = new Set([...(scanner.byWord.get(lower) ?? []), ...scanner.anyWord]);
    for (const { prefix, entry } of scanner.byPrefix) if (lower.startsWith(prefix)) found.add(entry);
    entries = [...found].sort((a, b) => a.order - b.order);
    // The owner's vocabulary is bounded in practice; a flood of distinct words only starts the memory over.
    if (scanner.seen.size > 50_000) scanner.seen.clear();
    scanner.seen.set(word, entries);
  }
  return entries;
}

const compiled = new Map<string, { rules: AdPhraseRule[]; scanner: Scanner }>();

/** The scanner for this set of turned-off kinds (a handful of sets at most: kept once made). */
function matcher(disabled: readonly AdRuleKind[]) {
  const key = [...new Set(disabled)].sort().join(",");
  let entry = compiled.get(key);
  if (!entry) {
    const rules = AD_PHRASE_RULES.filter((rule) => !disabled.includes(rule.kind));
    entry = { rules, scanner: compile(rules) };
    compiled.set(key, entry);
  }
  return entry;
}

const denials = new Map<string, RegExp>();

/** Whether the words just before a phrase deny it ("does not cure", "not intended to treat", "wait before you eat more"). */
function denied(rule: AdPhraseRule, before: string): boolean {
  if (!rule.deniable) return false;
  const key = `${rule.deniable}|${rule.denials ?? ""}|${rule.deniers ?? ""}`;
  let regex = denials.get(key);
  if (!regex) {
    const words = (rule.deniers ?? (rule.denials ? `${NEGATION}|${rule.denials}` : NEGATION)).replace(/ /g, "\\s+");
    regex = new RegExp(`\\b(?:${words})(?:[\\s,/]+[\\w'-]+){0,${rule.deniable - 1}}[\\s,/]+$`, "i");
    denials.set(key, regex);
  }
  return regex.test(before);
}

/** Same-length text with Markdown and HTML markup turned into spaces (kept for callers that blank markup). */
export function blankMarkup(text: string): string {
  const blank = (match: string) => " ".repeat(match.length);
  return text
    .replace(/<!--[\s\S]*?-->|<\/?[a-zA-Z][^<>]*>/g, blank)
    .replace(/\]\([^()\s]*(?:\s+"[^"]*")?\)/g, blank)
    .replace(/!?\[/g, blank)
    .replace(/[*_~`]+/g, blank)
    .replace(/^[ \t]*(?:#{1,6}|>|[-+]|\d+\.)(?=[ \t])/gm, blank);
}

export interface CheckOptions {
  /** Kinds the owner turned off in Settings. */
  disabled?: readonly AdRuleKind[];
}

/** Every finding in `text`, in order. */
export function checkAdvertising(text: string, options: CheckOptions = {}): AdFinding[] {
  if (!text) return [];
  const { rules, scanner } = matcher(options.disabled ?? []);
  if (rules.length === 0) return [];
  const reading = readAsPerson(text);
  const read = reading.text;
  const findings: AdFinding[] = [];
  const words = /\w+/g;
  for (let word = words.exec(read); word; word = words.exec(read)) {
    let match: RegExpExecArray | null = null;
    let rule: AdPhraseRule | null = null;
    for (const entry of entriesFor(scanner, word[0])) {
      entry.regex.lastIndex = word.index;
      match = entry.regex.exec(read);
      if (match) {
        rule = entry.rule;
        break;
      }
    }
    if (!match) continue;
    words.lastIndex = word.index + match[0].length;
    if (!rule) continue;
    if (denied(rule, read.slice(Math.max(0, match.index - 80), match.index))) continue;
    findings.push({
      phrase: reading
        .shown(match.index, match.index + match[0].length)
        .replace(/\s+/g, " ")
        .trim(),
      start: reading.startOf(match.index),
      end: reading.endOf(match.index + match[0].length),
      kind: rule.kind,
      label: adRuleLabel(rule.kind),
      ruleId: rule.id,
      reason: `${rule.reason} (${STATUTE})`,
      suggestion: rule.suggestion ?? null,
    });
  }
  return findings;
}
