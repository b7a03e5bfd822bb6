import { test as base, expect, type Page } from "@playwright/test";

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
