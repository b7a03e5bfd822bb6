// The Dutchie Plus adapter against a local stand-in that answers in the documented shape: no network here,
// and every way a provider fails (401, 429, a timeout, a body that is not JSON, a product in another shape)
// must end in a ProviderError, so the sync keeps the last good catalog.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dutchiePlusProvider, MENU_QUERY } from "~/services/catalog/dutchie-plus.server";
import { ProviderError } from "~/services/catalog/menu-provider.server";
import { closeLoopbackServer, listenOnLoopback } from "../support/loopback-server";

type Answer = (request: { retailerId: string; offset: number; limit: number; auth: string | undefined }) => {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  hang?: boolean;
};

let answer: Answer = () => ({ body: "{}" });
const requests: { retailerId: string; offset: number; query: string }[] = [];
const server = http.createServer((request, response) => {
  let raw = "";
  request.on("data", (chunk) => (raw += chunk));
  request.on("end", () => {
    const { query, variables } = JSON.parse(raw) as {
      query: string;
      variables: { retailerId: string; offset: number; limit: number };
    };
    requests.push({ retailerId: variables.retailerId, offset: variables.offset, query });
    const reply = answer({ ...variables, auth: request.headers.authorization });
    if (reply.hang) return; // never answers: the adapter's timeout must end the wait
    response.writeHead(reply.status ?? 200, { "Content-Type": "application/json", ...reply.headers });
    response.end(reply.body ?? "");
  });
});
let endpoint = "";
beforeAll(async () => {
  endpoint = `${await listenOnLoopback(server)}/graphql`;
});
afterAll(() => closeLoopbackServer(server));

