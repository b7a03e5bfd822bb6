// What the public pages load: CSS and JavaScript budgets (gzip, as measured by scripts/bench/page-weight.ts),
// no Radix Themes outside the admin, and each library only on the pages that use it. The admin keeps Radix.
import { formatTable, measurePageWeight, type PageWeight } from "../../scripts/bench/page-weight";
import { E2E_ADMIN } from "../support/e2e-accounts";
import { discoverMenuPages, MENU_PAGES } from "../support/site-pages";
import { confirmAge, everyPublicPage, expect, site, test, toast, waitForHydration } from "./fixtures";

const KB = 1000;
/** Every public page's stylesheets together, and those that hold up the first paint. */
const CSS_BUDGET = 25 * KB;
/**
 * A page that hydrates, its JavaScript at start: React, React DOM, React Router, the shell and the page (issue 24).
 * 150 KB since issue 37: a budget is not to keep a link out of the header (the home page was at 134.86 of 135 KB).
 */
const JS_BUDGET = 150 * KB;

const CAROUSEL_PAGES = ["/", "/deals"];
const FORM_PAGES = ["/careers", "/contact"];
/** The public pages that hydrate (their routes' `handle`, lib/route-handle.ts); every other one ships no script. */
const HYDRATING = /^\/(?:|deals|careers|contact|locations|blog\/(?!category\/|tag\/)[^/]+)$/;
/** Radix Themes' stylesheet: its component classes and accent tokens (not the site's own --accent-gold). */
const RADIX_CSS = /\.rt-[A-Za-z]|--accent-(?:\d|a\d|contrast|surface|indicator|track)\b/;
/** Radix Themes' JavaScript: its root class and component class names. */
const RADIX_JS = /radix-themes|\brt-[A-Z][A-Za-z]+/;
/** Libraries, by what their code says rather than by file name (chunk names are hashed and may change). */
const ZOD = /\$ZodType/;
const CONFORM = /__intent__/;
const EMBLA = /slidesInView/;

let weights: PageWeight[] = [];

test.describe("page weight", () => {
  test.beforeAll(async () => {
    const baseURL = site().url;
    // The menu's pages (issue 26) ship no script: every filter is a plain GET form.
    const pages = [...(await everyPublicPage()), ...MENU_PAGES, ...(await discoverMenuPages(baseURL))];
    // A first visit (the age gate shown): the most a page loads.
    weights = await Promise.all(pages.map((path) => measurePageWeight(baseURL, path)));
  });

  test("every public page stays within its CSS and JavaScript budgets: no script at all on a page that does not hydrate", async () => {
    await test.info().attach("page weight", { body: formatTable(weights), contentType: "text/plain" });
    expect(weights.filter((page) => HYDRATING.test(page.path)).length).toBeGreaterThanOrEqual(6);
    expect(weights.filter((page) => !HYDRATING.test(page.path)).length).toBeGreaterThanOrEqual(13);
    expect(weights.map((page) => page.path)).toEqual(expect.arrayContaining(["/menu", "/menu/flower"]));
    for (const page of weights) {
      expect.soft(page.cssGzipBytes, `${page.path}: CSS gzip bytes`).toBeLessThanOrEqual(CSS_BUDGET);
      expect.soft(page.renderBlockingCssGzipBytes, `${page.path}: render-blocking CSS`).toBeLessThanOrEqual(CSS_BUDGET);
      if (HYDRATING.test(page.path)) {
        expect.soft(page.jsGzipBytes, `${page.path}: JavaScript gzip bytes`).toBeLessThanOrEqual(JS_BUDGET);
      } else {
        // Not a byte: no module, no preload, no inline script (React Router's context, scroll restoration).
        expect.soft(page.scripts, `${page.path}: scripts`).toEqual([]);
        expect.soft(page.inlineScripts, `${page.path}: inline scripts`).toBe(0);
        expect.soft(page.jsGzipBytes, `${page.path}: JavaScript gzip bytes`).toBe(0);
      }
    }
  });

  test("a page loads the code it uses: no Radix Themes or admin code, conform only with a form, embla only with a carousel, zod on none at start", async ({
    baseURL,
  }) => {
    for (const page of weights.filter((weight) => HYDRATING.test(weight.path))) {
      const scripts = page.scripts.map((url) => page.bodies.get(url) ?? "");
      const styles = page.stylesheets.map((url) => ({ url, body: page.bodies.get(url) ?? "" }));
      for (const { url, body } of styles) {
        expect.soft(RADIX_CSS.test(body), `${page.path}: ${url} holds Radix Themes' styles`).toBe(false);
      }
      expect
        .soft(
          scripts.some((code) => RADIX_JS.test(code)),
          `${page.path}: Radix Themes' JavaScript`,
        )
        .toBe(false);

      // No admin route module among what the page loads. The page's inline manifest names only its own routes
      // (routes are discovered as links appear); the whole one, which names them all, is at its "url".
      const html = await (await fetch(new URL(page.path, baseURL))).text();
      const manifestUrl = /"url":\s*"(\/assets\/manifest-[\w-]+\.js)"/.exec(html)?.[1];
      expect(manifestUrl, `${page.path}: React Router's manifest`).toBeTruthy();
      const manifest = await (await fetch(new URL(manifestUrl!, baseURL))).text();
      expect(manifest.startsWith("window.__reactRouterManifest="), `${page.path}: React Router's manifest`).toBe(true);
      const routes = JSON.parse(manifest.slice(manifest.indexOf("=") + 1).replace(/;\s*$/, "")).routes as Record<
        string,
        { module: string }
      >;
      const adminModules = Object.entries(routes)
        .filter(([id]) => id.startsWith("routes/admin/"))
        .map(([, route]) => new URL(route.module, page.scripts[0]).href);
      expect(adminModules.length).toBeGreaterThan(0);
      expect
        .soft(
          page.scripts.filter((url) => adminModules.includes(url)),
          `${page.path}: admin modules`,
        )
        .toEqual([]);

      const hasForm = FORM_PAGES.includes(page.path);
      // A form's validator comes once the visitor starts on the form (the next test).
      expect
        .soft(
          scripts.some((code) => ZOD.test(code)),
          `${page.path}: zod`,
        )
        .toBe(false);
      expect
        .soft(
          scripts.some((code) => CONFORM.test(code)),
          `${page.path}: conform`,
        )
        .toBe(hasForm);
      expect
        .soft(
          scripts.some((code) => EMBLA.test(code)),
          `${page.path}: embla`,
        )
        .toBe(CAROUSEL_PAGES.includes(page.path));
    }
  });

  for (const path of FORM_PAGES) {
    test(`${path} fetches its validator (zod and the form's schema) when the visitor moves into the form`, async ({
      page,
    }) => {
      await confirmAge(page);
      const validators: string[] = [];
      page.on("response", async (response) => {
        if (response.request().resourceType() !== "script") return;
        if (ZOD.test(await response.text().catch(() => ""))) validators.push(response.url());
      });
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect(validators, "zod before the visitor touched the form").toEqual([]);
      await page.locator("main form input:not([type=hidden]):not([tabindex='-1'])").first().focus();
      await expect.poll(() => validators.length, { message: "zod after the first focus" }).toBeGreaterThan(0);
    });
  }

  test("the public pages render without Radix Themes", async ({ page }) => {
    await confirmAge(page);
    for (const path of ["/", "/contact", "/blog"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator(".radix-themes")).toHaveCount(0);
      const sheets = await page.evaluate(() =>
        Array.from(document.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules).map((rule) => rule.cssText)),
      );
      expect(sheets.filter((rule) => RADIX_CSS.test(rule))).toEqual([]);
    }
  });
});

