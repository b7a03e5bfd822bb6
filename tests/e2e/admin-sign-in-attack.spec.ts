// Password guessing from many addresses closes an account to new browsers, never to the admin's own: the
// browser they signed in with before carries a device cookie of its own (app/services/device-cookie.server.ts).
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, freshContext, signInWithPassword, test, useOwnServer } from "./fixtures";

const ADMIN = { email: "attacked-admin@example.com", password: "attacked-admin-password" };
const TOO_MANY = /Too many sign-in attempts\. Please try again in \d+ minutes?\./;

/**
 * Wrong passwords for the admin's e-mail from a new address each (the server trusts the loopback proxy's
 * X-Forwarded-For), a few at a time, until the account refuses clients without a device cookie.
 */
async function guessUntilClosed(request: APIRequestContext, baseUrl: string): Promise<number> {
  const guess = (n: number) =>
    request.post(`${baseUrl}/admin/login`, {
      form: { email: ADMIN.email, password: `guess-${n}` },
      headers: { Origin: baseUrl, "X-Forwarded-For": `198.18.${Math.floor(n / 250)}.${n % 250}` },
      maxRedirects: 0,
    });
  for (let n = 0; n < 130; n += 5) {
    const statuses = await Promise.all([0, 1, 2, 3, 4].map(async (k) => (await guess(n + k)).status()));
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    if (statuses.includes(429)) return n + 5;
  }
  throw new Error("the account never closed");
}

async function expectSignedIn(page: Page) {
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back!" })).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`an account under attack, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    // A server of its own: the attack closes this account for an hour.
    const serverUrl = useOwnServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: "loopback",
    });

    test("refuses a new browser, even with the right password, and lets the admin's own browser in", async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      // The admin's own browser signs in (and out) before the attack.
      const own = await freshContext(browser, javaScriptEnabled);
      const ownPage = await own.newPage();
      await signInWithPassword(ownPage, serverUrl(), ADMIN);
      await expectSignedIn(ownPage);
      await ownPage.context().clearCookies({ name: "admin_session" });

      const guesses = await guessUntilClosed(request, serverUrl());
      expect(guesses).toBeGreaterThanOrEqual(100);

      // A browser that has never signed in: refused, with a message that names no account or limit.
      const stranger = await freshContext(browser, javaScriptEnabled);
      const strangerPage = await stranger.newPage();
      await signInWithPassword(strangerPage, serverUrl(), ADMIN);
      await expect(strangerPage.getByRole("alert").filter({ hasText: TOO_MANY })).toBeVisible();
      await expect(strangerPage).toHaveURL(/\/admin\/login/);

      // The admin's own browser, from the same address as the stranger: in.
      await signInWithPassword(ownPage, serverUrl(), ADMIN);
      await expectSignedIn(ownPage);
      await own.close();
      await stranger.close();
    });
  });
}