const item = (id: number, overrides: Record<string, unknown> = {}) => ({
  id: `p-${id}`,
  name: `Product ${id}`,
  brand: { name: "Sunny Farms" },
  category: "FLOWER",
  description: "Berry aroma.",
  image: `https://images.example.com/${id}.jpg`,
  strainType: "SATIVA",
  potencyThc: { range: [24.5], unit: "PERCENTAGE" },
  potencyCbd: null,
  variants: [{ option: "3.5g", priceMed: 35, specialPriceMed: 28.5, quantity: 4 }],
  ...overrides,
});
const menu = (products: unknown[]) => JSON.stringify({ data: { menu: { products } } });
const provider = (overrides: Partial<Parameters<typeof dutchiePlusProvider>[0]> = {}) =>
  dutchiePlusProvider({
    apiKey: "key-1",
    retailerIds: { Lindsey: "ret-lindsey" },
    endpoint,
    pageSize: 2,
    ...overrides,
  });

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("the Dutchie Plus menu adapter", () => {
  it("reads every page until a short one, with the key, and maps the documented fields", async () => {
    requests.length = 0;
    answer = ({ offset, auth }) =>
      auth === "Bearer key-1" ? { body: menu(offset === 0 ? [item(1), item(2)] : [item(3)]) } : { status: 401 };
    const products = await provider().fetchMenu("Lindsey");
    expect(requests.map((request) => [request.retailerId, request.offset])).toEqual([
      ["ret-lindsey", 0],
      ["ret-lindsey", 2],
    ]);
    expect(requests[0].query).toBe(MENU_QUERY);
    expect(products).toHaveLength(3);
    expect(products[0]).toEqual({
      externalId: "p-1",
      name: "Product 1",
      brand: "Sunny Farms",
      category: "flower",
      strainType: "sativa",
      thc: { value: 24.5, unit: "%" },
      cbd: null,
      description: "Berry aroma.",
      imageUrl: "https://images.example.com/1.jpg",
      options: [{ label: "3.5g", priceMedicalCents: 3500, priceSpecialCents: 2850 }],
      inStock: { Lindsey: true, BlueWater: false },
    });
  });

  it("leaves out what the catalog does not list, and reads stock, milligrams and strain types", async () => {
    answer = () => ({
      body: menu([
        item(1, { category: "APPAREL" }),
        item(2, { variants: [{ option: "1g", priceMed: null, specialPriceMed: null, quantity: 1 }] }),
        item(3, {
          category: "EDIBLES",
          strainType: "HIGH_CBD",
          potencyThc: { range: [100], unit: "MILLIGRAMS" },
          variants: [{ option: "10 pack", priceMed: 20, specialPriceMed: null, quantity: 0 }],
        }),
      ]),
    });
    const products = await provider({ pageSize: 10 }).fetchMenu("Lindsey");
    expect(products.map((product) => product.externalId)).toEqual(["p-3"]);
    expect(products[0]).toMatchObject({
      category: "edibles",
      strainType: "cbd",
      thc: { value: 100, unit: "mg" },
      inStock: { Lindsey: false, BlueWater: false },
    });
  });

  it("keeps a potency range whole, and reads an HTML description as text (a lone < stays)", async () => {
    answer = () => ({
      body: menu([
        item(1, {
          potencyThc: { range: [18.2, 22.5], unit: "PERCENTAGE" },
          potencyCbd: { range: [0.1, 0.1], unit: "PERCENTAGE" },
          description:
            "<p>Sweet &amp; earthy.</p><p>THC <1% and CBD >20%<br>Grown <b>indoors</b>.<script>x()</script></p>",
        }),
      ]),
    });
    const [product] = await provider({ pageSize: 10 }).fetchMenu("Lindsey");
    expect(product.thc).toEqual({ value: 18.2, unit: "%", max: 22.5 });
    expect(product.cbd).toEqual({ value: 0.1, unit: "%" });
    expect(product.description).toBe("Sweet & earthy.\n\nTHC <1% and CBD >20%\nGrown indoors.");
  });

  it("says the provider answered 401 when the key is refused", async () => {
    answer = () => ({ status: 401, body: '{"errors":[{"message":"Unauthorized"}]}' });
    const error = await failure(provider().fetchMenu("Lindsey"));
    expect(error.message).toBe("provider answered 401");
    expect(error.status).toBe(401);
  });

  it("passes on how long a 429 asks us to wait", async () => {
    answer = () => ({ status: 429, headers: { "Retry-After": "120" } });
    const error = await failure(provider().fetchMenu("Lindsey"));
    expect([error.status, error.retryAfterSeconds]).toEqual([429, 120]);
  });

  it("gives up on a provider that does not answer in time", async () => {
    answer = () => ({ hang: true });
    const error = await failure(provider({ timeoutMs: 200 }).fetchMenu("Lindsey"));
    expect(error.message).toBe("provider did not answer within 200 ms");
  });

  it("says the provider could not be reached when nothing listens, in words an owner reads", async () => {
    const closed = http.createServer();
    const nothingListens = await listenOnLoopback(closed);
    await closeLoopbackServer(closed);
    const error = await failure(provider({ endpoint: `${nothingListens}/graphql` }).fetchMenu("Lindsey"));
    expect([error.message, error.status]).toEqual(["provider could not be reached", null]);
  });

  it("refuses a body that is not JSON, a GraphQL error, and a product in a shape it does not know", async () => {
    answer = () => ({ body: '{"data": {"menu": ' });
    expect((await failure(provider().fetchMenu("Lindsey"))).message).toBe("provider sent an answer that is not JSON");
    answer = () => ({ body: JSON.stringify({ data: null, errors: [{ message: "Retailer not found" }] }) });
    expect((await failure(provider().fetchMenu("Lindsey"))).message).toBe(
      "provider refused the query: Retailer not found",
    );
    // A page cut short of its fields (a partial answer): the whole sync fails rather than retire products.
    answer = ({ offset }) => ({ body: menu(offset === 0 ? [item(1), item(2)] : [{ id: "p-3" }]) });
    expect((await failure(provider().fetchMenu("Lindsey"))).message).toBe(
      "provider sent a product in a shape we do not know",
    );
  });

  it("refuses a store without a retailer id, and a menu that never ends", async () => {
    expect((await failure(provider().fetchMenu("BlueWater"))).message).toBe(
      "no Dutchie retailer id is set for BlueWater",
    );
    answer = ({ offset }) => ({ body: menu([item(offset), item(offset + 1)]) });
    expect((await failure(provider({ maxPages: 3 }).fetchMenu("Lindsey"))).message).toBe(
      "the menu did not end within 3 pages of 2",
    );
  });
});
