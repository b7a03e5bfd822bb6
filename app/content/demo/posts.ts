import type { DemoPost } from "./types";

/**
 * Demo blog posts: plain-language education for Oklahoma medical cannabis patients.
 * Written to Oklahoma's advertising rules (63 O.S. § 427.21): nothing false or misleading, no promotion of
 * overconsumption, no claims of curative or therapeutic effects, nothing aimed at minors.
 * The seed marks them as demo content (is_demo): signed-in staff see a note on the post, visitors don't.
 */

const firstVisit = `Walking into a dispensary for the first time can feel like a lot: glass cases, unfamiliar product names and a menu with hundreds of items. The good news is that a first visit is simple once you know what to expect. This guide walks you through it, from what to bring to what happens at the counter.

## Before you go

### Bring your OMMA patient license and a photo ID

Medical dispensaries in Oklahoma serve patients licensed by the Oklahoma Medical Marijuana Authority (OMMA). Every visit — not just the first one — needs two things:

- **Your OMMA patient license**, current and not expired.
- **A valid government-issued photo ID**, such as a driver's license, state ID or passport. The name should match the name on your patient license.

Don't have a license yet? Our guide to [getting or renewing your OMMA patient license](/blog/getting-or-renewing-your-omma-patient-license) explains the steps, and the [OMMA website](https://oklahoma.gov/omma.html) has the official application, requirements and current fees.

### Bring cash

Cannabis is still illegal under federal law, so most banks and card networks won't process dispensary purchases. Our stores are **cash only**, and each one has an **ATM on site** in case you forget.

### Pick a store and check the hours

We have two stores in Norman: our main store on Lindsey Street and our Blue Water store on Main Street. Addresses, hours, phone numbers and directions are all on our [Locations page](/locations).

## What happens when you arrive

1. **Check-in.** A team member checks your patient license and photo ID. It takes a minute and happens on every visit. It's a legal requirement, not a judgement.
2. **Browse.** Look through the cases or the menu. Products are grouped by type: flower, pre-rolls, vapes, edibles, concentrates and accessories.
3. **Talk to a budtender.** Budtenders are the people behind the counter. They can explain product types, read labels with you and show you lab results. They aren't doctors, though: questions about your health, medications or what's right for you belong with your physician.
4. **Check out.** You pay in cash, your sale is recorded in the state's tracking system as Oklahoma requires, and your products leave the store sealed and labeled.

## Questions worth asking

There are no silly questions at a dispensary counter. A few good ones for a first visit:

- What's the difference between flower, pre-rolls, vapes, edibles and concentrates?
- How do I read the potency on this label? (Our guide to [reading THC and CBD labels](/blog/reading-thc-and-cbd-labels) helps here.)
- Can I see the lab results for this batch? (See [how to read a certificate of analysis](/blog/how-to-read-a-certificate-of-analysis).)
- What's a sensible amount to buy for a first try?

## First-visit tips

- **Start small.** You don't need a lot on your first visit. A small amount of one or two products is plenty to learn what suits you.
- **Take notes.** Write down the product name, the potency and how it went. Notes help you, your budtender and your physician.
- **Ask about the first-time discount.** First-time customers get **15% off their entire first purchase** (not combinable with other promotions). Current offers are on our [Deals page](/deals).
- **Join the loyalty program.** You earn points on every purchase at both stores.
- **Order ahead if you like.** You can browse the live menu online and pick up curbside.
- **Keep it sealed on site.** Cannabis can't be used in the store or in the parking lot.

> Tip: if you feel unsure, say so. A good budtender would rather spend five extra minutes explaining than have you leave with the wrong product.

## Getting home

Keep your purchase sealed and out of reach while you travel, and never drive impaired. Our article on [cannabis, driving and the law in Oklahoma](/blog/cannabis-driving-and-the-law-in-oklahoma) covers the details.

## Still have questions?

Call either store or send us a message through our [contact page](/contact). Curious about who we are? Read [our story](/about). We look forward to meeting you.`;

