// Overconsumption, appeal to minors and recreational wording (63 O.S. § 427.21; Oklahoma is medical-only) as
// families: a verb of consuming before a word of quantity or repetition ("smoke as much as you want", "eat the
// whole bar"); candy, cartoons, children, school and all-ages; getting high, partying and "no card needed".
import { family, type InnocentUse, verb } from "./grammar";

const OVERCONSUMPTION = "Encourages using more than a patient needs; advertising may not promote overconsumption.";
const SLOW = "start low and go slow";
const MINORS = "Is especially appealing to minors (candy, cartoons, toys, children, school); advertising may not be.";
const RECREATIONAL =
  "Oklahoma is medical-only: every visit needs a patient licence, and advertising may not suggest otherwise.";
const CARD = "a valid Oklahoma medical marijuana card is required";

const STATES =
  "(?:wasted|smashed|obliterated|destroyed|blasted|ripped|plastered|hammered|faded|blazed|baked|stoned|lit|fried|zooted|cooked|toasted|twisted|trashed|annihilated|couch-?locked|high|lifted|buzzed)";
const CONSUME = verb(
  "smoke",
  "eat",
  "vape",
  "dab",
  "toke",
  "puff",
  "blaze",
  "chew",
  "munch",
  "consume",
  "devour",
  "inhale",
  "hit(?:s|ting)?",
  "finish(?:es|ed|ing)?",
  "take(?:s)?|taking|took",
  "light(?:s|ing)?",
  "try|tries|trying",
  "load(?:s|ed|ing)? up",
  "pack(?:s|ed|ing)?",
  "polish(?:es|ed|ing)? off",
  "light(?:s|ing)? up",
  "smoke up",
  "keep (?:smoking|eating|vaping|dabbing|hitting|toking|puffing|popping|going)",
);
/** Ways of consuming as a gerund ("keep puffing", "never stop dabbing"). */
const CONSUMING =
  "(?:smoking|eating|vaping|dabbing|hitting|toking|puffing|popping|blazing|refilling|reloading|rolling|lighting up|medicating|dosing|munching)";
const PORTION =
  "(?:bar|bag|pack|package|box|jar|tin|sleeve|thing|batch|gram|eighth|quarter|ounce|oz|cookie|brownie|chocolate|bottle|cartridge|cart|pen|container|lot|tray|stash|pouch|joint|blunt|pre-?roll|gummies|edibles|pieces|squares|doses|servings|package|sack|bowl)";

const over = (id: string, lead: string, more: Partial<Parameters<typeof family>[0]> = {}) =>
  family({ id, kind: "overconsumption", lead, reason: OVERCONSUMPTION, suggestion: SLOW, ...more });
const minors = (id: string, lead: string, more: Partial<Parameters<typeof family>[0]> = {}) =>
  family({ id, kind: "minors", lead, reason: MINORS, ...more });
const recreational = (id: string, lead: string, suggestion: string, more: Partial<Parameters<typeof family>[0]> = {}) =>
  family({ id, kind: "recreational", lead, reason: RECREATIONAL, suggestion, ...more });

