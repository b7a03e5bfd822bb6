import { demoBrands } from "../../app/content/demo/brands";
import { demoPosts } from "../../app/content/demo/posts";
import { mainStore, stores } from "../../app/content/stores";
import { hoursHeadline } from "../../app/lib/hours-sentences";
import { expectEverySlideReachable, firstVisibleSlide, followingLabel, hydratedCarousel } from "./carousel-helpers";
import type { Locator } from "@playwright/test";
import { confirmAge, expect, expectNoSeriousA11yViolations, test } from "./fixtures";

const MENU_URL = "https://menu.example.com/norman-dispensary";
const MENU_EMBED_URL = "https://menu.example.com/embed/norman-dispensary.js";

/** The demo posts the home page should list: visible ones, newest first, three at most. */
const expectedPosts = demoPosts
  .filter((p) => p.status === "published" && p.publishOffsetDays !== null && p.publishOffsetDays <= 0)
  .sort((a, b) => (b.publishOffsetDays ?? 0) - (a.publishOffsetDays ?? 0))
  .slice(0, 3);

test.beforeEach(async ({ page }) => {
  await confirmAge(page);
});

/** On screen, and what a tap at its centre lands on. */
async function expectTappable(link: Locator) {
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeVisible();
  const hit = await link.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return at !== null && (at === element || element.contains(at));
  });
  expect(hit).toBe(true);
}