const labels = `Cannabis labels are packed with numbers: percentages, milligrams, batch codes and abbreviations like THCa. Once you know what each one means, a label tells you a lot about what's in the package. This guide covers the parts that matter most when you compare products.

## What's usually on a label

Oklahoma requires licensed products to carry labels with specific information. The exact layout varies by brand and product type, but you'll usually find:

- **Product name and type**, such as flower, pre-roll, edible or concentrate.
- **Cannabinoid content**, usually THC and CBD, as a percentage or in milligrams.
- **Net weight or volume.**
- **Batch or lot number**, which ties the product to its lab results.
- **The testing lab** and the date of testing or packaging.
- **Required warnings**, such as keeping the product away from children.

## THC vs THCa: why there are two numbers

Raw cannabis flower contains very little THC. Most of it is **THCa**, an acidic form that turns into THC when it's heated, for example when flower is smoked or vaporized. That's why flower labels often list both THCa and Delta-9 THC.

Labs combine them into **Total THC** with a standard formula: Total THC = (THCa × 0.877) + Delta-9 THC. The 0.877 accounts for the weight the molecule loses when it converts.

| On the label | Example value | What it means |
|---|---|---|
| THCa | 24.0% | THC in its raw, acidic form |
| Delta-9 THC | 0.8% | THC already in its active form |
| Total THC | about 21.8% | The maximum THC available after heating |

CBD works the same way: **CBDa** converts to CBD with heat, and Total CBD uses the same 0.877 factor.

## Percent vs milligrams

Flower and concentrates are usually labeled in **percent**, edibles and drinks in **milligrams (mg)**. Converting is easy: **1% equals 10 mg per gram.** A gram of flower at 20% Total THC contains about 200 mg of THC.

For edibles, look for two numbers:

- **mg per serving**, for example 5 mg per piece.
- **mg per package**, for example 100 mg in a package of 20 pieces.

Always check which number you're reading before you take a serving. Our [edibles guide](/blog/edibles-start-low-go-slow) explains why this matters so much.

## Concentrates and vapes

Concentrates and vape cartridges are much more potent than flower, often well above 60% THC. A small amount goes a long way, so read the label carefully and ask a budtender how these products differ from flower before you try one.

## CBD and ratio products

Some products list a **ratio**, such as 1:1 or 20:1. The first number is usually CBD and the second THC, but brands differ, so read the milligram amounts too. A 1:1 product contains equal amounts of each. Products high in CBD and low in THC are often chosen by patients who want less intoxication — ask your physician what makes sense for you.

## A higher number isn't a better product

It's tempting to shop by the highest THC number on the shelf. A higher percentage means more THC per gram, not a better experience. Aroma, freshness, terpene content and your own tolerance all shape how a product suits you.

> If you're new, or coming back after a break, a lower-potency product is an easier place to start. You can always choose something stronger next time.

## When the numbers don't add up

Potency is measured on a sample from each batch, and plants vary naturally, so two packages from the same batch can differ slightly. If a label looks wrong or is missing information, ask to see the batch's lab results. Our guide to [reading a certificate of analysis](/blog/how-to-read-a-certificate-of-analysis) walks you through it.

## Learn more

The [Oklahoma Medical Marijuana Authority](https://oklahoma.gov/omma.html) publishes the state's packaging and labeling rules. You can browse the [brands we carry](/brands), and our budtenders at either of our [two Norman stores](/locations) are happy to read a label with you.`;

const indicaSativa = `"Indica," "sativa" and "hybrid" are probably the first words you'll see on a dispensary menu. They're useful for describing a plant, but they tell you less about a product than many people assume. Here's where the terms come from and what to look at instead.

## Where the words come from

The names are botanical. *Cannabis sativa* was named in the 1750s, and *Cannabis indica* a few decades later, to describe plants that looked different from each other. Growers still use the terms for a plant's shape:

- **Indica-type** plants tend to be short and bushy, with broad leaflets.
- **Sativa-type** plants tend to be tall and slender, with narrow leaflets.
- **Hybrids** are crosses of the two, with traits of both.

After decades of crossbreeding, nearly all cannabis sold today is a hybrid of some kind. A product labeled "indica" or "sativa" usually means it *leans* one way in its ancestry or growth habit.

## What the labels are often used to suggest

On menus, the labels have become shorthand for an expected experience. Indica is often marketed as "relaxing" and sativa as "uplifting," with hybrids somewhere in between. You'll hear these descriptions in many dispensaries, including from customers.

The problem is that plant shape doesn't determine chemistry. Several studies that analyzed commercial cannabis have found that indica and sativa labels don't reliably predict a product's mix of cannabinoids and terpenes. Two products with the same label can be chemically very different, and two with opposite labels can be similar.

Your own experience is shaped by many things: the cannabinoid content, the terpene profile, the amount you use, the way you consume it, your tolerance and even your setting. No single word on a label captures all of that.

## What to look at instead

| On the label | What it tells you | How to use it |
|---|---|---|
| Indica / sativa / hybrid | Plant ancestry and shape | A loose starting point, not a prediction |
| Total THC and CBD | How much of each cannabinoid | Compare potency; start low if you're new |
| Minor cannabinoids | CBG, CBN and others, if tested | Useful detail for comparing products |
| Terpenes | The aroma compounds present | Notice which ones you prefer over time |
| Product type | Flower, vape, edible, concentrate | Onset and duration differ a lot by type |

### Cannabinoids

Start with Total THC and Total CBD. They tell you far more about a product's strength than its indica or sativa label. Our guide to [reading THC and CBD labels](/blog/reading-thc-and-cbd-labels) explains the numbers.

### Terpenes

Terpenes are the compounds behind cannabis aromas: citrus, pine, pepper, earth. Many products list their main terpenes or show them on the lab report. Learn more in [terpenes explained](/blog/terpenes-explained).

### Product type and amount

How you consume cannabis changes the experience as much as the strain does. Edibles, for example, take much longer to start and last longer than inhaled products. Our [edibles guide](/blog/edibles-start-low-go-slow) covers why.

## Keep your own notes

The most reliable guide is your own record. Each time you try something, jot down:

1. The product name, brand and batch.
2. Total THC, Total CBD and the top terpenes.
3. How much you used and how.
4. How it went, in your own words.

After a few entries, patterns appear that no label can show you — and your notes make conversations with your physician and your budtender much more useful.

## Ask us

Our budtenders can pull up the lab results for any product and help you compare options, whatever the label says. Stop by either of our [Norman stores](/locations), look through the [brands we carry](/brands), or [send us a question](/contact).

For Oklahoma's rules on medical cannabis products, see the [Oklahoma Medical Marijuana Authority](https://oklahoma.gov/omma.html).`;

