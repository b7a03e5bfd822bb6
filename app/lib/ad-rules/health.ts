// Health claims (63 O.S. § 427.21: no curative or therapeutic claims) as families: a verb of healing in any form
// before a condition within a few words ("lowers your blood pressure"), a condition before a word of remedy
// ("cancer treatment", "pain reliever"), replacing medicine ("ditch your sleeping pills"), and the owner's
// usual turns of phrase ("say goodbye to migraines", "can't sleep?", "great for anxiety").
import { any, family, type InnocentUse, nouns, verb } from "./grammar";

/** Conditions, symptoms and diseases, as an owner or a patient names them. */
export const CONDITION = any(
  nouns("pain", "ache", "headache", "migraine", "cramp", "spasm", "tremor", "seizure", "convulsion", "tumou?r"),
  nouns("symptom", "disease", "illness(?:es)?", "disorder", "ailment", "condition", "infection", "injur(?:y|ies)"),
  nouns("hangover", "nightmare", "panic attack", "mood swing", "side effect"),
  "soreness|aching|cramping|stiffness|inflammation|swelling|arthritis|fibromyalgia|fibro|neuropathy|sciatica|copd|ra|tbi|concussions?|migraine attacks",
  "spasticity|epilepsy|anxiety|anxieties|panic|depression|ptsd|trauma|stress|tension|insomnia|sleeplessness",
  "(?:sleepless|restless) nights|sleep (?:problems|issues|disorders|troubles|apnea)|trouble sleeping|nausea",
  "vomiting|(?:morning|motion) sickness|(?:appetite|weight) loss|loss of appetite|(?:poor|low) appetite|cachexia",
  "cancers?|cancer cells|chemo(?:therapy)?|glaucoma|crohn's|colitis|ibs|ibd|multiple sclerosis|ms|parkinson's",
  "alzheimer's|dementia|autism|adhd|ocd|bipolar|schizophrenia|diabetes|(?:high )?blood (?:pressure|sugar)",
  "hypertension|cholesterol|obesity|asthma|acne|eczema|psoriasis|addiction|withdrawals?|alcoholism|hiv|aids",
  "hepatitis|lupus|endometriosis|pms|fatigue|immune system|immunity|(?:sore |tight |aching |tense )?muscles",
  "(?:upset )?stomach|the blues|nerves|jitters|racing thoughts|overthinking|tinnitus|neuralgia",
);

/** Medicines an owner might say the product replaces or beats. */
export const MEDICINE = any(
  "pills|meds|medications?|medicines?|prescriptions?|prescription (?:drugs|meds|pills|medications?)|opioids",
  "opiates|pain[- ]?killers|pain pills|pharmaceuticals|big pharma|sleeping pills|sleep meds|antidepressants",
  "anti-anxiety (?:meds|medications?|pills)|benzos|benzodiazepines|xanax|ambien|valium|klonopin|ativan",
  "adderall|ritalin|tylenol|advil|motrin|aleve|aspirin|ibuprofen|acetaminophen|naproxen|oxy|oxycodone",
  "oxycontin|hydrocodone|vicodin|percocet|morphine|tramadol|fentanyl|codeine|gabapentin|prozac|zoloft|lexapro",
  "wellbutrin|paxil|celexa|melatonin|nyquil|zzzquil|benadryl|insulin|muscle relaxers|steroids|your doctor",
  "the doctor|the pharmacy",
);

/** Verbs of easing a symptom: a family of their own (with its rewording) and part of the verbs of healing. */
const EASING = ["relieve", "alleviate", "ease", "soothe", "calm", "quiet", "quell", "settle"];

