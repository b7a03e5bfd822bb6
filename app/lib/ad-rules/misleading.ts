// Misleading absolutes (63 O.S. § 427.21: no deceptive, false or misleading claims) as families: promises
// (guaranteed, proven, approved by doctors), safety beyond what any product can claim (risk-free, safer than
// Tylenol, can't overdose, not addictive, safe during pregnancy, safe to drive, passes a drug test).
import { family, type InnocentUse } from "./grammar";
import { MEDICINE } from "./health";

const MISLEADING = "Promises what no product can; advertising may not be deceptive, false or misleading.";
const LAB = "lab-tested";
const DESCRIBE = "describe the product instead";

const misleading = (id: string, lead: string, suggestion: string, more: Partial<Parameters<typeof family>[0]> = {}) =>
  family({ id, kind: "misleading", lead, reason: MISLEADING, suggestion, ...more });

export const MISLEADING_RULES = [
  misleading(
    "guaranteed",
    "guarantee(?:s|d)?",
    "remove the promise, or say what you do (we price match local dispensaries)",
    {
      deniable: 3,
    },
  ),
  misleading(
    "safe",
    "(?:100\\s?%|100 percent|completely|totally|perfectly|entirely|absolutely|always|super|extremely|incredibly|proven|guaranteed|perfectly|1000\\s?%) safe|safe (?:for (?:everyone|everybody|anyone|anybody|all|all ages|kids|children|pets|daily use|long[- ]term use|pregnan\\w*|expecting|nursing|breastfeeding|seniors|the elderly|beginners|first[- ]timers|any(?:one|body)|your (?:baby|kids|body|liver)|moms?)|to (?:drive|use (?:daily|every day|all day|while|with|any)|take (?:with|daily|every|any)|mix|combine|use while pregnant)|and (?:effective|natural|non[- ]addictive|harmless|gentle)|(?:during|while|in) (?:pregnan\\w*|nursing|breastfeeding|driving|working)|at any dose|in any amount|no matter how much)|safe as (?:water|candy|coffee|tea|a vitamin)",
    LAB,
    { deniable: 3 },
  ),
  misleading(
    "safer-than",
    `(?:safer|less (?:harmful|risky|dangerous|addictive|toxic)|better for you) (?:than|alternative)|healthier (?:than|alternative|option|choice|way)|safest (?:alternative|medicine|high|product|cannabis|strain|edible|way to (?:get high|medicate))|(?:as safe|no (?:worse|more dangerous|more harmful)) (?:as|than)|safer for you|healthy (?:alternative|choice|option|way to)|good for (?:you|your (?:body|health|mind))|(?:safer|better|healthier) than ${MEDICINE}`,
    LAB,
    { deniable: 3 },
  ),
  misleading(
    "no-side-effects",
    "(?:no|zero|without(?: any)?|free of|free from) (?:\\w+ )?side[- ]?effects|side[- ]effect[- ]free|risk[- ]free|(?:no|zero|without(?: any)?) (?:risks?|downsides?|danger|negative effects|harmful effects|bad effects|comedown|hangover|crash)(?! of (?!(?:an? )?(?:overdos|addict|side|harm|dependen|withdraw|getting (?:sick|hooked|addicted|too high)|bad|negative)))|harmless|(?:can't|cannot|won't|will not|could never|never|wouldn't) (?:ever )?(?:hurt|harm|damage|poison|kill) (?:you|anyone|anybody|your (?:body|health|lungs|liver|brain|kids))|natural,? (?:so|and|which means|means|therefore) (?:it's |it is |it )?(?:safe|harmless|can't hurt|won't hurt|risk-free)|(?:nothing|no one|nobody) (?:can|could|has ever|ever) (?:go|goes|went) wrong",
    LAB,
    { deniable: 3 },
  ),
  misleading(
    "cannot-overdose",
    "(?:can't|cannot|can not|impossible to|no way to|never|unable to|won't|will never) (?:ever )?(?:\\w+ )?(?:overdose|od|o\\.d\\.)|(?:no|zero) (?:(?:risk|chance|danger|possibility) of )?(?:overdoses?|lethal dose|fatal dose|deaths?)|(?:nobody|no one|no-one|no person) (?:has )?(?:ever )?(?:died|overdosed|od'd)|overdose[- ]proof|impossible to (?:take too much|have too much|overdo)|(?:can't|cannot) (?:take|have|eat) too much|no such thing as too much",
    LAB,
  ),
  misleading(
    "not-addictive",
    "(?:not|non|isn't|aren't|never|zero|no|without|un|nothing|won't be|is not|are not)[- ]?(?:habit[- ]forming|addictive|addicting)|(?:no|zero|without(?: any)?) (?:(?:risk|chance|danger|possibility) of )?(?:addiction|dependence|dependency|withdrawals?)|(?:can't|cannot|won't|never|impossible to) (?:get |become |be )?(?:you )?(?:addicted|hooked|dependent)",
    "describe the product instead",
  ),
  misleading(
    "pregnancy",
    "(?:safe|okay|ok|fine|good|great|perfect|gentle|helpful|recommended|approved|ideal)(?: \\w+){0,3} (?:for|during|while|in) (?:pregnan\\w*|expecting (?:mothers|moms|women)|moms?-to-be|mothers?-to-be|nursing mothers|nursing moms|breastfeeding|nursing)|(?:for|to) (?:pregnant|expecting|nursing) (?:women|moms|mothers|ladies|patients)",
    "say nothing about pregnancy",
    { deniable: 4 },
  ),
  misleading(
    "proven",
    "(?:clinically|scientifically|medically|lab|laboratory|science|research|study|doctor)[- ](?:proven|backed|shown|validated|tested and proven)|proven (?:to|cure|cures|treatment|remedy|relief|results|effective|medicine|formula|pain|benefits|safe|solution|way to)|(?:science|studies|research|doctors|experts|scientists) (?:shows?|proves?|proven|confirms?|has shown|have shown|have proven|has proven)|it's (?:been )?proven|(?:clinically|scientifically|medically) (?:tested|studied|shown)|(?:tested|shown|designed|formulated) to (?:melt|relieve|reduce|ease|treat|cure|heal|help with|fight)|(?:backed|proven|confirmed|supported) by (?:science|research|studies|doctors|experts|labs?|scientists)",
    "describe what the lab results show",
    { deniable: 3 },
  ),
  misleading(
    "approved",
    "(?:fda|doctor|doctors|physician|physicians|nurse|pharmacist|dr\\.?|medically)[- ](?:approved|recommended|endorsed|backed|prescribed|cleared)|(?:approved|recommended|endorsed|cleared|prescribed) by (?:doctors|physicians|the fda|fda|omma|the state|experts|nurses|pharmacists|medical professionals)|(?:doctors|physicians|nurses|pharmacists) (?:recommend|agree|trust|love|prescribe|swear by)|(?:trusted|used|loved|chosen|relied on|prescribed) by (?:[\\w-]+ ){0,2}(?:doctors|physicians|nurses|pharmacists|medical professionals)|(?:\\d+|nine|eight|four) (?:out of|in) (?:\\d+|ten|five) doctors",
    "describe what the lab results show",
    { deniable: 3 },
  ),
  misleading(
    "miracle",
    "miracles?|miraculous|magic (?:cure|pill|bullet|potion)|wonder (?:drug|plant|pill|herb)|cure[- ]all|works (?:for|on) (?:everyone|everybody|anyone|all|every)|(?:always|100\\s?%) (?:works|effective)|never fails|works every time|(?:instant|immediate|guaranteed)(?:ly)? (?:results|effects|relief)|foolproof|(?:works|kicks in|effects) (?:instantly|immediately|in seconds)",
    DESCRIBE,
    { deniable: 2 },
  ),
  misleading(
    "drug-test",
    "(?:won't|will not|never|doesn't|does not) (?:\\w+ )?(?:show up|appear|register|be detected) on (?:a |any |your )?(?:drug|urine|blood) tests?|pass(?:es|ing)? (?:a |any |your |every )?(?:drug|urine) tests?|(?:drug|urine)[- ]test[- ](?:safe|friendly|proof)|undetectable|won't fail (?:a |any |your )?(?:drug )?tests?",
    "say nothing about drug tests",
  ),
  misleading(
    "legal-everywhere",
    "legal (?:everywhere|in all 50 states|nationwide|in every state|anywhere)|federally legal|legal to (?:drive|fly|travel|take across state lines|cross state lines|bring (?:on|across))|(?:won't|will not|doesn't|does not|no) impair|(?:no|zero|without) impairment|(?:okay|ok|fine|alright) to (?:still )?drive",
    "a valid Oklahoma medical marijuana card is required",
    { deniable: 2 },
  ),
];