const terpenes = `Open a jar of cannabis flower and the first thing you notice is the smell: maybe citrus, maybe pine, maybe something earthy or peppery. Those aromas come from **terpenes**. Here's what they are, the ones you'll see most often, and what is and isn't known about them.

## What terpenes are

Terpenes are aromatic compounds made by many plants. They give oranges their zest, pine trees their fresh scent and lavender its floral note. In cannabis they're produced in the same tiny resin glands, called trichomes, that make cannabinoids like THC and CBD.

Terpenes make up a small share of a flower's weight, usually a few percent at most, but they shape how a product smells and tastes. Many lab reports list them, and some labels name the top two or three.

## Common cannabis terpenes

| Terpene | Aroma | Also found in |
|---|---|---|
| Myrcene | Earthy, musky, ripe fruit | Hops, mango, thyme |
| Limonene | Bright citrus | Lemon and orange peel |
| Beta-caryophyllene | Peppery, spicy, woody | Black pepper, cloves |
| Alpha-pinene | Fresh pine | Pine needles, rosemary |
| Linalool | Floral, lavender | Lavender, coriander |
| Terpinolene | Herbal, floral, a little piney | Nutmeg, lilac, tea tree |
| Humulene | Woody, earthy, herbal | Hops, sage |

Most products contain a blend, and one or two usually lead. That's why two products with similar THC can smell completely different.

## What we know and what we don't

You'll hear claims that certain terpenes produce certain effects, or that terpenes and cannabinoids work together in an "entourage effect." These ideas are popular, but research on how terpenes act in people is still at an early stage, and much of it comes from lab or animal studies. We don't make promises about what a terpene will do for you, and you should be cautious of anyone who does.

What is clear:

- **Terpenes drive aroma and flavor**, and many people develop strong preferences.
- **Terpene content varies from batch to batch**, even within the same strain.
- **Terpenes are volatile.** They evaporate with heat, light, air and time, which is why fresh, well-stored flower smells stronger.

## Using terpenes when you shop

Terpenes are a practical way to compare products you enjoy:

1. **Use your nose.** Ask to smell a display sample when one is available. If you like the aroma, that's useful information.
2. **Check the lab report.** A certificate of analysis may list terpenes with their amounts. See [how to read a certificate of analysis](/blog/how-to-read-a-certificate-of-analysis).
3. **Track your favorites.** Note the top terpenes of products you like. Over time you may notice you prefer, say, citrus-forward or earthy profiles.
4. **Look beyond indica and sativa.** Terpenes and cannabinoids describe a product better than those two labels. Our article on [indica, sativa and hybrid labels](/blog/indica-sativa-hybrid-labels-explained) explains why.

## Terpenes in vapes and concentrates

Vape cartridges and some concentrates list terpenes as an ingredient. The label may say they're **cannabis-derived**, extracted from the plant, or **botanical**, sourced from other plants to recreate a flavor. Both are common; what matters is that the label is clear about which you're getting. If it isn't, ask.

## Keep them fresh

Because terpenes fade, storage matters. Keep flower in an airtight glass jar, in a cool, dark place, and buy amounts you'll use while they're fresh. Our guide on [how to store cannabis](/blog/how-to-store-cannabis) has the details.

## Come smell for yourself

Our budtenders at both [Norman locations](/locations) can show you products with very different terpene profiles and pull up their lab results. Browse the [brands we carry](/brands) before you visit. Oklahoma's testing and labeling rules are published by the [Oklahoma Medical Marijuana Authority](https://oklahoma.gov/omma.html).`;

const storage = `You chose a product you like; now keep it that way. Cannabis changes over time, and the way you store it decides how long it keeps its aroma, flavor and potency. The basics are simple and cost very little.

## The four things that wear cannabis out

### Light

Sunlight and strong indoor light break down cannabinoids and terpenes. Store products in an opaque container or inside a cabinet or drawer.

### Heat

Heat dries flower out and makes terpenes evaporate. Warm, humid conditions can also encourage mold. Pick a cool spot around room temperature or a little below, away from stoves, heaters, sunny windows and car dashboards.

### Air

Oxygen slowly degrades cannabis, and constant airflow dries it out. Use an **airtight container** and choose a size that fits: a half-empty jar holds a lot of air.

### Humidity

Flower that's too dry turns harsh and crumbly; flower that's too moist can grow mold. Many people aim for a relative humidity of roughly **55–62%** inside the container. Small two-way humidity packs, sold for this purpose, help keep it in that range.

## The best containers

- **Glass jars with airtight lids** are the standard for flower. They don't hold odors and don't create static.
- **Avoid plastic bags.** Static can pull the resin glands (trichomes) off the flower, and bags don't keep air out.
- **Keep the original packaging** or its label. It holds the batch number, potency and warnings — you'll want them later.

## Skip the fridge and freezer for flower

It sounds sensible, but cold storage works against flower. Opening a cold container lets in warm air, and the moisture condenses on the buds. Freezing also makes trichomes brittle, so they break off when handled. A cool, dark cupboard does a better job.

## Storage by product type

| Product | Where to keep it | Good to know |
|---|---|---|
| Flower | Airtight glass jar, cool and dark | A humidity pack helps |
| Pre-rolls | Their tube or case, cool and dark | They dry out faster than whole buds |
| Edibles | Original package, as the label says | Some need refrigeration; check the label |
| Vape cartridges | Upright, at room temperature | Heat and direct sun can cause leaks |
| Concentrates | Airtight glass or silicone, cool and dark | Follow the package's instructions |

## How long does it keep?

Well-stored flower keeps its quality for months, but aroma fades with time even in a perfect jar. The packaging date on the label tells you how fresh a product is. The simplest rule: **buy amounts you'll use while they're fresh** rather than stocking up.

Check stored flower before you use it. A fuzzy white or gray coating, dark spots, or a musty, damp smell can mean mold. If in doubt, don't use it.

## Store it safely

Good storage is also safe storage:

- **Lock it up.** A lockable box or cabinet keeps products away from children, guests and pets. Edibles can look like ordinary snacks.
- **Keep child-resistant packaging closed** after every use.
- **Keep everything labeled**, so nobody mistakes a product for something else.

If a child or a pet swallows a cannabis product, call **Poison Control at 1-800-222-1222** (or your veterinarian for a pet) right away, or 911 in an emergency. More guidance is at [poison.org](https://www.poison.org/).

## Gear and questions

Both of our stores carry storage accessories such as jars and humidity packs, and our budtenders are happy to recommend what fits. Find us on the [Locations page](/locations), check current [deals](/deals), or [ask us a question](/contact). For the state's rules on packaging, see the [Oklahoma Medical Marijuana Authority](https://oklahoma.gov/omma.html).`;

