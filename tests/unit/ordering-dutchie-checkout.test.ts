// The Dutchie Plus checkout adapter against a local stand-in that answers its product query and checkout
// mutations as the public schema documents them: no network here, and every way the provider fails (401,
// 429, a timeout, an item gone, an answer we cannot read, a 500) must end in an outcome a patient can read,
// with the bag kept and nothing but the reason and status in the log.
import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/server/logger.server";
import {
  ADD_ITEM_MUTATION,
  CREATE_CHECKOUT_MUTATION,
  handBagToDutchiePlus,
  type HandBagInput,
  type ProviderCheckoutLine,
  PRODUCT_QUERY,
} from "~/services/ordering/dutchie-checkout.server";
import {
  type DutchiePlusStandIn,
  menuProduct,
  type StandInCall,
  type StandInReply,
  startDutchiePlusStandIn,
  variant,
} from "../support/dutchie-plus-stand-in";
import { closeLoopbackServer, listenOnLoopback } from "../support/loopback-server";

const API_KEY = "plus-key-0123456789";
const RETAILER = "ret-lindsey";
const CHECKOUT_ID = "chk-1";
const CHECKOUT_PAGE = "https://dutchie.example/checkouts/chk-1";

const data = (value: unknown): StandInReply => ({ body: JSON.stringify({ data: value }) });

let standIn: DutchiePlusStandIn;
let calls: StandInCall[] = [];
let endpoint = "";
function stockTheRetailer() {
  standIn.products.clear();
  standIn.products.set("p-1", menuProduct("p-1", "Blue Dream", [variant("3.5g", 4), variant("7g", 2)]));
  standIn.products.set("p-2", menuProduct("p-2", "Berry Gummies", [variant("10 pack", null, 20)]));
}
beforeAll(async () => {
  standIn = await startDutchiePlusStandIn({ apiKey: API_KEY, retailerId: RETAILER, checkoutPage: CHECKOUT_PAGE });
  endpoint = standIn.endpoint;
  calls = standIn.calls;
});
afterAll(() => standIn.close());
beforeEach(() => {
  calls.length = 0;
  standIn.failure = () => undefined;
  stockTheRetailer();
});

const LINES: ProviderCheckoutLine[] = [
  { providerProductId: "p-1", option: "3.5g", quantity: 2, name: "Blue Dream 3.5g" },
  { providerProductId: "p-1", option: "7g", quantity: 1, name: "Blue Dream 7g" },
  { providerProductId: "p-2", option: "10 pack", quantity: 1, name: "Berry Gummies 10 pack" },
];
const handBag = (overrides: Partial<HandBagInput> = {}) =>
  handBagToDutchiePlus({ apiKey: API_KEY, retailerId: RETAILER, lines: LINES, endpoint, ...overrides });
const operations = () => calls.map((call) => call.operation);
const KEPT = "Your bag is kept.";

