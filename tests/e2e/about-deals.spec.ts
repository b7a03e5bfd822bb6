import { demoDeals } from "../../app/content/demo/deals";
import { mainStore } from "../../app/content/site";
import {
  expectEverySlideReachable,
  expectNoSeriousAxeViolations,
  firstVisibleSlide,
  hydratedCarousel,
} from "./carousel-helpers";
import { confirmAge, expect, test } from "./fixtures";

/** The seeded demo deals that are current today, in the carousel's order. */
const currentDeals = demoDeals
  .filter(
    (d) =>
      d.isActive &&
      (d.startOffsetDays === null || d.startOffsetDays <= 0) &&
      (d.endOffsetDays === null || d.endOffsetDays >= 0),
  )
  .sort((a, b) => a.sortOrder - b.sortOrder);
const otherDeals = demoDeals.filter((d) => !currentDeals.includes(d));

const monthInChicago = () =>
  new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "America/Chicago" }).format(new Date());

test.beforeEach(async ({ page }) => {
  await confirmAge(page);
});

test.describe("about page", () => {
  test("has the hero, badges, story, gallery, cards, products, first-time box, visit info and call to action @phone", async ({
    page,
  }) => {
    await page.goto("/about");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("About");
    await expect(page.locator(".about-hero p").first()).not.toBeEmpty();

    await expect(main.getByRole("list", { name: "At a glance" }).getByRole("listitem")).toHaveText([
      "Best-Rated in Norman",
      "Open 9AM–10PM, Midnight Fri/Sat",
      "Cash Only + ATM On-Site",
      "Price Match + Loyalty Points",
    ]);
    const h2 = await main.locator("h2").allTextContents();
    expect(h2).toEqual([
      "Our Story",
      "Inside the Shop",
      "By the Numbers",
      "What Makes Us Different",
      "Products We Carry",
      "First-Time Customers",
      "Visit Us",
      "Come See Us",
    ]);
    for (const bullet of [
      "Fresh inventory, updated daily",
      "Price match on all local dispensaries",
      "Loyalty points on every purchase",
      "Online ordering and curbside pickup",
    ]) {
      await expect(main.getByText(bullet, { exact: true })).toBeVisible();
    }
    for (const title of [
      "Fresh Inventory",
      "Friendly Budtenders",
      "Loyalty Points",
      "Price Match",
      "Attached Vape Store",
      "Medicinal Quality",
    ]) {
      await expect(main.getByRole("heading", { level: 3, name: title, exact: true })).toBeVisible();
    }

    const gallery = page.locator(".shop-gallery img");
    await expect(gallery).toHaveCount(4);
    for (const img of await gallery.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      await expect(img).toHaveAttribute("alt", /^Illustration/);
    }

    await expect(page.locator(".product-list li")).toHaveText([
      "Flower",
      "Shake",
      "Edibles",
      "Prerolls",
      "Cartridges",
      "Disposables",
      "Glass",
      "Accessories",
    ]);
    await expect(page.locator(".first-time-box")).toContainText("15% off your entire first purchase");
    await expect(page.locator(".first-time-box")).toContainText("Not combinable with other promotions.");

    const visit = page.locator(".visit-us");
    await expect(visit).toContainText(mainStore.street);
    await expect(visit.getByRole("link", { name: mainStore.phone })).toHaveAttribute("href", mainStore.phoneHref);
    for (const line of mainStore.hoursText) await expect(visit).toContainText(line);
    await expect(visit).toContainText("Cash only, with an ATM on site");
    await expect(visit).toContainText("Medical card required");
    await expect(visit).toContainText("curbside pickup");

    const cta = page.locator(".about-cta");
    await expect(cta.getByRole("link", { name: "View Deals" })).toHaveAttribute("href", "/deals");
    await expect(cta.getByRole("link", { name: "Shop Live Menu" })).toHaveAttribute("href", "/#menu");
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/about");
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe("deals page", () => {
  test("has the highlight cards, this month's specials and 'Shop These Deals' @phone", async ({ page }) => {
    await page.goto("/deals");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Deals & Specials");
    await expect(page.locator(".deal-highlight h3")).toHaveText([
      "15% Off First-Time Visits",
      "Best Loyalty Program Statewide",
      "Penny Preroll for Your Review",
    ]);
    await expect(page.locator(".deal-highlight").nth(2)).toContainText("Google or Weedmaps");
    await expect(main.getByRole("heading", { level: 2, name: `${monthInChicago()} Specials` })).toBeVisible();
    await expect(main.getByRole("link", { name: "Shop These Deals" })).toHaveAttribute("href", "/#menu");
  });

  test("the specials carousel shows only the current deals, in order, and moves with previous/next", async ({
    page,
  }) => {
    await page.goto("/deals");
    if (currentDeals.length === 0) {
      await expect(page.getByText("No specials right now")).toBeVisible();
      return;
    }
    const carousel = page.getByRole("region", { name: "Current specials" });
    await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    await expect(carousel.locator(".special h3")).toHaveText(currentDeals.map((d) => d.title));
    await expect(carousel.getByRole("img")).toHaveCount(currentDeals.length);
    for (const [i, deal] of currentDeals.entries()) {
      await expect(carousel.getByRole("img").nth(i)).toHaveAttribute("alt", deal.title);
    }
    for (const deal of otherDeals) await expect(page.getByText(deal.title)).toHaveCount(0);

    if (currentDeals.length < 2) return;
    const { next, previous } = await hydratedCarousel(carousel);
    await carousel.hover();
    await page.waitForTimeout(700);
    await expect.poll(() => firstVisibleSlide(carousel)).toBe(`1 of ${currentDeals.length}`);
    await next.click();
    await expect.poll(() => firstVisibleSlide(carousel)).toBe(`2 of ${currentDeals.length}`);
    await expect(carousel.locator('[aria-label="2 of ' + currentDeals.length + '"]')).toBeInViewport({ ratio: 0.9 });
    await previous.click();
    await expect.poll(() => firstVisibleSlide(carousel)).toBe(`1 of ${currentDeals.length}`);
    await previous.click();
    await expect.poll(() => firstVisibleSlide(carousel)).toBe(`${currentDeals.length} of ${currentDeals.length}`);
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/deals");
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe("deals page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every current special can be scrolled into view @phone", async ({ page }) => {
    await page.goto("/deals");
    test.skip(currentDeals.length === 0, "no current demo deals");
    const carousel = page.getByRole("region", { name: "Current specials" });
    await expectEverySlideReachable(carousel, currentDeals.length);
  });
});
