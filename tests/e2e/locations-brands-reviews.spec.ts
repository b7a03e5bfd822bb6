import type { Page } from "@playwright/test";
import { demoBrands } from "../../app/content/demo/brands";
import { demoReviews } from "../../app/content/demo/reviews";
import { stores } from "../../app/content/stores";
import { weeklyLines } from "../../app/lib/hours-sentences";
import { arriveThroughTheApp, confirmAge, expect, expectNoSeriousA11yViolations, test } from "./fixtures";

/** The seeded reviews of one store, newest first, as the page should list them. */
function seededAuthors(store: "Lindsey" | "BlueWater") {
  return demoReviews
    .filter((r) => r.store === store)
    .sort((a, b) => a.daysAgo - b.daysAgo)
    .map((r) => r.author);
}

test.beforeEach(async ({ page }) => {
  await confirmAge(page);
});

test.describe("Locations", () => {
  test("shows both stores with address, hours, call and directions links @phone", async ({ page }) => {
    await page.goto("/locations");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Locations");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page).toHaveTitle(/Our Locations \| /);

    for (const store of stores) {
      const card = page.getByRole("article", { name: store.shortName });
      await expect(card.getByRole("heading", { level: 2, name: store.shortName })).toBeVisible();
      await expect(card.locator("address")).toContainText(store.street);
      await expect(card.locator("address")).toContainText(`${store.city}, ${store.region} ${store.postalCode}`);
      for (const line of weeklyLines(store.weekly)) await expect(card).toContainText(line);

      const call = card.getByRole("link", { name: new RegExp(`^Call ${escapeRegExp(store.phone)}`) });
      await expect(call).toHaveAttribute("href", store.phoneHref);

      const directions = card.getByRole("link", { name: /^Get Directions/ });
      await expect(directions).toHaveAttribute("href", store.directionsUrl);
      await expect(directions).toHaveAttribute("target", "_blank");
      await expect(directions).toHaveAttribute("rel", /noopener/);
      await expect(directions).toHaveAttribute("rel", /noreferrer/);
    }
  });

  test("when the maps service cannot be reached, each map area shows the address and directions, never a broken frame @phone", async ({
    page,
  }) => {
    // The fixture blocks every outside request, as a network, an ad blocker or an outage would.
    const probeFailed = page.waitForEvent("requestfailed", (r) => /^https:\/\/www\.google\.com\//.test(r.url()));
    await page.goto("/locations");
    await probeFailed;
    await page.waitForTimeout(500);
    await expect(page.locator("iframe")).toHaveCount(0);
    for (const store of stores) {
      const map = page.getByRole("article", { name: store.shortName }).locator(".store-map");
      await map.scrollIntoViewIfNeeded();
      await expect(map).toHaveAttribute("data-state", "placeholder");
      const placeholder = map.locator(".store-map__placeholder");
      await expect(placeholder).toBeVisible();
      await expect(placeholder).toContainText(store.street);
      await expect(placeholder).toContainText(`${store.city}, ${store.region} ${store.postalCode}`);
      await expect(placeholder.locator("a", { hasText: "Get Directions" })).toHaveAttribute(
        "href",
        store.directionsUrl,
      );
    }
  });

  test("when the maps service answers, the map frame loads lazily over the placeholder", async ({ page }) => {
    await page.route(/^https:\/\/www\.google\.com\//, (route) =>
      /\/favicon\.ico(\?|$)/.test(route.request().url())
        ? route.fulfill({ contentType: "image/png", body: ONE_PIXEL_PNG })
        : route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Map</title><p>A map</p>" }),
    );
    await page.goto("/locations");
    for (const store of stores) {
      const map = page.getByRole("article", { name: store.shortName }).locator(".store-map");
      await map.scrollIntoViewIfNeeded();
      const frame = map.locator("iframe");
      await expect(map).toHaveAttribute("data-state", "shown");
      await expect(frame).toBeVisible();
      await expect(frame).toHaveCSS("opacity", "1");
      await expect(frame).toHaveAttribute("loading", "lazy");
      await expect(frame).toHaveAttribute("src", store.mapEmbedUrl);
      await expect(frame).toHaveAttribute("title", `Map of ${store.shortName} at ${store.street}, Norman, OK 73069`);
      await expect(frame).toHaveAttribute("referrerpolicy", "no-referrer-when-downgrade");
      await expect(map.locator(".store-map__placeholder")).toBeHidden();
    }
  });

  test("carries local-business structured data for both stores", async ({ page }) => {
    await page.goto("/locations");
    const json = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "");
    expect(json.map((s: { address: { streetAddress: string } }) => s.address.streetAddress)).toEqual(
      stores.map((s) => s.street),
    );
  });

  test("the call bar shows on phones without covering the page, and not on desktop @phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/locations");
    const bar = page.getByRole("navigation", { name: "Call a store" });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveCSS("position", "fixed");
    for (const store of stores) {
      await expect(bar.getByRole("link", { name: `Call ${store.shortName}` })).toHaveAttribute("href", store.phoneHref);
    }

    // At the very bottom of the page the last line of the footer sits above the bar, not under it: the page
    // leaves exactly the bar's height free below it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const barBox = await bar.boundingBox();
    const lastLine = await page.locator(".site-footer__legal").boundingBox();
    expect(barBox && lastLine).toBeTruthy();
    expect(lastLine!.y + lastLine!.height).toBeLessThanOrEqual(barBox!.y + 1);
    const room = await page.evaluate(() => {
      const last = document.querySelector(".site-footer__legal")!.getBoundingClientRect().bottom;
      return document.documentElement.scrollHeight - (window.scrollY + last);
    });
    expect(Math.abs(room - barBox!.height)).toBeLessThanOrEqual(1);

    // A link reached with the keyboard stops above the bar, not under it.
    const directions = page.getByRole("article", { name: stores[1].shortName }).getByRole("link", {
      name: /^Get Directions/,
    });
    const call = page.getByRole("article", { name: stores[1].shortName }).getByRole("link", { name: /^Call \(/ });
    await call.focus();
    await page.evaluate((barHeight) => {
      const link = [...document.querySelectorAll<HTMLAnchorElement>("#bluewater .location-card__body a")].pop()!;
      // The link's top just above the viewport's bottom edge: under the bar.
      window.scrollBy(0, link.getBoundingClientRect().top - (window.innerHeight - barHeight / 2));
    }, barBox!.height);
    await page.keyboard.press("Tab");
    await expect(directions).toBeFocused();
    // (html scrolls smoothly: wait for it to settle)
    await expect
      .poll(async () => {
        const link = (await directions.boundingBox())!;
        return link.y + link.height - (await bar.boundingBox())!.y;
      })
      .toBeLessThanOrEqual(1);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(bar).toBeHidden();
  });
});