const edibles = `Edibles are popular with patients who prefer not to inhale anything. They also cause more bad experiences than any other product type, almost always for the same reason: people take more before the first serving has started working. The rule that helps you avoid it fits in five words: **start low, go slow, wait.**

## Why edibles are different

When you inhale cannabis, THC enters the bloodstream through the lungs and you feel it within minutes. When you eat it, THC travels through your digestive system and liver first. The liver turns part of it into a related compound that many people experience as stronger and longer-lasting.

The result is a very different timeline:

| Time after eating | What's typically happening |
|---|---|
| 0–30 minutes | Usually nothing noticeable yet |
| 30 minutes – 2 hours | Effects begin; the timing varies a lot |
| 2–4 hours | Effects are often at their strongest |
| 6 hours or more | Effects fade gradually; some people feel them longer |

These ranges vary from person to person and from day to day. A full stomach, your metabolism, your tolerance and the product itself all change the timing.

## Start low

Read the label for **mg of THC per serving** and **mg per package** (our guide to [reading THC and CBD labels](/blog/reading-thc-and-cbd-labels) explains both). Many guides suggest that people new to edibles begin with **2.5 mg of THC or less**. If a piece holds 10 mg, that may mean a quarter of it.

If you're not sure what amount makes sense for you — especially if you take other medications — ask your physician or pharmacist before you start.

## Go slow, and wait

This is the step people skip. After your first serving, **wait at least two hours** before even considering more. Not feeling anything after 45 minutes doesn't mean it isn't working; it usually means it hasn't started yet.

A good plan for your first time:

1. Pick a day with no driving and nothing important on your schedule.
2. Be at home or somewhere comfortable and familiar.
3. Take one small serving and write down the time.
4. Wait. Eat a normal meal, watch something, relax.
5. Note how you felt and when. Next time, adjust from there — in small steps.

> Don't mix edibles with alcohol or other substances. The combination can be much stronger and less predictable than either on its own.

## If you've taken too much

Taking more THC than you meant to is unpleasant, but the feeling passes. If it happens:

- Stay somewhere safe and calm, ideally with someone you trust.
- Sip water and have a light snack.
- Don't drive or operate anything, and don't take more of anything.
- Remind yourself that it will wear off with time.

If someone has chest pain, trouble breathing, fainting or severe confusion, call **911**.

## Keep edibles away from children and pets

Edibles can look just like ordinary snacks, which makes them a real risk at home. Keep them in their original child-resistant packaging, locked away and out of sight. If a child or pet eats one, call **Poison Control at 1-800-222-1222** (or your veterinarian) right away — more guidance is at [poison.org](https://www.poison.org/). Our [storage guide](/blog/how-to-store-cannabis) has more tips.

## Before you drive

Because edibles last so long, plan for the whole day, not just the first hour. Never drive while impaired; see [cannabis, driving and the law in Oklahoma](/blog/cannabis-driving-and-the-law-in-oklahoma).

## Finding the right product

Our budtenders can show you edibles with lower milligrams per piece, explain the labels and pull up lab results. Visit either of our [stores in Norman](/locations) or look through the [brands we carry](/brands). Oklahoma's packaging and labeling rules are published by the [Oklahoma Medical Marijuana Authority](https://oklahoma.gov/omma.html).`;

