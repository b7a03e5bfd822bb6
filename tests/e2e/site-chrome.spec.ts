import crypto from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { confirmAge, expect, expectClickable, test } from "./fixtures";

const DAY = 24 * 60 * 60 * 1000;

// On a page that hydrates; on one that ships no script the gate is the HTML one (a form post), as without
// JavaScript.
test.describe("age gate with JavaScript", () => {
  test("opens as a modal, ignores Escape, and closes in place on 'Yes, Enter' @phone", async ({ page }) => {
    await page.goto("/contact");
    const gate = page.getByRole("dialog", { name: /Welcome to/ });
    await expect(gate).toBeVisible();
    await expect(gate.getByText("Are you 21+ or a qualified patient?")).toBeVisible();
    await expect.poll(() => gate.evaluate((el) => el.matches(":modal"))).toBe(true);
    await expect(page.locator("html")).toHaveClass(/scroll-locked/);
    await page.keyboard.press("Escape");
    await expect(gate).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(gate).toBeVisible();

    const url = page.url();
    await gate.getByRole("button", { name: "Yes, Enter" }).click();
    await expect(gate).toBeHidden();
    expect(page.url()).toBe(url);
    await expect(page.locator("html")).not.toHaveClass(/scroll-locked/);
    await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === "ageVerified")).toBe(true);
    await page.reload();
    await expect(page.getByRole("dialog", { name: /Welcome to/ })).toHaveCount(0);
  });

  test("'No, Exit Site' leads away to a web search site", async ({ page }) => {
    await page.goto("/");
    const exit = page.getByRole("link", { name: "No, Exit Site" });
    await expect(exit).toHaveAttribute("href", /^https:\/\/www\.google\.com/);
  });

  test("preview=1 never shows the gate", async ({ page }) => {
    await page.goto("/about?preview=1");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the terms link is readable without confirming, and does not confirm", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("dialog").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect(page.getByText("Terms of Service content will be added here.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.goto("/");
    await expect(page.getByRole("dialog", { name: /Welcome to/ })).toBeVisible();
  });

  test("a confirmation older than 30 days shows the gate again", async ({ page }) => {
    await confirmAge(page, Date.now() - 31 * DAY);
    await page.goto("/about");
    await expect(page.getByRole("dialog", { name: /Welcome to/ })).toBeVisible();
    await confirmAge(page, Date.now() - 29 * DAY);
    await page.goto("/about");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the page content is in the HTML behind the gate", async ({ request }) => {
    const html = await (await request.get("/about")).text();
    expect(html).toContain("<dialog");
    expect(html).toMatch(/<h1[^>]*>/);
  });
});

