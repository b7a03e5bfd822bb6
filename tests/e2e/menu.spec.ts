// The store's own menu (issue 26) as a patient and a crawler meet it, on a site of its own with a known catalog
// (tests/support/menu-catalog-data.ts) and a local mail server: from the header's Menu link, find a product by a
// filter and by search, open its page, add it to the bag, change the store, add two sizes of another, see a limit
// refuse the bag, order it for pickup and get the mail; staff mark it Ready on a phone and the patient gets that
// mail (issue 39); with JavaScript on and off, on a phone and a desktop. The crawler's first HTML holds the
// content, JSON-LD and canonical; the sitemap lists the pages; hidden is 404, long gone 410, a wrong category 301.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import { AGE_COOKIE_NAME } from "../../app/lib/age-gate";
import { type AppServer, startAppServer } from "../support/app-server";
import { type SmtpCapture, startSmtpCapture } from "../support/smtp-capture";
import { copyMigratedDatabase } from "../support/data-dir-templates";
import {
  CART,
  FILLERS,
  GUMMIES,
  HIDDEN,
  LISTED_COUNT,
  MENU_BRAND,
  OUT,
  RETIRED,
  STAR,
} from "../support/menu-catalog-data";
import { expect, signInWithPassword, test } from "./fixtures";

let menuSite: AppServer;
let dataDir: string;
let mailServer: SmtpCapture;
const STAFF = { email: "counter@example.com", password: "menu-e2e-counter-password" };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = path.resolve(`.tmp/e2e-menu-${process.pid}-${test.info().workerIndex}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  copyMigratedDatabase(dataDir);
  const fixture = spawnSync(
    process.execPath,
    [path.resolve("node_modules/tsx/dist/cli.mjs"), "tests/support/menu-catalog.ts"],
    {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", DATA_DIR: dataDir },
    },
  );
  if (fixture.status !== 0)
    throw new Error(`The menu's catalog could not be put in:\n${fixture.stdout}\n${fixture.stderr}`);
  mailServer = await startSmtpCapture();
  menuSite = await startAppServer({
    DATA_DIR: dataDir,
    SMTP_URL: mailServer.url,
    MAIL_TO: "orders@store.example.com",
    ADMIN_EMAIL: STAFF.email,
    ADMIN_PASSWORD: STAFF.password,
  });
});

test.afterAll(async () => {
  await menuSite?.stop();
  await mailServer?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function visitor(browser: Browser, width: number, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: menuSite.url,
    viewport: { width, height: width < 600 ? 844 : 900 },
    javaScriptEnabled,
    reducedMotion: "reduce",
  });
  await context.addCookies([{ name: AGE_COOKIE_NAME, value: String(Date.now()), url: menuSite.url }]);
  return context.newPage();
}

/** On screen, and the element a tap at its centre lands on. */
async function expectHitTestable(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeVisible();
  const hit = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return at !== null && (at === element || element.contains(at)) ? true : (at?.outerHTML.slice(0, 200) ?? "nothing");
  });
  expect(hit, "what a tap at its centre lands on").toBe(true);
}

const card = (page: Page, name: string) => page.getByRole("list", { name: "Products" }).getByRole("link", { name });
const count = (page: Page) => page.locator(".menu-results__count");
const listed = [STAR, GUMMIES, CART, ...FILLERS];

