import type { DemoDeal } from "./types";

/**
 * Three current slides and one expired one, so the public carousel's date filter shows. The seed marks
 * them as demo content (is_demo): signed-in staff see a note on /deals, visitors don't. The images only
 * illustrate (no words in them): the slide's title and description are the page's text.
 */
export const demoDeals: DemoDeal[] = [
  {
    title: "15% Off Your First Visit",
    description:
      "First-time patients save 15% on their entire first purchase at either Norman store. Not combinable with other promotions. Bring your OMMA patient license and a photo ID.",
    imageUrl: "/demo/deals/first-visit-15-off.svg",
    startOffsetDays: -30,
    endOffsetDays: 335,
    isActive: true,
    sortOrder: 0,
  },
  {
    title: "Loyalty Points on Every Purchase",
    description:
      "Sign up at the counter and earn points on every purchase at both stores. Ask your budtender how points are redeemed.",
    imageUrl: "/demo/deals/loyalty-points.svg",
    startOffsetDays: -60,
    endOffsetDays: 305,
    isActive: true,
    sortOrder: 1,
  },
  {
    title: "Penny Pre-roll for Leaving a Review",
    description:
      "Post an honest review of your visit on Google or Weedmaps, show it at checkout and add a pre-roll for one cent. Every honest review counts, good or bad.",
    imageUrl: "/demo/deals/penny-pre-roll-review.svg",
    startOffsetDays: -14,
    endOffsetDays: 45,
    isActive: true,
    sortOrder: 2,
  },
  {
    title: "Weekday Flower Specials",
    description: "Monday through Thursday, a rotating selection of flower at special prices while supplies last.",
    imageUrl: "/demo/deals/weekday-flower-specials.svg",
    startOffsetDays: -45,
    endOffsetDays: -5,
    isActive: true,
    sortOrder: 3,
  },
];
