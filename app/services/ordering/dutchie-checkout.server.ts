import { z } from "zod";
import { DUTCHIE_PLUS_ENDPOINT } from "~/services/catalog/dutchie-plus.server";
import { logger } from "~/server/logger.server";
import { httpsAddress } from "~/lib/safe-redirect";

// "Order for pickup, handed to the provider" (issue 39): the only place that knows Dutchie Plus's checkout
// GraphQL. The bag is checked again against the provider, put into a new pickup checkout at the store's
// retailer, and the patient is sent to the provider's own checkout page (the checkout's redirectUrl) to finish.
//
// The operations follow GetDutchie/dutchie-plus-nextjs-example: api/mutations/create-checkout.graphql and
// api/mutations/add-item-to-checkout.graphql (names, arguments, and the `id` and `redirectUrl` of
// api/fragments/checkout.graphql), and the variants of api/fragments/menu-product.graphql. That app speaks the
// 2020-10 version with a key for one retailer; the 2021-07 version our menu adapter calls takes `retailerId`
// on each operation (as on `menu`) and reads one product with `product(retailerId, id)`.

export const PRODUCT_QUERY = `query ProductQuery($retailerId: ID!, $productId: ID!) {
  product(retailerId: $retailerId, id: $productId) {
    id
    name
    variants { option priceMed quantity }
  }
}`;

export const CREATE_CHECKOUT_MUTATION = `mutation CreateCheckout(
  $retailerId: ID!
  $orderType: OrderType!
  $pricingType: PricingType!
) {
  createCheckout(retailerId: $retailerId, orderType: $orderType, pricingType: $pricingType) {
    id
    redirectUrl
  }
}`;

export const ADD_ITEM_MUTATION = `mutation AddItemToCheckout(
  $retailerId: ID!
  $checkoutId: ID!
  $productId: ID!
  $quantity: Int!
  $option: String!
) {
  addItem(
    retailerId: $retailerId
    checkoutId: $checkoutId
    productId: $productId
    quantity: $quantity
    option: $option
  ) {
    id
    redirectUrl
  }
}`;

export interface ProviderCheckoutLine {
  /** The product's id at Dutchie (the catalog's externalId). */
  providerProductId: string;
  /** The option as Dutchie labels it ("3.5g"). */
  option: string;
  quantity: number;
  /** The name the patient knows it by, for a message that says which item is gone. */
  name: string;
}

export type ProviderCheckoutFailure =
  "unauthorized" | "rate-limited" | "timeout" | "item-gone" | "malformed" | "unavailable";

export type ProviderCheckoutOutcome =
  | { ok: true; redirectUrl: string; checkoutId: string }
  | { ok: false; reason: ProviderCheckoutFailure; message: string; itemName?: string };

export interface HandBagInput {
  apiKey: string;
  /** The store's retailer id at Dutchie. */
  retailerId: string;
  lines: ProviderCheckoutLine[];
  endpoint?: string;
  /** Per request, as the menu adapter's. */
  timeoutMs?: number;
}

const product = z.object({
  id: z.string().min(1),
  name: z.string(),
  variants: z.array(
    z.object({
      option: z.string().nullish(),
      priceMed: z.number().nullish(),
      quantity: z.number().nullish(),
    }),
  ),
});
// Null: the retailer no longer lists it.
const productAnswer = z.object({ product: product.nullable() });

const checkout = z.object({ id: z.string().min(1), redirectUrl: z.string().nullish() });
const createdAnswer = z.object({ createCheckout: checkout });
const addedAnswer = z.object({ addItem: checkout });

const envelope = z.object({ data: z.unknown(), errors: z.array(z.unknown()).nullish() });

/** Why the hand-off stopped; turned into the outcome (and one log line) at the top. */
class HandOffFailure extends Error {
  constructor(
    readonly reason: ProviderCheckoutFailure,
    readonly status: number | null,
    readonly itemName?: string,
  ) {
    super(reason);
    this.name = "HandOffFailure";
  }
}

const KEPT = "Your bag is kept.";

function patientMessage(failure: HandOffFailure): string {
  switch (failure.reason) {
    case "unauthorized":
      return `The menu provider did not accept our request (it answered ${failure.status}). ${KEPT}`;
    case "rate-limited":
      return `The menu provider is busy (it answered 429). Please try again in a minute. ${KEPT}`;
    case "timeout":
      return `The menu provider did not answer in time. Please try again. ${KEPT}`;
    case "item-gone":
      return `${failure.itemName} is no longer available at this store. ${KEPT} Take it out and try again.`;
    case "malformed":
      return `The menu provider sent an answer we could not read. ${KEPT}`;
    case "unavailable":
      return failure.status === null
        ? `The menu provider could not be reached. ${KEPT}`
        : `The menu provider is not working right now (it answered ${failure.status}). ${KEPT}`;
  }
}

