import AxeBuilder from "@axe-core/playwright";
import { test as base, type Browser, type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { generate } from "otplib";
import { type AppServer, startAppServer } from "../support/app-server";
import { AGE_COOKIE_NAME } from "../../app/lib/age-gate";
import { FIXED_PUBLIC_PATHS, discoverBlogPages } from "../../scripts/bench/blog-pages";
import { E2E_ADMIN } from "../support/e2e-accounts";

const LOCAL = /^(https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/|data:|blob:|about:)/;

function blockOutsideNetwork(context: BrowserContext) {
  return context.route(
    (url) => !LOCAL.test(url.toString()),
    (route) => route.abort("blockedbyclient"),
  );
}

/** Every test runs with the outside network blocked: only this app's origin answers. */
export const test = base.extend({
  context: async ({ context }, use) => {
    await blockOutsideNetwork(context);
    await use(context);
  },
});

/** A second browser of its own (no cookies shared), the outside network blocked like the fixture's. */
export async function freshContext(browser: Browser, javaScriptEnabled: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: test.info().project.use.viewport });
  await blockOutsideNetwork(context);
  return context;
}

/** Confirms the age gate for this browser context, as a returning visitor. */
export async function confirmAge(page: Page, confirmedAt = Date.now()) {
  await confirmAgeIn(page.context(), confirmedAt);
}

async function confirmAgeIn(context: BrowserContext, confirmedAt = Date.now()) {
  const baseURL = test.info().project.use.baseURL ?? "http://localhost:3210";
  await context.addCookies([{ name: AGE_COOKIE_NAME, value: String(confirmedAt), url: baseURL }]);
}

/**
 * A browser of its own for a visitor who confirmed their age, at the given screen, the outside network
 * blocked: for the specs that go through every page at several widths.
 */
export async function visitorContext(
  browser: Browser,
  screen: { width: number; height: number; deviceScaleFactor?: number; javaScriptEnabled?: boolean },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.deviceScaleFactor,
    javaScriptEnabled: screen.javaScriptEnabled ?? true,
  });
  await blockOutsideNetwork(context);
  await confirmAgeIn(context);
  return context;
}

/** Every public page: the fixed addresses, then the blog's first post, its category and one of its tags. */
export async function everyPublicPage(): Promise<string[]> {
  const { post, category, tag } = await discoverBlogPages(test.info().project.use.baseURL!);
  expect(post && category && tag, "a post, a category and a tag to check").toBeTruthy();
  return [...FIXED_PUBLIC_PATHS, post!, category!, tag!];
}

export { expect };

/** Signs the end-to-end server's administrator in through the login form and waits for the dashboard. */
export async function signInAsAdmin(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
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
 * names, so the page's handlers (not the browser) take clicks and submits. Without JavaScript, nothing to wait for.
 */
export async function waitForHydration(
  page: Page,
  { javaScriptEnabled = true, selector = "body" }: { javaScriptEnabled?: boolean; selector?: string } = {},
) {
  if (!javaScriptEnabled) return;
  await page.waitForFunction(
    (s) => document.documentElement.hasAttribute("data-hydrated") && document.querySelector(s) !== null,
    selector,
  );
}

/** Visible, inside the viewport, at least 24px each way, and what a click at its centre lands on. */
export async function expectClickable(target: Locator) {
  await expect(target).toBeVisible();
  // A person scrolls what they want to tap towards the middle, not to the very edge where a toast sits.
  // Instant: the site's smooth scrolling is an animation that a busy headless browser may not run.
  await target.evaluate((el) => el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" }));
  await expect(target).toBeInViewport();
  const box = (await target.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(24);
  expect(box.width).toBeGreaterThanOrEqual(24);
  // Polled briefly: a dialog that is closing still covers the page for the length of its animation.
  await expect
    .poll(
      () =>
        target.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return at === el || el.contains(at);
        }),
      { message: "nothing covers it", timeout: 2_000 },
    )
    .toBe(true);
}

export async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** No axe violation of serious or critical impact on the page as it stands. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
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
