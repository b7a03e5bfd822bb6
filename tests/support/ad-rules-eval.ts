// The advertising checker's labelled evaluation set (issue 37): sentences an owner might write, half that
// should be flagged and half near misses that should not, written separately from the rules by someone who
// never saw them (tests/fixtures/ad-rules-eval.json, kept exactly as written: its "about" says how). The
// scores here are what `npm run bench:ad-rules` reports and what tests/unit/ad-rules-eval.test.ts holds.
import fs from "node:fs";
import path from "node:path";
import { checkAdvertising } from "~/lib/ad-rules/check";
import { AD_RULE_KINDS, type AdRuleKind } from "~/lib/ad-rules/rules";

export interface EvalItem {
  text: string;
  /** Whether the checker should flag it. */
  flag: boolean;
  /** The family it is about, in the set's words (for a near miss: the family whose words it comes near). */
  kind: string;
  /** It has an invisible or look-alike character. */
  quirk?: boolean;
}

/** The set's names for the families, and the checker's. */
const KINDS: Record<string, AdRuleKind> = {
  health: "health-claim",
  overconsumption: "overconsumption",
  minors: "minors",
  recreational: "recreational",
  absolutes: "misleading",
};

export const kindOf = (item: EvalItem): AdRuleKind => KINDS[item.kind] ?? (item.kind as AdRuleKind);

/**
 * The half of the set whose misses and false alarms were read while the families were improved (even places)
 * and the half that was not (odd places): the held-out half's score says what the families learnt, not what
 * they remember.
 */
export const isHeldOut = (index: number) => index % 2 === 1;

export const EVAL_SET_PATH = path.resolve("tests/fixtures/ad-rules-eval.json");

export function loadEvalSet(): { about?: unknown; items: EvalItem[] } {
  return JSON.parse(fs.readFileSync(EVAL_SET_PATH, "utf8"));
}

export interface Score {
  /** Sentences that should be flagged, and how many were. */
  positives: number;
  caught: number;
  /** …of which with a finding of their own kind. */
  sameKind: number;
  /** Near misses, and how many were flagged (false alarms). */
  nearMisses: number;
  falseAlarms: number;
  recall: number;
  falseAlarmRate: number;
  /** Of the sentences flagged, the share that should have been. */
  precision: number;
}

function score(items: EvalItem[]): Score & { missed: EvalItem[]; alarms: EvalItem[] } {
  const missed: EvalItem[] = [];
  const alarms: EvalItem[] = [];
  let caught = 0;
  let sameKind = 0;
  let falseAlarms = 0;
  for (const item of items) {
    const findings = checkAdvertising(item.text);
    if (item.flag) {
      if (findings.length > 0) caught += 1;
      else missed.push(item);
      if (findings.some((finding) => finding.kind === kindOf(item))) sameKind += 1;
    } else if (findings.length > 0) {
      falseAlarms += 1;
      alarms.push(item);
    }
  }
  const positives = items.filter((item) => item.flag).length;
  const nearMisses = items.length - positives;
  return {
    positives,
    caught,
    sameKind,
    nearMisses,
    falseAlarms,
    recall: positives ? caught / positives : 1,
    falseAlarmRate: nearMisses ? falseAlarms / nearMisses : 0,
    precision: caught + falseAlarms ? caught / (caught + falseAlarms) : 1,
    missed,
    alarms,
  };
}

/** The whole set's score, each kind's (a near miss counts for the kind it resembles), and what went wrong. */
export function scoreEvalSet(items: EvalItem[]) {
  return {
    all: score(items),
    dev: score(items.filter((_, index) => !isHeldOut(index))),
    heldOut: score(items.filter((_, index) => isHeldOut(index))),
    quirks: score(items.filter((item) => item.quirk)),
    byKind: AD_RULE_KINDS.map(({ kind, label }) => ({
      kind,
      label,
      ...score(items.filter((item) => kindOf(item) === kind)),
    })),
  };
}