/** Verbs of healing, in all their forms. */
const HEALING = verb(
  "treat",
  "cure",
  "heal",
  ...EASING,
  "reduce",
  "lower",
  "lessen",
  "decrease",
  "diminish",
  "fight|fights|fighting|fought",
  "combat",
  "battle",
  "beat(?:s|ing)?",
  "defeat",
  "conquer",
  "kill",
  "destroy",
  "shrink(?:s|ing)?|shrank|shrunk",
  "slow",
  "stop(?:s|ped|ping)?",
  "halt",
  "end",
  "eliminate",
  "erase",
  "banish",
  "block",
  "suppress",
  "prevent",
  "reverse",
  "repair",
  "fix",
  "manage",
  "control(?:s|led|ling)?",
  "regulate",
  "stabili[sz]e",
  "counter",
  "counteract",
  "tame",
  "relax",
  "numb",
  "dull",
  "clear",
  "resolve",
  "overcome",
  "target",
  "attack",
  "mitigate",
  "minimi[sz]e",
  "dampen",
  "lift",
  "improve",
  "crush",
  "squash",
  "silence",
  "kick",
  "knock(?:s|ed|ing)? out",
  "melt(?:s|ed|ing)?(?: away)?",
  "wipe(?:s|d)? out|wiping out",
  "chase(?:s|d)? away|chasing away",
  "get(?:s|ting)? rid of|got rid of",
  "take(?:s)? away|taking away|took away",
  "take(?:s)? the edge off|taking the edge off",
);

const HEALTH = "Claims a curative or therapeutic effect, which advertising may not.";
const DESCRIBE = "describe the product instead: its aroma, taste, strain and how it is made";
const ASK = "patients often ask us about it";
const EVENING = "many patients choose it in the evening";

const health = (rule: Omit<Parameters<typeof family>[0], "kind" | "reason">) =>
  family({ kind: "health-claim", reason: HEALTH, ...rule });

