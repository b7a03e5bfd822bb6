// Oklahoma's advertising rules for medical marijuana businesses (63 O.S. § 427.21), as data: what the site's
// checker (./check.ts) finds in the owner's words. Each rule is a list of phrases (regular expressions over
// words; a space stands for any run of spaces or markup between words) with the reason an owner reads and a
// rewording where one exists. Decisions on near misses are in docs/decisions/2026-11-27-advertising-rules.md.

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

export const STATUTE = "63 O.S. § 427.21";

export interface AdPhraseRule {
  /** Stable id (settings, tests). */
  id: string;
  kind: AdRuleKind;
  /** Words as a regular expression source, matched case-insensitively at word boundaries. */
  pattern: string;
  /** Why, in one plain line (the statute is added when shown). */
  reason: string;
  suggestion?: string;
}

const CONDITIONS =
  "(?:insomnia|sleeplessness|anxiety|stress|pain|chronic pain|depression|cancer|ptsd|nausea|seizures?|epilepsy|arthritis|migraines?|headaches?|inflammation|glaucoma|crohn['’]?s|ms|multiple sclerosis|adhd|autism|symptoms|the symptoms|your symptoms|illness|disease|tumou?rs?|cramps|spasms|appetite loss|pms)";

const HEALTH = "Claims a curative or therapeutic effect, which advertising may not.";
const DESCRIBE = "describe the product instead: its aroma, taste, strain and how it is made";

