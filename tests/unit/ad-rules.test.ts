// The advertising checker (issue 27): a table of phrases it must find (with their rule) and near misses it
// must leave alone, then markdown, HTML, positions, turned-off rules and speed's shape.
import { describe, expect, it } from "vitest";
import { type AdFinding, blankMarkup, checkAdvertising } from "~/lib/ad-rules/check";
import { firstWords } from "~/lib/ad-rules/first-words";
import { readAsPerson } from "~/lib/ad-rules/read";
import { AD_INNOCENT_USES, AD_PHRASE_RULES, type AdRuleKind } from "~/lib/ad-rules/rules";
import { loadEvalSet } from "../support/ad-rules-eval";

/** [text, the phrase found, its rule's kind] */
const FINDS: [string, string, AdRuleKind][] = [
  // Health claims.
  ["This strain cures insomnia.", "cures", "health-claim"],
  ["The cure for a long week.", "cure", "health-claim"],
  ["CURES what ails you", "CURES", "health-claim"],
  ["It cured my back pain.", "cured my", "health-claim"],
  ["Curative properties in every jar.", "Curative", "health-claim"],
  ["Treats insomnia naturally.", "Treats insomnia", "health-claim"],
  ["Used to treat anxiety.", "treat anxiety", "health-claim"],
  ["Treating chronic pain since 2019.", "Treating chronic pain", "health-claim"],
  ["It treats the symptoms of PTSD.", "treats the symptoms", "health-claim"],
  ["A treatment for nausea.", "treatment for nausea", "health-claim"],
  ["Treatments of glaucoma", "Treatments of glaucoma", "health-claim"],
  ["Heals the body and mind.", "Heals", "health-claim"],
  ["The healing power of the plant.", "healing", "health-claim"],
  ["Healed by nature.", "Healed", "health-claim"],
  ["Relieves anxiety in minutes.", "Relieves anxiety", "health-claim"],
  ["relieves stress after work", "relieves stress", "health-claim"],
  ["Relieving migraines", "Relieving migraines", "health-claim"],
  ["It relieves.", "relieves", "health-claim"],
  ["Fast relief you can feel.", "Fast relief", "health-claim"],
  ["Natural pain relief.", "pain relief", "health-claim"],
  ["Anti-cancer compounds.", "Anti-cancer", "health-claim"],
  ["An anti-inflammatory balm.", "anti-inflammatory", "health-claim"],
  ["anti anxiety blend", "anti anxiety", "health-claim"],
  ["Antioxidants galore", "Antioxidants", "health-claim"],
  ["A therapeutic dose.", "therapeutic", "health-claim"],
  ["Plant therapy for all.", "therapy", "health-claim"],
  ["Nature's remedy.", "Nature's remedy", "health-claim"],
  ["Old-time remedies", "remedies", "health-claim"],
  ["Fights cancer cells.", "Fights cancer", "health-claim"],
  ["Kills tumors.", "Kills tumors", "health-claim"],
  ["Prevents seizures.", "Prevents seizures", "health-claim"],
  ["Reduces inflammation overnight.", "Reduces inflammation", "health-claim"],
  ["Eases pain gently.", "Eases pain", "health-claim"],
  ["Helps with sleep? Helps with anxiety.", "Helps with anxiety", "health-claim"],
  ["It helps insomnia.", "helps insomnia", "health-claim"],
  ["Great for anxiety.", "Great for anxiety", "health-claim"],
  ["Perfect for pain days.", "Perfect for pain", "health-claim"],
  ["Best for sleep.", "Best for sleep", "health-claim"],
  ["Full of medicinal benefits.", "medicinal benefits", "health-claim"],
  ["Health benefits you'll notice.", "Health benefits", "health-claim"],
  ["Stops migraines fast.", "Stops migraines", "health-claim"],
  ["Eliminates stress.", "Eliminates stress", "health-claim"],
  ["Treated my arthritis — it treated arthritis.", "treated arthritis", "health-claim"],
  // Overconsumption.
  ["Get wasted this weekend!", "Get wasted", "overconsumption"],
  ["Getting baked tonight?", "Getting baked", "overconsumption"],
  ["Time to get stoned.", "get stoned", "overconsumption"],
  ["Get lit with our pre-rolls.", "Get lit", "overconsumption"],
  ["get smashed", "get smashed", "overconsumption"],
  ["All you can smoke Friday.", "All you can smoke", "overconsumption"],
  ["All-you-can-dab bar", "All-you-can-dab", "overconsumption"],
  ["Binge the whole bag.", "Binge", "overconsumption"],
  ["A bingeing weekend", "bingeing", "overconsumption"],
  ["Smoke till you drop.", "till you drop", "overconsumption"],
  ["Vape until you pass out.", "until you pass out", "overconsumption"],
  ["The more the better!", "The more the better", "overconsumption"],
  ["Double the dose, double the fun.", "Double the dose", "overconsumption"],
  ["A heroic dose of flower.", "heroic dose", "overconsumption"],
  ["Higher than ever before.", "Higher than ever", "overconsumption"],
  ["High as a kite.", "High as a kite", "overconsumption"],
  ["Wake and bake special.", "Wake and bake", "overconsumption"],
  ["Wake & bake", "Wake & bake", "overconsumption"],
  ["Bottomless dab bar", "Bottomless", "overconsumption"],
  ["A blackout blend.", "blackout", "overconsumption"],
  ["Knocks you out cold.", "Knocks you out", "overconsumption"],
  ["Get faded with friends", "Get faded", "overconsumption"],
  // Appeal to minors.
  ["Our cartoon mascot says hi.", "cartoon", "minors"],
  ["Cartoon characters on every tin.", "Cartoon characters", "minors"],
  ["Kid-friendly flavors.", "Kid-friendly", "minors"],
  ["kid friendly packaging", "kid friendly", "minors"],
  ["Child-friendly gummies", "Child-friendly", "minors"],
  ["Fun for kids of all ages.", "for kids", "minors"],
  ["Treats for the children.", "for the children", "minors"],
  ["Great with teens", "with teens", "minors"],
  ["Kids love these colors.", "Kids love", "minors"],
  ["Children will love it.", "Children will love", "minors"],
  ["A free toy with every order.", "toy", "minors"],
  ["Toys and treats.", "Toys", "minors"],
  ["Back-to-school sale!", "Back-to-school", "minors"],
  ["Back to school savings", "Back to school", "minors"],
  ["Superhero gummies", "Superhero", "minors"],
  ["Our mascot, Buddy.", "mascot", "minors"],
  // Recreational wording.
  ["Recreational prices every day.", "Recreational", "recreational"],
  ["Great for recreational use.", "recreational", "recreational"],
  ["Rec customers welcome.", "Rec customers", "recreational"],
  ["Adult-use flower", "Adult-use", "recreational"],
  ["No card needed.", "No card needed", "recreational"],
  ["No medical card required!", "No medical card required", "recreational"],
  ["No license required to shop.", "No license required", "recreational"],
  ["Shop without a card.", "without a card", "recreational"],
  ["You don't need a card.", "don't need a card", "recreational"],
  ["You don’t need a medical license", "don’t need a medical license", "recreational"],
  ["Anyone can buy here.", "Anyone can buy", "recreational"],
  ["Open to the public.", "Open to the public", "recreational"],
  ["All adults welcome.", "All adults welcome", "recreational"],
  ["21+ welcome", "21+ welcome", "recreational"],
  ["Party pack for the weekend.", "Party pack", "recreational"],
  ["Just for fun.", "Just for fun", "recreational"],
  // Misleading absolutes.
  ["Guaranteed to work.", "Guaranteed", "misleading"],
  ["We guarantee results.", "guarantee", "misleading"],
  ["Satisfaction guaranteed", "guaranteed", "misleading"],
  ["100% safe.", "100% safe", "misleading"],
  ["100 % safe for daily use", "100 % safe", "misleading"],
  ["Completely safe.", "Completely safe", "misleading"],
  ["Safe for everyone.", "Safe for everyone", "misleading"],
  ["No side effects.", "No side effects", "misleading"],
  ["Zero side-effects", "Zero side-effects", "misleading"],
  ["Risk-free trial", "Risk-free", "misleading"],
  ["Totally harmless.", "harmless", "misleading"],
  ["Clinically proven relief.", "Clinically proven", "misleading"],
  ["FDA approved oil.", "FDA approved", "misleading"],
  ["Doctor-recommended tincture", "Doctor-recommended", "misleading"],
  ["A miracle in a jar.", "miracle", "misleading"],
  ["Miraculous results", "Miraculous", "misleading"],
  ["Works every time.", "Works every time", "misleading"],
  ["Instant results.", "Instant results", "misleading"],
  // Issue 37: the families an owner writes in, not single phrases (the issue's own examples first).
  ["A proven cancer treatment.", "cancer treatment", "health-claim"],
  ["It lowers blood pressure.", "lowers blood pressure", "health-claim"],
  ["Say goodbye to migraines!", "Say goodbye to migraines", "health-claim"],
  ["Buy more, smoke more.", "smoke more", "overconsumption"],
  ["Go on, eat the whole bar.", "eat the whole bar", "overconsumption"],
  ["Smoke as much as you want.", "Smoke as much as", "overconsumption"],
  ["It tastes just like candy.", "tastes just like candy", "minors"],
  ["Fun for all ages!", "for all ages", "minors"],
  ["Get high with our new pre-rolls.", "Get high", "recreational"],
  ["No card? No problem.", "No card? No problem", "recreational"],
  ["It's impossible to overdose.", "impossible to overdose", "misleading"],
  ["Safer than Tylenol.", "Safer than", "misleading"],
  ["Relieving your chronic back pain since 2019.", "Relieving your chronic back pain", "health-claim"],
  ["Ditch your sleeping pills.", "Ditch your sleeping pills", "health-claim"],
  ["Can't sleep? Try our indica.", "Can't sleep?", "health-claim"],
  ["Kiss your migraines goodbye.", "Kiss your migraines", "health-claim"],
  ["Dab till the sun comes up.", "Dab till the sun comes up", "overconsumption"],
  ["Stay baked all weekend.", "Stay baked all weekend", "overconsumption"],
  ["Keep puffing, never stop.", "Keep puffing", "overconsumption"],
  ["Gummies shaped like teddy bears.", "teddy bears", "minors"],
  ["Bring the kids for face painting.", "Bring the kids", "minors"],
  ["After-school special on vapes.", "After-school", "minors"],
  ["Partying tonight? Stop in.", "Partying", "recreational"],
  ["Not addictive, unlike pills.", "Not addictive", "misleading"],
  ["Safe during pregnancy.", "Safe during pregnancy", "misleading"],
  ["Won't show up on a drug test.", "Won't show up on a drug test", "misleading"],
];