// A phone without JavaScript and a desktop with it: none of these pages hydrates, so the two other pairs would
// repeat the same requests (the menu's form, the bag's and the checkout's are plain HTML forms).
for (const [javaScriptEnabled, width] of [
  [false, 390],
  [true, 1440],
] as const) {
  test(`finds a product by a filter and by search, opens it, adds it to the bag and orders it for pickup (JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width} px)`, async ({
    browser,
  }) => {
    const page = await visitor(browser, width, javaScriptEnabled);
    // The way in is the header's Menu link: in the header on a desktop, behind "Open menu" on a phone.
    await page.goto("/");
    const mainNavigation = page.getByRole("navigation", { name: "Main" });
    if (!(await mainNavigation.isVisible())) await page.locator(".site-drawer__toggle").click();
    const menuLink = page
      .getByRole("navigation", { name: (await mainNavigation.isVisible()) ? "Main" : "Mobile" })
      .getByRole("link", { name: "Menu", exact: true });
    await expectHitTestable(menuLink);
    await menuLink.click();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(page.getByRole("heading", { level: 1, name: "Menu" })).toBeVisible();
    await expect(count(page)).toHaveText(`${LISTED_COUNT} products`);
    await expect(page.getByText(/for patients with a valid Oklahoma medical marijuana card/).first()).toBeVisible();

    // A phone folds the filters away; a desktop shows them beside the list.
    const filters = page.getByRole("search", { name: "Search and filter the menu" });
    const toggle = filters.getByText("Filters and sort");
    if (width < 960) {
      await expect(filters.getByLabel("Store")).toBeHidden();
      await toggle.click();
    } else {
      await expect(toggle).toBeHidden();
    }
    await filters.getByLabel("Store").selectOption({ label: "Lindsey Street" });
    await filters.getByLabel("On special only").check();
    await filters.getByRole("button", { name: "Show products" }).click();
    await expect(page).toHaveURL(/\/menu\?store=Lindsey&special=on$/);
    const atLindseyOnSpecial = listed.filter(
      (p) => p.inStock.Lindsey && p.options.some((option) => option.priceSpecialCents !== null),
    );
    await expect(count(page)).toHaveText(`${atLindseyOnSpecial.length} products`);
    await expect(card(page, GUMMIES.name)).toBeVisible();
    await expect(card(page, CART.name)).toHaveCount(0);
    // The form says what is chosen, and offers the way back.
    await expect(filters.getByLabel("Store")).toHaveValue("Lindsey");
    await expect(filters.getByLabel("On special only")).toBeChecked();
    await expect(filters.getByRole("link", { name: "Clear filters" })).toHaveAttribute("href", "/menu");

    // Search: name and brand, any case; the filters set before stay unless cleared.
    await page.goto("/menu");
    await filters.getByLabel("Search the menu").fill("midnight MANGO");
    await filters.getByLabel("Search the menu").press("Enter");
    await expect(page).toHaveURL(/\/menu\?q=midnight\+MANGO$/);
    await expect(count(page)).toHaveText(/^1 product matching/);
    const result = card(page, CART.name);
    await expectHitTestable(result);
    await result.click();

    await expect(page).toHaveURL(/\/menu\/vapes\/midnight-mango-cart$/);
    await expect(page.getByRole("heading", { level: 1, name: CART.name })).toBeVisible();
    await expect(page.getByRole("link", { name: "Timeless" })).toHaveAttribute("href", "/brands/timeless");
    await expect(page.getByText("In stock at Blue Water")).toBeVisible();
    await expect(page.getByText("Out of stock at Lindsey Street")).toBeVisible();
    await expect(page.getByRole("row", { name: /1g \$45/ })).toBeVisible();
    await expect(page.getByText(/^Prices as of \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
    const breadcrumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumbs.getByRole("link", { name: "Vapes" })).toHaveAttribute("href", "/menu/vapes");
    // Add to bag: one size, so only the quantity to choose.
    await expect(page.getByRole("radio")).toHaveCount(0);
    await page.getByLabel("Quantity").selectOption("2");
    const add = page.getByRole("button", { name: `Add to bag: ${CART.name}` });
    await expectHitTestable(add);
    await add.click();
    await expect(page).toHaveURL(/\/bag$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your bag" })).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText(`Added 2 × ${CART.name} (1g) to your bag.`);
    // Only Blue Water has it: the bag picked that store, and the line stands against the concentrate limit.
    await expect(page.getByRole("radio", { name: "Blue Water" })).toBeChecked();
    const line = page.getByRole("list", { name: "Items" }).getByRole("listitem");
    await expect(line).toHaveCount(1);
    await expect(line.getByRole("link", { name: CART.name })).toHaveAttribute(
      "href",
      "/menu/vapes/midnight-mango-cart",
    );
    await expect(page.getByText("Concentrate 0.07 of 1 oz")).toBeVisible();
    await expect(page.locator(".bag-summary__subtotal")).toHaveText("Subtotal $90");
    await expect(page.getByText(/Taxes are added at the counter/)).toBeVisible();

    // Choosing the store that lacks it says so, and offers the other one back.
    await page.getByRole("radio", { name: "Lindsey Street" }).check();
    await page.getByRole("button", { name: "Choose store" }).click();
    await expect(line.getByText("Not in stock at Lindsey Street.")).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("One item cannot be ordered as it is");
    const back = line.getByRole("button", { name: "In stock at Blue Water: pick up there instead" });
    await expectHitTestable(back);
    await back.click();
    await expect(page.getByRole("radio", { name: "Blue Water" })).toBeChecked();
    await expect(page.getByRole("alert")).toHaveCount(0);

    // One fewer, then to the checkout: what to fix is said beside each field, and the order is placed.
    await line.getByLabel("Quantity").selectOption("1");
    await line.getByRole("button", { name: `Update ${CART.name}` }).click();
    await expect(page.locator(".bag-summary__subtotal")).toHaveText("Subtotal $45");

    // Two sizes of a flower: too much of it, and the bag says which limit and by how much, and cannot go on.
    const addSize = async (size: string, quantity: number) => {
      await page.goto("/menu/flower/starlight-gelato");
      await page.getByRole("radio", { name: new RegExp(`^${size} ·`) }).check();
      await page.getByLabel("Quantity").selectOption(String(quantity));
      await page.getByRole("button", { name: `Add to bag: ${STAR.name}` }).click();
      await expect(page.getByTestId("toast")).toContainText(`Added ${quantity} × ${STAR.name} (${size}) to your bag.`);
    };
    await addSize("3.5g", 5);
    await addSize("7g", 10);
    await expect(line).toHaveCount(3);
    await expect(page.getByText("Flower 3.09 of 3 oz")).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("Flower is over Oklahoma's limit of 3 oz a sale by 0.09 oz.");
    await expect(page.getByRole("link", { name: "Check out" })).toHaveCount(0);
    // The flash message sits over the bag's lower buttons on a phone until it goes by itself: without
    // JavaScript (whose × needs it) by its CSS animation, here run to its end instead of waited out (8 s).
    if (!javaScriptEnabled) {
      await expect(page.getByTestId("toast")).toBeVisible();
      await page.evaluate(() => document.getAnimations().forEach((animation) => animation.finish()));
      await expect(page.getByTestId("toast")).toBeHidden();
    }
    const eighths = line.filter({ hasText: "3.5g" });
    await eighths.getByLabel("Quantity").selectOption("1");
    const update = eighths.getByRole("button", { name: `Update ${STAR.name}, 3.5g` });
    await expectHitTestable(update);
    await update.click();
    await expect(page.getByText("Flower 2.59 of 3 oz")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    // $45 + $35 + 10 × $55 (the 7 g's special price).
    await expect(page.locator(".bag-summary__subtotal")).toHaveText("Subtotal $630");

    // To the checkout: what to fix is said beside each field, and the order is placed.
    const checkout = page.getByRole("link", { name: "Check out" });
    await expectHitTestable(checkout);
    await checkout.click();
    await expect(page.getByRole("heading", { level: 1, name: "Check out" })).toBeVisible();
    await expect(page.getByText("Pick up at Blue Water.")).toBeVisible();
    const placeOrder = page.getByRole("button", { name: "Place order" });
    await expectHitTestable(placeOrder);
    await placeOrder.click();
    await expect(page.getByRole("alert")).toHaveText("Please correct the highlighted fields.");
    const name = page.getByLabel("Name");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Please enter your name.");
    await expectHitTestable(page.getByText("Please give a phone number or an e-mail address."));
    const patientEmail = `pat-${width}-${javaScriptEnabled ? "js" : "nojs"}@example.com`;
    await name.fill("Pat Patient");
    await page.getByLabel("Phone").fill("(405) 555-0142");
    await page.getByRole("main").getByLabel("E-mail").fill(patientEmail);
    const pickup = page.getByLabel("Pickup time");
    const firstWindow = await pickup.locator("option:not([disabled])").first().getAttribute("value");
    await pickup.selectOption(firstWindow!);
    await page.getByLabel("Note (optional)").fill("Curbside, please");
    await placeOrder.click();
    await expect(page).toHaveURL(/\/order\/[2-9A-HJKMNP-Z]{6}\?k=/);
    const heading = page.getByRole("heading", { level: 1, name: /^Order [2-9A-HJKMNP-Z]{6}$/ });
    await expect(heading).toBeVisible();
    const orderNumber = (await heading.textContent())!.slice("Order ".length);
    await expect(page.getByRole("status").filter({ hasText: "Received" })).toBeVisible();
    const ordered = page.getByRole("list", { name: "Items" }).getByRole("listitem");
    await expect(ordered).toHaveText([
      `1 × ${CART.name} (1g)$45`,
      `1 × ${STAR.name} (3.5g)$35`,
      `10 × ${STAR.name} (7g)$550`,
    ]);
    await expect(page.getByText(/OMMA patient card and a photo ID/)).toBeVisible();
    // The confirmation is sent at once (not at the mail worker's next round, 20 s on).
    await mailServer.waitFor(patientEmail, `Subject: Your order ${orderNumber} for pickup at Blue Water`, {
      timeoutMs: 5_000,
    });

    // Staff at the counter, on a phone: the order is on Admin → Orders, and Ready mails the patient.
    const staff = await visitor(browser, 390, javaScriptEnabled);
    await signInWithPassword(staff, menuSite.url, STAFF);
    await expect(staff).toHaveURL(/\/admin$/);
    await staff.goto("/admin/orders?store=BlueWater");
    const ready = staff.getByRole("button", { name: `Mark ready order ${orderNumber}` });
    await expectHitTestable(ready);
    await ready.click();
    await expect(staff.getByTestId("toast")).toContainText(`Order ${orderNumber}: Ready`);
    await mailServer.waitFor(patientEmail, `Subject: Your order ${orderNumber} is ready at Blue Water`, {
      timeoutMs: 5_000,
    });
    await staff.context().close();

    // The bag emptied with the order; one added again is taken out with Remove.
    await page.goto("/bag");
    await expect(page.getByText("Your bag is empty.")).toBeVisible();
    await expectHitTestable(page.getByRole("link", { name: "Browse the menu" }));
    await page.goto("/menu/vapes/midnight-mango-cart");
    await page.getByRole("button", { name: `Add to bag: ${CART.name}` }).click();
    const remove = page.getByRole("button", { name: `Remove ${CART.name}, 1g` });
    await expectHitTestable(remove);
    await remove.click();
    await expect(page.getByText("Your bag is empty.")).toBeVisible();
    await page.context().close();
  });
}

test("a card of a product with one size adds it to the bag in one tap; one with several sizes leads to its page @phone", async ({
  browser,
}) => {
  const page = await visitor(browser, 390, false);
  const grid = page.getByRole("list", { name: "Products" });
  await page.goto("/menu?q=Starlight");
  await expect(card(page, STAR.name)).toBeVisible();
  await expect(grid.getByRole("button", { name: /^Add to bag/ })).toHaveCount(0);
  // The card's link still takes the rest of the card: a tap on it opens the product.
  await card(page, STAR.name).click();
  await expect(page.getByRole("heading", { level: 1, name: STAR.name })).toBeVisible();

  await page.goto("/menu?q=Tart+Cherry");
  const oneSize = grid.getByRole("button", { name: `Add to bag: ${GUMMIES.name}` });
  await expectHitTestable(oneSize);
  await oneSize.click();
  await expect(page).toHaveURL(/\/bag$/);
  await expect(page.getByRole("list", { name: "Items" }).getByRole("link", { name: GUMMIES.name })).toBeVisible();
  await page.context().close();
});

test("a product page: photo with its size, options with special and regular prices, description as text @phone", async ({
  browser,
}) => {
  const page = await visitor(browser, 390, true);
  await page.goto("/menu/flower/starlight-gelato");
  const photo = page.locator(".product__photo img");
  await expect(photo).toHaveAttribute("width", "560");
  await expect(photo).toHaveAttribute("height", "560");
  await expect(photo).toHaveAttribute("alt", STAR.name);
  // The photo's box is square and fits the phone.
  const box = (await page.locator(".product__photo").boundingBox())!;
  expect(Math.abs(box.width - box.height)).toBeLessThan(2);
  expect(box.width).toBeLessThanOrEqual(390);
  await expect(page.getByRole("row", { name: "3.5g $35" })).toBeVisible();
  const special = page.getByRole("row", { name: /^7g \$55 Regular price \$60 Special$/ });
  await expect(special).toBeVisible();
  await expect(special.locator("s")).toHaveCSS("text-decoration-line", "line-through");
  await expect(page.getByText("THC", { exact: true }).locator("..")).toContainText("24.5%");
  await expect(page.getByText("In stock at Lindsey Street")).toBeVisible();
  await expect(page.getByText("In stock at Blue Water")).toBeVisible();
  await expect(page.locator(".product-about p")).toHaveText([
    "Sweet, creamy aroma with a hint of citrus.",
    "Grown indoors in small batches and hand-trimmed.",
  ]);
  await page.context().close();
});

test("an out-of-stock product keeps its page and says so; its JSON-LD says OutOfStock", async ({
  request,
  browser,
}) => {
  const page = await visitor(browser, 1440, false);
  await page.goto("/menu/flower/violet-haze");
  await expect(page.getByRole("heading", { level: 1, name: OUT.name })).toBeVisible();
  await expect(page.getByText("Out of stock at both stores")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Add to bag/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "See flower in stock" })).toHaveAttribute("href", "/menu/flower");
  await page.context().close();

  const response = await request.get(`${menuSite.url}/menu/flower/violet-haze`);
  expect(response.status()).toBe(200);
  const product = jsonLd(await response.text()).find((entry) => entry["@type"] === "Product");
  expect(product.offers).toMatchObject({ "@type": "Offer", availability: "https://schema.org/OutOfStock" });
});

/** Every JSON-LD block of a page's HTML. */
function jsonLd(html: string): any[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

test("the crawler's view: the first HTML has the content, JSON-LD and canonical; the sitemap lists the pages", async ({
  request,
}) => {
  const menu = await request.get(`${menuSite.url}/menu`);
  expect(menu.status()).toBe(200);
  const menuHtml = await menu.text();
  expect(menuHtml).toContain(`<link rel="canonical" href="${menuSite.url}/menu"/>`);
  expect(menuHtml).toContain(`${LISTED_COUNT} products`);
  expect(menuHtml.match(/class="product-card__link"/g)).toHaveLength(24);
  const flower = await (await request.get(`${menuSite.url}/menu/flower`)).text();
  expect(flower).toContain(`<link rel="canonical" href="${menuSite.url}/menu/flower"/>`);
  expect(flower).toContain(`href="/menu/flower/starlight-gelato"`);
  expect(menuHtml).not.toContain('<script type="module"');

  const page = await request.get(`${menuSite.url}/menu/flower/starlight-gelato`);
  expect(page.status()).toBe(200);
  expect(page.headers()["cache-control"]).toMatch(/^public/);
  const html = await page.text();
  const url = `${menuSite.url}/menu/flower/starlight-gelato`;
  expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
  expect(html).toMatch(/<h1 id="product-title">Starlight Gelato<\/h1>/);
  expect(html).toMatch(/<meta name="description" content="Sweet, creamy aroma with a hint of citrus\. Grown indoors/);
  const [product, breadcrumbs] = jsonLd(html);
  expect(product).toMatchObject({
    "@type": "Product",
    name: STAR.name,
    image: [`${menuSite.url}/images/shop/product-wall.svg`],
    brand: { "@type": "Brand", name: "Sunday Extracts" },
    category: "Flower",
    sku: STAR.externalId,
    offers: {
      "@type": "AggregateOffer",
      lowPrice: "35.00",
      highPrice: "55.00",
      offerCount: 2,
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
    },
  });
  expect(breadcrumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual(["Menu", "Flower", STAR.name]);

  const sitemap = await (await request.get(`${menuSite.url}/sitemap-menu.xml`)).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(menuSite.url, ""));
  expect(locs).toEqual(
    expect.arrayContaining([
      "/menu",
      "/menu/flower",
      "/menu/flower/starlight-gelato",
      "/menu/flower/violet-haze",
      "/brands/sunday-extracts",
    ]),
  );
  expect(locs).not.toContain("/menu/flower/hidden-hollow-kush");
  expect(locs).not.toContain("/menu/flower/yesteryear-og");
  const index = await (await request.get(`${menuSite.url}/sitemap.xml`)).text();
  expect(index).toContain(`<loc>${menuSite.url}/sitemap-menu.xml</loc>`);
});

test("a hidden product is a 404, one gone for 40 days a 410 with the way back, and a wrong category a 301", async ({
  request,
  browser,
}) => {
  expect((await request.get(`${menuSite.url}/menu/flower/hidden-hollow-kush`)).status()).toBe(404);
  expect(HIDDEN.name).toBe("Hidden Hollow Kush");
  expect((await request.get(`${menuSite.url}/menu/wax`)).status()).toBe(404);
  const moved = await request.get(`${menuSite.url}/menu/edibles/starlight-gelato`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/menu/flower/starlight-gelato");

  const page = await visitor(browser, 390, false);
  const gone = await page.goto("/menu/flower/yesteryear-og");
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1, name: `${RETIRED.name} is no longer carried` })).toBeVisible();
  await expect(page.getByRole("link", { name: "See all flower" })).toHaveAttribute("href", "/menu/flower");
  await expect(page.getByRole("link", { name: "Browse the menu" })).toHaveAttribute("href", "/menu");
  await page.context().close();
});

test("pages keep the filters, a category has its own page, and an empty result offers to clear @phone", async ({
  browser,
}) => {
  const page = await visitor(browser, 390, false);
  await page.goto("/menu?sort=price");
  const pages = page.getByRole("navigation", { name: "Pagination" });
  await pages.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/menu\?sort=price&page=2$/);
  await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  await page.getByRole("navigation", { name: "Menu categories" }).getByRole("link", { name: "Edibles" }).click();
  await expect(page).toHaveURL(/\/menu\/edibles$/);
  await expect(page.getByRole("heading", { level: 1, name: "Edibles" })).toBeVisible();
  await expect(page).toHaveTitle(/^Edibles Menu \|/);
  await expect(card(page, GUMMIES.name)).toBeVisible();
  await expect(card(page, STAR.name)).toHaveCount(0);

  await page.goto("/menu?q=nothing+sells+this");
  await expect(page.getByRole("heading", { name: "No products match" })).toBeVisible();
  await page.locator(".menu-empty").getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(count(page)).toHaveText(`${LISTED_COUNT} products`);
  await page.context().close();
});