const coa = `Every batch of cannabis sold at an Oklahoma dispensary has been tested by a licensed lab. The lab's report is called a **certificate of analysis**, or COA. It can look intimidating — pages of chemical names and numbers — but you only need a few minutes to read one well. Here's how.

## What a COA is

A COA is a report from an independent testing laboratory licensed by the [Oklahoma Medical Marijuana Authority](https://oklahoma.gov/omma.html). The lab takes a sample from a batch and tests it for potency and for contaminants. The results apply to that batch, which is why matching the batch comes first.

You can ask to see the COA for any product in our stores, and many brands also link to theirs with a QR code on the package.

## Step 1: Match the batch

Find the **batch or lot number** on your package and make sure it appears on the COA. Also check that the product name and type match. A COA for a different batch tells you nothing about the product in your hand.

## Step 2: Check the lab and the dates

Look for:

- **The lab's name, license number and contact details.**
- **Accreditation.** Many labs list ISO/IEC 17025, a widely used standard for testing and calibration labs.
- **Dates**: when the sample was collected and when it was tested.

## Step 3: Read the cannabinoid profile

This section lists each cannabinoid the lab measured, usually as a percentage and in milligrams per gram (mg/g). Remember that 1% equals 10 mg/g.

You'll typically see THCa, Delta-9 THC, CBDa, CBD and often minor cannabinoids such as CBG and CBN. The report then gives **Total THC** and **Total CBD**, calculated as the acidic form × 0.877 plus the active form. Our guide to [reading THC and CBD labels](/blog/reading-thc-and-cbd-labels) explains why.

Two abbreviations come up a lot:

- **ND** means "not detected": below what the lab's method can find.
- **LOQ** means "limit of quantitation": the lowest amount the lab can measure reliably.

## Step 4: Check the safety tests

This is the most important part. Depending on the product type, labs screen for things like:

| Test | What it looks for | What you want to see |
|---|---|---|
| Microbials | Harmful bacteria and molds | Pass |
| Mycotoxins | Toxins some molds produce | Pass |
| Heavy metals | Arsenic, cadmium, lead, mercury | Pass |
| Pesticides | A list of restricted chemicals | Pass |
| Residual solvents | Leftovers from extraction (concentrates, vapes) | Pass |
| Moisture / water activity | How damp the flower is | Pass |

Each test should show a result and a **Pass** (or a value below the limit). The exact panels required vary by product type, so not every COA has every row.

## Step 5: Look at terpenes (optional)

Some COAs include a terpene profile. It's not a safety test, but it's handy for comparing aroma and flavor. See [terpenes explained](/blog/terpenes-explained).

## Red flags

- The batch number doesn't match the package.
- Pages are missing, or the lab can't be identified.
- Safety results are missing for a product type that should have them.
- The label's potency is very different from the COA's.

Small differences between a label and a COA are normal: plants vary and each test measures one sample. Big gaps, or anything on the list above, are worth asking about.

## Ask us for it

Our budtenders can show you the COA for any product we carry. Stop by either [Norman location](/locations), browse the [brands we carry](/brands), or [send us a question](/contact) and we'll help you read one.`;

const driving = `Holding an Oklahoma medical marijuana patient license gives you real legal protections. It doesn't cover everything, and some of the most important limits involve driving, travel and where you can use cannabis. This article summarizes the basics in plain language.

> This is general information, not legal advice. Laws and rules change; for current requirements, check the [Oklahoma Medical Marijuana Authority](https://oklahoma.gov/omma.html) or ask an attorney.

## Driving impaired is illegal — license or not

Oklahoma's impaired-driving law covers driving under the influence of any intoxicating substance, and that includes cannabis. **A medical license is not a defense to impaired driving.**

A few facts worth knowing:

- There's no simple roadside test for cannabis impairment like a breath test for alcohol. Officers rely on observation, field sobriety tests, trained drug recognition evaluators and blood tests.
- THC can remain in your body well after you stop feeling its effects.
- Edibles can take up to two hours to start and last six hours or more, so "I feel fine" an hour after eating one doesn't mean much. See our [edibles guide](/blog/edibles-start-low-go-slow).

The safe plan is simple: **if you've used cannabis, don't drive.** Use a sober driver, a rideshare or a taxi, or wait until the next day.

## Transporting your purchase

When you drive home from a dispensary:

- Keep products **sealed in their original packaging**, with the labels on.
- Keep them **out of reach of the driver**, such as in the trunk.
- Carry your **patient license and photo ID**.
- **Don't use cannabis in a vehicle**, whether you're driving or a passenger.

## How much you can have

State law sets possession limits for licensed adult patients. As published by OMMA, a licensed patient may have:

| Item | Limit |
|---|---|
| Marijuana on your person | Up to 3 ounces |
| Marijuana at your residence | Up to 8 ounces |
| Concentrated marijuana | Up to 1 ounce |
| Edible marijuana | Up to 72 ounces |
| Plants | Up to 6 mature and 6 seedling plants |

Check OMMA's website for the current limits and the rules for home growing before relying on this table.

## Where you can use it

- **Not in public.** Use cannabis privately, at home or where the property owner allows it.
- **Not at the dispensary.** Cannabis can't be used in our stores or parking lots.
- **Rentals and workplaces have their own rules.** Landlords, employers and property managers may restrict use on their property. Oklahoma law includes some protections for licensed patients at work, with exceptions such as safety-sensitive jobs; ask your employer or an attorney about your situation.
- **Federal property follows federal law.** National parks, military bases, federal buildings and some federally assisted housing don't recognize state medical licenses.

## Crossing state lines

Cannabis is still illegal under federal law. **Taking cannabis across a state line is illegal**, even between two states that allow medical cannabis, and airports and airplanes fall under federal rules. Other states may not recognize an Oklahoma patient license at all. Buy and use your products in Oklahoma.

## Keep your license current

Your protections depend on a valid license. If yours is close to expiring, our guide to [getting or renewing your OMMA patient license](/blog/getting-or-renewing-your-omma-patient-license) explains how to renew without a gap.

## Quick checklist

1. Never drive after using cannabis.
2. Keep purchases sealed, labeled and out of the driver's reach.
3. Carry your license and ID.
4. Stay within the possession limits.
5. Keep it in Oklahoma.

Questions about visiting our stores? See our [Locations page](/locations) or [contact us](/contact).`;

