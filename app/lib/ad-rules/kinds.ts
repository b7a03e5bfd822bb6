// The kinds of advertising rule, in a file of their own: the grammar and the rules both name them.
export const AD_RULE_KINDS = [
  { kind: "health-claim", label: "Health claim" },
  { kind: "overconsumption", label: "Overconsumption" },
  { kind: "minors", label: "Appeal to minors" },
  { kind: "recreational", label: "Recreational wording" },
  { kind: "misleading", label: "Misleading absolute" },
] as const;
export type AdRuleKind = (typeof AD_RULE_KINDS)[number]["kind"];

/** "Health claim" for "health-claim". */
export function adRuleLabel(kind: AdRuleKind): string {
  return AD_RULE_KINDS.find((entry) => entry.kind === kind)?.label ?? kind;
}
