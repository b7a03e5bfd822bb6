import type { CatalogCategory, SourceProduct, StrainType } from "~/lib/catalog";
import { demoBrands } from "./brands";

// The demo catalog: about 1,200 products over the menu's eight categories and 40 brands at both stores, so a
// fresh site's /menu looks like a real store's. Generated from a fixed seed (the same products on every
// start), with the site's own wordless placeholder images (/menu-images/…). Descriptions speak of taste,
// aroma, lineage and how a product is made — never of an effect on health (63 O.S. § 427.21).

/** How many placeholder images each category has (/menu-images/{category}-{n}.svg, n from 0). */
export const DEMO_IMAGE_VARIANTS = 6;

const MORE_BRANDS = [
  "Red Dirt Growers",
  "Prairie Sky Farms",
  "Canadian River Cannabis",
  "Sooner Leaf Co.",
  "Twin Lakes Botanicals",
  "Cross Timbers Craft",
  "Ozark Bloom",
  "Wichita Mountain Gardens",
  "Route 66 Reserve",
  "Big Sky Extracts",
  "Sandstone Labs",
  "Cimarron Cultivation",
  "Lantern Fly Farms",
  "Bluestem Botanicals",
  "Tallgrass Terps",
  "High Plains Pharms",
  "Golden Hour Gardens",
  "Indigo Acres",
  "Copper Kettle Kitchen",
  "Frontier Rosin Co.",
  "North Fork Growers",
  "Painted Sky Cannabis",
  "Redbud Remedies Co.",
  "Kiamichi Cultivars",
  "Arbuckle Flower Co.",
  "Glass House Supply",
  "Lake Thunderbird Farms",
  "Hearth & Hemp",
  "Osage Orange Extracts",
  "Meridian Craft Co.",
];

const STRAINS: { name: string; type: StrainType; note: string }[] = [
  { name: "Blue Dream", type: "hybrid", note: "sweet berry aroma with a soft herbal finish" },
  { name: "Gelato 41", type: "hybrid", note: "creamy, dessert-like nose over a hint of lavender" },
  { name: "Wedding Cake", type: "indica", note: "vanilla and pepper with an earthy base" },
  { name: "Sour Diesel", type: "sativa", note: "sharp fuel and citrus on the nose" },
  { name: "Granddaddy Purple", type: "indica", note: "grape and berry with deep purple hues" },
  { name: "Jack Herer", type: "sativa", note: "pine and spice with a clean finish" },
  { name: "GMO Cookies", type: "indica", note: "savory garlic and coffee notes" },
  { name: "Green Crack", type: "sativa", note: "bright mango and citrus" },
  { name: "Gorilla Glue #4", type: "hybrid", note: "earthy pine with a chocolate edge" },
  { name: "Pineapple Express", type: "hybrid", note: "tropical pineapple and cedar" },
  { name: "Northern Lights", type: "indica", note: "sweet, spicy and resinous" },
  { name: "Durban Poison", type: "sativa", note: "anise and sweet pine" },
  { name: "Zkittlez", type: "indica", note: "a mix of tropical fruit aromas" },
  { name: "Strawberry Cough", type: "sativa", note: "fresh strawberry with a light skunk" },
  { name: "Runtz", type: "hybrid", note: "sugary fruit with a creamy finish" },
  { name: "Purple Punch", type: "indica", note: "grape soda and blueberry muffin" },
  { name: "Tangie", type: "sativa", note: "sweet tangerine peel" },
  { name: "OG Kush", type: "hybrid", note: "fuel, lemon and earth" },
  { name: "Super Lemon Haze", type: "sativa", note: "zesty lemon with a sweet undertone" },
  { name: "Bubba Kush", type: "indica", note: "coffee and chocolate with a hashy finish" },
  { name: "Mimosa", type: "sativa", note: "orange citrus with a floral lift" },
  { name: "Ice Cream Cake", type: "indica", note: "vanilla cream and sugary dough" },
  { name: "Sunset Sherbet", type: "hybrid", note: "sweet citrus sherbet with berry" },
  { name: "Trainwreck", type: "sativa", note: "lemon and pepper with pine" },
  { name: "Black Cherry Gelato", type: "hybrid", note: "dark cherry and cream" },
  { name: "Harlequin", type: "cbd", note: "earthy mango with a high-CBD profile" },
  { name: "ACDC", type: "cbd", note: "herbal and woody, bred for CBD" },
  { name: "Cherry Pie", type: "hybrid", note: "tart cherry and baked crust" },
  { name: "Lemon Cherry Gelato", type: "hybrid", note: "lemon zest over sweet cherry" },
  { name: "Biscotti", type: "indica", note: "cookie dough and diesel" },
  { name: "Maui Wowie", type: "sativa", note: "pineapple and island fruit" },
  { name: "Cereal Milk", type: "hybrid", note: "sweet cream and fruity cereal" },
  { name: "Apple Fritter", type: "hybrid", note: "baked apple and cinnamon" },
  { name: "Slurricane", type: "indica", note: "grape and berry syrup" },
  { name: "Platinum Cookies", type: "hybrid", note: "sweet earth and mint" },
  { name: "Clementine", type: "sativa", note: "candied citrus peel" },
  { name: "Grease Monkey", type: "indica", note: "vanilla, diesel and earth" },
  { name: "Blueberry Muffin", type: "hybrid", note: "fresh blueberries and dough" },
  { name: "Red Congolese", type: "sativa", note: "spice and red fruit" },
  { name: "Cannatonic", type: "cbd", note: "citrus and earth, a classic CBD cultivar" },
];

