// Admin → Menu: import a POS export (upload, match the columns and the file's own category words, see the
// difference, apply), find the new
// product, edit it by hand, then import the file again with a new price: the edit stays, the price changes.
// On a phone (390 px) with JavaScript and a desktop (1440 px) without. Each run imports under an export
// name of its own, so its products are apart from the demo catalog's and each other's; afterwards they are
// taken off the menu again by an empty import.
import type { Browser, Locator, Page } from "@playwright/test";
import { confirmAge, expect, expectClickable, signInAsAdmin, site, test, toast, waitForHydration } from "./fixtures";

const HEADER =
  "SKU,Product Name,Brand,Category,Strain,THC %,Size,Med Price,Sale Price,Qty,Location,Description,Staff Notes";

/**
 * The export: two products, their descriptions in "Staff Notes" (one sounds like a health claim), in the POS's
 * own category words ("Flower - Indica"), and a gift card, a category the menu has no guess for.
 */
function exportFile(run: string, prices = { kush: "$35.00" }) {
  const rows = [
    HEADER,
    `K-${run},Prairie Kush ${run},E2E Farms,Flower - Indica,Indica,22%,3.5g,${prices.kush},,8,Lindsey,From the POS.,Earthy pine aroma.`,
    `K-${run},Prairie Kush ${run},E2E Farms,Flower - Indica,Indica,22%,7g,$60.00,,3,Blue Water,,`,
    `D-${run},Calm Drops ${run},E2E Farms,Tinctures,,,30ml,$40.00,$32.00,2,both,From the POS.,Helps treat sleeplessness.`,
    `G-${run},Gift Card ${run},,Gift Cards,,,,$25.00,,9,both,,`,
  ];
  return { name: `inventory-${run}.csv`, mimeType: "text/csv", buffer: Buffer.from(rows.join("\r\n")) };
}

// A phone with JavaScript and a desktop without: each screen and each way once (every-page.spec.ts checks the
// import's pages at every width, both ways).
const SCREENS = [
  { width: 390, height: 844, javaScriptEnabled: true },
  { width: 1440, height: 900, javaScriptEnabled: false },
] as const;

async function browserAt(
  browser: Browser,
  screen: { width: number; height: number; javaScriptEnabled: boolean },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: site().url,
    viewport: { width: screen.width, height: screen.height },
    javaScriptEnabled: screen.javaScriptEnabled,
    reducedMotion: "reduce",
  });
  return context.newPage();
}

/** The mapping step's select of a catalog field (by its accessible name: a required one's "*" is not read). */
const column = (page: Page, field: string) => page.getByRole("combobox", { name: field, exact: true });

/** Clicks a control a person can see and tap (inside the window, on top where it is tapped). */
async function tap(control: Locator) {
  await expectClickable(control);
  await control.click();
}

/**
 * A visitor's way to the new product on /menu: by search, then by the brand and category filters (the
 * filters sit in a disclosure on a phone), then its page, and into the bag.
 */
async function findOnThePublicMenu(page: Page, name: string, href: string) {
  // A patient who has confirmed their age (the public pages' gate).
  await confirmAge(page);
  await page.goto("/menu");
  const search = page.getByLabel("Search the menu");
  await search.fill(name);
  await search.press("Enter");
  await expect(page).toHaveURL(/\/menu\?q=/);
  await expectClickable(page.locator(`a[href="${href}"]`).first());

  await page.goto("/menu");
  const brand = page.getByRole("combobox", { name: "Brand" });
  if (!(await brand.isVisible())) await tap(page.getByText("Filters and sort"));
  await brand.selectOption("e2e-farms");
  await page.getByRole("combobox", { name: "Category" }).selectOption("flower");
  await tap(page.getByRole("button", { name: "Show products" }));
  await expect(page).toHaveURL(/brand=e2e-farms/);
  const card = page.locator(`a[href="${href}"]`).first();
  await tap(card);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const add = page.getByRole("button", { name: `Add to bag: ${name}` });
  await expectClickable(add);
  await tap(add);
  await expect(page).toHaveURL(/\/bag$/);
  await expect(page.getByRole("list", { name: "Items" }).getByRole("link", { name })).toHaveAttribute("href", href);
}