/** Near misses: words that look like a finding and are not one. */
const CLEAN: string[] = [
  "Gummies in five fruit flavors.",
  "Sour gummies, 100mg per pack.",
  "Fresh from Cure Company, now in stock.",
  "The Cure Co. live resin is back.",
  "Curbside pickup at both stores.",
  "Secure checkout in store.",
  "Our procurement team restocks daily.",
  "Slow-dried and hand-trimmed.",
  "Treat yourself to 15% off.",
  "A sweet treat for patients.",
  "Treat yourself this Friday.",
  "Health and safety come first.",
  "Healthy living starts here.",
  "Theranos? Never heard of it.",
  "Our budtenders will help you choose.",
  "Help yourself to a menu.",
  "Baked goods made with cannabis extract.",
  "Fresh-baked cookies, 10mg each.",
  "High quality flower at fair prices.",
  "Highly rated by patients.",
  "High-CBD tinctures.",
  "A lit-up storefront on Lindsey Street.",
  "Keep out of reach of children.",
  "Not for children or pets.",
  "Not intended for kids.",
  "No minors allowed in the store.",
  "Must be 18+ with a valid medical card.",
  "Children's hospital fundraiser this month.",
  "Toyota parking in the back lot.",
  "Stock up on papers and grinders.",
  "A valid Oklahoma medical marijuana card is required for every visit.",
  "Bring your card and a photo ID.",
  "Medical card holders save 15%.",
  "Patients only.",
  "Recreation center is two blocks away.",
  "We price match local dispensaries.",
  "Lab-tested for potency.",
  "Safety first: store products in a locked cabinet.",
  "Drive safely.",
  "Side by side: our two stores.",
  "Sideways glances welcome.",
  "Relief pitcher for the Sooners? Go team.",
  "Remediation of the old building is done.",
  "Our therapist-owned sister business is closed.",
  "Anticipation builds for the new drop.",
  "Antique glass pipes on display.",
  "Double-check your order at pickup.",
  "Dosage guide: start low, go slow.",
  "Kidding aside, our prices are low.",
  "The blackberry kush is back.",
  "Wake up to fresh inventory.",
  "Partygoers: remember your card.",
  "Public parking is free.",
  "Friendly budtenders.",
  "A fun, friendly shop for patients.",
  "Warranty on batteries: 30 days.",
  "Proven track record of fresh inventory.",
  "Magic Kingdom? No, just great prices.",
  "Instant coffee at the counter.",
  "Every time you visit, earn loyalty points.",
  "Recipes: cannabutter basics.",
  "Retreat to the patio.",
  "A treatise on terpenes.",
  "Healdton, Oklahoma is not on our map.",
  "Reliever? No, just a great strain name.",
  // Issue 37: the innocent uses a family's words have.
  "We offer a price-match guarantee on flower.",
  "We cure our flower for three weeks in glass jars.",
  "Slow-cured buds burn smoother.",
  "This product is not intended to diagnose, treat, cure, or prevent any disease.",
  "Ask your doctor whether cannabis could help with your symptoms.",
  "Keep all cannabis out of reach of children and pets.",
  "Child-resistant packaging on every edible.",
  "High-CBD tinctures and high THC flower.",
  "Buy more, save more on concentrates.",
  "Wait two hours before you eat more.",
  "Don't leave home without your card.",
  "Third-party lab results on every label.",
  "A stress-free pickup.",
  "Recreational marijuana is not legal in Oklahoma.",
  "Our store is 1,000 feet from any school, as the law requires.",
  "Patients of all ages with a caregiver license are welcome.",
  "Holiday toy drive: bring an unwrapped toy.",
  "Cannabis is not harmless; start low.",
  "Not safe during pregnancy.",
  "No risk of missing a deal: sign up for texts.",
  "Double points on Tuesdays.",
];