const ommaLicense = `To shop at a medical dispensary in Oklahoma, you need a patient license from the **Oklahoma Medical Marijuana Authority (OMMA)**. The process is done online and is more straightforward than many people expect. Here's an overview of getting a license and keeping it current.

> Requirements, forms and fees change from time to time. Always confirm the details on the [OMMA website](https://oklahoma.gov/omma.html) before you apply.

## Who can apply

- **Oklahoma residents.** You'll need to show proof of residency.
- **Adults 18 and older** apply for themselves.
- **Minors** can be licensed too, with a parent or legal guardian applying on their behalf and additional physician signatures.

Patients licensed in another state can look at OMMA's **temporary license** for out-of-state patients; check the website for eligibility and terms.

## Step 1: Talk with a physician

Your application needs a recommendation form signed by an Oklahoma board-certified physician (MD or DO). This is a conversation about your health history, so bring your questions and be open about any medications you take. Your physician, not a dispensary, is the right person to talk with about whether medical cannabis fits into your care.

The recommendation has to be recent when you apply; OMMA lists how recent.

## Step 2: Gather your documents

Typically you'll need:

1. **The signed physician recommendation form.**
2. **Proof of identity**, such as a driver's license, state ID or passport.
3. **Proof of Oklahoma residency**, such as an Oklahoma driver's license or ID card, or other documents OMMA accepts.
4. **A clear, recent color photo** of your face, similar to a passport photo.

Scan or photograph them clearly: blurry documents are a common reason for delays.

## Step 3: Apply online

Create an account on OMMA's online portal, fill in the application and upload your documents. Double-check that your name matches exactly across your ID, the physician form and the application.

## Step 4: Pay the fee

OMMA lists the current application fee on its website. Applicants who are enrolled in certain programs, such as Medicaid (SoonerCare) or Medicare, or who are 100% disabled veterans, may qualify for a **reduced fee** with proof of eligibility.

## Step 5: Wait for approval

OMMA reviews applications and notifies you of its decision. You can check the status in your account. Once approved, you'll have your patient license — bring it, with a photo ID, every time you visit a dispensary. Our guide to [your first dispensary visit](/blog/first-visit-to-a-medical-dispensary-in-oklahoma) explains what happens next.

## Renewing your license

A standard patient license is valid for a limited time, usually two years; the expiration date is on your license.

- **Start early.** Renewal needs a new physician recommendation, so book that appointment well ahead of your expiration date.
- **Renew online** through the same OMMA portal.
- **Don't let it lapse.** Dispensaries can't sell to a patient whose license has expired, even by a day.

## Other things you can do in the portal

- **Update your address or name** when it changes.
- **Request a replacement** if your license is lost or damaged.
- **Designate a caregiver** if you need someone to purchase on your behalf; caregivers have their own license.

## Common mistakes to avoid

| Mistake | How to avoid it |
|---|---|
| Physician form too old | Apply soon after your appointment |
| Names don't match | Use the same legal name everywhere |
| Unreadable uploads | Scan in good light, check before submitting |
| Letting the license expire | Set a reminder a couple of months ahead |

## Questions?

We can't help with applications themselves — that's between you, your physician and OMMA — but we're happy to answer questions about shopping with us. Find us on the [Locations page](/locations), learn [about our stores](/about), or [send us a message](/contact).`;

const etiquette = `Dispensaries are friendly places, and nobody expects you to know the unwritten rules on your first visit. A few simple habits make every visit smoother for you, for other patients and for the staff. Here's our guide.

## Have your documents ready

Every visit starts with a license and ID check: your **OMMA patient license** and a **valid photo ID**. Having both in hand at the door keeps the line moving. If your license is close to expiring, renew it ahead of time through the [OMMA website](https://oklahoma.gov/omma.html); we can't serve an expired license, even by a day.

## Bring cash

Our stores are **cash only**, with an **ATM on site**. Having cash ready speeds up checkout for everyone.

## Respect everyone's privacy

Medical cannabis is a private matter for many patients.

- **No photos or videos** of other customers, and please ask before photographing the store.
- **Keep phone calls short** and step outside for long ones.
- **Give people space** at the counter and in line.

## Ask questions — lots of them

Budtenders are there to help. Ask about product types, labels, lab results and prices. A few tips for a useful conversation:

- Tell them what you've tried before and what you liked or didn't.
- Mention your budget up front; there are good options at every price.
- Remember that budtenders can't give medical advice. Health questions belong with your physician.

## Look, but ask before touching

Products are sealed, and display samples are there for a reason. Ask before handling anything in a case, and don't open packaging in the store.

## Know what you want to spend (and buy)

It's easy to get excited by a big menu. Decide roughly what you need before you come in, and buy amounts you'll use while they're fresh. Our guide on [how to store cannabis](/blog/how-to-store-cannabis) explains why freshness matters.

## Busy times

Friday and Saturday evenings can be busy. If you're in a hurry, try a weekday, or order ahead online and use curbside pickup. Hours for both stores are on our [Locations page](/locations).

## Be kind to first-timers

Everyone was new once. If the person ahead of you is asking a lot of questions, that's a good thing: a patient who understands their products makes better choices. A little patience goes a long way, and when it's your turn, take all the time you need.

## Keep the counter moving

When you're ready to check out, have your cash out and know which products you chose. If you'd like to keep browsing, let the budtender help the next person and pick up where you left off in a moment. If you ordered ahead for curbside pickup, follow the pickup instructions you received with your order.

## Tipping

Tipping is never required. If a budtender goes out of their way to help, a thank-you is always appreciated, and an honest review helps other patients find us.

## No use on site

Cannabis can't be used in the store or the parking lot. Keep your purchase sealed until you're home, and never drive impaired; see [cannabis, driving and the law in Oklahoma](/blog/cannabis-driving-and-the-law-in-oklahoma).

## Adults 21+ and qualified patients only

Our stores serve adults 21+ and qualified patients. Please plan your visit accordingly.

## Feedback welcome

If something went well or didn't, tell us. You can [contact us](/contact) any time. Learn more [about our team](/about) and check the current [deals](/deals) before you visit.`;

