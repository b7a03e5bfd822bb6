// What /menu/{category}/{slug} answers for a product: its state decides the status (200, 301, 404, 410),
// and the page's text is made here (the description as plain paragraphs, the meta description, the dates).
import { data, redirect } from "react-router";
import { formatPotency } from "~/components/menu/product-facts";
import { formatPrice } from "~/lib/money";
import { TIME_ZONE } from "~/content/time-zone";
import { META_DESCRIPTION_LENGTH } from "~/lib/blog";
import { categoryLabel, menuCategory, productPath, STRAIN_LABELS } from "~/lib/menu-params";
import { isValidSlug } from "~/lib/slug";
import type { StrainType } from "~/lib/catalog";
import { truncate } from "~/lib/text";
import { findCatalogProductBySlug, productPageState, type CatalogProductPage } from "~/models/catalog-pages.server";
import { pricesAsOf } from "~/models/catalog-runs.server";
import { newest, notFoundPageHeaders, publicPageHeaders } from "~/server/http-cache.server";

const pricesAsOfFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});

/** "Nov 22, 2026, 2:05 PM" in the stores' zone (the page is made on the server, so every visitor reads the same). */
export function formatPricesAsOf(instant: Date): string {
  return pricesAsOfFormat.format(instant).replace(/\u202f/g, " ");
}

/**
 * A description as plain paragraphs: it is text (the owner's words, a POS export's cell, the provider's text read
 * by its adapter), so "THC <1% and CBD >20%" stays whole; React escapes it where the page shows it. Never read
 * as HTML here: a "<" is a less-than sign.
 */
export function descriptionParagraphs(description: string | null): string[] {
  if (!description) return [];
  const text = description.replace(/\r\n?/g, "\n");
  return text
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .replace(/[ \t]+/g, " ")
        .replace(/ ?\n ?/g, "\n")
        .trim(),
    )
    .filter(Boolean);
}

/** The meta description: the description's start, or a sentence made of the product's facts. */
function metaDescription(product: CatalogProductPage, paragraphs: string[]): string {
  const text = paragraphs.join(" ").replace(/\s+/g, " ");
  if (text.length >= 50) return truncate(text, META_DESCRIPTION_LENGTH - 1).text;
  const facts = [
    categoryLabel(product.category),
    product.strainType ? STRAIN_LABELS[product.strainType as StrainType] : null,
    product.thc ? `THC ${formatPotency(product.thc)}` : null,
  ].filter(Boolean);
  const by = product.brandName ? ` by ${product.brandName}` : "";
  return `${product.name}${by}: ${facts.join(", ")}, from ${formatPrice(product.priceFromCents)} in Norman, Oklahoma. Medical prices for patients with a valid Oklahoma medical marijuana card.`;
}

const notFound = () => data({ kind: "not-found" as const }, { status: 404, headers: notFoundPageHeaders() });

/** The product page's answer for these route parameters at `now`. */
export async function loadProductPage(params: { category: string; slug: string }, now: Date) {
  if (!menuCategory(params.category) || !isValidSlug(params.slug)) return notFound();
  const product = await findCatalogProductBySlug(params.slug);
  if (!product) return notFound();
  const state = productPageState(product, now);
  if (state === "hidden") return notFound();
  // One address per product: the old or mistyped category's address moves to it for good.
  if (product.category !== params.category) throw redirect(productPath(product.category, product.slug), 301);
  const category = { slug: product.category, label: categoryLabel(product.category) };
  if (state === "retired") {
    return data(
      { kind: "retired" as const, product: { name: product.name }, category },
      { status: 410, headers: notFoundPageHeaders() },
    );
  }
  const paragraphs = descriptionParagraphs(product.description);
  const lastSync = await pricesAsOf();
  const asOf = lastSync ?? product.updatedAt;
  return data(
    {
      kind: "product" as const,
      category,
      product: {
        slug: product.slug,
        name: product.name,
        brandName: product.brandName,
        brandSlug: product.brandSlug,
        strainType: product.strainType,
        thc: product.thc,
        cbd: product.cbd,
        imageUrl: product.imageUrl,
        options: product.options,
        inStockStores: state === "in-stock" ? product.inStockStores : [],
        sku: product.externalId,
        paragraphs,
      },
      metaDescription: metaDescription(product, paragraphs),
      pricesAsOf: formatPricesAsOf(asOf),
    },
    // "Prices as of" moves with every sync: the page changed then too.
    { headers: publicPageHeaders(newest([product.updatedAt, lastSync])) },
  );
}
