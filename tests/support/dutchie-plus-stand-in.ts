// A local stand-in for Dutchie Plus's GraphQL API, answering the product query and the checkout mutations the
// way the public schema documents them (the example app GetDutchie/dutchie-plus-nextjs-example): no network
// in tests. It records every call, lets a test make one fail (`failure`), and can serve the checkout page
// itself over HTTPS on loopback (a self-signed certificate in tests/support/tls), so a browser that is sent
// to the checkout's redirectUrl lands on a page that lists what was added.
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { closeLoopbackServer, listenOnLoopback } from "./loopback-server";

export interface StandInCall {
  operation: string;
  query: string;
  variables: Record<string, unknown>;
  authorization: string | undefined;
}
export interface StandInReply {
  status?: number;
  body?: string;
  /** Never answers: the adapter's timeout must end the wait. */
  hang?: boolean;
}

export const variant = (option: string, quantity: number | null, priceMed: number | null = 35) => ({
  option,
  priceMed,
  priceRec: priceMed === null ? null : priceMed + 5,
  specialPriceMed: null,
  specialPriceRec: null,
  quantity,
});
export type Variant = ReturnType<typeof variant>;

/** A product as the MenuProduct fragment of the example app reads it (and the 2021-07 variants' quantity). */
export const menuProduct = (id: string, name: string, variants: Variant[]) => ({
  brand: { name: "Sunny Farms" },
  category: "FLOWER",
  description: "Berry aroma.",
  id,
  image: `https://images.example.com/${id}.jpg`,
  name,
  potencyCbd: null,
  potencyThc: { formatted: "24.5%" },
  strainType: "SATIVA",
  variants,
});
export type MenuProduct = ReturnType<typeof menuProduct>;

export interface CheckoutItem {
  id: string;
  option: string;
  product: MenuProduct | null;
  quantity: number;
}

export interface DutchiePlusStandIn {
  /** The GraphQL endpoint, for MENU_PROVIDER_ENDPOINT or the adapter's `endpoint`. */
  endpoint: string;
  /** The checkout's redirectUrl: the page given, or the stand-in's own HTTPS page. */
  checkoutPage: string;
  calls: StandInCall[];
  /** The retailer's products by id (what the product query finds). */
  products: Map<string, MenuProduct>;
  /** The items of the current checkout, as its answers list them. */
  items: CheckoutItem[];
  /** Set to make a call fail; undefined lets the documented answer through. */
  failure: (call: StandInCall) => StandInReply | undefined;
  close(): Promise<void>;
}

const TLS_DIR = path.resolve("tests/support/tls");
const CHECKOUT_ID = "chk-1";

export async function startDutchiePlusStandIn(options: {
  apiKey: string;
  retailerId: string;
  /** The redirectUrl to give; without it the stand-in serves its own page over HTTPS. */
  checkoutPage?: string;
}): Promise<DutchiePlusStandIn> {
  const data = (value: unknown): StandInReply => ({ body: JSON.stringify({ data: value }) });
  const checkoutAnswer = (variables: Record<string, unknown>) => ({
    id: CHECKOUT_ID,
    items: standIn.items,
    orderType: variables.orderType ?? "PICKUP",
    pricingType: variables.pricingType ?? "MEDICAL",
    redirectUrl: standIn.checkoutPage,
  });

  /** What the provider answers when nothing goes wrong. */
  function documentedAnswer(call: StandInCall): StandInReply {
    if (call.authorization !== `Bearer ${options.apiKey}`) {
      return { status: 401, body: JSON.stringify({ errors: [{ message: "Unauthorized" }] }) };
    }
    const { variables } = call;
    switch (call.operation) {
      case "ProductQuery": {
        const found =
          variables.retailerId === options.retailerId ? standIn.products.get(String(variables.productId)) : undefined;
        return data({ product: found ?? null });
      }
      case "CreateCheckout":
        standIn.items = [];
        return data({ createCheckout: checkoutAnswer(variables) });
      case "AddItemToCheckout":
        standIn.items.push({
          id: `item-${standIn.items.length + 1}`,
          option: String(variables.option),
          product: standIn.products.get(String(variables.productId)) ?? null,
          quantity: Number(variables.quantity),
        });
        return data({ addItem: checkoutAnswer({}) });
      default:
        return {
          status: 400,
          body: JSON.stringify({ errors: [{ message: `Unknown operation ${call.operation}` }] }),
        };
    }
  }

  const api = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      const { query, variables } = JSON.parse(raw) as { query: string; variables: Record<string, unknown> };
      const operation = /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? "anonymous";
      const call = { operation, query, variables, authorization: request.headers.authorization };
      standIn.calls.push(call);
      const reply = standIn.failure(call) ?? documentedAnswer(call);
      if (reply.hang) return;
      response.writeHead(reply.status ?? 200, { "Content-Type": "application/json" });
      response.end(reply.body ?? "");
    });
  });

  // The provider's checkout page, listing the checkout's items as "2 × Gelato Cart (1g)".
  const page = options.checkoutPage
    ? null
    : https.createServer(
        {
          key: fs.readFileSync(path.join(TLS_DIR, "loopback-key.pem")),
          cert: fs.readFileSync(path.join(TLS_DIR, "loopback-cert.pem")),
        },
        (_request, response) => {
          const items = standIn.items
            .map((item) => `<li>${item.quantity} × ${item.product?.name ?? "?"} (${item.option})</li>`)
            .join("");
          response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
          response.end(`<!doctype html><title>Stand-in checkout</title><h1>Stand-in checkout</h1><ul>${items}</ul>`);
        },
      );

  const standIn: DutchiePlusStandIn = {
    endpoint: `${await listenOnLoopback(api)}/graphql`,
    checkoutPage: options.checkoutPage ?? "",
    calls: [],
    products: new Map(),
    items: [],
    failure: () => undefined,
    async close() {
      await closeLoopbackServer(api);
      if (page) await closeLoopbackServer(page as unknown as http.Server);
    },
  };
  if (page) {
    const base = await listenOnLoopback(page as unknown as http.Server);
    standIn.checkoutPage = `${base.replace(/^http:/, "https:")}/checkouts/${CHECKOUT_ID}`;
  }
  return standIn;
}