/** Steps 1 and 2: uploads the file under `exportName`; answers once the mapping form shows. */
async function uploadExport(page: Page, exportName: string, file: ReturnType<typeof exportFile>, js: boolean) {
  await page.goto("/admin/menu/import");
  await waitForHydration(page, { javaScriptEnabled: js });
  await expect(page.getByRole("heading", { level: 1, name: "Import a POS export" })).toBeVisible();
  await page.getByLabel("Which export is it?").fill(exportName);
  await page.getByLabel("CSV file").setInputFiles(file);
  await tap(page.getByRole("button", { name: "Upload and match columns" }));
  // The server reads the whole file, stores it and reads its columns back before the next step shows: a
  // 7 MB export takes seconds on a busy machine (the fresh-clone run saw over 7), so the wait grows with it.
  const megabytes = Math.ceil(file.buffer.byteLength / (1024 * 1024));
  await expect(page.locator('[aria-current="step"]')).toContainText("Match the columns", {
    timeout: 7_000 + megabytes * 3_000,
  });
  await expect(page.getByText(file.name)).toBeVisible();
}

/** Takes this run's products off the menu again: an import of no rows under its export name, edits included. */
async function retireExport(page: Page, exportName: string) {
  const origin = site().url;
  const uploaded = await page.request.post("/admin/menu/import", {
    headers: { Origin: origin },
    multipart: {
      intent: "upload",
      source: exportName,
      file: { name: "empty.csv", mimeType: "text/csv", buffer: Buffer.from(HEADER) },
    },
    maxRedirects: 0,
  });
  const upload = new URL(uploaded.headers().location ?? "", origin).searchParams.get("upload");
  if (!upload) return;
  const mapping = {
    "mapping.name": "Product Name",
    "mapping.category": "Category",
    "mapping.priceMedical": "Med Price",
  };
  await page.request.post("/admin/menu/import", {
    headers: { Origin: origin },
    form: { intent: "apply", upload, retire_edited: "on", ...mapping, "mapping.externalId": "SKU" },
    maxRedirects: 0,
  });
}

