import { test as base, expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../support/e2e-accounts";

const LOCAL = /^(https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/|data:|blob:|about:)/;

/** Every test runs with the outside network blocked: only this app's origin answers. */
export const test = base.extend({
  context: async ({ context }, use) => {
    await context.route(
      (url) => !LOCAL.test(url.toString()),
      (route) => route.abort("blockedbyclient"),
    );
    await use(context);
  },
});

/** Confirms the age gate for this browser context, as a returning visitor. */
export async function confirmAge(page: Page, confirmedAt = Date.now()) {
  const baseURL = test.info().project.use.baseURL ?? "http://localhost:3210";
  await page.context().addCookies([{ name: "ageVerified", value: String(confirmedAt), url: baseURL }]);
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