export const OVERCONSUMPTION_RULES = [
  over(
    "get-wasted",
    `get(?:s|ting)? (?:you |them |yourself |so |super |really |totally |completely |extra |crazy |insanely )?(?:wasted|smashed|obliterated|destroyed|blasted|ripped|plastered|hammered|faded|blazed|baked|stoned|lit|fried|zooted|cooked|toasted|twisted|trashed|annihilated)`,
    { deniable: 3 },
  ),
  over(
    "as-high-as",
    "(?:as high as (?:possible|you can|humanly possible|you want|it gets)|(?:get|gets|getting) (?:you )?(?:so|super|really|extra|crazy|insanely|ridiculously|stupid|too) high|highest (?:high|you've ever)|max(?:imum)? high|(?:ridiculously|insanely|stupid|crazy) (?:high|stoned|baked|faded))",
  ),
  over(
    "stay-high",
    `(?:stay|stays|staying|keep (?:you|yourself|it|things)|be) ${STATES} (?:all (?:day|night|weekend|week)(?: long)?|24/7|nonstop|non-stop|around the clock|from morning|forever|every day)`,
  ),
  over("all-you-can", "all[- ]you[- ]can[- ](?:smoke|eat|dab|vape|handle|toke|take)"),
  over("binge", "binge(?:s|d)?|bingeing|binging|bender"),
  over("blackout", "black\\s?out(?! dates?| periods?| days?| curtains?)"),
  over(
    "till-you-drop",
    "(?:till|until|'til|til) you (?:drop|pass out|can't (?:stand|move|feel|see|walk|remember)|black out|forget)",
  ),
  over(
    "more-the-better",
    "the more the (?:better|merrier)|(?:more|bigger|stronger|higher) is (?:always |definitely |simply |just |usually )?(?:better|more)|the (?:higher|stronger|bigger) the (?:better|dose)|(?:the )?more you (?:smoke|eat|vape|dab|toke|consume|use|take|puff), the",
  ),
  over(
    "double-dose",
    "(?:double|triple|quadruple|twice)[- ](?:the |your |up (?:on )?(?:the |your )?)?(?:doses?|dosage|serving|servings|dosing)(?! of)|(?:mega|heroic|massive|huge|monster|giant|whopping|bigger|fatter|heavier|extra[- ]large) (?:doses?|dosage|hits?|dabs?|servings?|bowls?|rips?)|doubl(?:e|es|ed|ing) up (?:on )?(?:the |your |those |some |my )?(?:gummies|edibles|doses?|hits|dabs|bowls|joints|pre-?rolls|milligrams|mg|cookies|brownies|servings|carts?)|(?:two|three|four|five|ten|twice|double|triple|\\d+) times the (?:dose|dosage|milligrams|mg|effects?|high|buzz|hit)|dos(?:e|ing) (?:heavy|heavily|often|hard|big|high|up)|heavy (?:dose|doses|dosing)",
  ),
  over("higher-than", "higher than (?:ever|you've ever been|a kite|the clouds)|high as a kite|so high you"),
  over("wake-and-bake", "wake[- ](?:and|&|n'?|-n-|n)[- ]bake"),
  over(
    "bottomless",
    "bottomless|unlimited (?:refills|hits|dabs|smoking|highs?|sessions)|never[- ]ending (?:high|buzz|session)",
  ),
  over(
    "couch-lock",
    "couch[- ]?locked for (?:days|hours)|knock(?:s|ed)? you (?:out|on your)|(?:glued|stuck|melted|locked|sunk|planted|melting) (?:to|into|on) (?:the|your) (?:couch|sofa)|so (?:strong|potent|powerful|heavy|intense) (?:that )?you(?:'ll| will| won't| can't)|(?:you'll|you will|you're gonna|you are going to) (?:be )?(?:flying|floating|soaring|in orbit|on another planet|on the moon|zonked|out cold|comatose|couch-?locked|seeing stars)|blast(?:s|ing)? off|into orbit",
  ),
  over("consume-more", CONSUME, {
    object: `(?:more(?=\\s*(?:[.,!;:?)—–-]|$|\\s+(?:of (?:it|them|this|that|our|the|your)|and|weed|flower|bud|pot|often|every|each|than ever|per|at once|in one|joints|edibles|gummies|dabs|hits|bowls|pre-?rolls)))|as (?:much|many|often) as|all you (?:want|can|like)|all (?:day|night|weekend)(?: long)?|all of (?:it|them)|it all(?! in\\b)|nonstop|non-stop|without (?:limits|stopping|a break)|(?:the |an |a |that |your )?(?:whole|entire|full) (?:[\\w-]+ )?${PORTION}|every last|again and again|over and over|back to back|back-to-back|one after another|more and more|twice as much|like there's no tomorrow|to your heart's content|in one (?:sitting|go|night|day)|all at once|at once|every hour|(?:till|until|'til) (?:the sun (?:comes|is) up|morning|dawn|sunrise|closing|the (?:bag|jar|stash|pack) is (?:empty|gone))|(?:two|three|four|five|a couple|a few|several|a handful|them all)(?=\\s*[,.!;—–-]|\\s+(?:at once|in a row|tonight|today|they're|it's))|all (?:\\d+|two|three|four|five|six|seven|eight|nine|ten|twenty) (?:of (?:them|the|your) )?(?:gummies|pieces|squares|edibles|pre-?rolls|joints|doses|servings|cookies|brownies|bites)|(?:two|three|four|five|2|3|4|5|a few|several|extra|more|another) (?:more )?(?:gummies|edibles|pieces|doses|squares|hits|servings|cookies|joints|bowls|dabs))`,
    within: 2,
    deniable: 4,
    denials: "before|wait|waiting|until|avoid|resist|tempted to|urge to|need to",
  }),
  over(
    "whole-portion",
    `(?:the |an |a )?(?:whole|entire|full) ${PORTION}(?: (?:in one (?:sitting|go)|at once|yourself))|(?:in|at) (?:one|a single) (?:sitting|go)`,
    { deniable: 4 },
  ),
  over(
    "never-enough",
    `(?:one|a single|one hit)(?:'s never| is never| isn't| is not| won't be| will never be) enough|(?:have|take|eat|grab|pop|try|smoke) another(?= ?[.!,;]|$| one| right)|max(?:ed)? out (?:your |the )?(?:high|buzz|dose|tolerance)|stack(?:s|ed|ing)? (?:your |the |up )?(?:doses|gummies|edibles|hits|dabs)|(?:a|an|one|two|\\d+) (?:pounds?|lbs?|ounces?|oz|zips?|qps?|quarter[- ]pounds?) (?:a|per|every) (?:day|week|night)|(?:pack|packed|packing|fill|filled|load|loaded) (?:the |your |a )?(?:bowl|bong|pipe|joint|cone|blunt|rig) (?:to the brim|to the top|all the way|full)|puff,? puff,? (?:pass|party)|(?:take|do|hit|smoke)(?: a| one)?(?: hit| dab| toke| puff| shot| bowl)? (?:for every|every time|each time|whenever)|(?:smoking|toking|dabbing|weed|stoner|drinking|edible) games?|can't stop at (?:one|just one)|can't put (?:it|them) down|(?:one|another|just one) more (?:hit|dab|bowl|gummy|edible|joint|round|toke|puff)|(?:hit|dab|bowl|puff|joint|gummy|edible|dose|toke) after (?:hit|dab|bowl|puff|joint|gummy|edible|dose|toke)|chain[- ]?(?:smok|vap|dab|eat)\\w*|why (?:have|take|eat|smoke|stop at|settle for) (?:just )?one|the (?:bigger|more|higher|stronger|fatter|harder|heavier|longer|deeper) (?:the )?(?:[\\w-]+ ){0,3}?(?:[\\w-]+),? the (?:better|higher|more fun|happier|stronger)|go (?:big or go home|hard|overboard|all night)|go big(?! on (?:savings|deals|discounts|rewards))|keep (?:the )?(?:hits|dabs|bowls) coming|(?:keep|never stop|don't stop|won't stop|can't stop) ${CONSUMING}|(?:hit|smoke|dab|toke|puff|spark|light|pack|load|roll) (?:it|that|one|another|'?em) (?:up )?again|again(?:[.!,]+| and) (?:and )?again|(?:take|eat|have|pop|grab|try|hit) (?:another|a second|one more|a third) (?:one|gummy|edible|dose|piece|square|hit|dab|bowl|cookie|brownie|chocolate)(?! (?:later|tomorrow|another day))|(?:joint|dab|edible|smoking|smoke|gummy|blunt|bong|dosing|eating|\\d+[- ]?(?:gram|g|mg)(?: joint| blunt| edible| dab)?) challenge|(?:[3-9]|\\d{2,3}|three|four|five|six|seven|eight|nine|ten|twenty)[- ]?(?:gram|g) (?:joints?|blunts?|pre-?rolls?|cones?)"`,
    { deniable: 4, denials: "before|wait|waiting|until|avoid|resist|tempted to|urge to|need to" },
  ),
];