for (const screen of SCREENS) {
  const js = screen.javaScriptEnabled;
  const label = `${screen.width} px, JavaScript ${js ? "on" : "off"}`;

  test(`imports a POS export, keeps a hand edit through the next import (${label})`, async ({ browser }) => {
    // Two imports and an edit, each a page load or more.
    test.slow();
    const run = `${screen.width}${js ? "js" : "nojs"}${Date.now() % 100000}`;
    const exportName = `E2E export ${run}`;
    const kush = `Prairie Kush ${run}`;
    const page = await browserAt(browser, screen);
    await signInAsAdmin(page);
    try {
      await page.goto("/admin/menu");
      await waitForHydration(page, { javaScriptEnabled: js });
      await expect(page.getByRole("heading", { level: 1, name: "Menu" })).toBeVisible();
      await tap(page.getByRole("link", { name: "Import a POS export" }));
      await expect(page).toHaveURL(/\/admin\/menu\/import$/);

      // Step 2: the columns guessed from their names; the owner's description is in "Staff Notes".
      await uploadExport(page, exportName, exportFile(run), js);
      await expect(page.getByText("Guessed from the column names")).toBeVisible();
      await expect(column(page, "Name")).toHaveValue("Product Name");
      await expect(column(page, "Medical price")).toHaveValue("Med Price");
      await expect(column(page, "THC")).toHaveValue("THC %");
      await expect(column(page, "Store")).toHaveValue("Location");
      await expect(column(page, "Description")).toHaveValue("Description");
      await column(page, "Description").selectOption("Staff Notes");
      await tap(page.getByRole("button", { name: "Show the changes" }));

      // Step 2, the categories: the POS's own words guessed, the one without a guess to choose (or skip).
      await expect(page.getByRole("heading", { name: "Match the categories" })).toBeVisible();
      await expect(page.locator('[aria-current="step"]')).toContainText("Match the columns");
      await expect(column(page, "Flower - Indica")).toHaveValue("flower");
      await expect(page.getByText("Guessed from its words: check it.")).toBeVisible();
      await expect(column(page, "Tinctures")).toHaveValue("tinctures");
      const giftCards = column(page, "Gift Cards");
      await expect(giftCards).toHaveValue("");
      // Unanswered, the form does not go on (the browser asks, with JavaScript or without).
      await tap(page.getByRole("button", { name: "Show the changes" }));
      await expect(page).toHaveURL(/step=categories/);
      expect(await giftCards.evaluate((select) => (select as HTMLSelectElement).validity.valueMissing)).toBe(true);
      await giftCards.selectOption("skip");
      await tap(page.getByRole("button", { name: "Show the changes" }));

      // Step 3: the difference, and the description that sounds like a health claim, to edit after the import.
      await expect(page.getByRole("heading", { name: "2 new, 0 changed, 0 no longer in the file" })).toBeVisible();
      await expect(page.getByText("1 row is left out: you chose to skip its category.")).toBeVisible();
      const added = page.getByRole("region", { name: /^New/ });
      await expect(added.getByRole("listitem")).toHaveText([kush, `Calm Drops ${run}`]);
      await expect(
        page.getByText("63 O.S. § 427.21: descriptions must not claim a health effect or promote overconsumption."),
      ).toBeVisible();
      await expect(page.getByText(`Row 4: Calm Drops ${run} — “treat sleeplessness”`)).toBeVisible();
      await expect(page.getByRole("link", { name: "Edit after import" })).toHaveAttribute(
        "href",
        `/admin/menu?q=Calm+Drops+${run}&filter=advertising`,
      );
      await tap(page.getByRole("button", { name: "Apply these changes" }));
      await expect(page).toHaveURL(/\/admin\/menu$/);
      await expect(toast(page, "Menu updated: 2 new, 0 changed, 0 no longer listed")).toBeVisible();

      // The new product in the list, and on the public menu.
      await page.goto(`/admin/menu?q=${encodeURIComponent(kush)}`);
      const row = page.locator(".menu-table tbody tr").filter({ hasText: kush });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("$35");
      await expect(row).toContainText("Lindsey Street: in stock");
      await expect(row).toContainText("Blue Water: in stock");
      const publicHref = await row.getByRole("link", { name: `${kush} on the menu` }).getAttribute("href");
      expect(publicHref).toMatch(/^\/menu\/flower\/prairie-kush-/);
      await findOnThePublicMenu(page, kush, publicHref!);
      await page.goto(`/admin/menu?q=${encodeURIComponent(kush)}`);

      // A hand edit.
      await tap(row.getByRole("link", { name: `Edit ${kush}` }));
      const dialog = page.getByRole("dialog", { name: "Edit product" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("Description")).toHaveValue("Earthy pine aroma.");
      await expect(dialog.getByText("The source's description:")).toBeVisible();
      await dialog.getByLabel("Description").fill("Grown in Oklahoma red dirt; a piney, earthy indica.");
      await tap(dialog.getByRole("button", { name: "Save" }));
      await expect(toast(page, "Product saved")).toBeVisible();
      await expect(row.getByText("Edited", { exact: true })).toBeVisible();

      // The same export again with a new price: the columns and categories as matched last time, the edit kept.
      await uploadExport(page, exportName, exportFile(run, { kush: "$30.00" }), js);
      await expect(page.getByText("Chosen as you matched this export last time")).toBeVisible();
      await expect(column(page, "Description")).toHaveValue("Staff Notes");
      await tap(page.getByRole("button", { name: "Show the changes" }));
      await expect(page.getByRole("heading", { name: "0 new, 1 changed, 0 no longer in the file" })).toBeVisible();
      await expect(page.getByRole("region", { name: /^Changed/ })).toContainText(`${kush} — prices`);
      await tap(page.getByRole("button", { name: "Apply these changes" }));
      await expect(toast(page, "Menu updated: 0 new, 1 changed, 0 no longer listed")).toBeVisible();
      await page.goto(`/admin/menu?q=${encodeURIComponent(kush)}`);
      await expect(row).toContainText("$30");
      await expect(row.getByText("Edited", { exact: true })).toBeVisible();
      await row.getByRole("link", { name: `Edit ${kush}` }).click();
      await expect(dialog.getByLabel("Description")).toHaveValue("Grown in Oklahoma red dirt; a piney, earthy indica.");
      // What a visitor reads: the owner's words and the new price.
      await page.goto(publicHref!);
      await expect(page.getByText("Grown in Oklahoma red dirt; a piney, earthy indica.")).toBeVisible();
      await expect(page.locator("main")).toContainText("$30");
      await expect(page.locator("main")).not.toContainText("Earthy pine aroma.");
    } finally {
      await retireExport(page, exportName);
      await page.context().close();
    }
  });
}

test("refuses a file that is not a CSV and a mapping without a required field, on the form (JavaScript off)", async ({
  browser,
}) => {
  const page = await browserAt(browser, { width: 390, height: 844, javaScriptEnabled: false });
  await signInAsAdmin(page);
  try {
    await page.goto("/admin/menu/import");
    await page.getByLabel("CSV file").setInputFiles({
      name: "inventory.xlsx.csv",
      mimeType: "text/csv",
      buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 0x41]),
    });
    await tap(page.getByRole("button", { name: "Upload and match columns" }));
    await expect(page.getByRole("alert")).toContainText("The file was not uploaded.");
    await expect(page.getByText("This file is a .zip file, not a CSV.", { exact: false })).toBeVisible();
    await expect(page.locator('[aria-current="step"]')).toContainText("Upload the file");

    const run = `refuse${Date.now() % 100000}`;
    await uploadExport(page, `E2E export ${run}`, exportFile(run), false);
    await column(page, "Medical price").selectOption("");
    await tap(page.getByRole("button", { name: "Show the changes" }));
    await expect(page.getByText("Choose the column that holds the medical price")).toBeVisible();
    await tap(page.getByRole("button", { name: "Cancel import" }));
    await expect(toast(page, "Import cancelled: nothing changed")).toBeVisible();
  } finally {
    await page.context().close();
  }
});