test.describe("age gate without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("is open over the page and 'Yes, Enter' returns to the same page @phone", async ({ page }) => {
    await page.goto("/locations?x=1");
    const gate = page.getByRole("dialog", { name: /Welcome to/ });
    await expect(gate).toBeVisible();
    await gate.getByRole("button", { name: "Yes, Enter" }).click();
    await expect(page).toHaveURL(/\/locations\?x=1$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the question is where the keyboard and a screen reader begin @phone", async ({ page }) => {
    await page.goto("/reviews");
    const gate = page.getByRole("dialog", { name: /Welcome to/ });
    await expect(gate.getByRole("button", { name: "Yes, Enter" })).toBeFocused();
    // Read from the top, the page begins with the gate, not with the site behind it.
    const firstLine = (await page.locator("body").ariaSnapshot()).split("\n")[0];
    expect(firstLine).toMatch(/^- dialog "Welcome to /);
  });

  test("refuses to send the visitor off-site after confirming", async ({ request }) => {
    const response = await request.post("/age-gate", {
      form: { returnTo: "//evil.example/steal" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/");
    expect(response.headers()["set-cookie"]).toMatch(/ageVerified=\d+/);
  });
});

test.describe("site chrome", () => {
  test.beforeEach(async ({ page }) => {
    await confirmAge(page);
  });

  test("header links and footer facts on every page", async ({ page }) => {
    await page.goto("/terms");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const label of NAV_LABELS) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    // The store's own menu (issue 37): the header's link and button, and the footer's link.
    await expect(nav.getByRole("link", { name: "Menu", exact: true })).toHaveAttribute("href", "/menu");
    await expect(page.getByRole("link", { name: "Shop Live Menu" }).first()).toHaveAttribute("href", "/menu");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("530 West Lindsey Street, Norman, OK 73069")).toBeVisible();
    await expect(footer.getByText("112 West Main Street, Norman, OK 73069")).toBeVisible();
    await expect(footer.getByRole("link", { name: "Shop Live Menu" })).toHaveAttribute("href", "/menu");
    await expect(footer.getByRole("link", { name: /RSS Feed/ })).toHaveAttribute("href", "/feed.xml");
    await expect(footer.getByRole("link", { name: "Blog Sitemap" })).toHaveAttribute("href", "/sitemap-blog.xml");
    // Each footer link a target a finger can hit (24 px or more, WCAG 2.5.8).
    await expectClickable(footer.getByRole("link", { name: "Locations" }));
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
  });

  test("privacy page has its placeholder", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  });

  test("unknown paths answer the 404 page with a 404 status", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Oops! Page not found");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

/** What a person meets in the header's navigation, at the widths where it changes shape. */
const NAV_LABELS = ["Home", "Menu", "About", "Locations", "Deals", "Blog", "Careers", "Reviews", "Contact", "Brands"];
const DRAWER_VIEWPORTS = [
  { width: 390, height: 844, tag: " @phone" },
  { width: 768, height: 1024, tag: " @phone" },
  { width: 1100, height: 800, tag: "" },
];

/**
 * Visible, wholly inside the viewport, and the element a finger or pointer lands on at its centre.
 * Retried briefly: the menu slides in over 0.2 s.
 */
async function expectReachable(page: Page, target: Locator, what: string) {
  await expect(target, what).toBeVisible();
  await expect(async () => {
    const box = await target.boundingBox();
    const viewport = page.viewportSize();
    expect(box, what).not.toBeNull();
    expect(viewport).not.toBeNull();
    expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
    expect(box!.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(viewport!.width);
    expect(box!.y + box!.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport!.height);
    const onTop = await target.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return hit !== null && (hit === element || element.contains(hit));
    });
    expect(onTop, `${what}: the element at its centre is ${what} itself`).toBe(true);
  }).toPass({ timeout: 3_000 });
}

function menuToggle(page: Page) {
  return page.locator(".site-drawer > summary");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`header navigation with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test.beforeEach(async ({ page }) => {
      await confirmAge(page);
    });

    for (const { width, height, tag } of DRAWER_VIEWPORTS) {
      test(`at ${width}px the slide-out menu covers the page and every link can be tapped${tag}`, async ({ page }) => {
        await page.setViewportSize({ width, height });
        await page.goto("/terms");
        await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
        const drawer = page.getByRole("navigation", { name: "Mobile" });
        await expect(drawer).toBeHidden();

        await menuToggle(page).click();
        await expect(drawer).toBeVisible();
        for (const label of NAV_LABELS) {
          await expectReachable(page, drawer.getByRole("link", { name: label, exact: true }), label);
        }
        await expectReachable(
          page,
          page.locator(".site-drawer__panel").getByRole("link", { name: "Shop Live Menu" }),
          "Shop Live Menu",
        );

        // The backdrop covers the rest of the page, down to the bottom-left corner, and the page stays put.
        const corner = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.closest(".site-drawer") !== null,
          [4, height - 4],
        );
        expect(corner, "the backdrop is what lies at the bottom-left corner").toBe(true);
        await page.mouse.move(4, height / 2);
        await page.mouse.wheel(0, 800);
        await page.waitForTimeout(150);
        expect(await page.evaluate(() => window.scrollY), "the page behind does not scroll").toBe(0);

        await drawer.getByRole("link", { name: "Brands", exact: true }).click();
        await expect(page).toHaveURL(/\/brands$/);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(drawer).toBeHidden();
      });
    }

    test("at 1440px the links sit inline in the header and can be clicked", async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto("/terms");
      await expect(menuToggle(page)).toBeHidden();
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const label of NAV_LABELS) {
        await expectReachable(page, nav.getByRole("link", { name: label, exact: true }), label);
      }
      await nav.getByRole("link", { name: "Blog", exact: true }).click();
      await expect(page).toHaveURL(/\/blog$/);
      await expect(nav.getByRole("link", { name: "Blog", exact: true })).toHaveAttribute("aria-current", "page");
    });

    test("the menu closes with its close control and with a tap on the backdrop @phone", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/terms");
      // The promo banner above the header, the page at the top: the header (and the toggle) lower down than
      // the panel's top row.
      await expect(page.locator(".promo-banner")).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const drawer = page.getByRole("navigation", { name: "Mobile" });
      await menuToggle(page).click();
      await expect(drawer).toBeVisible();
      const close = page.getByText("Close menu");
      await expect(close).toBeAttached();
      await expectReachable(page, menuToggle(page), "the close control");
      // The × sits in the panel's own top row, beside the name, clear of every link (issue 37).
      const boxes = await page.evaluate(() => {
        const box = (element: Element) => {
          const { x, y, width, height } = element.getBoundingClientRect();
          return { x, y, width, height };
        };
        const panel = document.querySelector(".site-drawer__panel")!;
        return {
          close: box(document.querySelector(".site-drawer__toggle")!),
          top: box(panel.querySelector(".site-drawer__top")!),
          panel: box(panel),
          links: [...panel.querySelectorAll("a")].map((link) => ({ name: link.textContent!.trim(), ...box(link) })),
        };
      });
      const { close: x, top } = boxes;
      expect(x.y, "the × below the top row's top").toBeGreaterThanOrEqual(top.y);
      expect(x.y + x.height, "the × above the top row's bottom").toBeLessThanOrEqual(top.y + top.height);
      expect(x.x, "the × inside the panel").toBeGreaterThanOrEqual(boxes.panel.x);
      expect(x.x + x.width, "the × inside the panel").toBeLessThanOrEqual(boxes.panel.x + boxes.panel.width);
      const overlapped = boxes.links.filter(
        (link) =>
          link.width > 0 &&
          link.x < x.x + x.width &&
          x.x < link.x + link.width &&
          link.y < x.y + x.height &&
          x.y < link.y + link.height,
      );
      expect(
        overlapped.map((link) => link.name),
        "links under the ×",
      ).toEqual([]);
      await menuToggle(page).click();
      await expect(drawer).toBeHidden();

      await menuToggle(page).click();
      await expect(drawer).toBeVisible();
      await page.mouse.click(10, 400);
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL(/\/terms$/);
    });

    test("a short viewport scrolls the menu, not the page, so the last link can still be tapped", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 420 });
      await page.goto("/terms");
      await menuToggle(page).click();
      const panel = page.locator(".site-drawer__panel");
      await expect(async () => {
        const box = await panel.boundingBox();
        expect(box?.y, "the menu starts at the top of the viewport").toBe(0);
        expect(box?.height, "the menu is as tall as the viewport").toBe(420);
      }).toPass({ timeout: 3_000 });
      expect(await panel.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      const last = page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Brands", exact: true });
      await last.scrollIntoViewIfNeeded();
      await expectReachable(page, last, "Brands after scrolling the menu");
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  });
}

test("the header's parts sit side by side at every width, the Menu link included: nothing overlaps or wraps", async ({
  page,
}) => {
  await confirmAge(page);
  // The smallest phone, a phone, a tablet, the widest drawer, the narrowest inline menu, a desktop.
  for (const width of [320, 390, 768, 1100, 1201, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/terms");
    const parts = await page.evaluate(() =>
      [...document.querySelector(".site-header__inner")!.children]
        .map((element) => ({ name: element.className, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0)
        .map(({ name, box }) => ({ name, left: box.left, right: box.right, top: box.top, bottom: box.bottom })),
    );
    for (const [index, part] of parts.entries()) {
      expect(part.left, `${width}px: ${part.name} inside the window`).toBeGreaterThanOrEqual(0);
      expect(part.right, `${width}px: ${part.name} inside the window`).toBeLessThanOrEqual(width);
      if (index > 0)
        expect(part.left, `${width}px: ${part.name} clear of the part before`).toBeGreaterThan(parts[index - 1].right);
    }
    const nav = page.getByRole("navigation", { name: "Main" });
    if (width > 1200) {
      // One row: every link as high as the first.
      const tops = await nav
        .getByRole("link")
        .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top));
      expect(tops, `${width}px: the links on one row`).toEqual(tops.map(() => tops[0]));
      expect(tops).toHaveLength(NAV_LABELS.length);
    } else {
      await expect(nav).toBeHidden();
    }
  }
});

// On a page that hydrates (the contact form's): a page that ships no script has the native menu only.
test.describe("slide-out menu with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await confirmAge(page);
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test("Escape closes it and returns focus to the toggle; Tab moves from the toggle into the links @phone", async ({
    page,
  }) => {
    await page.goto("/contact");
    const drawer = page.getByRole("navigation", { name: "Mobile" });
    await menuToggle(page).focus();
    await page.keyboard.press("Enter");
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(drawer.getByRole("link", { name: "Home", exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menuToggle(page)).toBeFocused();
  });

  test("following a link to the page already shown still closes it", async ({ page }) => {
    await page.goto("/contact");
    await menuToggle(page).click();
    const drawer = page.getByRole("navigation", { name: "Mobile" });
    await drawer.getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(drawer).toBeHidden();
    await menuToggle(page).click();
    await drawer.getByRole("link", { name: "About", exact: true }).click();
    await expect(drawer).toBeHidden();
  });
});

test.describe("server", () => {
  test("healthz answers ok", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe("ok");
  });

  test("security headers, no X-Powered-By, CSP naming the menu and maps origins", async ({ request }) => {
    const response = await request.get("/deals");
    const headers = response.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["x-powered-by"]).toBeUndefined();
    const csp = headers["content-security-policy"];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("https://www.google.com");
    expect(csp).toContain("https://menu.example.com");
    // A page rendered for this request has a nonce; one from the page cache (current or, while its
    // replacement renders, the one before) names its scripts' hashes.
    const fromCache = headers["x-cache"] === "HIT" || headers["x-cache"] === "STALE";
    expect(csp).toMatch(fromCache ? /script-src 'self' 'sha256-/ : /script-src 'self' 'nonce-/);
  });

  test("a page from the page cache runs with its own scripts' hashes: hydrated, no policy violation", async ({
    page,
    request,
  }) => {
    await confirmAge(page);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    let hit = await request.get("/deals", { headers: { cookie } });
    for (let i = 0; i < 20 && hit.headers()["x-cache"] !== "HIT"; i++) {
      await page.waitForTimeout(50);
      hit = await request.get("/deals", { headers: { cookie } });
    }
    expect(hit.headers()["x-cache"]).toBe("HIT");
    const html = await hit.text();
    expect(html).not.toContain("nonce=");
    const policy = hit.headers()["content-security-policy"];
    expect(policy).not.toContain("'nonce-");
    for (const [, script] of html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      const digest = crypto.createHash("sha256").update(script).digest("base64");
      expect(policy).toContain(`'sha256-${digest}'`);
    }

    const violations: string[] = [];
    await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) =>
        (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        ),
      );
    });
    // Not from the browser's own cache: the server's.
    await page.route("**/deals", (route) =>
      route.continue({ headers: { ...route.request().headers(), "cache-control": "no-cache" } }),
    );
    const response = await page.goto("/deals");
    expect(response?.headers()["x-cache"]).toBe("HIT");
    await expect
      .poll(() =>
        page.evaluate(() => Boolean((window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules)),
      )
      .toBe(true);
    // Hydrated: a client-side navigation works.
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: /Privacy/ })).toBeVisible();
    expect(violations.filter((v) => v.startsWith("script-src"))).toEqual([]);
  });

  test("hashed assets are cached for a year and responses are compressed", async ({ request }) => {
    const html = await (await request.get("/deals")).text();
    // The framework chunk: large enough to be compressed (a file under 1 KB is sent as it is).
    const asset = html.match(/\/assets\/framework-[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });

  test("robots.txt names the sitemap index", async ({ request }) => {
    const body = await (await request.get("/robots.txt")).text();
    expect(body).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
    expect(body).toContain("Disallow: /admin");
  });

  test("every page carries meta description, canonical and Open Graph tags", async ({ request }) => {
    const html = await (await request.get("/terms")).text();
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/terms"/);
    expect(html).toMatch(/<meta property="og:title"/);
    expect(html).toContain('type="application/rss+xml"');
  });
});