export const MINORS_RULES = [
  minors(
    "cartoon",
    "cartoon(?:s|y|ish|-style)?(?: characters?)?|animated(?! (?:discussion|debate|conversation|sign|display|menu|gif))|comic[- ]book characters?|anime|(?:gummy|candy|cartoon|cute|little|fuzzy|furry|cuddly|friendly|silly) (?:buddies|pals|critters|characters|creatures|monsters|gang|crew|friends)",
  ),
  minors(
    "kid-friendly",
    "(?:kid|kids|child|children|teen)[- ]?(?:friendly|approved|tested|favou?rites?|safe|sized?|pleasers?)|family[- ]?(?:friendly|fun|favou?rites?)|kid-?size",
  ),
  minors(
    "for-kids",
    "(?:bring|bringing|brings) (?:along )?(?:the |your |all the )?(?:kids|children|little ones|kiddos|whole family|family|grandkids)|(?:with|for) (?:your |the |my )?(?:teenage|teen|young|little) (?:sons?|daughters?|kids?|boys?|girls?|ones|siblings|brothers?|sisters?)|back to class|(?:for|fun for) (?:every|all|each) generations?|face painting|bounce houses?|balloon animals|petting zoo|(?:feel|be) like a kid again|when you were (?:a kid|little|young)|(?:for|with|to) (?:the |your |our )?(?:kids|kiddos|children|teens|teenagers|youngsters|little ones|toddlers|babies|tweens|minors|youth|young people|students|the whole family|your son|your daughter)(?! (?:and pets |or pets )?(?:away|out of reach|safe))",
    { deniable: 4 },
  ),
  minors(
    "kids-love",
    "(?:kids|children|teens|teenagers|students|little ones|young people) (?:will |would |could |might )?(?:love|enjoy|adore|go crazy for|can't resist|ask for|beg for|steal|grab|fight over|devour)",
  ),
  minors(
    "toys",
    "toys?|playground|playtime|playdate|coloring (?:books?|pages?|contest)|trick[- ]or[- ]treat(?:ers|ing)?|egg hunt|lunch[- ]?box(?:es)?|juice box(?:es)?|sippy cups?",
  ),
  minors(
    "back-to-school",
    "back[- ]to[- ]school|school's (?:out|back)|schools? (?:is |are )?(?:out|back) for|after[- ]school|(?:before|after|during|at|to|for|skip) school(?! (?:zones?|boards?|districts?|property|grounds))|school (?:nights?|days?|supplies|lunch(?:es)?|kids|children|bus|year|break|dance|spirit)|recess|prom|homecoming|spring break|summer camp|field trips?|report cards?|class(?:room)? (?:party|treats?|snacks?)|teacher's pet|homework(?<!(?:do|did|doing|does|done) (?:your |some |the |our |a little |their |my )?homework)|(?:elementary|middle|high|junior high|grade|primary|secondary) school(?:ers?|s? (?:ids?|students?|kids|seniors|juniors|freshmen|sophomores|crowd|part(?:y|ies)|prom|lunch(?:es)?|dances?|hallways?|friends))|highschool(?:ers?)?|(?:school|student) ids?|kindergarten|preschool|daycare|daycares",
  ),
  minors(
    "superheroes",
    "super\\s?heroe?s?|mascots?|princess(?:es)?|unicorns?|teddy bears?|dinosaurs?|fairy tale|spongebob|mickey mouse|disney|pixar|pok[eé]mon|pikachu|hello kitty|barbie|bluey|peppa pig|paw patrol|sesame street|elmo|looney tunes|bugs bunny|scooby|minions|my little pony|power rangers|ninja turtles|cocomelon|baby shark|fortnite|minecraft|roblox",
  ),
  minors(
    "candy",
    "(?:just |exactly |tastes? |taste just |tastes just |looks? |looks just |like )(?:like )?(?:candy|cereal|lollipops?|(?:a |your )?(?:favou?rite )?(?:candy|cereal|childhood|kids'?) (?:bars?|treats?|snacks?|candy|cereal)?)|candy(?:[- ](?:flavou?red|coated|colou?red|like|store|shop|bars?|aisle|counter))|kid in a candy store|(?:than|as sweet as|just like) (?:cotton )?candy|lollipops?|lollies|suckers|candy canes?|(?:candy|candies|cereal|snack|snacks) (?:rack|aisle|store|shop|counter|brands?)|inspired by (?:your |a |the )?(?:favou?rite |classic |childhood |popular |iconic )+(?:candy|candies|cereal|snacks?|brand|treats?|cartoon|chocolate bar)|(?:your |kids'? )favou?rite (?:candy|candies|cereal|cartoon|childhood)|copycat|knock-?offs?|gummy (?:bears|worms|sharks|frogs|dinosaurs)|animal[- ]shaped|shaped like (?:animals?|bears?|worms?|dinosaurs?|candy|toys?|fruit snacks)|fruit snacks|sour patch|skittles|jolly ranchers|starburst|fruity pebbles|lucky charms|froot loops|pop rocks|pixy stix|ring pops|airheads|warheads|nerds ropes",
  ),
  minors(
    "all-ages",
    "(?:for|at) (?:all|any|every) ages?|kids of all ages|all[- ]ages|young and old|ages? \\d+ (?:and up|\\+)|whatever your age|no matter (?:your age|how old)|no age (?:limits?|restrictions?|requirements?|minimum|checks?)|(?:any|every) age(?:s)? welcome|age (?:doesn't|does not|is just a number) matter",
  ),
];

