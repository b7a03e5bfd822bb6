// Oklahoma's advertising rules for medical marijuana businesses (63 O.S. § 427.21), as data: what the site's
// checker (./check.ts) finds in the owner's words. Each rule is a family of phrases written in a small grammar
// (./grammar.ts: lead words in all their forms, the objects that must follow within a few words, the denials
// that make it no claim) with the reason an owner reads and a rewording where one exists; innocent uses that
// share a family's words ("keep out of reach of children", "price-match guarantee") are data too. Decisions:
// docs/decisions/2026-11-27-advertising-rules.md and docs/decisions/2026-11-28-advertising-rule-families.md.
import { CONDUCT_INNOCENT, MINORS_RULES, OVERCONSUMPTION_RULES, RECREATIONAL_RULES } from "./conduct";
import type { AdPhraseRule, InnocentUse } from "./grammar";
import { HEALTH_INNOCENT, HEALTH_RULES } from "./health";
import { MISLEADING_INNOCENT, MISLEADING_RULES } from "./misleading";

export type { AdPhraseRule, InnocentUse } from "./grammar";
export { AD_RULE_KINDS, adRuleLabel, type AdRuleKind } from "./kinds";

export const STATUTE = "63 O.S. § 427.21";

/** Every rule, in the order they are tried at one place in the text (the first that matches there wins). */
export const AD_PHRASE_RULES: AdPhraseRule[] = [
  ...HEALTH_RULES,
  ...OVERCONSUMPTION_RULES,
  ...MINORS_RULES,
  ...RECREATIONAL_RULES,
  ...MISLEADING_RULES,
];

/** Innocent uses of the families' words, tried before the rules at each place: a match is no finding. */
export const AD_INNOCENT_USES: InnocentUse[] = [...HEALTH_INNOCENT, ...CONDUCT_INNOCENT, ...MISLEADING_INNOCENT];

/** How the text is read (./read.ts): raised when the reading changes what the same words find. */
const READING_VERSION = 1;

/** Everything that decides the findings of a text, as one string: its hash is the rules' version. */
export const AD_RULES_FINGERPRINT = JSON.stringify({
  reading: READING_VERSION,
  rules: AD_PHRASE_RULES,
  innocent: AD_INNOCENT_USES,
});