const only = (text: string) => {
  const findings = checkAdvertising(text);
  return findings.map((f) => [f.phrase, f.kind]);
};

describe("the advertising checker's phrase table", () => {
  it("has at least 150 rows, true findings and near misses", () => {
    expect(FINDS.length + CLEAN.length).toBeGreaterThanOrEqual(150);
  });

  it.each(FINDS)("finds %j → %j (%s)", (text, phrase, kind) => {
    expect(only(text)).toContainEqual([phrase, kind]);
  });

  it.each(CLEAN.map((text) => [text]))("leaves %j alone", (text) => {
    expect(checkAdvertising(text)).toEqual([]);
  });
});

describe("a finding", () => {
  it("says where, which rule, why with the statute, and a rewording where one exists", () => {
    const text = "Blue Dream relieves anxiety.";
    const [finding] = checkAdvertising(text);
    expect(finding).toEqual<AdFinding>({
      phrase: "relieves anxiety",
      start: 11,
      end: 27,
      kind: "health-claim",
      label: "Health claim",
      ruleId: "relieves-condition",
      reason: "Claims a curative or therapeutic effect, which advertising may not. (63 O.S. § 427.21)",
      suggestion: "many patients choose it in the evening",
    });
    expect(text.slice(finding.start, finding.end)).toBe(finding.phrase);
  });

  it("lists every finding in order, the longer one where two overlap", () => {
    const findings = checkAdvertising("Get wasted, then it cures insomnia. No card needed! Kid-friendly.");
    expect(findings.map((f) => f.ruleId)).toEqual(["get-wasted", "cure", "no-card", "kid-friendly"]);
  });

  it("skips the kinds the owner turned off", () => {
    const text = "Recreational prices; cures insomnia.";
    expect(checkAdvertising(text, { disabled: ["recreational"] }).map((f) => f.kind)).toEqual(["health-claim"]);
    expect(checkAdvertising(text, { disabled: ["recreational", "health-claim"] })).toEqual([]);
  });
});