export const RECREATIONAL_RULES = [
  recreational(
    "recreational",
    "recreational(?:ly)?|rec[- ](?:friendly|use|users|customers|dispensar(?:y|ies)|shoppers|weed|prices|market|sales|menu)|adult[- ]use|for fun|(?:just|purely|only) for (?:the )?(?:fun|kicks|a good time)|for kicks|for a good time|fun high|for the high|for a high",
    "medical",
    { deniable: 3 },
  ),
  recreational(
    "get-high",
    "get(?:s|ting)? (?:you |them |yourself |everyone )?(?:high|lifted|buzzed|elevated|twisted|stoned|baked|blazed|lit|faded|zooted)(?![- ](?:cbd|thc|quality|potency|terpenes?|grade|end|dose|strength|yield))|got (?:you |me )?high|(?:catch|feel) (?:a |the )?buzz|(?:best|perfect|great|ultimate|strongest|biggest|epic|insane|crazy|killer|amazing|awesome|fun|good|wild|nice|happy|better|serious) (?:high|buzz)(?![- ]?(?:cbd|thc|quality|potency|terpenes?|yields?|end|dose|percent|%))|(?:walk|leave|head|go|drive) (?:out |home |away )?(?:high|stoned|baked|lit)|feel (?:the |that |so |super )?high(?![- ](?:cbd|thc|quality|potency))|stoner(?:s|'s)?|stoned|zooted|blazed(?! (?:a|the|new) trails?)|(?:high|lit|faded|baked) af|potheads?|(?:got|get|gets|getting|have|cure|cures|beat|kill|satisfy|satisfies|crush|for|case of) (?:the |your |those |a case of the )?munchies|trippy|420[- ]friendly|blaze (?:it|up|one)|spark (?:one )?up|toke up|puff puff pass",
    "describe the product instead",
    { deniable: 3 },
  ),
  recreational("celebrate-with", "celebrat(?:e|es|ed|ing)", "describe the product instead", {
    object:
      "(?:with|by (?:smoking|getting)) (?:a |some |our |your |a fat )?(?:blunts?|joints?|pre-?rolls?|bowls?|dabs?|edibles?|gummies|weed|bud|spliffs?|fatty|smoke)",
    within: 3,
    deniable: 3,
  }),
  recreational(
    "party",
    "party(?:ing)? (?:hard|all|like|pack|favou?rs?|supplies|starter|time|mode|vibes|essentials|strain|weed|ready|animals?|favorite)|partying|(?:let's|time to|ready to|wanna) (?:party|get lit|get high|blaze|turn up)|(?:your|the|a|next|weekend|house|bachelor|bachelorette|frat|pool|after|dance|college) (?:party|parties)(?! of| hours| schedule| closure)|bring (?:it |them )?to the party|life of the party|get the party started|turnt|pre-?gaming|(?:weekend|friday night|saturday night) (?:plans|vibes|bender|sesh|session)|sesh|elevate your (?:weekend|night|party|friday|saturday|evening|vibes?|game)",
    "describe the product instead",
    { deniable: 3 },
  ),
  recreational(
    "no-card",
    "(?:no|without (?:a|your|any)|need no|skip the) (?:medical |med |mmj |patient |marijuana |omma |state )?(?:card|license|licence|rec(?:ommendation)?|paperwork)s?[?!.,]? (?:needed|required|necessary|no problem|no worries|no biggie|no sweat|problem|welcome|okay|ok|necessary|needed)|without (?:a|your|any) (?:medical |med |mmj |patient )?(?:card|license|licence)|(?:don't|do not|doesn't|does not|won't) (?:even )?(?:need|require) (?:a|your|an|any) (?:medical |med |mmj |patient )?(?:card|license|licence|recommendation)|(?:card|license|licence|recommendation)s? (?:is |are )?(?:not|n't|never) (?:needed|required|necessary)|no need for (?:a|your) (?:medical |med )?(?:card|license|licence)|cardless|no questions asked|(?:card|license|licence|id)(?: at home| yet)?\\?+ (?:we'll|we will|we can|we) (?:hook you up|take care of you|still serve you|let you (?:in|shop|buy)|get you (?:sorted|set|high))|(?:weed|cannabis|marijuana|flower|bud|pot|edibles|pre-?rolls?) for (?:everyone|everybody|all|anyone)(?! with)|no (?:paperwork|card checks?|id checks?)|cards? optional|skip the (?:card|paperwork|doctor|license|licence|recommendation)|(?:we )?(?:won't|don't|never|will not|do not|doesn't|does not) (?:even )?(?:check|ask for|ask to see|look at|scan|verify|card)(?: (?:your |for |the )?(?:cards?|ids?|licen[cs]es?|anyone|anybody|people|patients))?(?=\\s*[.,!;:—–-]|$| (?:your |for |the )?(?:cards?|ids?|licen[cs]es?|anyone|anybody|people|patients))|(?:card|license|licence|id)(?: at home| yet)?\\?+ (?:no (?:problem|worries|biggie|sweat)|(?:shop|come|buy|stop) (?:in |by )?anyway|come on in|we've got you|we got you|that's (?:ok|okay|fine))|(?:just|only) (?:bring|need|show) (?:your |a )?(?:driver's license|drivers license|id|photo id|state id)(?! and| &| plus| with| or)",
    CARD,
    {
      deniable: 4,
      deniers:
        "not|never|don't|do not|didn't|without|forget|leave|can't|cannot|won't|no (?:walk-ins|entry|sales?|service|purchases?|exceptions)",
    },
  ),
  recreational(
    "anyone-can-buy",
    "anyone (?:can|may|is welcome to) (?:buy|shop|come|stop|visit|purchase|get)|(?:everyone|everybody|all)(?: is| are)? welcome|open to (?:everyone|anyone|all(?! (?:patients|card|licensed|qualified|medical|omma|registered|valid))|the public|all adults)|(?:all|any) adults?(?: 21\\+| over 21)? (?:welcome|can shop|can buy)|21\\+ (?:welcome|can shop|only)|tourists welcome|out[- ]of[- ]state(?:rs| visitors| guests)? (?:welcome|can shop|can buy)|(?:visiting|in town|here|traveling) (?:from )?(?:out of state|another state|texas|kansas|arkansas|missouri|colorado|new mexico|out of town)\\?+ (?:stop|come|swing|drop|pop) (?:in|by)",
    "patients with a valid card are welcome",
    { deniable: 3 },
  ),
];