export const AD_PHRASE_RULES: AdPhraseRule[] = [
  // Health claims.
  {
    id: "cure",
    kind: "health-claim",
    pattern: "cur(?:e|es)(?! company\\b| co\\b)",
    reason: HEALTH,
    suggestion: DESCRIBE,
  },
  { id: "cured-of", kind: "health-claim", pattern: "cured (?:my|me|of|her|his|their|your|our)", reason: HEALTH },
  { id: "curative", kind: "health-claim", pattern: "curative", reason: HEALTH, suggestion: DESCRIBE },
  {
    id: "treats-condition",
    kind: "health-claim",
    pattern: `(?:treats?|treated|treating|to treat) ${CONDITIONS}`,
    reason: HEALTH,
    suggestion: "patients often ask us about it",
  },
  { id: "treatment", kind: "health-claim", pattern: "treatments? (?:for|of)", reason: HEALTH, suggestion: DESCRIBE },
  { id: "heals", kind: "health-claim", pattern: "heal(?:s|ed|ing)?", reason: HEALTH, suggestion: DESCRIBE },
  {
    id: "relieves-condition",
    kind: "health-claim",
    pattern: `reliev(?:e|es|ed|ing) ${CONDITIONS}`,
    reason: HEALTH,
    suggestion: "many patients choose it in the evening",
  },
  { id: "relieves", kind: "health-claim", pattern: "reliev(?:e|es|ed|ing)", reason: HEALTH, suggestion: DESCRIBE },
  {
    id: "relief",
    kind: "health-claim",
    pattern: "(?:pain|fast|instant|natural|stress|anxiety|quick|real|symptom) relief|relief (?:from|of|for)",
    reason: HEALTH,
  },
  {
    id: "anti-condition",
    kind: "health-claim",
    pattern:
      "anti[- ]?(?:cancer|inflammatory|anxiety|tumou?r|seizure|nausea|depressant|emetic|convulsant|spasmodic|oxidant)s?",
    reason: HEALTH,
    suggestion: DESCRIBE,
  },
  { id: "therapy", kind: "health-claim", pattern: "therap(?:y|ies|eutic)", reason: HEALTH, suggestion: DESCRIBE },
  { id: "remedy", kind: "health-claim", pattern: "remed(?:y|ies)", reason: HEALTH, suggestion: DESCRIBE },
  {
    id: "fights-condition",
    kind: "health-claim",
    pattern: `(?:fights?|kills?|prevents?|reduces?|eases?|eliminates?|stops?|beats?|reverses?|shrinks?) ${CONDITIONS}`,
    reason: HEALTH,
    suggestion: DESCRIBE,
  },
  {
    id: "helps-with-condition",
    kind: "health-claim",
    pattern: `helps? (?:with |you with |to ease |ease )?${CONDITIONS}`,
    reason: HEALTH,
    suggestion: "patients often ask us about it",
  },
  {
    id: "for-condition",
    kind: "health-claim",
    pattern:
      "(?:great|perfect|best|good|ideal) for (?:insomnia|anxiety|pain|depression|nausea|seizures|migraines|ptsd|sleep)",
    reason: HEALTH,
    suggestion: "many patients choose it in the evening",
  },
  { id: "medicinal-benefits", kind: "health-claim", pattern: "(?:medicinal|health) benefits", reason: HEALTH },

  // Overconsumption.
  ...[
    [
      "get-wasted",
      "get(?:ting)? (?:wasted|smashed|obliterated|destroyed|blasted|ripped|plastered|hammered|faded|blazed|baked|stoned|lit|fried|zooted|cooked)",
    ],
    ["all-you-can", "all[- ]you[- ]can[- ](?:smoke|eat|dab|vape|handle)"],
    ["binge", "binge(?:s|d)?|bingeing|binging"],
    ["blackout", "black\\s?out"],
    ["till-you-drop", "(?:till|until|'til) you (?:drop|pass out|can['’]?t (?:stand|move|feel))"],
    ["more-the-better", "the more the (?:better|merrier)"],
    ["double-dose", "double (?:the|your|up the) dose|(?:mega|heroic|massive) dose"],
    ["higher-than", "higher than (?:ever|you['’]?ve ever been)|high as a kite|so high you"],
    ["wake-and-bake", "wake (?:and|&|n['’]?) bake"],
    ["bottomless", "bottomless|unlimited refills|never[- ]ending (?:high|buzz)"],
    ["couch-lock", "couch[- ]?locked for days|knock(?:s|ed)? you (?:out|on your)"],
  ].map(([id, pattern]): AdPhraseRule => ({
    id,
    kind: "overconsumption",
    pattern,
    reason: "Encourages using more than a patient needs; advertising may not promote overconsumption.",
    suggestion: "start low and go slow",
  })),

  // Appeal to minors.
  ...[
    ["cartoon", "cartoons?(?: characters?)?"],
    ["kid-friendly", "kid[- ]?friendly|child[- ]?friendly|kid[- ]?approved"],
    [
      "for-kids",
      "(?<!not (?:intended |meant |suitable )?|never |no )(?:for|with) (?:the )?(?:kids|children|teens|teenagers)",
    ],
    ["kids-love", "(?:kids|children|teens) (?:will )?(?:love|enjoy|adore)"],
    ["toys", "toys?"],
    ["back-to-school", "back[- ]to[- ]school|school['’]?s out|spring break special"],
    ["superheroes", "super\\s?heroe?s?|mascots?"],
  ].map(([id, pattern]): AdPhraseRule => ({
    id,
    kind: "minors",
    pattern,
    reason: "Is especially appealing to minors (cartoons, toys, children); advertising may not be.",
  })),

  // Recreational wording: Oklahoma is medical-only.
  ...[
    ["recreational", "recreational(?:ly)?|rec (?:use|customers|dispensary)|adult[- ]use", "medical"],
    [
      "no-card",
      "no (?:medical |med |patient )?(?:card|license|licence|id)s? (?:needed|required|necessary)|without a (?:medical )?(?:card|license|licence)|don['’]?t need a (?:medical )?(?:card|license|licence)",
      "a valid Oklahoma medical marijuana card is required",
    ],
    [
      "anyone-can-buy",
      "anyone can (?:buy|shop|come in)|open to (?:everyone|anyone|the public)|all adults welcome|21\\+ welcome",
      "patients with a valid card are welcome",
    ],
    ["for-fun", "just for fun|party (?:pack|favors?|supplies)|get the party started", "describe the product instead"],
  ].map(([id, pattern, suggestion]): AdPhraseRule => ({
    id,
    kind: "recreational",
    pattern,
    reason: "Oklahoma is medical-only: every visit needs a patient licence, and advertising may not suggest otherwise.",
    suggestion,
  })),

  // Misleading absolutes.
  ...[
    ["guaranteed", "guarantee(?:s|d)?", "remove the promise, or say what you do (we price match local dispensaries)"],
    [
      "safe",
      "(?:100\\s?%|completely|totally|perfectly|entirely|absolutely) safe|safe for (?:everyone|anyone|all|kids)",
      "lab-tested",
    ],
    ["no-side-effects", "(?:no|zero|without) side[- ]effects|risk[- ]free|harmless", "lab-tested"],
    [
      "proven",
      "(?:clinically|scientifically|medically) proven|fda[- ]approved|doctor[- ]recommended",
      "describe what the lab results show",
    ],
    ["miracle", "miracle|miraculous|magic (?:cure|pill|bullet)", "describe the product instead"],
    [
      "never-fails",
      "never fails|works every time|always works|instant(?:ly)? (?:results|effects)",
      "describe the product instead",
    ],
  ].map(([id, pattern, suggestion]): AdPhraseRule => ({
    id,
    kind: "misleading",
    pattern,
    reason: "Promises what no product can; advertising may not be deceptive, false or misleading.",
    suggestion,
  })),
];
