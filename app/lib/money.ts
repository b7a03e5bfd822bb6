// The one way the site writes an amount of money, public pages and admin alike. Browser-safe.

const withCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });
const wholeDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** "$28" for whole dollars, "$28.50" otherwise, with thousands separated: "$1,020.50". */
export function formatPrice(cents: number): string {
  return (cents % 100 === 0 ? wholeDollars : withCents).format(cents / 100);
}