test("a brand's page shows its logo, its site and its products; /brands links to it", async ({ browser }) => {
  const page = await visitor(browser, 1440, false);
  await page.goto("/brands");
  await page.getByRole("link", { name: /^Shop \d+ products from Sunday Extracts$/ }).click();
  await expect(page).toHaveURL(/\/brands\/sunday-extracts$/);
  await expect(page.getByRole("heading", { level: 1, name: MENU_BRAND.name })).toBeVisible();
  await expect(page.getByRole("img", { name: "Sunday Extracts logo" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Visit Sunday Extracts's website/ })).toHaveAttribute(
    "href",
    MENU_BRAND.siteUrl,
  );
  await expect(
    page.getByRole("list", { name: "Sunday Extracts products" }).getByRole("link", { name: STAR.name }),
  ).toBeVisible();
  await page.context().close();
});

test("/deals lists products on special now and links to them on the menu", async ({ browser }) => {
  const page = await visitor(browser, 1440, true);
  await page.goto("/deals");
  const section = page.getByRole("region", { name: "On special now" });
  const onSpecial = listed.filter((p) => p.options.some((option) => option.priceSpecialCents !== null));
  const cards = section.getByRole("list", { name: "Products on special" }).getByRole("listitem");
  await expect(cards).toHaveCount(4);
  for (const special of await cards.getByRole("link").all()) {
    expect(onSpecial.map((p) => p.name)).toContain(await special.textContent());
  }
  await expect(cards.first().locator(".special-badge")).toHaveText("Special");
  // "Special" stands beside a price on special only: each card's badge beside a struck regular price.
  for (const special of await cards.all()) {
    await expect(special.locator(".product-card__price--special s")).toHaveCount(1);
    await expect(special.locator(".product-card__price:not(.product-card__price--special) .special-badge")).toHaveCount(
      0,
    );
  }
  const all = section.getByRole("link", { name: `See all ${onSpecial.length} on special` });
  await expect(all).toHaveAttribute("href", "/menu?special=on");
  // With JavaScript the menu opens in the app, and a filter applies as soon as it is chosen.
  await all.click();
  await expect(page).toHaveURL(/\/menu\?special=on$/);
  await expect(card(page, GUMMIES.name)).toBeVisible();
  // A product whose cheapest size is at its regular price: "From $35", then the size on special with its own prices.
  const star = page
    .getByRole("list", { name: "Products" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: STAR.name }) });
  await expect(star.locator(".product-card__price")).toHaveText(["From $35", "7g $55 was $60 Special"]);
  await expect(star.locator(".product-card__was")).toHaveCSS("text-decoration-line", "line-through");
  await page
    .getByRole("search", { name: "Search and filter the menu" })
    .getByLabel("Store")
    .selectOption({ label: "Blue Water" });
  await expect(page).toHaveURL(/\/menu\?store=BlueWater&special=on$/);
  await expect(card(page, GUMMIES.name)).toHaveCount(0);
  await page.context().close();
});