test.describe("Locations without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each map area is the address and directions: no frame that could fail @phone", async ({ page }) => {
    await page.goto("/locations");
    await expect(page.locator("iframe")).toHaveCount(0);
    for (const store of stores) {
      const placeholder = page.getByRole("article", { name: store.shortName }).locator(".store-map__placeholder");
      await expect(placeholder).toBeVisible();
      await expect(placeholder).toContainText(store.street);
      await expect(placeholder.locator("a", { hasText: "Get Directions" })).toHaveAttribute(
        "href",
        store.directionsUrl,
      );
    }
  });
});

test.describe("Brands", () => {
  const names = demoBrands.map((b) => b.name);

  test("lists every brand logo, linking out in a new tab", async ({ page }) => {
    await page.goto("/brands");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Brands");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page).toHaveTitle(/^Brands We Carry \| /);
    await expect(page.getByRole("searchbox", { name: "Search brands" })).toHaveAttribute(
      "placeholder",
      "Search brands...",
    );

    const logos = page.locator(".brand-grid img");
    await expect(logos).toHaveCount(10);
    expect(await logos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt")))).toEqual(names);
    for (const img of await logos.all()) {
      await expect(img).toHaveAttribute("width", /\d+/);
      await expect(img).toHaveAttribute("height", /\d+/);
    }

    const links = page.locator(".brand-grid a.brand-card__link");
    await expect(links).toHaveCount(demoBrands.filter((b) => b.siteUrl).length);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    await expect(page.getByRole("link", { name: /^Moon Dust/ })).toHaveAttribute(
      "href",
      demoBrands.find((b) => b.name === "Moon Dust")!.siteUrl!,
    );
    // Each brand with products in stock also links to them on our own menu (issue 26), in this tab.
    const shop = page.getByRole("link", { name: /^Shop \d+ products? from Moon Dust$/ });
    await expect(shop).toHaveAttribute("href", "/brands/moon-dust");
    await expect(shop).not.toHaveAttribute("target", /.*/);
    await shop.click();
    await expect(page.getByRole("heading", { level: 1, name: "Moon Dust" })).toBeVisible();
  });

  test("never sends loading skeletons in the server's HTML", async ({ page, request }) => {
    const html = await (await request.get("/brands?q=moon")).text();
    expect(html).toContain("Moon Dust");
    expect(html).not.toContain("brand-card--skeleton");
    await page.goto("/brands");
    await expect(page.getByTestId("brand-skeleton")).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the search form filters by name with ?q= @phone", async ({ page }) => {
      await page.goto("/brands");
      await page.getByRole("searchbox", { name: "Search brands" }).fill("MOON");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/brands\?q=MOON$/);
      await expect(page.locator(".brand-grid img")).toHaveCount(1);
      await expect(page.getByRole("img", { name: "Moon Dust" })).toBeVisible();
      await expect(page.getByRole("searchbox", { name: "Search brands" })).toHaveValue("MOON");

      await page.getByRole("searchbox", { name: "Search brands" }).fill("no such brand");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\?q=no\+such\+brand$/);
      await expect(page.getByText("No brands found matching your search.")).toBeVisible();
      await expect(page.locator(".brand-grid img")).toHaveCount(0);
    });

    test("a % search matches only names containing %", async ({ page }) => {
      await page.goto("/brands?q=%25");
      await expect(page.getByText("No brands found matching your search.")).toBeVisible();
    });
  });

  // The page ships no script on a direct visit (the GET form above); arrived at from a page that runs the app,
  // its search updates as the visitor types.
  test("with JavaScript, typing updates the results and the URL @phone", async ({ page }) => {
    await arriveThroughTheApp(page, "Brands");
    await expect(page.locator(".brand-grid img")).toHaveCount(10);
    const box = page.getByRole("searchbox", { name: "Search brands" });
    await box.pressSequentially("sun", { delay: 40 });
    await expect(page).toHaveURL(/\/brands\?q=sun$/);
    await expect(page.locator(".brand-grid img")).toHaveCount(1);
    await expect(page.getByRole("img", { name: "Sunday Extracts" })).toBeVisible();
    await expect(page.locator(".brands-status")).toHaveText("1 brand matching “sun”");

    await box.fill("zzz");
    await expect(page).toHaveURL(/\/brands\?q=zzz$/);
    await expect(page.getByText("No brands found matching your search.")).toBeVisible();

    await box.fill("");
    await expect(page).toHaveURL(/\/brands$/);
    await expect(page.locator(".brand-grid img")).toHaveCount(10);
    await expect(box).toBeFocused();
  });

  test("shows 12 skeleton cards while a search is loading", async ({ page }) => {
    await arriveThroughTheApp(page, "Brands");
    await expect(page.locator(".brand-grid img")).toHaveCount(10);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/brands\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("searchbox", { name: "Search brands" }).fill("wyld");
    await expect(page.getByTestId("brand-skeleton")).toHaveCount(12);
    await expect(page.locator(".brands-status")).toHaveText("Loading brands…");
    release();
    await expect(page.getByTestId("brand-skeleton")).toHaveCount(0);
    await expect(page.locator(".brand-grid img")).toHaveCount(1);
    await expect(page).toHaveURL(/\/brands\?q=wyld$/);
  });
});

