import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  type Browser,
  type BrowserContext,
  type Cookie,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { generate } from "otplib";
import { type AppServer, startAppServer } from "../support/app-server";
import { AGE_COOKIE_NAME } from "../../app/lib/age-gate";
import { SESSION_COOKIE_NAME } from "../../app/lib/session-cookie";
import { FIXED_PUBLIC_PATHS, discoverBlogPages } from "../../scripts/bench/blog-pages";
import { E2E_ADMIN } from "../support/e2e-accounts";
import { type E2ESite, startE2ESite } from "../support/e2e-site";

let workerSite: E2ESite | undefined;
let clientsMade = 0;

/** An address no other test of this worker's site has used (10.<worker>.x.y). */
export function nextClientAddress(): string {
  clientsMade++;
  return `10.${test.info().parallelIndex % 250}.${Math.floor(clientsMade / 250) % 250}.${clientsMade % 250}`;
}

/**
 * This worker's site (tests/support/e2e-site.ts): its address and data directory. Each Playwright worker runs
 * its own, so a spec meets only what it and the specs before it in this worker did, and a failed test's worker
 * is replaced, with a fresh site, without stopping anything else.
 */
export function site(): E2ESite {
  if (!workerSite) throw new Error("This worker's site has not started: use it from a test or a hook.");
  return workerSite;
}

/**
 * Every test runs against its worker's site (`baseURL`); the browser reaches nothing else (playwright.config.ts
 * blocks the outside network for every context). A failed test gets the site's output attached.
 */
export const test = base.extend<{ siteOutputOnFailure: void }, { e2eSite: E2ESite }>({
  e2eSite: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const started = await startE2ESite();
      workerSite = started;
      try {
        await use(started);
      } finally {
        workerSite = undefined;
        adminSessionCookie = undefined;
        await started.stop();
      }
    },
    // Started with the worker, so hooks and helpers can reach it through site() too.
    { scope: "worker", timeout: 180_000, auto: true },
  ],
  baseURL: async ({ e2eSite }, use) => {
    await use(e2eSite.url);
  },
  // A client of its own (the site trusts the loopback proxy's X-Forwarded-For): no test spends another's
  // rate-limit budget. A spec that sets its own address keeps it.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ "X-Forwarded-For": nextClientAddress(), ...extraHTTPHeaders });
  },
  siteOutputOnFailure: [
    async ({ e2eSite }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach("site output", { body: e2eSite.output().slice(-8000), contentType: "text/plain" });
      }
    },
    { auto: true },
  ],
});

/** A second browser of its own (no cookies shared). */
export async function freshContext(browser: Browser, javaScriptEnabled: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: site().url,
    javaScriptEnabled,
    viewport: test.info().project.use.viewport,
    reducedMotion: "reduce",
  });
  return context;
}

/** Confirms the age gate for this browser context, as a returning visitor. */
export async function confirmAge(page: Page, confirmedAt = Date.now()) {
  await confirmAgeIn(page.context(), confirmedAt);
}

async function confirmAgeIn(context: BrowserContext, confirmedAt = Date.now()) {
  const baseURL = site().url;
  await context.addCookies([{ name: AGE_COOKIE_NAME, value: String(confirmedAt), url: baseURL }]);
}

/**
 * A browser of its own for a visitor who confirmed their age, at the given screen: for the specs that go
 * through every page at several widths.
 */
export async function visitorContext(
  browser: Browser,
  screen: { width: number; height: number; deviceScaleFactor?: number; javaScriptEnabled?: boolean },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: site().url,
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.deviceScaleFactor,
    javaScriptEnabled: screen.javaScriptEnabled ?? true,
    reducedMotion: "reduce",
  });
  await confirmAgeIn(context);
  return context;
}

/** Every public page: the fixed addresses, then the blog's first post, its category and one of its tags. */
export async function everyPublicPage(): Promise<string[]> {
  const { post, category, tag } = await discoverBlogPages(site().url);
  expect(post && category && tag, "a post, a category and a tag to check").toBeTruthy();
  return [...FIXED_PUBLIC_PATHS, post!, category!, tag!];
}

export { expect };

/** This worker's administrator session cookie, from its first sign-in through the form (see signInAsAdmin). */
let adminSessionCookie: Cookie | undefined;

/**
 * Signs the end-to-end server's administrator in and waits for the dashboard. The worker's first sign-in goes
 * through the login form; later ones bring that session's cookie into the new browser, as a returning admin's
 * browser would, and open the dashboard: a spec whose subject is signing in (admin-auth.spec.ts and the
 * two-factor, attack and staff specs) fills in the form itself. Signing out ends only the session signed out.
 */
export async function signInAsAdmin(page: Page) {
  if (adminSessionCookie) {
    await page.context().addCookies([adminSessionCookie]);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin$/);
    return;
  }
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  adminSessionCookie = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE_NAME);
}

