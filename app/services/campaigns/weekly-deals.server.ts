// "This week's deals" (issue 40): a campaign draft written from what the site shows today, the active deals
// (Admin → Deals) and the menu's products on special, each with its link. The owner edits it before sending;
// the advertising rules judge it like any words the store publishes.
import { site } from "~/content/site";
import { type StoreId, storeShortName } from "~/content/stores";
import { formatShortDate } from "~/lib/dates";
import { EMPTY_MENU_QUERY, productPath, SPECIALS_MENU_HREF } from "~/lib/menu-params";
import { formatPrice } from "~/lib/money";
import { listMenuProducts } from "~/models/catalog-pages.server";
import { listCurrentDealSlides } from "~/models/deals.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { publicUrl } from "~/server/env.server";

/** Products on special the mail lists at most; the rest are one link away. */
const MAX_SPECIALS = 8;

/** Markdown's characters a deal's or product's name could carry, escaped so they read as written. */
const plain = (text: string) =>
  text
    .replace(/([\\`*_[\]<>#|])/g, "\\$1")
    .replace(/\s+/g, " ")
    .trim();

export async function weeklyDealsDraft(now = new Date()): Promise<{ subject: string; bodyMarkdown: string }> {
  const [settings, deals, specials] = await Promise.all([
    getSiteSettings(),
    listCurrentDealSlides(now),
    listMenuProducts({ ...EMPTY_MENU_QUERY, special: true, sort: "price" }, { limit: MAX_SPECIALS, offset: 0 }),
  ]);
  const lines: string[] = [`Here is what is on at ${plain(settings.name)} this week.`, ""];
  if (deals.length > 0) {
    lines.push("## Deals", "");
    for (const deal of deals) {
      const until = deal.end_date ? ` (until ${formatShortDate(new Date(`${deal.end_date}T12:00:00Z`))})` : "";
      const about = deal.description ? `: ${plain(deal.description)}` : "";
      lines.push(`- **${plain(deal.title)}**${about}${until}`);
    }
    lines.push("", `[See every deal](${publicUrl("/deals")})`, "");
  }
  if (specials.length > 0) {
    lines.push("## On special", "");
    for (const product of specials) {
      const brand = product.brandName ? ` by ${plain(product.brandName)}` : "";
      const price = product.special
        ? `: ${plain(product.special.label)} ${formatPrice(product.special.priceCents)}, was ${formatPrice(product.special.regularCents)}`
        : "";
      const stores = product.inStockStores.map((id) => storeShortName(id as StoreId)).join(" and ");
      const link = publicUrl(productPath(product.category, product.slug));
      lines.push(`- [${plain(product.name)}](${link})${brand}${price}${stores ? `, at ${stores}` : ""}`);
    }
    lines.push("", `[Everything on special](${publicUrl(SPECIALS_MENU_HREF)})`, "");
  }
  if (deals.length === 0 && specials.length === 0) {
    lines.push("_No deals are active and nothing is on special today: add a deal in Admin → Deals first._", "");
  }
  lines.push(
    `Order ahead for pickup on [our menu](${publicUrl("/menu")}). Bring your OMMA patient card and a photo ID.`,
  );
  return { subject: `This week's deals at ${settings.name || site.name}`, bodyMarkdown: lines.join("\n") };
}
