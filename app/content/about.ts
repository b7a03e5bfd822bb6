// Static copy of the About page. Facts (discount, product count) come from ./site; what the owner edits
// (the name, the hours) is passed in from the root loader's data.
import {
  AwardFeatureIcon,
  BoxesFeatureIcon,
  CashFeatureIcon,
  ClockFeatureIcon,
  GiftFeatureIcon,
  LeafFeatureIcon,
  PeopleFeatureIcon,
  ShieldFeatureIcon,
  SparkleFeatureIcon,
  StarFeatureIcon,
  StoreFeatureIcon,
  TagFeatureIcon,
  type FeatureIcon,
} from "~/components/site/feature-icon";
import type { IconCard } from "./home";
import { type WeeklySchedule } from "~/lib/store-hours";
import { badgeText, commonOpeningTime, type NamedSchedule } from "~/lib/hours-sentences";
import { site } from "./site";

const discount = `${site.firstPurchaseDiscountPercent}%`;

export const aboutHero = {
  title: "About",
  tagline: site.tagline,
};

/** The main store's hours make the clock badge (the spec's "Open 9AM–10PM with midnight Fri/Sat"). */
export const badges = (mainWeekly: WeeklySchedule): { icon: FeatureIcon; label: string }[] => [
  { icon: AwardFeatureIcon, label: "Best-Rated in Norman" },
  { icon: ClockFeatureIcon, label: badgeText(mainWeekly) },
  { icon: CashFeatureIcon, label: "Cash Only + ATM On-Site" },
  { icon: TagFeatureIcon, label: "Price Match + Loyalty Points" },
];

export const ourStory = (name: string) => ({
  title: "Our Story",
  paragraphs: [
    `${name} started with a simple idea: a neighborhood dispensary where Norman's medical patients find a wide selection, fair prices and honest answers.`,
    "We keep it simple:",
  ],
  bullets: [
    "Fresh inventory, updated daily",
    "Price match on all local dispensaries",
    "Loyalty points on every purchase",
    "Online ordering and curbside pickup",
  ],
});

/**
 * The spec's six feature cards. They are also the page's "What Makes Us Different" grid: a second list of
 * six cards repeated the same facts (price match, loyalty, hours, ordering ahead) in other words.
 */
export const featureCards: IconCard[] = [
  {
    icon: LeafFeatureIcon,
    title: "Fresh Inventory",
    text: "New products arrive daily, and the online menu is updated to match.",
  },
  {
    icon: PeopleFeatureIcon,
    title: "Friendly Budtenders",
    text: "Plain-language answers about labels and product types, without pressure.",
  },
  {
    icon: StarFeatureIcon,
    title: "Loyalty Points",
    text: "Every purchase earns points toward future savings, at both stores.",
  },
  {
    icon: TagFeatureIcon,
    title: "Price Match",
    text: "Found a lower price at a local dispensary? We'll match it.",
  },
  {
    icon: StoreFeatureIcon,
    title: "Attached Vape Store",
    text: "Batteries, devices and accessories, right next door.",
  },
  {
    icon: ShieldFeatureIcon,
    title: "Medicinal Quality",
    text: "Products from licensed Oklahoma growers, tested as state rules require.",
  },
];

export interface GalleryImage {
  src: string;
  alt: string;
  caption: string;
}

/** Illustrations, not photographs: the gallery's lead and the alt texts say so. The owner can swap in real photos. */
export const gallery: GalleryImage[] = [
  {
    src: "/images/shop/display-cases.svg",
    alt: "Illustration of glass display cases lit from above, with jars and packages on the shelves",
    caption: "Display cases",
  },
  {
    src: "/images/shop/product-wall.svg",
    alt: "Illustration of a wall of shelves with product boxes and jars arranged by category",
    caption: "Product wall",
  },
  {
    src: "/images/shop/checkout-atm.svg",
    alt: "Illustration of a checkout counter with a register and an ATM beside it",
    caption: "Checkout and ATM",
  },
  {
    src: "/images/shop/curbside-pickup.svg",
    alt: "Illustration of a storefront at dusk with a marked curbside pickup parking spot",
    caption: "Curbside pickup",
  },
];

/** "By the Numbers": facts the badges, the story bullets and Visit Us don't already state. */
export const highlightCards = (stores: readonly NamedSchedule[]): { value: string; label: string }[] => {
  const openDays = [0, 1, 2, 3, 4, 5, 6].filter((day) => stores.some((store) => store.weekly[day] !== null)).length;
  const opening = commonOpeningTime(stores.map((store) => store.weekly));
  return [
    { value: site.productCountClaim, label: "products on the menu" },
    { value: String(stores.length), label: "stores in Norman" },
    { value: String(openDays), label: `days a week${opening ? `, from ${opening}` : ""}` },
  ];
};

export const productsWeCarry: { icon: FeatureIcon; name: string }[] = [
  { icon: LeafFeatureIcon, name: "Flower" },
  { icon: LeafFeatureIcon, name: "Shake" },
  { icon: GiftFeatureIcon, name: "Edibles" },
  { icon: SparkleFeatureIcon, name: "Prerolls" },
  { icon: BoxesFeatureIcon, name: "Cartridges" },
  { icon: BoxesFeatureIcon, name: "Disposables" },
  { icon: SparkleFeatureIcon, name: "Glass" },
  { icon: TagFeatureIcon, name: "Accessories" },
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

export const galleryLead = "Illustrations, not photos: come by and see the real thing.";

/** The lead once the owner has uploaded photos (Admin → Gallery); they replace the illustrations. */
export const galleryPhotosLead = "A look around the store before you visit.";

export const aboutCta = {
  title: "Come See Us",
  text: "Check this month's specials or browse the live menu and order ahead.",
};
