// Two-factor sign-in from the browser, with JavaScript and without: an admin turns it on at My Account
// (the QR code and the key as text, a mistyped code that keeps the same QR code, the recovery codes shown
// once), signs out, signs in with the password and a code from the app, then with a recovery code. Each
// run has a production server of its own (it changes how its admin signs in; the shared server's admin
// must keep signing in with a password alone).
import {
  appCode,
  expect,
  expectClickable,
  onThePhoneWithJavaScript,
  signInWithPassword,
  signOutOfAdmin,
  test,
  useOwnServer,
} from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const ADMIN = { email: "two-factor-e2e@example.com", password: "two-factor-e2e-password" };

for (const javaScriptEnabled of [true, false]) {
  test.describe(`two-factor sign-in, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    const serverUrl = useOwnServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

    test(`turn it on, sign out, sign in with a code, then with a recovery code${onThePhoneWithJavaScript(javaScriptEnabled)}`, async ({
      page,
    }) => {
      const base = serverUrl();
      await signInWithPassword(page, base, ADMIN);
      await expect(page).toHaveURL(/\/admin$/);

      // My Account: off, with a way to turn it on.
      await page.goto(`${base}/admin/account`);
      await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
      await expect(page.getByText(ADMIN.email, { exact: true }).first()).toBeVisible();
      const card = page.locator("section", { has: page.getByRole("heading", { name: "Two-factor sign-in" }) });
      await expect(card.getByText("Off", { exact: true })).toBeVisible();
      const turnOn = page.getByRole("button", { name: "Turn on" });
      await expectClickable(turnOn);
      await turnOn.click();

      // The enrolment step: a QR code (server-rendered SVG) and the key as text.
      const qr = page.locator(".two-factor-qr svg");
      await expect(qr).toBeVisible();
      await expect(page.getByRole("img", { name: /QR code to add .+ to an authenticator app/ })).toBeVisible();
      const box = (await qr.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(180);
      const shownKey = (await page.locator(".two-factor-secret").textContent())!.trim();
      expect(shownKey).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
      const secret = shownKey.replace(/\s/g, "");
      await expect(page.getByRole("button", { name: "Copy key" })).toHaveCount(javaScriptEnabled ? 1 : 0);
      const codeField = page.getByLabel("Code from the app");
      await expectClickable(codeField);
      await expect(codeField).toHaveAttribute("inputmode", "numeric");
      await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");

      // A mistyped code: the message, and the same key and QR code (no new scan).
      const qrMarkup = await page.locator(".two-factor-qr").innerHTML();
      const right = await appCode(secret);
      await codeField.fill(right === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      await expect(page.getByText("That code is not right. Check the time on your phone and try again.")).toBeVisible();
      await expect(page.locator(".two-factor-secret")).toHaveText(shownKey);
      expect(await page.locator(".two-factor-qr").innerHTML()).toBe(qrMarkup);
      await expect(codeField).toHaveValue("");

      await codeField.fill(await appCode(secret));
      const confirm = page.getByRole("button", { name: "Turn on two-factor sign-in" });
      await expectClickable(confirm);
      await confirm.click();

      // The recovery codes, once, with a download that needs no JavaScript.
      await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
      const codes = (await page.locator(".recovery-codes code").allTextContents()).map((c) => c.trim());
      expect(codes).toHaveLength(10);
      for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{2}$/);
      const download = page.getByRole("link", { name: "Download" });
      await expectClickable(download);
      await expect(download).toHaveAttribute("download", /recovery-codes\.txt$/);
      const href = (await download.getAttribute("href"))!;
      expect(href.startsWith("data:text/plain")).toBe(true);
      const file = decodeURIComponent(href.slice(href.indexOf(",") + 1));
      for (const code of codes) expect(file).toContain(code);
      const saved = page.getByRole("link", { name: "I have saved my codes" });
      await expectClickable(saved);
      await saved.click();
      await expect(page).toHaveURL(/\/admin\/account$/);
      await expect(page.locator(".recovery-codes")).toHaveCount(0);
      await expect(card.getByText("On", { exact: true })).toBeVisible();
      await expect(page.getByText("10 recovery codes left.")).toBeVisible();

      // Sign out; the password alone no longer signs in: the code step follows.
      await signOutOfAdmin(page);
      await signInWithPassword(page, base, ADMIN);
      await expect(page).toHaveURL(/\/admin\/login\/two-factor$/);
      await expect(page.getByRole("heading", { level: 1, name: "Two-Factor Sign-In" })).toBeVisible();
      await expect(page.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
      const loginCode = page.getByLabel("Authentication code");
      await expectClickable(loginCode);
      await expect(loginCode).toHaveAttribute("inputmode", "numeric");
      await expect(loginCode).toHaveAttribute("autocomplete", "one-time-code");
      expect((await page.context().cookies()).some((c) => c.name === "admin_session")).toBe(false);

      await loginCode.fill("000000" === (await appCode(secret, 1)) ? "111111" : "000000");
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByText("Invalid code")).toBeVisible();
      await expect(loginCode).toHaveValue("");
      // The enrolment's code is spent: the next step's code (the app shows it within seconds) signs in.
      await loginCode.fill(await appCode(secret, 1));
      const verify = page.getByRole("button", { name: "Verify" });
      await expectClickable(verify);
      await verify.click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByText("Logged in successfully!")).toBeVisible();

      // Sign out; in again with a recovery code instead of the app.
      await signOutOfAdmin(page);
      await signInWithPassword(page, base, ADMIN);
      await expect(page).toHaveURL(/\/admin\/login\/two-factor$/);
      const useRecovery = page.getByRole("link", { name: "Use a recovery code instead" });
      await expectClickable(useRecovery);
      await useRecovery.click();
      await expect(page).toHaveURL(/\/admin\/login\/two-factor\?recovery=1$/);
      const recoveryField = page.getByLabel("Recovery code");
      await expectClickable(recoveryField);
      await recoveryField.fill(codes[0]);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByText("Logged in successfully!")).toBeVisible();

      await page.goto(`${base}/admin/account`);
      await expect(page.getByText("9 recovery codes left.")).toBeVisible();
    });
  });
}