const FLAVOURS = [
  "Watermelon",
  "Blue Raspberry",
  "Peach",
  "Sour Apple",
  "Mango",
  "Black Cherry",
  "Pink Lemonade",
  "Strawberry",
  "Tangerine",
  "Pomegranate",
  "Huckleberry",
  "Wild Berry",
  "Lime",
  "Passion Fruit",
  "Dark Chocolate",
  "Salted Caramel",
];

/** A small seeded random source (mulberry32): the same catalog on every start. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

type Random = ReturnType<typeof seededRandom>;
type Made = Omit<SourceProduct, "externalId" | "brand" | "imageUrl" | "inStock"> & { key: string };

const dollars = (amount: number) => Math.round(amount * 100);
const option = (label: string, price: number) => ({
  label,
  priceMedicalCents: dollars(price),
  priceSpecialCents: null,
});
const percent = (random: Random, min: number, max: number) => ({
  value: Math.round((min + random.next() * (max - min)) * 10) / 10,
  unit: "%" as const,
});

const FLOWER_TIERS = [
  { word: "", per8th: 25 },
  { word: "Reserve ", per8th: 35 },
  { word: "Top Shelf ", per8th: 45 },
];

const MAKERS: Record<CatalogCategory, (random: Random, index: number) => Made> = {
  flower(random) {
    const strain = random.pick(STRAINS);
    const tier = random.pick(FLOWER_TIERS);
    const per8th = tier.per8th + random.int(-3, 5);
    return {
      key: `${tier.word}${strain.name}`,
      name: `${tier.word}${strain.name}`,
      category: "flower",
      strainType: strain.type,
      thc: strain.type === "cbd" ? percent(random, 4, 9) : percent(random, 17, 31),
      cbd: strain.type === "cbd" ? percent(random, 9, 15) : random.chance(0.3) ? percent(random, 0.1, 1) : null,
      description: `${strain.name} flower, ${strain.note}. Hand-trimmed and slow-dried in small batches.`,
      options: [
        option("1g", Math.round(per8th / 3)),
        option("3.5g", per8th),
        option("7g", per8th * 1.8),
        option("14g", per8th * 3.3),
        option("28g", per8th * 6),
      ].slice(0, random.int(2, 5)),
    };
  },
  "pre-rolls"(random) {
    const strain = random.pick(STRAINS);
    const infused = random.chance(0.3);
    const single = infused ? random.int(12, 18) : random.int(6, 11);
    return {
      key: `${strain.name} ${infused ? "Infused Pre-roll" : "Pre-roll"}`,
      name: `${strain.name} ${infused ? "Infused Pre-roll" : "Pre-roll"}`,
      category: "pre-rolls",
      strainType: strain.type,
      thc: strain.type === "cbd" ? percent(random, 4, 9) : infused ? percent(random, 32, 45) : percent(random, 17, 28),
      cbd: strain.type === "cbd" ? percent(random, 9, 15) : null,
      description: infused
        ? `${strain.name} flower rolled with live resin and a dusting of kief: ${strain.note}.`
        : `Whole-flower ${strain.name} in a slow-burning cone, ${strain.note}.`,
      options: random.chance(0.6) ? [option("1g", single), option("5 × 0.5g", single * 2.5)] : [option("1g", single)],
    };
  },
  vapes(random) {
    const strain = random.pick(STRAINS);
    const kind = random.pick(["Live Resin Cart", "Distillate Cart", "Disposable", "Live Rosin Cart"] as const);
    const base = kind === "Live Rosin Cart" ? 55 : kind === "Live Resin Cart" ? 42 : kind === "Disposable" ? 35 : 28;
    return {
      key: `${strain.name} ${kind}`,
      name: `${strain.name} ${kind}`,
      category: "vapes",
      strainType: strain.type,
      thc: strain.type === "cbd" ? percent(random, 20, 35) : percent(random, 68, 92),
      cbd: strain.type === "cbd" ? percent(random, 40, 60) : null,
      description: `${kind.replace("Cart", "cartridge")} of ${strain.name}, ${strain.note}. 510 thread.`,
      options: kind === "Disposable" ? [option("0.5g", base)] : [option("0.5g", base * 0.6), option("1g", base)],
    };
  },
  concentrates(random) {
    const strain = random.pick(STRAINS);
    const kind = random.pick([
      "Live Resin Badder",
      "Shatter",
      "Live Rosin",
      "Crumble",
      "Diamonds & Sauce",
      "Sugar Wax",
    ]);
    const base = kind === "Live Rosin" ? 50 : kind === "Diamonds & Sauce" ? 40 : random.int(18, 32);
    return {
      key: `${strain.name} ${kind}`,
      name: `${strain.name} ${kind}`,
      category: "concentrates",
      strainType: strain.type,
      thc: strain.type === "cbd" ? percent(random, 15, 30) : percent(random, 60, 88),
      cbd: strain.type === "cbd" ? percent(random, 45, 65) : null,
      description: `${kind} extracted from ${strain.name}, ${strain.note}.`,
      options: random.chance(0.5) ? [option("1g", base), option("2g", base * 1.8)] : [option("1g", base)],
    };
  },
  edibles(random) {
    const flavour = random.pick(FLAVOURS);
    const kind = random.pick(["Gummies", "Fruit Chews", "Chocolate Bar", "Mints", "Lemonade"] as const);
    const mg = random.pick([100, 100, 200, 500]);
    const strainType = random.pick(["indica", "sativa", "hybrid"] as const);
    return {
      key: `${flavour} ${kind} ${mg}mg`,
      name: `${flavour} ${kind} ${mg}mg`,
      category: "edibles",
      strainType,
      thc: { value: mg, unit: "mg" },
      cbd: random.chance(0.2) ? { value: mg / 2, unit: "mg" } : null,
      description: `${flavour} ${kind.toLowerCase()} made with real fruit and cannabis extract. ${mg}mg THC per package, dosed evenly across each piece.`,
      options: [
        option(
          kind === "Lemonade" ? "12 oz bottle" : "Package",
          mg === 500 ? 40 : mg === 200 ? 22 : random.int(10, 16),
        ),
      ],
    };
  },
  tinctures(random) {
    const mg = random.pick([300, 500, 1000]);
    const ratio = random.pick(["THC", "1:1 THC:CBD", "CBD-rich 20:1"] as const);
    const flavour = random.pick(["Unflavored", "Peppermint", "Citrus", "Vanilla"]);
    return {
      key: `${flavour} ${ratio} Tincture ${mg}mg`,
      name: `${flavour} ${ratio} Tincture ${mg}mg`,
      category: "tinctures",
      strainType: ratio === "CBD-rich 20:1" ? "cbd" : null,
      thc: { value: ratio === "THC" ? mg : ratio === "1:1 THC:CBD" ? mg / 2 : mg / 20, unit: "mg" },
      cbd: ratio === "THC" ? null : { value: ratio === "1:1 THC:CBD" ? mg / 2 : mg, unit: "mg" },
      description: `A 30 ml bottle in MCT oil with a measured dropper. ${flavour === "Unflavored" ? "No added flavor." : `${flavour} flavored.`}`,
      options: [option("30 ml", mg === 1000 ? 60 : mg === 500 ? 38 : 25)],
    };
  },
  topicals(random) {
    const kind = random.pick(["Balm", "Lotion", "Roll-on", "Bath Soak"] as const);
    const scent = random.pick(["Lavender", "Eucalyptus", "Unscented", "Citrus Mint", "Cedar"]);
    const mg = random.pick([250, 500, 1000]);
    return {
      key: `${scent} ${kind} ${mg}mg`,
      name: `${scent} ${kind} ${mg}mg`,
      category: "topicals",
      strainType: null,
      thc: random.chance(0.5) ? { value: mg / 2, unit: "mg" } : null,
      cbd: { value: mg, unit: "mg" },
      description: `${scent} ${kind.toLowerCase()} with shea butter and coconut oil, for use on skin only.`,
      options: [option(kind === "Bath Soak" ? "8 oz" : "2 oz", mg === 1000 ? 48 : mg === 500 ? 32 : 22)],
    };
  },
  accessories(random, index) {
    const items = [
      { name: "King Size Rolling Papers", price: 3, size: "32 leaves" },
      { name: "Hemp Wick", price: 5, size: "10 ft" },
      { name: "Four-Piece Grinder", price: 28, size: "63 mm" },
      { name: "510 Battery", price: 20, size: "350 mAh" },
      { name: "Glass Chillum", price: 12, size: "3 in" },
      { name: "Smell-Proof Pouch", price: 18, size: "Medium" },
      { name: "Refillable Lighter", price: 6, size: "Each" },
      { name: "Silicone Concentrate Jar", price: 4, size: "5 ml" },
      { name: "Rolling Tray", price: 15, size: "7 × 11 in" },
      { name: "Cone Filler", price: 25, size: "Each" },
    ];
    const item = items[index % items.length];
    const colour = random.pick(["Black", "Natural", "Sage", "Clay", "Slate", "Sand", "Teal"]);
    return {
      key: `${colour} ${item.name}`,
      name: `${colour} ${item.name}`,
      category: "accessories",
      strainType: null,
      thc: null,
      cbd: null,
      description: `${item.name} in ${colour.toLowerCase()}. For patients 18 and over.`,
      options: [option(item.size, item.price)],
    };
  },
};

/** How many products of each category the demo catalog has (1,200 in all). */
const COUNTS: Record<CatalogCategory, number> = {
  flower: 320,
  "pre-rolls": 180,
  vapes: 200,
  concentrates: 160,
  edibles: 180,
  tinctures: 50,
  topicals: 40,
  accessories: 70,
};