function reasonOfStatus(status: number): ProviderCheckoutFailure {
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 429) return "rate-limited";
  if (status >= 500) return "unavailable";
  // A 400 or 404: the provider no longer takes the request as we send it (its schema or address changed).
  return "malformed";
}

const isTimeout = (error: unknown) =>
  typeof error === "object" && error !== null && "name" in error && error.name === "TimeoutError";

/**
 * Hands a bag to Dutchie Plus for pickup: checks each line is still listed at the retailer with its option
 * offered and in stock, creates a PICKUP checkout at medical prices, adds each line, and answers the
 * checkout's page. Every failure of the provider is an outcome with a message a patient can read; nothing is
 * thrown for them, and only the reason and HTTP status are logged (never the key nor what the patient ordered).
 */
export async function handBagToDutchiePlus(input: HandBagInput): Promise<ProviderCheckoutOutcome> {
  // A caller's mistake, not the provider's: the bag page never offers checkout for an empty bag.
  if (input.lines.length === 0) throw new Error("an empty bag cannot be handed to the provider");
  const endpoint = input.endpoint ?? DUTCHIE_PLUS_ENDPOINT;
  const timeoutMs = input.timeoutMs ?? 10_000;
  const { retailerId } = input;

  async function call<T>(document: string, variables: Record<string, unknown>, shape: z.ZodType<T>): Promise<T> {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${input.apiKey}` },
        body: JSON.stringify({ query: document, variables }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new HandOffFailure(isTimeout(error) ? "timeout" : "unavailable", null);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new HandOffFailure(reasonOfStatus(response.status), response.status);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      // The timeout also covers reading the body: a provider that stops halfway has not answered.
      throw new HandOffFailure(isTimeout(error) ? "timeout" : "malformed", response.status);
    }
    const answer = envelope.safeParse(body);
    if (!answer.success || answer.data.errors?.length) throw new HandOffFailure("malformed", response.status);
    const data = shape.safeParse(answer.data.data);
    if (!data.success) throw new HandOffFailure("malformed", response.status);
    return data.data;
  }

  try {
    // Checked first, so nothing is put into a checkout the patient would find short at the provider's page.
    // One question per product: two sizes of one product are one product at Dutchie.
    const listed = new Map<string, z.infer<typeof product> | null>();
    for (const line of input.lines) {
      if (!listed.has(line.providerProductId)) {
        const answer = await call(PRODUCT_QUERY, { retailerId, productId: line.providerProductId }, productAnswer);
        listed.set(line.providerProductId, answer.product);
      }
      const variant = listed.get(line.providerProductId)?.variants.find((each) => each.option === line.option);
      // As the menu sync reads it: an option without a medical price is not sold, an unknown quantity is stocked.
      const offered = variant && variant.priceMed != null && (variant.quantity == null || variant.quantity > 0);
      if (!offered) throw new HandOffFailure("item-gone", null, line.name);
    }

    const created = await call(
      CREATE_CHECKOUT_MUTATION,
      { retailerId, orderType: "PICKUP", pricingType: "MEDICAL" },
      createdAnswer,
    );
    const checkoutId = created.createCheckout.id;
    let redirectUrl = created.createCheckout.redirectUrl;
    for (const line of input.lines) {
      const added = await call(
        ADD_ITEM_MUTATION,
        { retailerId, checkoutId, productId: line.providerProductId, quantity: line.quantity, option: line.option },
        addedAnswer,
      );
      // Each answer is the whole checkout; the last one's page is the one with every line.
      redirectUrl = added.addItem.redirectUrl ?? redirectUrl;
    }

    const page = httpsAddress(redirectUrl);
    if (!page) throw new HandOffFailure("malformed", null);
    return { ok: true, redirectUrl: page, checkoutId };
  } catch (error) {
    if (!(error instanceof HandOffFailure)) throw error;
    logger.warn({ reason: error.reason, status: error.status }, "Handing a bag to Dutchie Plus failed");
    return {
      ok: false,
      reason: error.reason,
      message: patientMessage(error),
      ...(error.itemName ? { itemName: error.itemName } : {}),
    };
  }
}
