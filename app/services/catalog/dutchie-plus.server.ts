import { z } from "zod";
import type { StoreId } from "~/content/stores";
import type { CatalogCategory, StrainType } from "~/lib/catalog";
import type { SourceProduct } from "~/lib/catalog";
import { stockedNowhere } from "~/models/catalog.server";
import { logger } from "~/server/logger.server";
import { type MenuProvider, ProviderError } from "./menu-provider.server";

// Dutchie Plus's GraphQL menu (the query and fields of its public example app,
// GetDutchie/dutchie-plus-nextjs-example): the only place that knows its shape. Each store is a retailer;
// a menu is read a page at a time until a page comes back short.

export const DUTCHIE_PLUS_ENDPOINT = "https://plus.dutchie.com/plus/2021-07/graphql";

export const MENU_QUERY = `query MenuQuery($retailerId: ID!, $offset: Int!, $limit: Int!) {
  menu(retailerId: $retailerId, pagination: { offset: $offset, limit: $limit }) {
    products {
      id
      name
      brand { name }
      category
      description
      image
      strainType
      potencyThc { range unit }
      potencyCbd { range unit }
      variants { option priceMed specialPriceMed quantity }
    }
  }
}`;

const potency = z
  .object({ range: z.array(z.number()).nullish(), unit: z.string().nullish() })
  .nullish()
  .transform((value) => {
    // One figure ([24.5]) or a range ([18.2, 22.5]): both ends are kept, and shown as the provider gives them.
    const range = (value?.range ?? []).filter((amount) => amount >= 0);
    if (range.length === 0) return null;
    const low = Math.min(...range);
    const high = Math.max(...range);
    const unit = value?.unit === "MILLIGRAMS" ? ("mg" as const) : ("%" as const);
    return high > low ? { value: low, unit, max: high } : { value: low, unit };
  });

const product = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1),
  brand: z.object({ name: z.string().nullish() }).nullish(),
  category: z.string(),
  description: z.string().nullish(),
  image: z.string().nullish(),
  strainType: z.string().nullish(),
  potencyThc: potency,
  potencyCbd: potency,
  variants: z.array(
    z.object({
      option: z.string().nullish(),
      priceMed: z.number().nonnegative().nullish(),
      specialPriceMed: z.number().nonnegative().nullish(),
      quantity: z.number().nullish(),
    }),
  ),
});

const answer = z.object({
  data: z.object({ menu: z.object({ products: z.array(z.unknown()) }) }).nullish(),
  errors: z.array(z.object({ message: z.string() })).nullish(),
});

const CATEGORIES: Record<string, CatalogCategory> = {
  FLOWER: "flower",
  EDIBLES: "edibles",
  PRE_ROLLS: "pre-rolls",
  VAPORIZERS: "vapes",
  CONCENTRATES: "concentrates",
  ACCESSORIES: "accessories",
  TOPICALS: "topicals",
  TINCTURES: "tinctures",
};

const STRAINS: Record<string, StrainType> = { INDICA: "indica", SATIVA: "sativa", HYBRID: "hybrid", HIGH_CBD: "cbd" };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/**
 * The provider's description as text. It may be written in HTML: its elements (a "<" followed by a tag's name)
 * become line breaks or nothing and its entities are read; a "<" that opens no element ("THC <1%") is text.
 */
export function providerDescriptionText(description: string | null | undefined): string | null {
  if (!description) return null;
  const text = description
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|h[1-6])\s*>/gi, "\n\n")
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<!--[\s\S]*?-->|<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/gi, "")
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name])
    .trim();
  return text || null;
}

const cents = (dollars: number | null | undefined) => (dollars == null ? null : Math.round(dollars * 100));

/**
 * A product of the menu as the catalog keeps it; null for one the menu has but the catalog does not show
 * (no medical price, a category we do not list). A product in a shape we do not know fails the whole sync:
 * skipping it would retire a real product on a provider's glitch.
 */
function toSourceProduct(raw: unknown, store: StoreId): SourceProduct | null {
  const parsed = product.safeParse(raw);
  if (!parsed.success) throw new ProviderError("provider sent a product in a shape we do not know");
  const item = parsed.data;
  const category = CATEGORIES[item.category];
  const options = item.variants
    .filter((variant) => variant.priceMed != null)
    .map((variant) => ({
      label: variant.option ?? "",
      priceMedicalCents: cents(variant.priceMed)!,
      priceSpecialCents: cents(variant.specialPriceMed),
    }));
  if (!category || options.length === 0) return null;
  const inStock = stockedNowhere();
  inStock[store] = item.variants.some((variant) => variant.quantity == null || variant.quantity > 0);
  const image = item.image && /^https?:\/\//i.test(item.image) ? item.image : null;
  return {
    externalId: item.id,
    name: item.name,
    brand: item.brand?.name?.trim() || null,
    category,
    strainType: STRAINS[item.strainType ?? ""] ?? null,
    thc: item.potencyThc,
    cbd: item.potencyCbd,
    description: providerDescriptionText(item.description),
    imageUrl: image,
    options,
    inStock,
  };
}

export interface DutchiePlusOptions {
  apiKey: string;
  /** Each store's retailer id at Dutchie. */
  retailerIds: Partial<Record<StoreId, string>>;
  endpoint?: string;
  /** Per request. */
  timeoutMs?: number;
  pageSize?: number;
  /** A bound on pages, so a provider that never sends a short page cannot keep a sync running. */
  maxPages?: number;
}

export function dutchiePlusProvider(options: DutchiePlusOptions): MenuProvider {
  const endpoint = options.endpoint ?? DUTCHIE_PLUS_ENDPOINT;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const pageSize = options.pageSize ?? 200;
  const maxPages = options.maxPages ?? 100;

  async function page(retailerId: string, offset: number): Promise<unknown[]> {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({ query: MENU_QUERY, variables: { retailerId, offset, limit: pageSize } }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === "TimeoutError") {
        throw new ProviderError(
          `provider did not answer within ${timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}`,
        );
      }
      // The owner reads this on the dashboard; the network's own words (ECONNREFUSED…) go to the log.
      logger.warn({ err: error }, "The menu provider could not be reached");
      throw new ProviderError("provider could not be reached");
    }
    if (!response.ok) {
      const retryAfter = Number(response.headers.get("Retry-After"));
      await response.body?.cancel();
      throw new ProviderError(
        `provider answered ${response.status}`,
        response.status,
        Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null,
      );
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ProviderError("provider sent an answer that is not JSON", response.status);
    }
    const parsed = answer.safeParse(body);
    if (!parsed.success) throw new ProviderError("provider sent a menu in a shape we do not know", response.status);
    if (parsed.data.errors?.length) {
      throw new ProviderError(`provider refused the query: ${parsed.data.errors[0].message}`, response.status);
    }
    if (!parsed.data.data) throw new ProviderError("provider sent no menu", response.status);
    return parsed.data.data.menu.products;
  }

  return {
    name: "Dutchie Plus",
    async fetchMenu(store) {
      const retailerId = options.retailerIds[store];
      if (!retailerId) throw new ProviderError(`no Dutchie retailer id is set for ${store}`);
      const products: SourceProduct[] = [];
      for (let index = 0; index < maxPages; index += 1) {
        const items = await page(retailerId, index * pageSize);
        for (const item of items) {
          const read = toSourceProduct(item, store);
          if (read) products.push(read);
        }
        if (items.length < pageSize) return products;
      }
      throw new ProviderError(`the menu did not end within ${maxPages} pages of ${pageSize}`);
    },
  };
}