test.describe("Reviews", () => {
  test("shows the headings, four featured sample reviews and the store tabs", async ({ page }) => {
    await page.goto("/reviews");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What Our Customers Say");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 2, name: "Location Reviews" })).toBeVisible();

    const featured = page.locator(".featured-review");
    await expect(featured).toHaveCount(4);
    for (const review of await featured.all()) await expect(review).toContainText("Sample review");

    const tabs = page.getByRole("navigation", { name: "Choose a store" });
    await expect(tabs.getByRole("link", { name: "Lindsey", exact: true })).toHaveAttribute("aria-current", "true");
    await expect(tabs.getByRole("link", { name: "BlueWater", exact: true })).not.toHaveAttribute("aria-current");

    const json = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "");
    expect(json).toHaveLength(2);
  });

  test("each store's tab offers Google and Weedmaps links in a new window @phone", async ({ page }) => {
    for (const store of stores) {
      await page.goto(`/reviews?store=${store.id}`);
      const write = page.getByRole("link", { name: /^Write on Google/ });
      const view = page.getByRole("link", { name: /^View on Weedmaps/ });
      await expect(write).toHaveAttribute("href", store.googleReviewUrl);
      await expect(view).toHaveAttribute("href", store.weedmapsUrl);
      for (const link of [write, view]) {
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", /noopener/);
      }
    }
  });

  test("review cards show author, source, date and an accessible star rating", async ({ page }) => {
    await page.goto("/reviews");
    const cards = page.locator(".review-list .review-card");
    await expect(cards).toHaveCount(seededAuthors("Lindsey").length);
    expect(await cards.locator(".review-card__author").allTextContents()).toEqual(seededAuthors("Lindsey"));

    const newest = demoReviews.filter((r) => r.store === "Lindsey").sort((a, b) => a.daysAgo - b.daysAgo)[0]!;
    const first = cards.first();
    await expect(first.getByRole("img", { name: `Rated ${newest.rating} out of 5` })).toBeVisible();
    await expect(first).toContainText(`via ${newest.source}`);
    await expect(first).toContainText("Sample review");
    await expect(first.locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the store tabs are links: Lindsey by default, BlueWater on click @phone", async ({ page }) => {
      await page.goto("/reviews");
      const authors = page.locator(".review-list .review-card__author");
      await expect(authors).toHaveText(seededAuthors("Lindsey"));

      await tab(page, "BlueWater").click();
      await expect(page).toHaveURL(/\/reviews\?store=BlueWater$/);
      await expect(authors).toHaveText(seededAuthors("BlueWater"));
      await expect(tab(page, "BlueWater")).toHaveAttribute("aria-current", "true");
      await expect(tab(page, "Lindsey")).not.toHaveAttribute("aria-current");
      await expect(page.getByRole("heading", { level: 3, name: "Blue Water reviews" })).toBeVisible();

      await tab(page, "Lindsey").click();
      await expect(page).toHaveURL(/\/reviews\?store=Lindsey$/);
      await expect(authors).toHaveText(seededAuthors("Lindsey"));
    });

    test("an unknown store falls back to Lindsey", async ({ page }) => {
      await page.goto("/reviews?store=Elsewhere");
      await expect(page.locator(".review-list .review-card__author")).toHaveText(seededAuthors("Lindsey"));
    });

    test("Read more / Show less works without JavaScript @phone", async ({ page }) => {
      await page.goto("/reviews");
      await expectReadMoreToggles(page);
    });
  });

  test("with JavaScript, the tabs switch stores and Read more / Show less works @phone", async ({ page }) => {
    await page.goto("/reviews");
    await tab(page, "BlueWater").click();
    await expect(page).toHaveURL(/\/reviews\?store=BlueWater$/);
    await expect(page.locator(".review-list .review-card__author")).toHaveText(seededAuthors("BlueWater"));
    await expectReadMoreToggles(page);
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/reviews");
    await page.locator(".review-quote__more summary").first().click();
    await expectNoSeriousA11yViolations(page);
  });
});

