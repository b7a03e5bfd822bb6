// Static copy of the About page. Facts (stores, hours, discount) come from ./site.
import type { FeatureIconName } from "~/components/site/feature-icon";
import type { IconCard } from "./home";
import { commonOpeningTime } from "~/lib/hours-phrase";
import { hoursSummary, site, stores } from "./site";

const discount = `${site.firstPurchaseDiscountPercent}%`;

export const aboutHero = {
  title: "About",
  tagline: site.tagline,
};

export const badges: { icon: FeatureIconName; label: string }[] = [
  { icon: "award", label: "Best-Rated in Norman" },
  { icon: "clock", label: "Open 9AM–10PM, Midnight Fri/Sat" },
  { icon: "cash", label: "Cash Only + ATM On-Site" },
  { icon: "tag", label: "Price Match + Loyalty Points" },
];

export const ourStory = {
  title: "Our Story",
  paragraphs: [
    `${site.name} started with a simple idea: a neighborhood dispensary where Norman's medical patients get a wide selection, fair prices and honest answers. Today we run two stores in town, on Lindsey Street and at Blue Water on Main Street.`,
    "We keep it simple:",
  ],
  bullets: [
    "Fresh inventory, updated daily",
    "Price match on all local dispensaries",
    "Loyalty points on every purchase",
    "Online ordering and curbside pickup",
  ],
};

export const featureCards: IconCard[] = [
  {
    icon: "leaf",
    title: "Fresh Inventory",
    text: "New products arrive and the menu is updated every day, so what you see online is what's on the shelf.",
  },
  {
    icon: "people",
    title: "Friendly Budtenders",
    text: "Our team explains labels, potency and product types in plain language, without pressure.",
  },
  {
    icon: "star",
    title: "Loyalty Points",
    text: "Every purchase earns points toward future savings. Ask to sign up at checkout.",
  },
  {
    icon: "tag",
    title: "Price Match",
    text: "Found a lower price at a local dispensary? We'll match it.",
  },
  {
    icon: "store",
    title: "Attached Vape Store",
    text: "Batteries, devices and accessories are right next door, so you can pick up everything in one trip.",
  },
  {
    icon: "shield",
    title: "Medicinal Quality",
    text: "Products from licensed Oklahoma growers and processors, tested as state rules require, with clear labels.",
  },
];

export interface GalleryImage {
  src: string;
  alt: string;
  caption: string;
}

/** Illustrations, not photographs: the captions say so. The owner can swap in real photos. */
export const gallery: GalleryImage[] = [
  {
    src: "/images/shop/display-cases.svg",
    alt: "Illustration of glass display cases lit from above, with jars and packages on the shelves",
    caption: "Display cases (illustration)",
  },
  {
    src: "/images/shop/product-wall.svg",
    alt: "Illustration of a wall of shelves with product boxes and jars arranged by category",
    caption: "Product wall (illustration)",
  },
  {
    src: "/images/shop/checkout-atm.svg",
    alt: "Illustration of a checkout counter with a register and an ATM beside it",
    caption: "Checkout with the ATM on site (illustration)",
  },
  {
    src: "/images/shop/curbside-pickup.svg",
    alt: "Illustration of a storefront at dusk with a marked curbside pickup parking spot",
    caption: "Curbside pickup spot (illustration)",
  },
];

export const highlightCards: { value: string; label: string }[] = [
  { value: site.productCountClaim, label: "products on the menu" },
  { value: String(stores.length), label: "stores in Norman" },
  { value: "7", label: `days a week, open from ${commonOpeningTime(stores.flatMap((s) => s.hours)) ?? "morning"}` },
  { value: discount, label: "off your entire first purchase" },
];

export const differenceCards: IconCard[] = [
  {
    icon: "tag",
    title: "Fair, Matched Prices",
    text: "We price match local dispensaries, so you don't have to shop around.",
  },
  {
    icon: "gift",
    title: "Rewards That Add Up",
    text: "Loyalty points on every purchase, at both of our stores.",
  },
  {
    icon: "clock",
    title: "Open Late",
    text: `${hoursSummary}.`,
  },
  {
    icon: "car",
    title: "Order Ahead, Skip the Wait",
    text: "Order from the live menu and pick up in store or curbside.",
  },
  {
    icon: "people",
    title: "Straight Answers",
    text: "Budtenders who explain labels and product types clearly and let you decide.",
  },
  {
    icon: "boxes",
    title: "Big Selection",
    text: `${site.productCountClaim} products, from everyday favorites to new arrivals.`,
  },
];

export const productsWeCarry: { icon: FeatureIconName; name: string }[] = [
  { icon: "leaf", name: "Flower" },
  { icon: "leaf", name: "Shake" },
  { icon: "gift", name: "Edibles" },
  { icon: "sparkle", name: "Prerolls" },
  { icon: "boxes", name: "Cartridges" },
  { icon: "boxes", name: "Disposables" },
  { icon: "sparkle", name: "Glass" },
  { icon: "tag", name: "Accessories" },
];

export const firstTimeBox = {
  title: "First-Time Customers",
  text: `Welcome! Get ${discount} off your entire first purchase.`,
  note: "Not combinable with other promotions. Bring your medical card and a photo ID.",
};

export const visitUs = {
  title: "Visit Us",
  payment: "Cash only, with an ATM on site",
  card: "Medical card required for every visit",
  pickup: "Online ordering with curbside pickup",
};

export const aboutCta = {
  title: "Come See Us",
  text: "Check this month's specials or browse the live menu and order ahead.",
};
