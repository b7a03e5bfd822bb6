import { demoDeals } from "../../app/content/demo/deals";
import { mainStore } from "../../app/content/stores";
import { weeklyLines } from "../../app/lib/hours-sentences";
import { expectEverySlideReachable, firstVisibleSlide, hydratedCarousel } from "./carousel-helpers";
import { confirmAge, expect, expectNoSeriousA11yViolations, test } from "./fixtures";

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
      "What Makes Us Different",
      "Products We Carry",
      "First-Time Customers",
      "Visit Us",
      "Come See Us",
    ]);
    await expect(
      page.locator(".our-story").getByRole("list", { name: "By the Numbers" }).getByRole("listitem"),
    ).toHaveCount(3);
    for (const bullet of [
      "Fresh inventory, updated daily",
      "Price match on all local dispensaries",
      "Loyalty points on every purchase",
      "Online ordering and curbside pickup",
    ]) {
      await expect(main.getByText(bullet, { exact: true })).toBeVisible();
    }
    // The six feature cards are the "What Makes Us Different" grid.
    const different = main.getByRole("region", { name: "What Makes Us Different" });
    await expect(different.getByRole("heading", { level: 3 })).toHaveText([
      "Fresh Inventory",
      "Friendly Budtenders",
      "Loyalty Points",
      "Price Match",
      "Attached Vape Store",
      "Medicinal Quality",
    ]);

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
    for (const line of weeklyLines(mainStore.weekly)) await expect(visit).toContainText(line);
    await expect(visit).toContainText("Cash only, with an ATM on site");
    await expect(visit).toContainText("Medical card required");
    await expect(visit).toContainText("curbside pickup");

    const cta = page.locator(".about-cta");
    await expect(cta.getByRole("link", { name: "View Deals" })).toHaveAttribute("href", "/deals");
    await expect(cta.getByRole("link", { name: "Shop Live Menu" })).toHaveAttribute("href", "/menu");
  });

  test("says each fact once, so a phone's page stays short @phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/about");
    // Measured in the page's own fonts: the fallback font sets the text in more lines (a page that had not yet
    // loaded its fonts under a busy suite measured 3,755 px).
    await page.evaluate(() => document.fonts.ready);
    // It was 8,500 px: the badges, numbers, story bullets, two grids of six cards and Visit Us said the
    // same few facts over and over. Measured to the end of the page's own content (the bound was 4,700 px
    // with the footer of that time, 1,220 px tall): the site's footer is not this page's to shorten.
    const contentEnds = await page.evaluate(
      () => document.querySelector("main")!.getBoundingClientRect().bottom + scrollY,
    );
    expect(contentEnds).toBeLessThan(3480);
    const titles = await page.getByRole("main").locator("h3").allTextContents();
    expect(new Set(titles).size).toBe(titles.length);
    const numbers = await page.locator(".highlight-cards li").allTextContents();
    expect(numbers.join(" ")).not.toMatch(/15%|cash|price match|loyalty|curbside/i);
  });

  test("'Inside the Shop' shows the illustrations (no photos uploaded), two by two on a phone @phone", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/about");
    const gallery = page.getByRole("region", { name: "Inside the Shop" });
    // The lead says what they are, since they are not photographs.
    await expect(gallery.getByText("Illustrations, not photos")).toBeVisible();
    const images = gallery.getByRole("img");
    await expect(images).toHaveCount(4);
    await expect(gallery.locator("figcaption")).toHaveText([
      "Display cases",
      "Product wall",
      "Checkout and ATM",
      "Curbside pickup",
    ]);
    const boxes = await images.evaluateAll((imgs) =>
      imgs.map((img) => {
        const rect = img.getBoundingClientRect();
        return { left: Math.round(rect.left), right: rect.right, width: rect.width };
      }),
    );
    // Two columns, every picture inside the screen's width, no sideways scroll.
    expect(new Set(boxes.map((box) => box.left)).size).toBe(2);
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
      expect(box.width).toBeGreaterThan(150);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/about");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("footer", () => {
  test("the copyright line reads as sentences (no double period after the name) @phone", async ({ page }) => {
    await page.goto("/about");
    const legal = page.locator(".site-footer__legal");
    await expect(legal).toContainText(`© ${new Date().getFullYear()} Lindsey Street Cannabis Co. For adults 21+`);
    expect(await legal.textContent()).not.toMatch(/\.\./);
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
    await expect(main.getByRole("link", { name: "Shop These Deals" })).toHaveAttribute("href", "/menu");
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
    await expect(carousel.locator(".special p")).toHaveText(currentDeals.map((d) => d.description));
    // The images only illustrate: the heading and text beside them say what the deal is.
    const images = carousel.locator("img.special__image");
    await expect(images).toHaveCount(currentDeals.length);
    for (const [i, deal] of currentDeals.entries()) {
      await expect(images.nth(i)).toHaveAttribute("alt", "");
      await expect(images.nth(i)).toHaveAttribute("src", deal.imageUrl);
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

  test("a slide's title and description are real text, readable on a phone; its image has no words @phone", async ({
    page,
    request,
  }) => {
    test.skip(currentDeals.length === 0, "no current demo deals");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/deals");
    const slides = page.getByRole("region", { name: "Current specials" }).locator(".special");
    await expect(slides).toHaveCount(currentDeals.length);
    for (const [i, deal] of currentDeals.entries()) {
      const slide = slides.nth(i);
      for (const [selector, text] of [
        ["h3", deal.title],
        ["p", deal.description],
      ] as const) {
        const element = slide.locator(selector).first();
        await expect(element).toHaveText(text);
        const { fontSize, contrast } = await element.evaluate(readability);
        expect(fontSize, `${deal.title} ${selector}`).toBeGreaterThanOrEqual(14);
        expect(contrast, `${deal.title} ${selector}`).toBeGreaterThanOrEqual(4.5);
      }
      // At 390 px a 1200 px image shows at a third of its size: words inside it would be a few pixels tall.
      const svg = await (await request.get(deal.imageUrl)).text();
      expect(svg, deal.imageUrl).not.toMatch(/<(text|tspan|textPath|foreignObject)\b/);
    }
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/deals");
    await expectNoSeriousA11yViolations(page);
  });
});

/** An element's computed font size (px) and the contrast of its text with the first opaque background behind it. */
function readability(element: Element): { fontSize: number; contrast: number } {
  const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, g, b]: number[]) => {
    const channel = (v: number) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
  };
  const style = getComputedStyle(element);
  let background = [255, 255, 255];
  for (let node: Element | null = element; node; node = node.parentElement) {
    const value = rgb(getComputedStyle(node).backgroundColor);
    if (value.length === 3 || (value.length === 4 && value[3] === 1)) {
      background = value.slice(0, 3);
      break;
    }
  }
  const [light, dark] = [luminance(rgb(style.color)), luminance(background)].sort((a, b) => b - a);
  return { fontSize: parseFloat(style.fontSize), contrast: (light! + 0.05) / (dark! + 0.05) };
}

test.describe("deals page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every current special can be scrolled into view @phone", async ({ page }) => {
    await page.goto("/deals");
    test.skip(currentDeals.length === 0, "no current demo deals");
    const carousel = page.getByRole("region", { name: "Current specials" });
    await expectEverySlideReachable(carousel, currentDeals.length);
  });
});