/** On the current store tab: a long quote shows 150 characters + "…", expands in full, and collapses again. */
async function expectReadMoreToggles(page: Page) {
  const card = page.locator(".review-card", { has: page.locator("details") }).first();
  await expect(card).toBeVisible();
  const toggle = card.locator("summary");
  const short = card.locator(".review-quote__short");
  const full = card.locator(".review-quote__full");

  const shortText = (await short.textContent()) ?? "";
  expect(shortText.endsWith("…")).toBe(true);
  expect(Array.from(shortText.slice(0, -1)).length).toBeLessThanOrEqual(150);
  await expect(short).toBeVisible();
  await expect(full).toBeHidden();
  await expect(toggle).toHaveText("Read more", { useInnerText: true });

  await toggle.click();
  await expect(full).toBeVisible();
  await expect(short).toBeHidden();
  await expect(toggle).toHaveText("Show less", { useInnerText: true });
  const fullText = (await full.textContent()) ?? "";
  expect(fullText.length).toBeGreaterThan(150);
  expect(fullText.startsWith(shortText.slice(0, -1))).toBe(true);

  await toggle.click();
  await expect(full).toBeHidden();
  await expect(short).toBeVisible();
  await expect(toggle).toHaveText("Read more", { useInnerText: true });

  // Keyboard: the toggle is focusable and Enter opens it.
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(full).toBeVisible();
}

function tab(page: Page, name: "Lindsey" | "BlueWater") {
  return page.getByRole("navigation", { name: "Choose a store" }).getByRole("link", { name, exact: true });
}

/** A 1×1 transparent PNG: the maps origin's favicon, when the test lets the maps service answer. */
const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
