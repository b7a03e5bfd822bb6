// Admin → Activity Log, with JavaScript on and off: an admin's change shows in the log at once, with who did
// it, what and which fields; the filters by person and by kind keep it or leave it out; the CSV export has
// it. Each journey adds a hidden Blue Water review of its own and deletes it again, so the demo reviews other
// specs count stay as they were. Another admin's entry (an export) gives the person filter someone to leave out.
import fs from "node:fs";
import type { Browser, Locator, Page, Route } from "@playwright/test";
import { E2E_ADMIN, E2E_NOJS_RESET_ADMIN } from "../support/e2e-accounts";
import { expect, expectNoSeriousA11yViolations, signInAsAdmin, signInWithPassword, test, toast } from "./fixtures";

const OTHER = E2E_NOJS_RESET_ADMIN;

const entries = (page: Page) => page.locator(".admin-activity__table tbody tr");
const entry = (page: Page, text: string) => entries(page).filter({ hasText: text });

/** A hidden review (kept off the website) by an author of this run, through the review dialog. */
async function createHiddenReview(page: Page, author: string, javaScript: boolean) {
  await page.goto("/admin/reviews?store=BlueWater&dialog=new");
  const dialog = page.getByRole("dialog", { name: "Add Review" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Author").fill(author);
  await dialog.getByLabel("Source").selectOption("Google");
  await dialog.getByRole("radio", { name: "5 stars" }).check();
  await dialog.getByLabel("Quote").fill("Kind staff, and the line moved fast.");
  await dialog.getByLabel(/^Hidden/).check();
  await dialog.getByRole("button", { name: "Create Review" }).click();
  if (javaScript) await expect(toast(page, "Review created successfully")).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

async function deleteReview(page: Page, author: string, javaScript: boolean) {
  await page.goto("/admin/reviews?store=BlueWater");
  const card = page
    .locator(".admin-review-list > li")
    .filter({ has: page.getByRole("heading", { level: 2, name: author, exact: true }) });
  if (javaScript) page.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: `Delete the review by ${author}` }).click();
  if (!javaScript)
    await page.getByRole("dialog", { name: "Delete review" }).getByRole("button", { name: "Delete" }).click();
  await expect(card).toHaveCount(0);
}

/** Another admin signs in elsewhere and exports the applications: an entry that is not the main admin's. */
async function otherAdminExports(browser: Browser) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInWithPassword(page, "", OTHER);
    await expect(page).toHaveURL(/\/admin$/);
    const response = await context.request.get("/admin/applications/export.csv");
    expect(response.status()).toBe(200);
  } finally {
    await context.close();
  }
}

/**
 * Chooses a filter: with JavaScript it applies on change, without it 'Apply' sends the form. Waits for the
 * address to hold the choice, and answers its value.
 */
async function choose(page: Page, label: "Person" | "Kind", option: string, javaScript: boolean): Promise<string> {
  const [value] = await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  if (!javaScript) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get(label.toLowerCase()) === value);
  return value;
}

async function expectInView(row: Locator) {
  await expect(row).toBeVisible();
  await expect(row).toBeInViewport();
}

async function downloadCsv(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
  return fs.readFileSync(await download.path(), "utf8");
}

