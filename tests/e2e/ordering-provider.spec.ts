// A store that hands its orders to the menu provider (issue 39): the patient fills a bag on our pages, and
// "Continue to checkout" creates the provider's pickup checkout (medical pricing) for that store's retailer,
// adds each line with its size, and lands the browser on the checkout's redirectUrl with those lines. The
// provider is a local stand-in (tests/support/dutchie-plus-stand-in.ts) that serves its checkout page over
// HTTPS on loopback; when it refuses, the patient reads why, keeps the bag and has the provider's menu link.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { AGE_COOKIE_NAME } from "../../app/lib/age-gate";
import { type AppServer, startAppServer } from "../support/app-server";
import { copyMigratedDatabase } from "../support/data-dir-templates";
import {
  type DutchiePlusStandIn,
  menuProduct,
  startDutchiePlusStandIn,
  variant,
} from "../support/dutchie-plus-stand-in";
import { PROVIDER_PRODUCT, PROVIDER_SETTINGS } from "../support/provider-ordering-data";
import { expect, expectClickable, test } from "./fixtures";

let site: AppServer;
let dataDir: string;
let provider: DutchiePlusStandIn;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  provider = await startDutchiePlusStandIn(PROVIDER_SETTINGS);
  provider.products.set(
    PROVIDER_PRODUCT.externalId,
    menuProduct(PROVIDER_PRODUCT.externalId, PROVIDER_PRODUCT.name, [variant("0.5g", 6, 25), variant("1g", 4, 45)]),
  );
  dataDir = path.resolve(`.tmp/e2e-provider-${process.pid}-${test.info().workerIndex}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  copyMigratedDatabase(dataDir);
  const fixture = spawnSync(
    process.execPath,
    [path.resolve("node_modules/tsx/dist/cli.mjs"), "tests/support/provider-ordering.ts"],
    {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", DATA_DIR: dataDir },
    },
  );
  if (fixture.status !== 0) throw new Error(`The store could not be set up:\n${fixture.stdout}\n${fixture.stderr}`);
  site = await startAppServer({ DATA_DIR: dataDir, MENU_PROVIDER_ENDPOINT: provider.endpoint });
});

test.afterAll(async () => {
  await site?.stop();
  await provider?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function patient(browser: Browser, width: number, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    baseURL: site.url,
    viewport: { width, height: width < 600 ? 844 : 900 },
    javaScriptEnabled,
    // The stand-in's checkout page has a self-signed certificate for 127.0.0.1.
    ignoreHTTPSErrors: true,
  });
  await context.addCookies([{ name: AGE_COOKIE_NAME, value: String(Date.now()), url: site.url }]);
  return context.newPage();
}

for (const [javaScriptEnabled, width] of [
  [false, 390],
  [true, 1440],
] as const) {
  test(`checkout lands on the provider's checkout page with the bag's lines; a refusal keeps the bag (JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width} px)`, async ({
    browser,
  }) => {
    const page = await patient(browser, width, javaScriptEnabled);
    for (const [size, quantity] of [
      ["1g", 2],
      ["0.5g", 1],
    ] as const) {
      await page.goto("/menu/vapes/gelato-cart");
      await page.getByRole("radio", { name: new RegExp(`^${size} ·`) }).check();
      await page.getByLabel("Quantity").selectOption(String(quantity));
      await page.getByRole("button", { name: `Add to bag: ${PROVIDER_PRODUCT.name}` }).click();
      await expect(page).toHaveURL(/\/bag$/);
    }
    await expect(page.getByRole("radio", { name: "Blue Water" })).toBeChecked();
    await expect(page.getByRole("list", { name: "Items" }).getByRole("listitem")).toHaveCount(2);

    // The provider refuses: the patient reads why, keeps the bag, and has the provider's own menu.
    provider.failure = (call) => (call.operation === "CreateCheckout" ? { status: 429 } : undefined);
    const handOff = page.getByRole("button", { name: "Continue to checkout" });
    await expectClickable(handOff);
    await handOff.click();
    await expect(page).toHaveURL(/\/bag$/);
    await expect(page.getByTestId("toast")).toContainText(/busy/i);
    await expect(page.getByRole("list", { name: "Items" }).getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("link", { name: "order on our online menu" })).toBeVisible();

    // Accepted: the browser lands on the checkout's redirectUrl, holding the bag's lines with their sizes.
    provider.failure = () => undefined;
    provider.calls.length = 0;
    await expectClickable(handOff);
    await handOff.click();
    await expect(page).toHaveURL(provider.checkoutPage);
    await expect(page.getByRole("heading", { name: "Stand-in checkout" })).toBeVisible();
    await expect(page.getByRole("listitem")).toHaveText(["2 × Gelato Cart (1g)", "1 × Gelato Cart (0.5g)"]);
    const variables = (operation: string) =>
      provider.calls.filter((call) => call.operation === operation).map((call) => call.variables);
    expect(variables("CreateCheckout")).toEqual([
      { retailerId: PROVIDER_SETTINGS.retailerId, orderType: "PICKUP", pricingType: "MEDICAL" },
    ]);
    expect(variables("AddItemToCheckout")).toEqual([
      expect.objectContaining({ productId: PROVIDER_PRODUCT.externalId, quantity: 2, option: "1g" }),
      expect.objectContaining({ productId: PROVIDER_PRODUCT.externalId, quantity: 1, option: "0.5g" }),
    ]);
    await page.context().close();
  });
}