const shake = `Not every good product comes as a big, photogenic bud. Shake, smalls and pre-rolls are some of the most popular items on any dispensary menu, and they're often easier on your budget. Here's what each one is, what to check and how to choose.

## Smalls (sometimes called "popcorn")

Smalls are small buds, usually from the lower branches of the plant, where less light reaches. They come from the same plants as the larger top buds and are trimmed, dried and packaged the same way.

- **Why they cost less:** mostly appearance. Smaller buds are less striking in a jar.
- **What to check:** the label's potency and packaging date, the aroma, and the lab results for the batch. Smalls can differ somewhat from the top buds of the same harvest, so compare the numbers instead of assuming they're identical.

## Shake

Shake is the small pieces that break off buds during trimming, handling and packaging. Some shake comes from a single strain; some is a blend.

- **Why it costs less:** it's loose and small, and it doesn't look like a bud.
- **Good for:** rolling your own and making your own infusions at home.
- **What to check:** whether it's a single strain or a mix, the packaging date (small pieces dry out faster), and the aroma. Shake that smells like hay or dust is past its best.
- **Not the same as trim.** Trim is mostly leaf and is usually sold for making extracts, not for smoking.

## Pre-rolls

Pre-rolls are ready-made joints. They save time and are handy if you don't roll your own.

- **Sizes:** commonly half a gram or a full gram; packs of smaller pre-rolls are also popular.
- **What's inside:** it varies. Some are made from full flower, some from smalls or shake. The label or the brand should tell you.
- **Infused pre-rolls** have concentrate added inside or on the outside. They're **much stronger** than a regular pre-roll, so read the label carefully and be cautious if you're new.

## Side by side

| Product | Typical use | Watch for |
|---|---|---|
| Top-shelf flower | Whole buds for grinding | Price per gram |
| Smalls | Same as flower, lower price | Potency on the label, freshness |
| Shake | Rolling, home infusions | Single strain or blend, dryness |
| Pre-rolls | Ready to use | What's inside, size |
| Infused pre-rolls | Ready to use, high potency | Total THC, start small |

## Getting good value

- **Compare price per gram**, not just the price on the tag.
- **Ask about price match.** We match local dispensary prices; ask a budtender for details.
- **Use loyalty points.** You earn points on every purchase at both stores.
- **Check current offers** on our [Deals page](/deals).
- **Buy what you'll use while it's fresh.** A bargain isn't a bargain if it dries out in a drawer. Our [storage guide](/blog/how-to-store-cannabis) helps it last.

## Freshness matters most

Because shake and pre-rolls have more exposed surface than whole buds, they lose moisture and aroma faster. Look for a recent packaging date and store them airtight, cool and dark.

## Ask us

Our budtenders can show you smalls, shake and pre-rolls from the [brands we carry](/brands) and pull up lab results for any batch. Visit either [Norman location](/locations). For state rules on product labeling, see the [Oklahoma Medical Marijuana Authority](https://oklahoma.gov/omma.html).`;