describe("the text is read as a person reads it", () => {
  // [text, the phrase as the reader sees it, the original words the finding's position covers]
  it.each([
    ["**Cures** insomnia", "Cures", "Cures"],
    ["It *relieves* anxiety", "relieves anxiety", "relieves* anxiety"],
    ["**relieve** chronic pain", "relieve chronic pain", "relieve** chronic pain"],
    ["It __treats__ insomnia", "treats insomnia", "treats__ insomnia"],
    ["It re**lieve**s anxiety", "relieves anxiety", "re**lieve**s anxiety"],
    ["[Cures insomnia](https://example.com/x)", "Cures", "Cures"],
    ["See [our cure](/blog/cure) today", "cure", "cure"],
    ["## Relieves anxiety\n\nText.", "Relieves anxiety", "Relieves anxiety"],
    ["> Get wasted tonight", "Get wasted", "Get wasted"],
    ["- No card needed", "No card needed", "No card needed"],
    ["<b>cures</b> insomnia", "cures", "cures"],
    ["<b>cu</b>res insomnia", "cures", "cu</b>res"],
    ["<span class='x'>Relieves</span> <em>anxiety</em>", "Relieves anxiety", "Relieves</span> <em>anxiety"],
    ["<!-- draft --> 100% safe", "100% safe", "100% safe"],
    ["~~guaranteed~~ results", "guaranteed", "guaranteed"],
    ["Relieves\nanxiety", "Relieves anxiety", "Relieves\nanxiety"],
    ["RELIEVES   ANXIETY", "RELIEVES ANXIETY", "RELIEVES   ANXIETY"],
    // Unicode: soft hyphens and zero-width characters, look-alike Cyrillic and Greek letters, full-width
    // and mathematical letters, accents, and the typographic apostrophe.
    ["It re\u00ADlie\u200Bves anxiety", "relieves anxiety", "re\u00ADlie\u200Bves anxiety"],
    ["c\u200Dures insomnia", "cures", "c\u200Dures"],
    ["\u0441ures insomnia", "\u0441ures", "\u0441ures"],
    ["Kid-fri\u0435ndly gummies", "Kid-fri\u0435ndly", "Kid-fri\u0435ndly"],
    ["\u0391nti-anxiety blend", "\u0391nti-anxiety", "\u0391nti-anxiety"],
    ["\uFF43\uFF55\uFF52\uFF45\uFF53 insomnia", "\uFF43\uFF55\uFF52\uFF45\uFF53", "\uFF43\uFF55\uFF52\uFF45\uFF53"],
    [
      "\u{1D41C}\u{1D42E}\u{1D42B}\u{1D41E}\u{1D42C} insomnia",
      "\u{1D41C}\u{1D42E}\u{1D42B}\u{1D41E}\u{1D42C}",
      "\u{1D41C}\u{1D42E}\u{1D42B}\u{1D41E}\u{1D42C}",
    ],
    ["It cu\u0301res insomnia", "cu\u0301res", "cu\u0301res"],
    ["You don\u2019t need a card", "don\u2019t need a card", "don\u2019t need a card"],
    ["Our **n\u043e card** needed policy", "n\u043e card needed", "n\u043e card** needed"],
    // A camel-case hashtag is read as its words, and quoted as typed.
    ["#WakeAndBake with our sativa", "#WakeAndBake", "#WakeAndBake"],
    ["Our #NoCardNeeded weekend", "#NoCardNeeded", "#NoCardNeeded"],
  ])("%j", (text, phrase, original) => {
    const findings = checkAdvertising(text);
    expect(findings.map((f) => f.phrase)).toEqual([phrase]);
    expect(text.slice(findings[0].start, findings[0].end)).toBe(original);
  });

  it("reads a link's text, never its address", () => {
    expect(checkAdvertising("[our shop](https://example.com/cures-insomnia)")).toEqual([]);
    expect(blankMarkup("[a](b)")).toHaveLength("[a](b)".length);
  });

  it("maps every place of the reading back into the text", () => {
    const text = "A **ﬁne** <i>sоft</i> \u00AD[link](/x) — ok";
    const reading = readAsPerson(text);
    expect(reading.text).toBe("A fine soft link — ok");
    expect(text.slice(reading.startOf(2), reading.endOf(6))).toBe("ﬁne");
    expect(reading.shown(2, 6)).toBe("ﬁne");
    expect(text.slice(reading.startOf(7), reading.endOf(11))).toBe("sоft");
    expect(text.slice(reading.startOf(17), reading.endOf(21))).toBe("— ok");
  });
});