/** Where these families' words are innocent. */
export const MISLEADING_INNOCENT: InnocentUse[] = [
  {
    id: "service-guarantee",
    pattern:
      "guarantee(?:s|d)? (?:in[- ]stock|availability|pick-?up|delivery|reservations?|(?:the )?(?:lowest |best )?prices?|price[- ]match(?:ing)?|your (?:order|spot|reservation|place|price)|(?:to be )?(?:ready|on time|same[- ]day)|(?:a |your )?(?:spot|seat|table|parking))|(?:pick-?up|delivery|prices?|availability|stock|reservations?|spot|order|parking|seating|ready|freshness|fresh) (?:times? )?(?:is |are )?guaranteed|guaranteed (?:fresh|freshness)|risk[- ]free (?:returns?|exchanges?|cancellations?|sign-?ups?|ordering|reservations?|pre-?orders?)",
    why: "A promise about the store's service (stock, pickup, price) says what the store does, not what a product does.",
  },
  {
    id: "price-match",
    pattern:
      "(?:low(?:est)?[- ])?price[- ]?match(?:ing)?(?: price)? guarantee(?:s|d)?|(?:best|lowest)[- ]price guarantee(?:s|d)?",
    why: "A price-match guarantee says what the store does about prices, not what a product does.",
  },
];