/** Where these families' words are innocent. */
export const CONDUCT_INNOCENT: InnocentUse[] = [
  {
    id: "child-safety",
    pattern: `(?:keep|kept|store|stored|keeps|keeping|away from|out of (?:the )?reach of|safe from|safely away from|locked away from|hidden from)[^.!?]{0,40}(?:kids|children|minors|teens|little ones|pets)|child[- ]?(?:resistant|proof|safety|safe packaging|locks?)|kid[- ]?proof|children's hospital|(?:not|never) (?:for|to be used by|intended for|meant for|suitable for|sold to|allowed|permitted)[^.!?]{0,20}(?:kids|children|minors|teens|anyone under)|no (?:minors|kids|children|one under)`,
    why: "The warnings a label must carry keep products from children; they do not appeal to them.",
  },
  {
    id: "school-distance",
    pattern:
      "(?:feet|ft\\.?|miles?|blocks?|yards?|distance|far|away) (?:away )?from (?:any|a|the|an)(?: nearest)? (?:[\\w-]+ ){0,2}schools?",
    why: "The law's distance from a school is no appeal to students.",
  },
  {
    id: "not-recreational",
    pattern:
      "(?:recreational|adult[- ]use) (?:[\\w-]+ ){0,2}(?:is|are|remains|was|isn't|aren't)(?: still)? (?:not|n't|illegal|banned|prohibited|unlawful)|(?:recreational|adult[- ]use) (?:[\\w-]+ ){0,2}(?:isn't|aren't)",
    why: "Saying recreational sales are not legal here is the opposite of recreational wording.",
  },
  {
    id: "charity",
    pattern:
      "(?:back[- ]to[- ]school |school )?suppl(?:y|ies) (?:drive|donations?)|(?:toy|toys|coat|food|book) (?:drive|donations?)|toys for tots|(?:new |an? )?unwrapped toys?|donate (?:a |new |your )?toys?",
    why: "A charity drive the store runs (toys, school supplies) is community news, not an appeal to minors.",
  },
  {
    id: "all-ages-patients",
    pattern: "(?:patients|caregivers|people|customers|adults|veterans) of all ages",
    why: "Patients of every age hold cards (minors with a caregiver); saying so appeals to no child.",
  },
  {
    id: "third-party",
    pattern: "(?:third|3rd)[- ]party|party of|political party|parties involved|all parties",
    why: "“Third-party lab testing” is no party.",
  },
  {
    id: "high-potency",
    pattern: "high[- ](?:cbd|thc|quality|potency|terpene|yield|end|grade|dose|strength)",
    why: "“High-CBD” and “high THC” describe the product, not getting high.",
  },
];