async function journey(page: Page, browser: Browser, javaScript: boolean) {
  const author = `Log Check ${javaScript ? "JS" : "NoJS"} ${Date.now().toString(36)}`;
  const subject = `${author} · Blue Water`;
  await signInAsAdmin(page);
  await createHiddenReview(page, author, javaScript);
  try {
    await otherAdminExports(browser);

    await page.goto("/admin/activity");
    await expect(page.getByRole("heading", { level: 1, name: "Activity Log" })).toBeVisible();
    await expect(page.getByText("Who changed what, and when.")).toBeVisible();
    const created = entry(page, subject);
    await expectInView(created);
    await expect(created.getByRole("rowheader")).toHaveText("Review created");
    await expect(created).toContainText(E2E_ADMIN.email);
    await expect(created).toContainText(`author: ${author}`);
    await expect(created.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    const exported = entry(page, "Applications exported").filter({ hasText: OTHER.email }).first();
    await expect(exported).toBeVisible();
    // The server sends the rows themselves, never skeletons.
    await expect(page.getByTestId("activity-skeleton")).toHaveCount(0);
    if (javaScript) await expectNoSeriousA11yViolations(page);

    // By person: the admin's own entry stays, the other admin's goes; then the other way round.
    const adminId = await choose(page, "Person", E2E_ADMIN.email, javaScript);
    expect(adminId).toMatch(/^[0-9a-f-]{36}$/);
    await expectInView(entry(page, subject));
    await expect(entries(page).filter({ hasText: OTHER.email })).toHaveCount(0);
    await choose(page, "Person", OTHER.email, javaScript);
    await expect(entry(page, subject)).toHaveCount(0);
    await expect(entry(page, "Applications exported").first()).toBeVisible();

    // By kind, with the admin chosen again: Reviews keeps it, Exports does not.
    await choose(page, "Person", E2E_ADMIN.email, javaScript);
    await choose(page, "Kind", "All: Reviews", javaScript);
    await expect(page).toHaveURL(new RegExp(`\\?person=${adminId}&kind=reviews$`));
    await expectInView(entry(page, subject));
    await expect(page.getByLabel("Person", { exact: true })).toHaveValue(adminId);
    await expect(page.getByLabel("Kind", { exact: true })).toHaveValue("reviews");

    // The export follows the filters: the review is in the file, the other admin's export is not.
    const csv = await downloadCsv(page);
    expect(csv).toContain("Review created");
    expect(csv).toContain(subject);
    expect(csv).not.toContain("Applications exported");

    await choose(page, "Kind", "Review hidden", javaScript);
    await expect(entry(page, subject)).toHaveCount(0);
    await choose(page, "Kind", "All: Exports", javaScript);
    await expect(entry(page, subject)).toHaveCount(0);
    // Its own export is in the log now, by the admin.
    await expect(entry(page, "Activity log exported").first()).toBeVisible();

    // Nothing of that kind: the empty state, and a way back to the whole log. With JavaScript, skeletons
    // while the filtered list loads.
    const slowData = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    };
    if (javaScript) await page.route("**/admin/activity.data**", slowData);
    await page.getByLabel("Kind", { exact: true }).selectOption({ label: "Recovery codes replaced" });
    if (javaScript) await expect(page.getByTestId("activity-skeleton")).toHaveCount(5);
    else await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]kind=two-factor\.recovery-codes$/);
    await expect(page.getByRole("heading", { name: "No activity matches these filters" })).toBeVisible();
    await expect(page.getByTestId("activity-skeleton")).toHaveCount(0);
    if (javaScript) await page.unroute("**/admin/activity.data**", slowData);
    await page.getByRole("main").getByRole("link", { name: "Clear filters" }).last().click();
    await expect(page).toHaveURL(/\/admin\/activity$/);
    await expectInView(entry(page, subject));
    await expect(page.getByLabel("Kind", { exact: true })).toHaveValue("");
  } finally {
    await deleteReview(page, author, javaScript);
  }
  // The delete is an entry too, with what the review held.
  await page.goto("/admin/activity?kind=review.delete");
  await expect(entry(page, subject).getByRole("rowheader")).toHaveText("Review deleted");
}

test.describe("Admin activity log", () => {
  test("lists a change, filters it by person and kind, and exports it", async ({ page, browser }) => {
    await journey(page, browser, true);
  });

  test("on a phone: cards, no sideways scroll, filters in reach @phone", async ({ page }) => {
    await signInAsAdmin(page);
    // An entry of this run: an export of the inquiries.
    expect((await page.request.get("/admin/inquiries/export.csv")).status()).toBe(200);
    await page.goto("/admin/activity");
    const first = entries(page).first();
    await expectInView(first);
    await expect(first.getByRole("rowheader")).toHaveText("Inquiries exported");
    // A card, not a table row: the column headers are off screen, each cell is as wide as the card allows.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const box = (await first.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    // The filters and the export link are where a thumb finds them (nothing lies over them).
    for (const target of [
      page.getByLabel("Person", { exact: true }),
      page.getByLabel("Kind", { exact: true }),
      page.getByRole("button", { name: "Apply" }),
      page.getByRole("link", { name: "Export CSV" }),
    ]) {
      await target.scrollIntoViewIfNeeded();
      const b = (await target.boundingBox())!;
      expect(b.height).toBeGreaterThanOrEqual(24);
      // boundingBox() is in viewport coordinates, as elementFromPoint takes them.
      const hit = await target.evaluate(
        (el, [x, y]) => {
          const at = document.elementFromPoint(x, y);
          return at === el || el.contains(at);
        },
        [b.x + b.width / 2, b.y + b.height / 2] as const,
      );
      expect(hit).toBe(true);
    }
    await page.getByLabel("Kind", { exact: true }).selectOption({ label: "All: Exports" });
    await expect(page).toHaveURL(/[?&]kind=exports/);
    await expectInView(entries(page).first());
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("lists a change, filters it with 'Apply', and exports it", async ({ page, browser }) => {
      await journey(page, browser, false);
    });
  });
});
