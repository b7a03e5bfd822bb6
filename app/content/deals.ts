// Static copy of the Deals page. The specials themselves are admin-managed rows (deals_slides).
import { GiftFeatureIcon, PercentFeatureIcon, StarFeatureIcon, type FeatureIcon } from "~/components/site/feature-icon";
import { site } from "./site";
import { TIME_ZONE } from "./time-zone";

export interface DealHighlight {
  icon: FeatureIcon;
  title: string;
  subtitle: string;
}

export const dealsHero = {
  title: "Deals & Specials",
  lead: "Everyday savings at both Norman stores, plus this month's specials.",
};

export const dealHighlights: DealHighlight[] = [
  {
    icon: PercentFeatureIcon,
    title: `${site.firstPurchaseDiscountPercent}% Off First-Time Visits`,
    subtitle: "First-time customers save on their entire first purchase. Not combinable with other promotions.",
  },
  {
    icon: StarFeatureIcon,
    title: "Best Loyalty Program Statewide",
    subtitle: "Earn points on every purchase and put them toward future savings.",
  },
  {
    // The spec words this as "for a 5-star review". An incentive conditioned on a review's sentiment is
    // unlawful (FTC rule on consumer reviews, 16 CFR 465.4) and against Google's policy, so the offer
    // is for an honest review, as in the demo deal.
    icon: GiftFeatureIcon,
    title: "Penny Preroll for Your Review",
    subtitle: "Leave us an honest review on Google or Weedmaps and show it at checkout to get a preroll for a penny.",
  },
];

const monthName = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: TIME_ZONE });

/** "{Month} Specials" for the month it is now in the stores' time zone (the spec's copy said "October Specials"). */
export function specialsHeading(now = new Date()): string {
  const month = monthName.format(now);
  return `${month} Specials`;
}

export const specialsCopy = {
  lead: "Limited-time offers, while supplies last. Cash only; medical card required.",
  emptyTitle: "No specials right now",
  emptyText: "New specials are posted regularly. Check back soon, or browse the live menu for today's prices.",
  shopButton: "Shop These Deals",
};