export const HEALTH_RULES = [
  health({
    id: "cure",
    lead: "cur(?:e|es)|cure-all",
    unlessNext: " (?:company|co)\\b",
    deniable: 6,
    suggestion: DESCRIBE,
  }),
  health({ id: "cured-of", lead: "cured (?:my|me|of|her|his|their|your|our)", deniable: 4 }),
  health({ id: "curative", lead: "curative", suggestion: DESCRIBE }),
  // "Helps relieve pain" is read as "relieve pain": the finding is the healing verb and its condition.
  health({
    id: "helps-with-condition",
    lead: "help(?:s|ed|ing)?",
    unlessNext: ` (?:to |you |them )?${HEALING}\\b`,
    object: CONDITION,
    within: 3,
    deniable: 5,
    suggestion: ASK,
  }),
  // Relieving and easing first: the rewording suits the symptom an owner names ("relieves anxiety").
  health({
    id: "relieves-condition",
    lead: verb(...EASING, "relax", "numb", "dull", "tame"),
    object: `${CONDITION}(?!-free)`,
    within: 3,
    deniable: 6,
    suggestion: EVENING,
  }),
  health({
    id: "treats-condition",
    lead: HEALING,
    object: `${CONDITION}(?!-free)`,
    within: 3,
    deniable: 6,
    suggestion: ASK,
  }),
  health({
    id: "treatment",
    lead: "treatments? (?:for|of|options? for)",
    object: `(?:${CONDITION}|(?:your |our |the )?(?:patients?|symptoms|body|mind|people))`,
    within: 2,
    deniable: 4,
    suggestion: DESCRIBE,
  }),
  health({
    id: "heals",
    lead: "heal(?:s|ed|ing)?",
    unlessNext: " (?:the |our )?(?:earth|planet|world|community|divide|soil|land)\\b",
    deniable: 4,
    suggestion: DESCRIBE,
  }),
  health({
    id: "relieves",
    lead: "reliev(?:e|es|ed|ing)",
    unlessNext: " (?:to|that)\\b",
    deniable: 4,
    suggestion: DESCRIBE,
  }),
  health({
    id: "condition-remedy",
    lead: CONDITION,
    object: any(
      "relief|reliever|relievers|killers?|treatments?|therap(?:y|ies)|remed(?:y|ies)|cures?|medicines?|medications?",
      "meds|management|reduction|control|busters?|fighters?|solutions?|aids?|support|formula|blend",
    ),
    suggestion: DESCRIBE,
  }),
  health({
    id: "condition-remedy-joined",
    lead: `${CONDITION}-(?:relief|reliever|relieving|killer|killing|fighting|busting|reducing|easing)`,
  }),
  health({
    id: "relief",
    lead: "(?:fast|instant|natural|quick|real|lasting|long-lasting|immediate|powerful|soothing|targeted|all-day|gentle) relief|relief (?:from|of|for)",
    deniable: 4,
    suggestion: DESCRIBE,
  }),
  health({
    id: "anti-condition",
    lead: "anti[- ]?(?:cancer|inflammatory|anxiety|tumou?r|seizure|nausea|depressants?|emetic|convulsant|spasmodic|oxidant|psychotic|bacterial|viral|fungal|biotic|aging|ageing)s?|analgesic|anxiolytic|neuroprotective|immune[- ]boosting",
    suggestion: DESCRIBE,
  }),
  health({ id: "therapy", lead: "therap(?:y|ies|eutic)", deniable: 3, suggestion: DESCRIBE }),
  health({ id: "remedy", lead: "remed(?:y|ies)", deniable: 3, suggestion: DESCRIBE }),
  health({
    id: "medicinal-benefits",
    lead: "(?:medicinal|medical|health|healing|therapeutic|wellness) (?:benefits|properties|powers?|effects|value|qualities)",
  }),
  health({
    id: "improves-health",
    lead: verb(
      "improve",
      "boost",
      "support",
      "promote",
      "protect",
      "restore",
      "enhance",
      "strengthen",
      "induce",
      "aid",
      "lift",
      "elevate",
      "balance",
      "stimulate",
      "increase",
      "bring(?:s|ing)? back|brought back",
      "whet",
    ),
    object:
      "(?:sleep|sleep quality|memory|focus|concentration|digestion|circulation|immunity|immune (?:system|function|health)|moods?|libido|metabolism|brain function|appetite|healing|(?:mental|physical|overall|gut|heart|joint|brain|skin|bone|cellular) health|health|well-?being)",
    within: 2,
    deniable: 5,
    suggestion: DESCRIBE,
  }),
  health({
    id: "for-condition",
    lead: "(?:great|perfect|best|good|ideal|excellent|amazing|awesome|recommended|made|designed|formulated|helpful|effective|used|go-to|top pick|must-have|lifesaver|life-saver|godsend|works(?: wonders| great| well| miracles)?|worked(?: wonders| great| well| miracles)?|swear by it|wonders) (?:for|on|against)",
    object: `(?:${CONDITION}|sleep|sleeping)`,
    within: 3,
    deniable: 5,
    suggestion: EVENING,
  }),
  health({
    id: "sleep-better",
    lead: "sleep (?:like a baby|better|soundly|through the night|all night|deeper|easier)|fall(?:ing)? asleep (?:faster|fast|quickly|in minutes|easily)|stay asleep|(?:better|deeper|restful|sounder) sleep|sleep aids?|sleep-aid",
    deniable: 4,
    suggestion: EVENING,
  }),
  health({
    id: "no-more-condition",
    lead: "no more|(?:say |said |saying )?(?:goodbye|good-bye|bye-bye|bye bye|farewell)(?: to)?|forget(?: about)?|rip|r\\.i\\.p\\.?|kiss(?:ing)?(?: your| those| that)?|free (?:from|of)|freedom from|life without|relief without|banish(?:es|ed|ing)?",
    object: CONDITION,
    within: 2,
    deniable: 3,
    suggestion: DESCRIBE,
  }),
  health({
    id: "condition-free",
    lead: "(?:pain|anxiety|nausea|migraine|headache|seizure|symptom|insomnia|depression)-free",
    unlessNext:
      " (?:online |in-store )?(?:ordering|shopping|checkout|pickup|parking|returns?|experience|process|visit)\\b",
    deniable: 3,
  }),
  health({
    id: "what-condition",
    lead: `(${CONDITION})\\? what \\1`,
    suggestion: DESCRIBE,
  }),
  health({
    id: "medicine-for",
    lead: "(?:medicines?|remed(?:y|ies)|therapy|treatment|relief|cure|fix) for",
    object: `(?:${CONDITION}|soul|body|mind|joints|aches|everything|what ails you|whatever ails you)`,
    within: 2,
    deniable: 4,
    suggestion: DESCRIBE,
  }),
  health({
    id: "condition-away",
    lead: "(?:smoke|vape|dab|puff|toke|blaze|melt|wash|float|drift|chill|sleep|eat|drink|wave|send|kick)(?:s|d|ed|ing)?",
    object: `(?:${CONDITION}|worries|troubles|problems|cares) away`,
    within: 3,
    deniable: 3,
  }),
  health({
    id: "condition-gone",
    lead: `${CONDITION}[?!.,:]*`,
    object:
      "(?:(?:is|are|was|were) )?(?:gone|melts?(?: away)?|melted(?: away)?|fades?(?: away)?|faded|disappears?|disappeared|vanish(?:es|ed)?)",
    within: 1,
  }),
  health({
    id: "suffering-from",
    lead: "(?:suffer(?:s|ing)?|struggl(?:e|es|ing)|dealing|battling|living|tired of|sick of|fed up)",
    object: `${CONDITION}(?: (?:lately|again|at night|every night|all the time|every day))?\\?`,
    within: 3,
  }),
  health({
    id: "symptom-question",
    lead: "(?:in pain|anxious|stressed(?: out)?|sore|achy|nauseous|nauseated|depressed|sleepless|hurting|can't sleep|cannot sleep|can not sleep|trouble sleeping|struggling to sleep|(?:hard|trouble) falling asleep)\\?",
    suggestion: ASK,
  }),
  health({
    id: "replaces-medicine",
    lead: "replac(?:e|es|ed|ing)|replacement for|ditch(?:es|ed|ing)?|swap(?:s|ped|ping)?|toss|trade|quit(?:ting)?|get off|come off|wean(?:ing)? (?:yourself )?off|instead of|alternatives? to|substitute for|no need for|stop taking|skip|forget|throw (?:away|out)|better than|works like|as good as|as effective as|stronger than|more effective than|beats",
    object: MEDICINE,
    within: 2,
    deniable: 4,
    suggestion: DESCRIBE,
  }),
  health({
    id: "natures-medicine",
    lead: "(?:nature's|natural|the best|miracle|wonder|plant-based) (?:medicine|remedy|cure|pain[- ]?killer|pain reliever|antidepressant|sedative|sleep aid|sleeping pill|chill pill|xanax|prozac|ambien|valium|painkiller|drug)",
    suggestion: DESCRIBE,
  }),
  health({
    id: "patients-swear",
    lead: `(?:patients|people|customers|folks|users|those|anyone|veterans) (?:with|suffering from|living with|battling) (?:[\\w'-]+ ){0,2}${CONDITION}`,
    object:
      "(?:love|loves|swear|swears|say|says|report|reports|tell us|rave|find|found|use it|rely on|get relief|feel better)",
    within: 2,
  }),
];

