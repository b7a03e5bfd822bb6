/**
 * The dispensary's facts. The editable ones (name, e-mail, phones, addresses, review links, socials, hours)
 * are the defaults a fresh database starts with: the owner changes them in Admin → Settings and Hours, and
 * the pages read the live values from the root loader (see app/lib/site-settings.ts). Values the spec does
 * not give (phones, e-mail, social links, the product's name) are fictional placeholders: 555 numbers and
 * example.com.
 */
import type { Store } from "./stores";

/** "530 West Lindsey Street, Norman, OK 73069" */
export function addressLine(store: Pick<Store, "street" | "city" | "region" | "postalCode">): string {
  return `${store.street}, ${store.city}, ${store.region} ${store.postalCode}`;
}

export const site = {
  /** The product's name, shown in titles, the age gate and the footer. */
  name: "Lindsey Street Cannabis Co.",
  shortName: "Lindsey Street",
  /** Default author of blog posts. */
  teamName: "The Lindsey Street Team",
  tagline: "Norman's go-to dispensary for fresh flower, fair prices and friendly budtenders.",
  description:
    "Medical cannabis dispensary in Norman, Oklahoma with two stores: Lindsey Street and Blue Water. Over 1,000 products, price match, loyalty points and online ordering with curbside pickup.",
  email: "hello@example.com",
  socials: [
    { name: "Facebook", href: "https://www.facebook.com/example" },
    { name: "Instagram", href: "https://www.instagram.com/example" },
    { name: "X", href: "https://x.com/example" },
  ],
  /** Where "No, Exit Site" sends a visitor. */
  exitUrl: "https://www.google.com/",
  firstPurchaseDiscountPercent: 15,
  productCountClaim: "1,000+",
  ageRequired: 21,
  ageVerificationDays: 30,
} as const;