describe("the index of first words", () => {
  it("holds the first word of every match of every rule, so trying only indexed rules never misses one", () => {
    const texts = [...FINDS.map(([text]) => text), ...CLEAN, ...loadEvalSet().items.map((item) => item.text)].map(
      (text) => readAsPerson(text).text,
    );
    const missing: string[] = [];
    for (const rule of [...AD_INNOCENT_USES, ...AD_PHRASE_RULES]) {
      const source = rule.pattern.replace(/ /g, "\\s+");
      const first = firstWords(source);
      const everywhere = new RegExp(`\\b(?:${source})(?!\\w)`, "gi");
      for (const text of texts) {
        for (const match of text.matchAll(everywhere)) {
          const word = /^\w+/.exec(match[0])?.[0].toLowerCase();
          if (!word) continue;
          const indexed = first.anyWord || first.words.has(word) || [...first.prefixes].some((p) => word.startsWith(p));
          if (!indexed) missing.push(`${rule.id}: ${match[0]}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("reads words, beginnings and alternatives from an expression", () => {
    const first = firstWords("(?:treat(?:s|ed)?|cur(?:e|es)) \\d+|21\\+ welcome|'til|\\d+%|anti[- ]?\\w+");
    expect([...first.words].filter((word) => !/^\d$/.test(word)).sort()).toEqual([
      "21",
      "anti",
      "cure",
      "cures",
      "treat",
      "treated",
      "treats",
    ]);
    expect([...first.prefixes].sort()).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "anti"]);
    expect(first.anyWord).toBe(false);
    expect(firstWords("\\w+ cures").anyWord).toBe(true);
  });
});