test("takes an export larger than other forms may send, up to 20 MB, and refuses a larger one", async ({ browser }) => {
  test.slow();
  const page = await browserAt(browser, { width: 1440, height: 900, javaScriptEnabled: true });
  await signInAsAdmin(page);
  try {
    // About 7 MB: over the 6 MB every other request is held to, within the import's 20 MB.
    const rows = [HEADER];
    for (let n = 0; rows.length < 140_000; n++) rows.push(`B-${n},Bulk ${n},E2E Farms,Flower,,,1g,$10,,1,both,,`);
    const big = { name: "big.csv", mimeType: "text/csv", buffer: Buffer.from(rows.join("\n")) };
    expect(big.buffer.byteLength).toBeGreaterThan(6 * 1024 * 1024);
    await uploadExport(page, `E2E bulk ${Date.now() % 100000}`, big, true);
    await tap(page.getByRole("button", { name: "Cancel import" }));
    await expect(toast(page, "Import cancelled: nothing changed")).toBeVisible();

    // Over 20 MB: the browser says so on the form before sending it…
    const huge = { name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(20 * 1024 * 1024 + 1, "a") };
    await page.getByLabel("CSV file").setInputFiles(huge);
    await tap(page.getByRole("button", { name: "Upload and match columns" }));
    await expect(page.getByText("The file is larger than 20 MB.", { exact: false })).toBeVisible();
    await expect(page.locator('[aria-current="step"]')).toContainText("Upload the file");
    // …and the server refuses it before reading it.
    const refused = await page.request.post("/admin/menu/import", {
      headers: { Origin: site().url },
      multipart: { intent: "upload", source: "E2E bulk", file: huge },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(413);
  } finally {
    await page.context().close();
  }
});
