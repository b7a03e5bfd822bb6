// Admin → Reviews, with JavaScript on and off: the owner replaces a sample review with a real one and
// features it (it then leads /reviews and the home page, without the Sample label), and removes every sample
// review at once. Each journey changes the demo reviews that later specs read, so each describe runs on a
// private server of its own with the demo content (SEED_DEMO=true), never on the shared one.
import type { Page } from "@playwright/test";
import { demoReviews } from "../../app/content/demo/reviews";
import { type AppServer, startAppServer } from "../support/app-server";
import { expect, expectClickable, expectNoSeriousA11yViolations, test, toast } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const ADMIN = { email: "reviews-owner@example.com", password: "reviews-e2e-password" };
const FEATURED_LIMIT_MESSAGE = "Four reviews are already featured: unfeature one first";
const SAMPLE_COUNT = demoReviews.length;

async function startServer(): Promise<AppServer> {
  return startAppServer({ SEED_DEMO: "true", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
}

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // A returning visitor: the public pages open without the age gate.
  await page.context().addCookies([{ name: "ageVerified", value: String(Date.now()), url: base }]);
}

/** A review's card in the admin list, found by its author's heading. */
const reviewCard = (page: Page, author: string) =>
  page
    .locator(".admin-review-list > li")
    .filter({ has: page.getByRole("heading", { level: 2, name: author, exact: true }) });

/** The store's day `days` from today, "YYYY-MM-DD". */
function storeDay(days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Demo authors of one store, newest first, as the public list shows them. */
const demoAuthors = (store: "Lindsey" | "BlueWater") =>
  demoReviews
    .filter((r) => r.store === store)
    .sort((a, b) => a.daysAgo - b.daysAgo)
    .map((r) => r.author);

/** The featured demo reviews, newest first. */
const demoFeatured = demoReviews
  .filter((r) => r.featured)
  .sort((a, b) => a.daysAgo - b.daysAgo)
  .map((r) => r.author);

test.describe("admin reviews (JavaScript on)", () => {
  let server: AppServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  // Marcus T. is a sample of Lindsey Street that is not featured.
  const replaced = { from: "Marcus T.", author: "Dana W.", quote: "Dana's own words: quick service and a tidy store." };

  test("replaces a sample review with a real one, features it, and it leads /reviews and the home page @phone", async ({
    page,
  }) => {
    test.slow();
    const base = server.url;
    expect(demoFeatured).toHaveLength(4);
    expect(demoFeatured).not.toContain(replaced.from);
    await signIn(page, base);
    await page.goto(`${base}/admin/reviews`);
    await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
    await expect(page.getByText(`${SAMPLE_COUNT} sample reviews (demo content) in this list`)).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Stores" });
    await expect(tabs.getByRole("link", { name: /^Lindsey Street/ })).toHaveAttribute("aria-current", "true");
    await expect(tabs.getByRole("link", { name: /^Lindsey Street/ })).toContainText(
      String(demoAuthors("Lindsey").length),
    );
    // Newest review first, each with its stars and badges.
    await expect(page.locator(".admin-review-list h2")).toHaveText(demoAuthors("Lindsey"));
    await expect(reviewCard(page, demoFeatured[0]).getByText("Featured", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // Search as you type, over authors and quotes.
    await page.getByRole("searchbox", { name: "Search reviews by author or quote" }).fill("marcus");
    await expect(page).toHaveURL(/q=marcus/);
    await expect(page.locator(".admin-review-list h2")).toHaveText([replaced.from]);

    const sample = reviewCard(page, replaced.from);
    await expect(sample.getByText("Sample", { exact: true })).toBeVisible();
    await sample.getByRole("link", { name: `Edit the review by ${replaced.from}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Review" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Author")).toBeFocused();
    await expect(dialog.getByText("This is a sample review.")).toBeVisible();
    await expect(
      dialog.getByRole("radiogroup", { name: "Rating" }).getByRole("radio", { name: "5 stars" }),
    ).toBeChecked();

    // Checked in the browser as the admin types.
    await dialog.getByLabel("Quote").fill("");
    await dialog.getByLabel("Quote").blur();
    await expect(dialog.getByText("Quote is required")).toBeVisible();
    await dialog.getByLabel("Author").fill(replaced.author);
    await dialog.getByLabel("Quote").fill(replaced.quote);
    await expect(dialog.getByText("Quote is required")).toHaveCount(0);

    // Four are featured already: the server refuses a fifth and says what to do.
    await dialog.getByLabel(/^Featured/).check();
    await dialog.getByRole("button", { name: "Update Review" }).click();
    await expect(toast(page, "Failed to update review")).toBeVisible();
    await expect(dialog.getByText(FEATURED_LIMIT_MESSAGE)).toBeVisible();
    await expect(dialog.getByLabel("Author")).toHaveValue(replaced.author);
    await dialog.getByLabel(/^Featured/).uncheck();
    await dialog.getByRole("button", { name: "Update Review" }).click();
    await expect(toast(page, "Review updated successfully")).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // Now the owner's: no Sample badge.
    await page.goto(`${base}/admin/reviews`);
    const mine = reviewCard(page, replaced.author);
    await expect(mine).toContainText(replaced.quote);
    await expect(mine.getByText("Sample", { exact: true })).toHaveCount(0);
    await expect(reviewCard(page, replaced.from)).toHaveCount(0);

    // Make room, then feature it.
    const unfeatured = demoFeatured.find((a) => demoReviews.find((r) => r.author === a)!.store === "Lindsey")!;
    await reviewCard(page, unfeatured)
      .getByRole("button", { name: `Unfeature the review by ${unfeatured}` })
      .click();
    await expect(toast(page, "Review no longer featured")).toBeVisible();
    await expect(reviewCard(page, unfeatured).getByText("Featured", { exact: true })).toHaveCount(0);
    // The page stays where it was: the row's button (now 'Feature') is still in view.
    await expect(
      reviewCard(page, unfeatured).getByRole("button", { name: `Feature the review by ${unfeatured}` }),
    ).toBeInViewport();
    await mine.getByRole("button", { name: `Feature the review by ${replaced.author}` }).click();
    await expect(toast(page, "Review featured")).toBeVisible();
    await expect(mine.getByText("Featured", { exact: true })).toBeVisible();
    await expect(mine.getByRole("button", { name: `Unfeature the review by ${replaced.author}` })).toBeVisible();

    // /reviews: among the four featured, in date order, without the Sample label.
    const expected = demoReviews
      .filter((r) => (r.featured && r.author !== unfeatured) || r.author === replaced.from)
      .sort((a, b) => a.daysAgo - b.daysAgo)
      .map((r) => (r.author === replaced.from ? replaced.author : r.author));
    await page.goto(`${base}/reviews`);
    const featured = page.locator(".featured-review");
    await expect(featured.locator(".featured-review__author")).toHaveText(expected.map((a) => new RegExp(`^${a}`)));
    const card = featured.filter({ hasText: replaced.author });
    await expect(card).toBeVisible();
    await expect(card).toContainText(replaced.quote);
    await expect(card.getByText("Sample review")).toHaveCount(0);
    await expect(featured.filter({ hasText: unfeatured })).toHaveCount(0);

    // Home: the first three featured are the testimonials.
    await page.goto(`${base}/`);
    const testimonials = page.locator(".testimonial");
    await expect(testimonials).toHaveCount(3);
    await expect(testimonials.locator(".testimonial__author")).toHaveText(expected.slice(0, 3));
    const testimonial = testimonials.filter({ hasText: replaced.author });
    await expect(testimonial).toContainText(replaced.quote);
    await expect(testimonial.getByText("Sample review")).toHaveCount(0);
  });

  test("removes every sample review after a confirmation; the owner's review stays", async ({ page }) => {
    const base = server.url;
    await signIn(page, base);
    await page.goto(`${base}/admin/reviews`);
    const remaining = SAMPLE_COUNT - 1;

    // Cancel keeps them.
    await page.getByRole("link", { name: "Remove all sample reviews" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove all sample reviews" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/[?&]dialog=remove-samples/);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator(".admin-review-list h2")).toHaveCount(demoAuthors("Lindsey").length);

    await page.getByRole("link", { name: "Remove all sample reviews" }).click();
    await dialog.getByRole("button", { name: `Remove ${remaining} sample reviews` }).click();
    await expect(toast(page, `${remaining} sample reviews removed`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Remove all sample reviews" })).toHaveCount(0);
    await expect(page.locator(".admin-review-list h2")).toHaveText([replaced.author]);
    await page
      .getByRole("navigation", { name: "Stores" })
      .getByRole("link", { name: /^Blue Water/ })
      .click();
    await expect(page.getByText("No Blue Water reviews yet")).toBeVisible();

    await page.goto(`${base}/reviews`);
    await expect(page.locator(".featured-review__author")).toHaveText([new RegExp(`^${replaced.author}`)]);
    await expect(page.locator(".review-list .review-card__author")).toHaveText([replaced.author]);
    await expect(page.getByText("Sample review")).toHaveCount(0);
    await page.goto(`${base}/`);
    await expect(page.locator(".testimonial__author")).toHaveText([replaced.author]);
  });
});

test.describe("admin reviews (JavaScript off)", () => {
  test.use({ javaScriptEnabled: false });

  let server: AppServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  // Jenna L. is a sample of Blue Water that is not featured; the replacement is dated today (the newest).
  const replaced = { from: "Jenna L.", author: "Sam P.", quote: "Sam's real review, typed in without JavaScript." };

  test("replaces a sample review with plain forms and features it", async ({ page }) => {
    const base = server.url;
    expect(demoFeatured).not.toContain(replaced.from);
    await signIn(page, base);
    await page.goto(`${base}/admin/reviews`);
    await page
      .getByRole("navigation", { name: "Stores" })
      .getByRole("link", { name: /^Blue Water/ })
      .click();
    await expect(page).toHaveURL(/\?store=BlueWater$/);
    await expect(page.locator(".admin-review-list h2")).toHaveText(demoAuthors("BlueWater"));

    await reviewCard(page, replaced.from)
      .getByRole("link", { name: `Edit the review by ${replaced.from}` })
      .click();
    await expect(page).toHaveURL(/[?&]edit=[0-9a-f-]{36}/);
    const dialog = page.getByRole("dialog", { name: "Edit Review" });
    await expect(dialog).toBeVisible();

    // The server validates and keeps what was typed.
    await dialog.getByLabel("Author").fill(replaced.author);
    await dialog.getByLabel("Quote").fill(replaced.quote);
    await dialog.getByLabel("Review date").fill(storeDay(1));
    await dialog.getByRole("radio", { name: "4 stars" }).check();
    await dialog.getByLabel(/^Featured/).check();
    await dialog.getByRole("button", { name: "Update Review" }).click();
    await expect(dialog.getByText("Review date can't be in the future")).toBeVisible();
    await expect(dialog.getByText(FEATURED_LIMIT_MESSAGE)).toHaveCount(0);
    await expect(dialog.getByLabel("Author")).toHaveValue(replaced.author);
    await expect(dialog.getByRole("radio", { name: "4 stars" })).toBeChecked();

    // With a valid date, the featured limit answers next.
    await dialog.getByLabel("Review date").fill(storeDay(0));
    await dialog.getByRole("button", { name: "Update Review" }).click();
    await expect(dialog.getByText(FEATURED_LIMIT_MESSAGE)).toBeVisible();
    await dialog.getByLabel(/^Featured/).uncheck();
    await dialog.getByRole("button", { name: "Update Review" }).click();
    await expect(toast(page, "Review updated successfully")).toBeVisible();
    await expect(page).toHaveURL(/\?store=BlueWater$/);

    const mine = reviewCard(page, replaced.author);
    await expect(page.locator(".admin-review-list h2").first()).toHaveText(replaced.author);
    await expect(mine.getByText("Sample", { exact: true })).toHaveCount(0);
    await expect(mine.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();

    // The fifth is refused from the row too, until one is unfeatured.
    await mine.getByRole("button", { name: `Feature the review by ${replaced.author}` }).click();
    await expect(toast(page, FEATURED_LIMIT_MESSAGE)).toBeVisible();
    const unfeatured = demoFeatured.find((a) => demoReviews.find((r) => r.author === a)!.store === "BlueWater")!;
    await reviewCard(page, unfeatured)
      .getByRole("button", { name: `Unfeature the review by ${unfeatured}` })
      .click();
    await expect(toast(page, "Review no longer featured")).toBeVisible();
    await reviewCard(page, replaced.author)
      .getByRole("button", { name: `Feature the review by ${replaced.author}` })
      .click();
    await expect(toast(page, "Review featured")).toBeVisible();
    await expect(reviewCard(page, replaced.author).getByText("Featured", { exact: true })).toBeVisible();

    // Dated today, it is the newest featured: first on /reviews and on the home page.
    await page.goto(`${base}/reviews?store=BlueWater`);
    const first = page.locator(".featured-review").first();
    await expect(first.locator(".featured-review__author")).toHaveText(new RegExp(`^${replaced.author}`));
    await expect(first).toContainText(replaced.quote);
    await expect(first.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
    await expect(first.getByText("Sample review")).toHaveCount(0);
    await expect(page.locator(".featured-review").filter({ hasText: unfeatured })).toHaveCount(0);
    await expect(page.locator(".review-list .review-card__author").first()).toHaveText(replaced.author);

    await page.goto(`${base}/`);
    const testimonial = page.locator(".testimonial").first();
    await expect(testimonial.locator(".testimonial__author")).toHaveText(replaced.author);
    await expect(testimonial).toContainText(replaced.quote);
    await expect(testimonial.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
    await expect(testimonial.getByText("Sample review")).toHaveCount(0);
  });

  test("hides a review, deletes one after a confirmation page, and removes every sample", async ({ page }) => {
    const base = server.url;
    await signIn(page, base);
    await page.goto(`${base}/admin/reviews?store=BlueWater`);

    // Hidden: kept in the admin with its badge, gone from the website.
    await reviewCard(page, replaced.author)
      .getByRole("button", { name: `Hide the review by ${replaced.author}` })
      .click();
    await expect(toast(page, "Review hidden")).toBeVisible();
    await expect(reviewCard(page, replaced.author).getByText("Hidden", { exact: true })).toBeVisible();
    await page.goto(`${base}/reviews?store=BlueWater`);
    await expect(page.getByText(replaced.author)).toHaveCount(0);
    await page.goto(`${base}/admin/reviews?store=BlueWater`);
    await reviewCard(page, replaced.author)
      .getByRole("button", { name: `Show the review by ${replaced.author}` })
      .click();
    await expect(toast(page, "Review shown")).toBeVisible();

    // Without JavaScript there is no browser confirmation: the server asks on a page of its own.
    const doomed = demoAuthors("BlueWater").find((a) => a !== replaced.from && !demoFeatured.includes(a))!;
    await reviewCard(page, doomed)
      .getByRole("button", { name: `Delete the review by ${doomed}` })
      .click();
    await expect(page).toHaveURL(/[?&]confirm-delete=[0-9a-f-]{36}/);
    const confirm = page.getByRole("dialog", { name: "Delete review" });
    await expect(confirm).toContainText(doomed);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Review deleted successfully")).toBeVisible();
    await expect(reviewCard(page, doomed)).toHaveCount(0);

    const remaining = SAMPLE_COUNT - 2;
    await page.getByRole("link", { name: "Remove all sample reviews" }).click();
    await expect(page).toHaveURL(/[?&]dialog=remove-samples/);
    const dialog = page.getByRole("dialog", { name: "Remove all sample reviews" });
    await expect(dialog).toBeVisible();
    const remove = dialog.getByRole("button", { name: `Remove ${remaining} sample reviews` });
    // Over the page, not under it: a click there reaches the button.
    await expectClickable(remove);
    await remove.click();
    await expect(toast(page, `${remaining} sample reviews removed`)).toBeVisible();
    await expect(page).toHaveURL(/\?store=BlueWater$/);
    await expect(page.locator(".admin-review-list h2")).toHaveText([replaced.author]);

    await page.goto(`${base}/reviews`);
    await expect(page.locator(".featured-review__author")).toHaveText([new RegExp(`^${replaced.author}`)]);
    await expect(page.getByText("No reviews for this store yet.")).toBeVisible();
    await expect(page.getByText("Sample review")).toHaveCount(0);
  });
});
