// A menu card's fields, made on the server (the loaders of /menu, /brands/{slug} and /deals): the card gets its
// link and its line of facts as text, so the pages that hydrate (/deals) carry none of the menu's words as script.
import type { Potency, StrainType } from "~/lib/catalog";
import { categoryLabel, productPath, STRAIN_LABELS } from "~/lib/menu-params";
import type { ProductCardData } from "./product-card";
import { formatPotency } from "./product-facts";

/** What a card is made from (models/catalog-pages.server.ts: ListedProduct). */
interface CardSource {
  slug: string;
  name: string;
  brandName: string | null;
  category: string;
  strainType: string | null;
  thc: Potency | null;
  imageUrl: string | null;
  priceFromCents: number;
  onSpecial: boolean;
  special: { label: string; priceCents: number; regularCents: number } | null;
  optionCount: number;
  onlySize: string | null;
  inStockStores: string[];
}

/**
 * Exactly a card's fields. `showCategory`: off on a category's page, where every card would say it;
 * `showBrand`: off on a brand's page.
 */
export function toProductCard(
  product: CardSource,
  { showCategory = true, showBrand = true }: { showCategory?: boolean; showBrand?: boolean } = {},
): ProductCardData {
  const facts = [
    showCategory ? categoryLabel(product.category) : null,
    product.strainType ? STRAIN_LABELS[product.strainType as StrainType] : null,
    // "THC 24%" stays on one line.
    product.thc ? `THC\u00a0${formatPotency(product.thc)}` : null,
  ].filter(Boolean);
  return {
    href: productPath(product.category, product.slug),
    name: product.name,
    brandName: showBrand ? product.brandName : null,
    category: product.category,
    facts: facts.join(" · "),
    imageUrl: product.imageUrl,
    priceFromCents: product.priceFromCents,
    onSpecial: product.onSpecial,
    special: product.special,
    optionCount: product.optionCount,
    slug: product.slug,
    onlySize: product.onlySize,
    inStockStores: product.inStockStores,
  };
}
