// Ordering for pickup through the real request handler (issue 39): a bag made with Add to bag, then checked
// out the way each store takes orders — kept by the store (the form, its errors, the order stored, the bag
// emptied, the confirmation mail queued, the order's page only through its signed link) or handed to the
// provider (sent on to its checkout page; on its failure the patient keeps the bag and reads why).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyCatalog } from "~/models/catalog.server";
import { writeSetting } from "~/models/site-settings-rows.server";
import {
  type DutchiePlusStandIn,
  menuProduct,
  startDutchiePlusStandIn,
  variant,
} from "../support/dutchie-plus-stand-in";
import { cookieJarClient } from "../support/cookie-jar-client";
import { sourceProduct } from "../support/menu-catalog-data";

const CHECKOUT_PAGE = "https://checkout.provider.example/c/123";
let provider: DutchiePlusStandIn;

type App = Awaited<ReturnType<typeof import("../support/http-harness").startInProcessApp>>;
let app: App;

beforeAll(async () => {
  provider = await startDutchiePlusStandIn({
    apiKey: "plus-key",
    retailerId: "r-bluewater",
    checkoutPage: CHECKOUT_PAGE,
  });
  provider.products.set("dutchie-cart-1", menuProduct("dutchie-cart-1", "Gelato Cart", [variant("1g", 5, 45)]));
  process.env.MENU_PROVIDER_ENDPOINT = provider.endpoint;
  const { startInProcessApp } = await import("../support/http-harness");
  app = await startInProcessApp();
  await applyCatalog("csv:pos", [
    sourceProduct({
      externalId: "F-1",
      name: "Blue Dream",
      options: [{ label: "3.5g", priceMedicalCents: 3500, priceSpecialCents: null }],
    }),
  ]);
  await applyCatalog("provider", [
    sourceProduct({
      externalId: "dutchie-cart-1",
      name: "Gelato Cart",
      category: "vapes",
      options: [{ label: "1g", priceMedicalCents: 4500, priceSpecialCents: null }],
      inStock: { Lindsey: false, BlueWater: true },
    }),
  ]);
  await writeSetting("ordering", {
    modes: { Lindsey: "store", BlueWater: "provider" },
    leadMinutes: 0,
    retentionDays: 90,
  });
  await writeSetting("menuSync", {
    provider: "dutchie-plus",
    apiKey: "plus-key",
    retailerIds: { Lindsey: "r-lindsey", BlueWater: "r-bluewater" },
    intervalMinutes: 15,
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await provider?.close();
  delete process.env.MENU_PROVIDER_ENDPOINT;
});

/** A browser of one patient: keeps the bag cookie (and the flash toast's) between requests. */
const patient = () => cookieJarClient(app.url);

const slugOf = async (externalId: string) =>
  (
    await app.database.db
      .selectFrom("catalog_products")
      .select("slug")
      .where("external_id", "=", externalId)
      .executeTakeFirstOrThrow()
  ).slug;

describe("kept by the store", () => {
  it("takes the order from the bag: errors kept on the form, then stored, the bag emptied, the mail queued", async () => {
    const browse = patient();
    const added = await browse("/bag", { intent: "add", slug: await slugOf("F-1"), option: "3.5g", quantity: "2" });
    expect(added.response.status).toBe(302);
    expect(added.response.headers.get("location")).toBe("/bag");
    const bag = await browse("/bag");
    expect(bag.html).toContain("Blue Dream");
    expect(bag.html).toContain('href="/bag/checkout"');
    expect(bag.response.headers.get("cache-control")).toBe("private, no-cache");

    const form = await browse("/bag/checkout");
    expect(form.response.status).toBe(200);
    const window = /<option value="(\d{13})"/.exec(form.html)?.[1];
    expect(window).toBeDefined();

    const refused = await browse("/bag/checkout", { name: "", phone: "12", email: "", window: "", note: "" });
    expect(refused.response.status).toBe(400);
    expect(refused.html).toContain("Please enter your name.");
    expect(refused.html).toContain("Please enter a US phone number");
    expect(refused.html).toContain("Please choose when you will pick up.");

    const placed = await browse("/bag/checkout", {
      name: "Pat Patient",
      phone: "",
      email: "pat@example.com",
      window: window!,
      note: "Curbside, please",
    });
    expect(placed.response.status).toBe(303);
    const orderPage = placed.response.headers.get("location")!;
    expect(orderPage).toMatch(/^\/order\/[2-9A-HJKMNP-Z]{6}\?k=[\w-]{32}$/);

    const shown = await browse(orderPage);
    expect(shown.response.status).toBe(200);
    expect(shown.html).toContain("2 × Blue Dream (3.5g)");
    expect(shown.html).toContain("Lindsey Street");
    // The number alone, or with another order's signature, opens nothing.
    expect((await browse(orderPage.split("?")[0])).response.status).toBe(404);
    expect((await browse(`${orderPage.slice(0, -1)}${orderPage.endsWith("A") ? "B" : "A"}`)).response.status).toBe(404);

    expect((await browse("/bag")).html).toContain("Your bag is empty.");
    const mail = await app.database.db
      .selectFrom("notification_mail")
      .selectAll()
      .where("order_id", "is not", null)
      .execute();
    expect(mail.map((row) => row.recipients)).toEqual([["pat@example.com"]]);
  });

  it("sends a checkout without a bag back to the bag", async () => {
    const browse = patient();
    expect((await browse("/bag/checkout")).response.headers.get("location")).toBe("/bag");
  });
});

describe("handed to the provider", () => {
  it("re-checks the lines there, creates the checkout and sends the patient to it; a refusal keeps the bag", async () => {
    const browse = patient();
    await browse("/bag", { intent: "add", slug: await slugOf("dutchie-cart-1"), option: "1g", quantity: "1" });
    const bag = await browse("/bag");
    expect(bag.html).toContain("Continue to checkout");

    provider.calls.length = 0;
    const handed = await browse("/bag/checkout", { intent: "provider" });
    expect(handed.response.status).toBe(303);
    // A form's redirect to another site is blocked by form-action 'self': our step page sends the browser on.
    expect(handed.response.headers.get("location")).toBe("/bag/provider-checkout");
    const step = await browse("/bag/provider-checkout");
    expect(step.response.status).toBe(200);
    expect(step.response.headers.get("referrer-policy")).toBe("same-origin");
    expect(step.html).toContain(`<meta http-equiv="refresh" content="0; url=${CHECKOUT_PAGE}"/>`);
    expect(step.html).toContain(`href="${CHECKOUT_PAGE}"`);
    // The address comes only from the signed cookie the hand-off set: none, or a forged one, is the bag.
    for (const cookie of ["", `bag-provider-checkout=${btoa(JSON.stringify("https://evil.example/"))}`]) {
      const elsewhere = await fetch(`${app.url}/bag/provider-checkout`, {
        redirect: "manual",
        headers: { Cookie: `ageVerified=${Date.now()}; ${cookie}` },
      });
      expect(elsewhere.headers.get("location")).toBe("/bag");
    }
    expect(provider.calls.map((call) => call.operation)).toEqual([
      "ProductQuery",
      "CreateCheckout",
      "AddItemToCheckout",
    ]);

    provider.failure = () => ({ status: 401 });
    const refused = await browse("/bag/checkout", { intent: "provider" });
    expect(refused.response.headers.get("location")).toBe("/bag");
    const after = await browse("/bag");
    expect(after.html).toContain("Gelato Cart");
    expect(after.html).toMatch(/did not accept our request \(it answered 401\)/);
    expect(after.html).toContain("order on our online menu");
    provider.failure = () => undefined;
  });
});
