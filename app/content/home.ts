// Static copy of the home page. Facts (discount, product count) come from ./site; what the owner edits
// (the name, the hours) is passed in from the root loader's data.
import {
  AwardFeatureIcon,
  BoxesFeatureIcon,
  CarFeatureIcon,
  CashFeatureIcon,
  ClockFeatureIcon,
  LeafFeatureIcon,
  StarFeatureIcon,
  TagFeatureIcon,
  type FeatureIcon,
} from "~/components/site/feature-icon";
import type { CatalogCategory } from "~/lib/catalog";
import type { PublicSite } from "~/lib/site-settings";
import { site } from "./site";

export interface IconCard {
  icon: FeatureIcon;
  title: string;
  text: string;
}

const discount = `${site.firstPurchaseDiscountPercent}%`;

export const hero = {
  title: "Norman's Go-To Medical Cannabis Dispensary",
  lead: `${site.productCountClaim} products, fresh inventory every day and budtenders who take the time to help. Two stores in Norman, open late.`,
};

/**
 * Category chips, in the spec's order; each opens that category of the store's own menu (a catalog category
 * by its slug, so the compiler refuses one the catalog does not have), "All Products" the whole menu.
 */
export const categoryChips: readonly { label: string; category: CatalogCategory | null }[] = [
  { label: "Flower", category: "flower" },
  { label: "Edibles", category: "edibles" },
  { label: "Pre-rolls", category: "pre-rolls" },
  { label: "Vapes", category: "vapes" },
  { label: "Concentrates", category: "concentrates" },
  { label: "Accessories", category: "accessories" },
  { label: "All Products", category: null },
];

/** Where a chip leads: /menu/{category}, or /menu. */
export function categoryChipHref(chip: { category: CatalogCategory | null }): string {
  return chip.category ? `/menu/${chip.category}` : "/menu";
}

export const valueHighlights: IconCard[] = [
  {
    icon: BoxesFeatureIcon,
    title: `${site.productCountClaim} Products`,
    text: "Flower, edibles, vapes, concentrates and more.",
  },
  { icon: LeafFeatureIcon, title: "Fresh Daily", text: "Inventory updated every day." },
  { icon: TagFeatureIcon, title: "Price Match", text: "We match prices at local dispensaries." },
  { icon: StarFeatureIcon, title: "Loyalty Points", text: "Earn points on every purchase." },
  { icon: CarFeatureIcon, title: "Order Ahead", text: "Order online, pick up curbside." },
];

export const goToBlurb = (name: string) => ({
  title: "Your Go-To Dispensary in Norman",
  paragraphs: [
    `${name} is a locally run medical cannabis dispensary with two stores in Norman, Oklahoma. We keep the shelves stocked with ${site.productCountClaim} products, refresh our inventory daily and keep prices fair with a local price match.`,
    "Whether it's your first visit or your fiftieth, our budtenders will walk you through the menu, explain the labels and help you find what fits your needs.",
  ],
  linkLabel: "More About Us",
});

export const infoCards = (hours: PublicSite["hours"]): IconCard[] => [
  { icon: ClockFeatureIcon, title: hours.late ? "Open Late" : "Store Hours", text: `${hours.headline}.` },
  { icon: CashFeatureIcon, title: "Cash + ATM", text: "We're cash only, with an ATM on site for your convenience." },
  {
    icon: AwardFeatureIcon,
    title: "Price Match + Rewards",
    text: "We match local dispensary prices, and you earn loyalty points on every purchase.",
  },
];

export const brandsSection = {
  title: "Brands We Carry",
  lead: "A rotating selection of the brands on our shelves.",
};

export const menuSection = {
  title: "Shop Our Live Menu",
  lead: "Browse what's in stock right now, order online and pick up in store or curbside. Cash only; bring your medical card.",
  fallbackText: "Is the menu taking a while to load?",
  fallbackLink: "Open the full menu",
  noscriptText: "The live menu needs JavaScript.",
  noscriptLink: "Open the full menu on the provider's site",
};

export interface FaqItem {
  question: string;
  answer: string;
}

export const faq = (hours: PublicSite["hours"]): FaqItem[] => [
  {
    question: "What do I need to bring?",
    answer:
      "Your medical marijuana patient card and a valid government-issued photo ID. A medical card is required for every visit, and you must be 21 or older or a qualified patient.",
  },
  {
    question: "What are your hours?",
    answer: hours.answer,
  },
  {
    question: "What forms of payment do you accept?",
    answer: "We're cash only. There's an ATM on site, so you can get cash when you arrive.",
  },
  {
    question: "Do you have a first-time customer discount?",
    answer: `Yes. First-time customers get ${discount} off their entire first purchase. The discount can't be combined with other promotions.`,
  },
  {
    question: "Can I order online?",
    answer:
      "Yes. Browse our live menu, place your order online and pick it up in store or with curbside pickup. Remember to bring your medical card and cash.",
  },
  {
    question: "Do you price match?",
    answer:
      "Yes, we price match local dispensaries. Ask your budtender at checkout, and don't forget that you earn loyalty points on every purchase.",
  },
];

export const closingCta = {
  title: "Ready to Visit?",
  text: `Stop by either of our Norman stores. First-time customers get ${discount} off their entire first purchase.`,
};