test("the admin keeps Radix Themes: its styles, the site's focus ring over them, and its toasts inside", async ({
  page,
}) => {
  await page.goto("/admin/login");
  const signIn = page.getByRole("button", { name: "Sign In" });
  await expect(page.locator(".radix-themes").first()).toBeVisible();
  // A Radix button in the brand's green (Radix's accent, overridden in theme.css), in Radix's type.
  await expect(signIn).toHaveClass(/\brt-Button\b/);
  await expect(signIn).toHaveCSS("background-color", "rgb(31, 111, 67)");
  await expect(signIn).toHaveCSS("color", "rgb(255, 255, 255)");
  expect(await signIn.evaluate((el) => getComputedStyle(el).fontFamily)).toContain("-apple-system");
  // The site's focus ring wins the tie with Radix's own, as app.css comes after Radix's stylesheet.
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  for (let i = 0; i < 5 && !(await signIn.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(signIn).toBeFocused();
  await expect(signIn).toHaveCSS("outline", "rgb(47, 128, 237) solid 3px");

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin$/);
  const loggedIn = toast(page, "Logged in successfully!");
  await expect(loggedIn).toBeVisible();
  await expect(page.locator(".radix-themes").filter({ has: loggedIn })).toHaveCount(1);
  await expect(page.locator(".radix-themes").first()).toHaveCSS("font-size", "16px");
});

test("the brand faces are preloaded on the public pages, where they are used, and not in the admin", async ({
  page,
}) => {
  const fontPreloads = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map((link) => link.href),
    );
  await confirmAge(page);
  await page.goto("/about");
  const preloaded = await fontPreloads();
  expect(preloaded.map((href) => href.match(/(fraunces|figtree)-latin-wght-normal/)?.[1]).sort()).toEqual([
    "figtree",
    "fraunces",
  ]);
  // Each preloaded file is one the page's type actually uses (a preload nothing uses only costs bandwidth).
  await page.evaluate(() => document.fonts.ready);
  const loadedFonts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => name.endsWith(".woff2")),
  );
  for (const href of preloaded) expect(loadedFonts).toContain(href);
  expect(
    await page.evaluate(() => [...document.fonts].filter((face) => face.status === "loaded").map((f) => f.family)),
  ).toEqual(expect.arrayContaining([expect.stringMatching(/Fraunces/), expect.stringMatching(/Figtree/)]));

  await page.goto("/admin/login");
  expect(await fontPreloads()).toEqual([]);
});