describe("handing a bag to Dutchie Plus", () => {
  it("checks each product, creates a pickup checkout at medical prices, adds each line, and sends to its page", async () => {
    const outcome = await handBag();
    expect(outcome).toEqual({ ok: true, redirectUrl: CHECKOUT_PAGE, checkoutId: CHECKOUT_ID });
    expect(calls.map(({ operation, variables }) => [operation, variables])).toEqual([
      // Two sizes of one product: one question.
      ["ProductQuery", { retailerId: RETAILER, productId: "p-1" }],
      ["ProductQuery", { retailerId: RETAILER, productId: "p-2" }],
      ["CreateCheckout", { retailerId: RETAILER, orderType: "PICKUP", pricingType: "MEDICAL" }],
      [
        "AddItemToCheckout",
        { retailerId: RETAILER, checkoutId: CHECKOUT_ID, productId: "p-1", quantity: 2, option: "3.5g" },
      ],
      [
        "AddItemToCheckout",
        { retailerId: RETAILER, checkoutId: CHECKOUT_ID, productId: "p-1", quantity: 1, option: "7g" },
      ],
      [
        "AddItemToCheckout",
        { retailerId: RETAILER, checkoutId: CHECKOUT_ID, productId: "p-2", quantity: 1, option: "10 pack" },
      ],
    ]);
    expect(calls.map((call) => call.query)).toEqual([
      PRODUCT_QUERY,
      PRODUCT_QUERY,
      CREATE_CHECKOUT_MUTATION,
      ADD_ITEM_MUTATION,
      ADD_ITEM_MUTATION,
      ADD_ITEM_MUTATION,
    ]);
    expect(new Set(calls.map((call) => call.authorization))).toEqual(new Set([`Bearer ${API_KEY}`]));
    expect(standIn.items.map((item) => [item.product?.id, item.option, item.quantity])).toEqual([
      ["p-1", "3.5g", 2],
      ["p-1", "7g", 1],
      ["p-2", "10 pack", 1],
    ]);
  });

  it("says the provider did not accept a refused key (401, 403), before anything is created", async () => {
    expect(await handBag({ apiKey: "a-revoked-key" })).toEqual({
      ok: false,
      reason: "unauthorized",
      message: `The menu provider did not accept our request (it answered 401). ${KEPT}`,
    });
    expect(operations()).toEqual(["ProductQuery"]);
    standIn.failure = (call) => (call.operation === "CreateCheckout" ? { status: 403 } : undefined);
    expect(await handBag()).toMatchObject({
      ok: false,
      reason: "unauthorized",
      message: expect.stringContaining("403"),
    });
  });

  it("asks the patient to try again in a minute when the provider is busy (429)", async () => {
    standIn.failure = (call) => (call.operation === "AddItemToCheckout" ? { status: 429 } : undefined);
    expect(await handBag()).toEqual({
      ok: false,
      reason: "rate-limited",
      message: `The menu provider is busy (it answered 429). Please try again in a minute. ${KEPT}`,
    });
  });

  it("gives up on a provider that does not answer in time", async () => {
    standIn.failure = (call) => (call.operation === "CreateCheckout" ? { hang: true } : undefined);
    const started = performance.now();
    expect(await handBag({ timeoutMs: 200 })).toEqual({
      ok: false,
      reason: "timeout",
      message: `The menu provider did not answer in time. Please try again. ${KEPT}`,
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("names an item the retailer no longer lists, no longer offers in that size, or has run out of", async () => {
    standIn.products.delete("p-2");
    expect(await handBag()).toEqual({
      ok: false,
      reason: "item-gone",
      itemName: "Berry Gummies 10 pack",
      message: `Berry Gummies 10 pack is no longer available at this store. ${KEPT} Take it out and try again.`,
    });
    // Nothing is put into a checkout for a bag that cannot be ordered whole.
    expect(operations()).toEqual(["ProductQuery", "ProductQuery"]);

    stockTheRetailer();
    standIn.products.set("p-1", menuProduct("p-1", "Blue Dream", [variant("3.5g", 4)]));
    expect(await handBag()).toMatchObject({ ok: false, reason: "item-gone", itemName: "Blue Dream 7g" });

    stockTheRetailer();
    standIn.products.set("p-1", menuProduct("p-1", "Blue Dream", [variant("3.5g", 0), variant("7g", 2)]));
    expect(await handBag()).toMatchObject({ ok: false, reason: "item-gone", itemName: "Blue Dream 3.5g" });

    // A size without a medical price cannot be bought at medical prices.
    stockTheRetailer();
    standIn.products.set("p-2", menuProduct("p-2", "Berry Gummies", [variant("10 pack", 5, null)]));
    expect(await handBag()).toMatchObject({ ok: false, reason: "item-gone", itemName: "Berry Gummies 10 pack" });
    expect(operations()).not.toContain("CreateCheckout");
  });

  it("refuses an answer it cannot read: another shape, a GraphQL error, not JSON, a page that is not https", async () => {
    const malformed = {
      ok: false,
      reason: "malformed",
      message: `The menu provider sent an answer we could not read. ${KEPT}`,
    };
    standIn.failure = (call) =>
      call.operation === "CreateCheckout" ? data({ createCheckout: { checkout_id: "x" } }) : undefined;
    expect(await handBag()).toEqual(malformed);
    standIn.failure = (call) =>
      call.operation === "ProductQuery" ? data({ product: { id: "p-1", name: "Blue Dream" } }) : undefined;
    expect(await handBag()).toEqual(malformed);
    standIn.failure = (call) =>
      call.operation === "AddItemToCheckout"
        ? { body: JSON.stringify({ data: null, errors: [{ message: "Option not available" }] }) }
        : undefined;
    expect(await handBag()).toEqual(malformed);
    standIn.failure = () => ({ body: '{"data": {"product": ' });
    expect(await handBag()).toEqual(malformed);
    standIn.failure = (call) => (call.operation === "CreateCheckout" ? { status: 400, body: "{}" } : undefined);
    expect(await handBag()).toEqual(malformed);

    for (const redirectUrl of ["http://dutchie.example/checkouts/chk-1", "javascript:alert(1)", "", null]) {
      standIn.failure = (call) =>
        call.operation === "CreateCheckout" || call.operation === "AddItemToCheckout"
          ? data({
              [call.operation === "CreateCheckout" ? "createCheckout" : "addItem"]: { id: CHECKOUT_ID, redirectUrl },
            })
          : undefined;
      expect(await handBag()).toEqual(malformed);
    }
  });

  it("says the provider is not working on a 500, and cannot be reached when nothing listens", async () => {
    standIn.failure = (call) => (call.operation === "AddItemToCheckout" ? { status: 500 } : undefined);
    expect(await handBag()).toEqual({
      ok: false,
      reason: "unavailable",
      message: `The menu provider is not working right now (it answered 500). ${KEPT}`,
    });

    const closed = http.createServer();
    const nothingListens = await listenOnLoopback(closed);
    await closeLoopbackServer(closed);
    expect(await handBag({ endpoint: `${nothingListens}/graphql` })).toEqual({
      ok: false,
      reason: "unavailable",
      message: `The menu provider could not be reached. ${KEPT}`,
    });
  });

  it("logs the reason and status only: never the key nor what the patient ordered", async () => {
    const logged: unknown[][] = [];
    const warn = vi.spyOn(logger, "warn").mockImplementation((...args: unknown[]) => void logged.push(args));
    try {
      standIn.failure = (call) => (call.operation === "CreateCheckout" ? { status: 401 } : undefined);
      await handBag();
      standIn.products.delete("p-1");
      await handBag();
    } finally {
      warn.mockRestore();
    }
    expect(logged).toEqual([
      [{ reason: "unauthorized", status: 401 }, "Handing a bag to Dutchie Plus failed"],
      [{ reason: "item-gone", status: null }, "Handing a bag to Dutchie Plus failed"],
    ]);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain("Blue Dream");
  });

  it("refuses an empty bag as the caller's mistake", async () => {
    await expect(handBag({ lines: [] })).rejects.toThrow("an empty bag cannot be handed to the provider");
    expect(calls).toEqual([]);
  });
});
