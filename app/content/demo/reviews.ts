import type { DemoReview } from "./types";

/**
 * Sample reviews so the Reviews page has something to show on a new install. The seed marks every one
 * as a sample (is_sample); the owner replaces them with real reviews — invented reviews must never be
 * presented as real customers' words (16 CFR 465). Four are featured (/reviews' Featured Reviews; the
 * newest three are the home page testimonials), two per store.
 */
export const demoReviews: DemoReview[] = [
  // Lindsey Street
  {
    store: "Lindsey",
    author: "Jordan M.",
    source: "Google",
    rating: 5,
    quote:
      "The budtenders took their time explaining the difference between a few strains and never rushed me. Clean store, fair prices and the price match made it an easy choice.",
    daysAgo: 2,
    featured: true,
  },
  {
    store: "Lindsey",
    author: "Marcus T.",
    source: "Google",
    rating: 5,
    quote:
      "Friendly staff and a big selection. The budtender took the time to walk me through the labels and never rushed me, even with a line behind me.",
    daysAgo: 4,
  },
  {
    store: "Lindsey",
    author: "Chris T.",
    source: "Google",
    rating: 5,
    quote:
      "Great selection of flower and edibles, fresh stock every time I stop by, and the ATM on site saves me a trip. Friendly staff who remember your name.",
    daysAgo: 12,
    featured: true,
  },
  {
    store: "Lindsey",
    author: "Alicia R.",
    source: "Weedmaps",
    rating: 5,
    quote: "Clean store, fair prices and the loyalty points add up quickly. Easy parking too.",
    daysAgo: 19,
  },
  {
    store: "Lindsey",
    author: "Devon K.",
    source: "Leafly",
    rating: 4,
    quote:
      "Good variety of flower and pre-rolls. It was busy on a Friday night so I waited a few minutes, but the staff kept the line moving and were upbeat the whole time. Open late is a big plus for me.",
    daysAgo: 37,
  },
  {
    store: "Lindsey",
    author: "Hannah P.",
    source: "Google",
    rating: 5,
    quote:
      "First visit and they made it simple. Card and ID at the door, ATM right inside, and the first-time discount was applied without me asking.",
    daysAgo: 58,
  },
  {
    store: "Lindsey",
    author: "Luis M.",
    source: "Weedmaps",
    rating: 3,
    quote:
      "Decent shop with a solid menu. The item I ordered online had sold out by the time I arrived, which was disappointing, although they offered a similar product and adjusted the price. Would try again.",
    daysAgo: 83,
  },
  {
    store: "Lindsey",
    author: "Brooke S.",
    source: "Google",
    rating: 5,
    quote: "Curbside pickup was quick and the order was exactly right. Great communication.",
    daysAgo: 121,
  },
  {
    store: "Lindsey",
    author: "Terrence W.",
    source: "Leafly",
    rating: 4,
    quote:
      "Knowledgeable team that is happy to show you lab results. Wish they took cards, but the ATM is right there.",
    daysAgo: 167,
  },

  // Blue Water
  {
    store: "BlueWater",
    author: "Alexis R.",
    source: "Weedmaps",
    rating: 5,
    quote:
      "Ordered online and picked up at the curb in a few minutes. The loyalty points add up quickly, and the first-time discount was a nice welcome.",
    daysAgo: 5,
    featured: true,
  },
  {
    store: "BlueWater",
    author: "Jenna L.",
    source: "Google",
    rating: 5,
    quote:
      "Blue Water is my go-to on Main Street. The staff remember what I like, the shelves are always stocked and they are honest when something is not a good fit for what I'm looking for.",
    daysAgo: 7,
  },
  {
    store: "BlueWater",
    author: "Morgan L.",
    source: "Leafly",
    rating: 4,
    quote:
      "Open late, which fits my schedule after work. The Blue Water store is small but well organised, and the team always checks my card quickly and politely.",
    daysAgo: 15,
    featured: true,
  },
  {
    store: "BlueWater",
    author: "Carlos D.",
    source: "Weedmaps",
    rating: 5,
    quote: "Great prices and they matched another shop's price without any hassle.",
    daysAgo: 26,
  },
  {
    store: "BlueWater",
    author: "Priya N.",
    source: "Leafly",
    rating: 4,
    quote:
      "Cozy store with a nice vape section. The budtender explained the difference between a few cartridges and the hardware they use. A little small inside when it's busy, but worth the visit.",
    daysAgo: 44,
  },
  {
    store: "BlueWater",
    author: "Aaron B.",
    source: "Google",
    rating: 5,
    quote: "In and out in ten minutes with exactly what I wanted. Friendly and professional.",
    daysAgo: 69,
  },
  {
    store: "BlueWater",
    author: "Kayla F.",
    source: "Weedmaps",
    rating: 4,
    quote: "Good edible selection and clear advice on starting with a small serving. Cash only, so plan ahead.",
    daysAgo: 98,
  },
  {
    store: "BlueWater",
    author: "Nathan G.",
    source: "Google",
    rating: 5,
    quote:
      "I appreciate that nobody pushes you toward the most expensive option. They asked what I usually buy, suggested two alternatives in my budget and let me decide. That kind of service keeps me coming back.",
    daysAgo: 139,
  },
  {
    store: "BlueWater",
    author: "Rosa V.",
    source: "Leafly",
    rating: 5,
    quote: "Welcoming staff, tidy shop and plenty of choice. Easy to find downtown.",
    daysAgo: 176,
  },
];