/** The demo catalog, the same on every call. */
export function demoCatalog(): SourceProduct[] {
  const random = seededRandom(26);
  const brands = [...demoBrands.map((brand) => brand.name), ...MORE_BRANDS];
  const products: SourceProduct[] = [];
  const names = new Set<string>();
  for (const [category, count] of Object.entries(COUNTS) as [CatalogCategory, number][]) {
    for (let index = 0, made = 0; made < count; index += 1) {
      const product = MAKERS[category](random, index);
      const brand = category === "accessories" && random.chance(0.5) ? null : random.pick(brands);
      // One product per brand and name, as a store's shelf has it.
      const identity = `${brand ?? ""}|${product.key}`.toLowerCase();
      if (names.has(identity)) continue;
      names.add(identity);
      made += 1;
      // A few options on special (about one in twelve).
      const options = product.options.map((entry) =>
        random.chance(0.08)
          ? { ...entry, priceSpecialCents: Math.round((entry.priceMedicalCents * 0.8) / 100) * 100 }
          : entry,
      );
      const shelf = random.next();
      products.push({
        externalId: `demo-${String(products.length + 1).padStart(4, "0")}`,
        name: product.name,
        brand,
        category,
        strainType: product.strainType,
        thc: product.thc,
        cbd: product.cbd,
        description: product.description,
        imageUrl: `/menu-images/${category}-${random.int(0, DEMO_IMAGE_VARIANTS - 1)}.svg`,
        options,
        // 3% out at both stores, 12% at Lindsey only, 10% at Blue Water only, the rest at both.
        inStock: { Lindsey: shelf >= 0.03 && (shelf < 0.15 || shelf >= 0.25), BlueWater: shelf >= 0.15 },
      });
    }
  }
  return products;
}