export const demoPosts: DemoPost[] = [
  {
    title: "Your First Visit to a Medical Dispensary in Oklahoma",
    slug: "first-visit-to-a-medical-dispensary-in-oklahoma",
    excerpt:
      "New to medical cannabis in Oklahoma? What to bring, what happens at the counter and how to make your first dispensary visit easy — from your OMMA patient license to paying in cash.",
    content: firstVisit,
    heroImageUrl: "/demo/blog/first-visit-to-a-medical-dispensary-in-oklahoma.svg",
    status: "published",
    publishOffsetDays: -3,
    categories: ["Dispensary Guides"],
    tags: ["beginners", "omma"],
    metaDescription:
      "What to bring to your first Oklahoma medical dispensary visit: OMMA patient license, photo ID and cash. What happens at check-in and the counter.",
  },
  {
    title: "How to Read THC and CBD Labels",
    slug: "reading-thc-and-cbd-labels",
    excerpt:
      "THCa, Total THC, milligrams per serving: a plain-language guide to the numbers on cannabis labels and what they mean when you compare products.",
    content: labels,
    heroImageUrl: "/demo/blog/reading-thc-and-cbd-labels.svg",
    status: "published",
    publishOffsetDays: -16,
    categories: ["Product Guides", "Cannabis 101"],
    tags: ["thc", "cbd", "beginners"],
    metaDescription:
      "THCa vs THC, Total THC, percent vs milligrams and CBD ratios: how to read cannabis potency labels in plain language.",
  },
  {
    title: "Indica, Sativa and Hybrid: What the Labels Tell You (and What They Don't)",
    slug: "indica-sativa-hybrid-labels-explained",
    excerpt:
      "Indica, sativa and hybrid describe a plant's shape and ancestry, not a promise of how it will feel. Here's where the terms come from and what to look at instead.",
    content: indicaSativa,
    heroImageUrl: "/demo/blog/indica-sativa-hybrid-labels-explained.svg",
    status: "published",
    publishOffsetDays: -29,
    categories: ["Cannabis 101"],
    tags: ["beginners", "terpenes", "thc"],
  },
  {
    title: "Terpenes Explained: Aroma, Flavor and What We Know",
    slug: "terpenes-explained",
    excerpt:
      "Terpenes give cannabis its citrus, pine and peppery aromas. Meet the common ones, learn where to find them on a lab report and what research does and doesn't say.",
    content: terpenes,
    heroImageUrl: "/demo/blog/terpenes-explained.svg",
    status: "published",
    publishOffsetDays: -43,
    categories: ["Cannabis 101"],
    tags: ["terpenes", "beginners", "lab-testing"],
    metaDescription:
      "What cannabis terpenes are, the common ones like myrcene, limonene and pinene, and how to use them to compare products.",
  },
  {
    title: "How to Store Cannabis and Keep It Fresh",
    slug: "how-to-store-cannabis",
    excerpt:
      "Light, heat, air and humidity wear cannabis out. Simple ways to keep flower, edibles, vapes and concentrates fresh — and safely away from children and pets.",
    content: storage,
    heroImageUrl: "/demo/blog/how-to-store-cannabis.svg",
    status: "published",
    publishOffsetDays: -58,
    categories: ["Product Guides"],
    tags: ["storage", "beginners"],
  },
  {
    title: "Edibles: Start Low, Go Slow and Wait",
    slug: "edibles-start-low-go-slow",
    excerpt:
      "Edibles take longer to start and last longer than inhaled cannabis. Why that matters, how to read milligrams per serving and a simple plan for a careful first try.",
    content: edibles,
    heroImageUrl: "/demo/blog/edibles-start-low-go-slow.svg",
    status: "published",
    publishOffsetDays: -72,
    categories: ["Product Guides", "Safety & Law"],
    tags: ["edibles", "thc", "beginners"],
    metaDescription:
      "Why edibles take 30 minutes to 2 hours to start, how to read mg per serving, and why waiting before taking more matters.",
  },
  {
    title: "How to Read a Certificate of Analysis (COA)",
    slug: "how-to-read-a-certificate-of-analysis",
    excerpt:
      "Every batch sold in Oklahoma is lab tested. Learn to match a COA to your product, read the cannabinoid profile and check the safety tests in a few minutes.",
    content: coa,
    heroImageUrl: "/demo/blog/how-to-read-a-certificate-of-analysis.svg",
    status: "published",
    publishOffsetDays: -87,
    categories: ["Product Guides"],
    tags: ["lab-testing", "thc", "cbd"],
  },
  {
    title: "Cannabis, Driving and the Law in Oklahoma",
    slug: "cannabis-driving-and-the-law-in-oklahoma",
    excerpt:
      "A patient license doesn't make impaired driving legal. The basics on driving, transporting purchases, possession limits and travel for Oklahoma medical patients.",
    content: driving,
    heroImageUrl: "/demo/blog/cannabis-driving-and-the-law-in-oklahoma.svg",
    status: "published",
    publishOffsetDays: -103,
    categories: ["Safety & Law"],
    tags: ["omma", "driving", "beginners"],
    metaDescription:
      "Impaired driving, transporting purchases, possession limits and crossing state lines: the basics for Oklahoma medical cannabis patients.",
  },
  {
    title: "Getting or Renewing Your OMMA Patient License",
    slug: "getting-or-renewing-your-omma-patient-license",
    excerpt:
      "How to apply for an Oklahoma medical marijuana patient license, what documents to gather, and how to renew on time so there's no gap.",
    content: ommaLicense,
    heroImageUrl: "/demo/blog/getting-or-renewing-your-omma-patient-license.svg",
    status: "published",
    publishOffsetDays: -119,
    categories: ["Safety & Law"],
    tags: ["omma", "beginners"],
  },
  {
    title: "Dispensary Etiquette: A Friendly Guide",
    slug: "dispensary-etiquette",
    excerpt:
      "Have your license ready, bring cash, respect other patients' privacy and ask plenty of questions: simple habits that make every dispensary visit smoother.",
    content: etiquette,
    heroImageUrl: "/demo/blog/dispensary-etiquette.svg",
    status: "draft",
    publishOffsetDays: null,
    categories: ["Dispensary Guides"],
    tags: ["beginners", "etiquette"],
  },
  {
    title: "Shake, Smalls and Pre-rolls Explained",
    slug: "shake-smalls-and-pre-rolls-explained",
    excerpt:
      "What shake, smalls and pre-rolls are, how they differ from top-shelf flower, what to check on the label and how to get good value without giving up freshness.",
    content: shake,
    heroImageUrl: "/demo/blog/shake-smalls-and-pre-rolls-explained.svg",
    status: "scheduled",
    publishOffsetDays: 7,
    categories: ["Product Guides"],
    tags: ["flower", "pre-rolls", "beginners"],
  },
];