/** Signs `account` in through the login form of the server at `baseUrl` (its password step only). */
export async function signInWithPassword(page: Page, baseUrl: string, account: { email: string; password: string }) {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Signs out through the account menu and waits for the login page. */
export async function signOutOfAdmin(page: Page) {
  await page.locator(".account-menu summary").click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

/** The flash toast with this text. */
export const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });

/**
 * Waits until the page has hydrated (root.tsx marks <html data-hydrated>), and for the element a selector
 * names, so the page's handlers (not the browser) take clicks and submits. Without JavaScript, or on a page
 * that ships no script (lib/route-handle.ts), nothing to wait for.
 */
export async function waitForHydration(
  page: Page,
  { javaScriptEnabled = true, selector = "body" }: { javaScriptEnabled?: boolean; selector?: string } = {},
) {
  if (!javaScriptEnabled) return;
  await page.waitForFunction(
    (s) =>
      (document.documentElement.hasAttribute("data-hydrated") || !document.querySelector("script[type=module]")) &&
      document.querySelector(s) !== null,
    selector,
  );
}

/**
 * Opens a page that ships no script (lib/route-handle.ts) as a visitor already running the app reaches it:
 * from a page that hydrated (the contact form's), by the header's link, so React Router renders it in the
 * browser and its scripted parts (search as you type) work. A direct visit gets the plain HTML page.
 */
export async function arriveThroughTheApp(page: Page, linkName: string) {
  await page.goto("/contact");
  await waitForHydration(page);
  const main = page.getByRole("navigation", { name: "Main" });
  if (await main.isVisible()) {
    await main.getByRole("link", { name: linkName, exact: true }).click();
  } else {
    await page.locator(".site-drawer__toggle").click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: linkName, exact: true }).click();
  }
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/**
 * Visible, and once scrolled to, inside the window, at least 24 px each way, and what a tap at its centre lands
 * on. The scroll and the three checks are one step in the page, repeated until they hold: between two steps of
 * the test the page may still move (a dialog closing, the browser's own scroll to a field it focused, an image
 * above coming in), and a person scrolls to a button again before tapping it.
 */
export async function expectClickable(target: Locator) {
  await expect(target).toBeVisible();
  await expect
    .poll(
      () =>
        target.evaluate((el) => {
          // Towards the middle, not the very edge where a toast sits. Instant: the site's smooth scrolling is
          // an animation that a busy headless browser may not run.
          el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
          const r = el.getBoundingClientRect();
          const problems: string[] = [];
          if (r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth) {
            problems.push(
              `outside the window (${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)})`,
            );
          }
          if (r.width < 24 || r.height < 24) problems.push(`smaller than 24×24 (${r.width}×${r.height})`);
          const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          if (!(at === el || el.contains(at))) {
            problems.push(
              `a tap at its centre lands on ${at ? `${at.tagName.toLowerCase()}.${at.className}` : "nothing"}`,
            );
          }
          return problems;
        }),
      { message: "in the window, 24 px or more, and on top where it is tapped" },
    )
    .toEqual([]);
}

export async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** The browser's text size at 200 % (its default font size, which the site's rem units follow: WCAG 1.4.4). */
export async function doubleTheTextSize(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
}

/**
 * axe's serious and critical violations on the page as it is, one line each: the rule, what it asks, and where.
 * Every rule runs; only the violations are gathered in full (resultTypes): the passes' details, which nothing
 * reads, were most of axe's time and of what crossed back from the page.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Legacy mode: axe runs in the page itself instead of sending its partial results to a new blank page to be
  // put together, which cost a page of its own, and axe loaded into it again, on every check (an axe check took
  // twice the CPU of the same check in legacy mode). What it gives up is testing cross-origin frames, which the
  // suite's browser never loads (the menu embed and the maps are blocked); same-origin frames are still tested.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** No axe violation of serious or critical impact on the page as it stands. */
export async function expectNoSeriousA11yViolations(page: Page, where?: string) {
  expect(await seriousA11yViolations(page), where).toEqual([]);
}

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
export function appCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/**
 * A production server of its own for the enclosing describe (or file), started before its first test with
 * `env` and stopped after its last; a failed test gets the server's output attached. Answers its URL.
 */
export function useOwnServer(env: Record<string, string>): () => string {
  let server: AppServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startAppServer(env);
  });
  test.afterEach(async () => {
    const info = test.info();
    if (server && info.status !== info.expectedStatus) {
      await info.attach("server output", { body: server.output().slice(-8000), contentType: "text/plain" });
    }
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => server!.url;
}

/**
 * " @phone" with JavaScript, "" without: for an admin journey the phone runs with JavaScript only. Without it
 * the desktop run goes through the same forms, and every-page.spec.ts checks their pages at phone widths.
 */
export function onThePhoneWithJavaScript(javaScriptEnabled: boolean): string {
  return javaScriptEnabled ? " @phone" : "";
}