test.describe("home page", () => {
  test("shows every section in the spec's order @phone", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Norman's Go-To Medical Cannabis Dispensary");

    const headings = await main.locator("h1, h2").allTextContents();
    const expected = [
      "Norman's Go-To Medical Cannabis Dispensary",
      "Why Shop With Us",
      "Your Go-To Dispensary in Norman",
      "Brands We Carry",
      "Shop Our Live Menu",
      ...(expectedPosts.length ? ["Latest from the Blog"] : []),
      "What Our Customers Say",
      "Frequently Asked Questions",
      "Ready to Visit?",
    ];
    expect(headings).toEqual(expected);

    // Document order of the pieces that have no heading of their own.
    const order = await page.evaluate(() => {
      const pick = (selector: string) => document.querySelector(selector);
      const pieces = [
        pick(".promo-banner"),
        pick("main h1"),
        pick('nav[aria-label="Shop by category"]'),
        pick(".value-highlights"),
        pick(".go-to"),
        pick(".brands-section"),
        pick("#menu"),
        pick(".home-testimonials"),
        pick(".home-faq"),
        pick(".closing-cta"),
      ];
      if (pieces.some((p) => !p)) return "missing";
      return pieces.every(
        (p, i) => i === 0 || pieces[i - 1]!.compareDocumentPosition(p!) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
    });
    expect(order).toBe(true);

    await expect(page.locator(".promo-banner")).toContainText("15% off your entire first purchase");
    await expect(page.locator(".promo-banner")).toContainText("Not combinable with other promotions.");
    await expect(main.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "#menu");

    const chips = page.getByRole("navigation", { name: "Shop by category" }).getByRole("link");
    await expect(chips).toHaveText([
      "Flower",
      "Edibles",
      "Pre-rolls",
      "Vapes",
      "Concentrates",
      "Accessories",
      "All Products",
    ]);
    // Each to its category of the store's own menu (issue 37); the provider's embed keeps its section (#menu).
    expect(await chips.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "/menu/flower",
      "/menu/edibles",
      "/menu/pre-rolls",
      "/menu/vapes",
      "/menu/concentrates",
      "/menu/accessories",
      "/menu",
    ]);
    for (const href of await chips.evaluateAll((links) => links.map((a) => a.getAttribute("href")!))) {
      expect((await page.request.get(href)).status(), `${href}: a page of the menu`).toBe(200);
    }

    await expect(page.locator(".value-highlights li")).toHaveCount(5);
    await expect(main.getByRole("link", { name: "More About Us" })).toHaveAttribute("href", "/about");
    for (const title of ["Open Late", "Cash + ATM", "Price Match + Rewards"]) {
      await expect(main.getByRole("heading", { level: 3, name: title })).toBeVisible();
    }
    // The 'Open Late' card: each store's hours, from the same schedules as the hours table.
    const headline = hoursHeadline(stores);
    expect(headline).toContain("9AM–10PM Sunday–Thursday, until midnight Friday & Saturday");
    await expect(main.getByText(`${headline}.`, { exact: true })).toBeVisible();

    await expect(main.getByRole("link", { name: "Shop All Brands" })).toHaveAttribute("href", "#menu");
    await expect(main.getByRole("link", { name: /^View All/ }).first()).toHaveAttribute("href", "/brands");

    await expect(page.locator(".testimonial")).toHaveCount(3);
    await expect(page.locator(".testimonial").getByText("Sample review")).toHaveCount(3);
    await expect(main.getByRole("link", { name: "Read All Reviews" })).toHaveAttribute("href", "/reviews");

    await expect(main.getByRole("link", { name: "View Deals" })).toHaveAttribute("href", "/deals");
    await expect(main.getByRole("link", { name: /Get Directions/ })).toHaveAttribute("href", mainStore.directionsUrl);

    // Both stores as structured data.
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "");
    expect(jsonLd).toHaveLength(2);
    expect(jsonLd[0]["@type"]).toBe("Store");
  });

  test("lists the three newest posts, or hides the section when there are none @phone", async ({ page }) => {
    await page.goto("/");
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Latest from the Blog" }) });
    if (expectedPosts.length === 0) {
      await expect(section).toHaveCount(0);
      return;
    }
    const cards = section.locator("article");
    await expect(cards).toHaveCount(expectedPosts.length);
    await expect(cards.locator("h3")).toHaveText(expectedPosts.map((p) => p.title));
    for (const [i, post] of expectedPosts.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("link", { name: /^Read More/ })).toHaveAttribute("href", `/blog/${post.slug}`);
      await expect(card.locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      await expect(card).toContainText(/\d+ min read/);
    }
    await expect(section.getByRole("link", { name: "View All Posts" })).toHaveAttribute("href", "/blog");
  });

  test("the live menu: a tall container, the provider's script, and a fallback link after 6 seconds", async ({
    page,
  }) => {
    await page.goto("/");
    const menu = page.locator("#menu");
    const frame = menu.locator(".menu-embed__frame");
    expect(await frame.evaluate((el) => getComputedStyle(el).minHeight)).toBe("3600px");
    await expect(frame.locator(`script[src="${MENU_EMBED_URL}"]`)).toHaveCount(1);

    // The provider is unreachable in tests (outside network blocked): no content, so the fallback appears.
    const fallback = menu.getByRole("link", { name: /Open the full menu/ });
    const start = Date.now();
    await expect(fallback).toHaveCount(0);
    await expect(fallback).toBeVisible({ timeout: 15_000 });
    expect(Date.now() - start).toBeGreaterThan(3_000);
    await expect(fallback).toHaveAttribute("href", MENU_URL);
    // Beside it, our own copy of the menu (issue 26), which no provider outage takes down.
    const ownMenu = menu.getByRole("link", { name: "Browse our menu" });
    await expect(ownMenu).toHaveAttribute("href", "/menu");
    await expectTappable(ownMenu);
    await ownMenu.click();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(page.getByRole("heading", { level: 1, name: "Menu" })).toBeVisible();
  });

  test("the brand carousel moves with previous/next and shows every featured brand @phone", async ({ page }) => {
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Brand logos" });
    await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    const logos = carousel.getByRole("img");
    await expect(logos).toHaveCount(demoBrands.length);
    expect((await logos.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt")))).sort()).toEqual(
      demoBrands.map((b) => b.name).sort(),
    );

    const { next, previous, toggle } = await hydratedCarousel(carousel);
    await carousel.hover(); // stops autoplay
    await expect(toggle).toHaveText(/Play/);
    await expect.poll(() => firstVisibleSlide(carousel)).not.toBeNull();
    // Let any scroll in progress settle before reading the position.
    await page.waitForTimeout(700);
    const start = (await firstVisibleSlide(carousel))!;
    await next.click();
    await expect.poll(() => firstVisibleSlide(carousel)).toBe(followingLabel(start));
    await next.click();
    await expect.poll(() => firstVisibleSlide(carousel)).toBe(followingLabel(start, 2));
    await previous.click();
    await expect.poll(() => firstVisibleSlide(carousel)).toBe(followingLabel(start));
  });

  test("the brand carousel advances on its own every 4 seconds, and not with reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Brand logos" });
    const { toggle } = await hydratedCarousel(carousel);
    await expect(toggle).toHaveText(/Pause/);
    const start = (await firstVisibleSlide(carousel))!;
    await expect.poll(() => firstVisibleSlide(carousel), { timeout: 9_000 }).not.toBe(start);

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    const still = page.getByRole("region", { name: "Brand logos" });
    const controls = await hydratedCarousel(still);
    await expect(controls.toggle).toHaveText(/Play/);
    const first = await firstVisibleSlide(still);
    await page.waitForTimeout(5_000);
    expect(await firstVisibleSlide(still)).toBe(first);
  });

  test("FAQ: one answer open at a time, and collapsible @phone", async ({ page }) => {
    await page.goto("/");
    const items = page.locator(".faq details");
    await expect(items.first()).toHaveAttribute("open", "");
    await page.getByText("What are your hours?").click();
    await expect(items.nth(1)).toHaveAttribute("open", "");
    await expect(items.first()).not.toHaveAttribute("open");
    await expect(items.nth(1)).toContainText("Sunday to Thursday until 10PM");
    await page.getByText("What are your hours?").click();
    await expect(page.locator(".faq details[open]")).toHaveCount(0);
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/");
    await hydratedCarousel(page.getByRole("region", { name: "Brand logos" }));
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("home page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every brand logo can be scrolled into view @phone", async ({ page }) => {
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Brand logos" });
    const viewport = carousel.locator(".carousel__viewport");
    expect(await viewport.evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");
    // The buttons need JavaScript, so they are not shown without it.
    await expect(carousel.locator(".carousel__controls")).toBeHidden();
    await expectEverySlideReachable(carousel, demoBrands.length);
  });

  test("the menu offers a link to the full menu, and our own menu beside it", async ({ page }) => {
    await page.goto("/");
    const link = page.locator("#menu").getByRole("link", { name: /Open the full menu on the provider's site/ });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", MENU_URL);
    const ownMenu = page.locator("#menu").getByRole("link", { name: "Browse our menu" });
    await expect(ownMenu).toHaveAttribute("href", "/menu");
    await expectTappable(ownMenu);
  });

  test("FAQ: opening one answer closes the other", async ({ page }) => {
    await page.goto("/");
    const items = page.locator(".faq details");
    await expect(items.first()).toHaveAttribute("open", "");
    await page.getByText("Do you price match?").click();
    await expect(items.last()).toHaveAttribute("open", "");
    await expect(page.locator(".faq details[open]")).toHaveCount(1);
    await page.getByText("Do you price match?").click();
    await expect(page.locator(".faq details[open]")).toHaveCount(0);
  });
});