/** Where a health family's words are no claim. */
export const HEALTH_INNOCENT: InnocentUse[] = [
  {
    id: "curing-flower",
    pattern:
      "(?:we |they |slow[- ]|hand[- ]|cold[- ]|long )?cur(?:e|es|ed|ing) (?:our|their|its|each|every|the|all|it|them|this) (?:own )?(?:flower|buds?|harvests?|crops?|batch(?:es)?|plants?|products?|herb|cannabis|weed)|cur(?:e|es|ed|ing) (?:it |them |the flower |our flower |the buds )?(?:for|over) (?:at least |about |up to |around )?(?:\\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|several|many)(?:[- ](?:to|or)[- ]\\w+)? (?:days?|weeks?|months?)|(?:slow|long|cold|proper|careful|hang|jar|patient|two-week|\\d+[- ]day|\\d+[- ]week) cure|cure (?:time|process|room|cycle)|curing (?:process|room|time|cycle|jars?)",
    why: "Curing is how cannabis is dried and aged (“we cure our flower for three weeks”).",
  },
  {
    id: "treat-yourself",
    pattern: "treat (?:yourself|yourselves|them|him|her|you|every|each|all|our)\\b",
    why: "“Treat yourself” and “we treat every patient…” are no claim of treating a condition.",
  },
  {
    id: "disclaimer",
    pattern:
      "(?:not (?:been )?(?:evaluated|approved)[^.]{0,60}|not intended to |not meant to )?(?:diagnose|treat|cure|mitigate|prevent)(?:, (?:or )?(?:diagnose|treat|cure|mitigate|prevent))*,? (?:or )?(?:diagnose|treat|cure|mitigate|prevent) any (?:disease|illness|condition)s?",
    why: "The FDA disclaimer (“not intended to diagnose, treat, cure, or prevent any disease”) denies the claim.",
  },
  {
    id: "ask-your-doctor",
    pattern:
      "(?:ask|talk to|consult|check with|speak with|speak to) (?:your|a) (?:doctor|physician|pharmacist|health[- ]?care provider|medical provider)[^.?!]{0,80}",
    why: "Sending the patient to their doctor about a condition is not a claim that the product treats it.",
  },
];
