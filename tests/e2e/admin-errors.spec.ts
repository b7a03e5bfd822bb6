// An error inside the signed-in admin is shown inside the admin's shell (its header, the dashboard link, the
// account menu), never with the public site's header and footer: JavaScript on and off.
import { expect, expectClickable, freshContext, signInAsAdmin, test } from "./fixtures";

const MISSING_POST = "/admin/blog/preview/3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f";

for (const javaScriptEnabled of [true, false]) {
  test(`a missing post's preview is a 404 inside the admin shell, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
    browser,
  }) => {
    const context = await freshContext(browser, javaScriptEnabled);
    const page = await context.newPage();
    await signInAsAdmin(page);
    const response = await page.goto(MISSING_POST);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found | Admin");
    // The admin's shell, not the public site's chrome.
    await expect(page.locator(".admin-header")).toBeVisible();
    await expectClickable(page.getByRole("link", { name: "Admin Dashboard" }));
    await expectClickable(page.locator(".account-menu__trigger"));
    await expect(page.locator(".account-menu__trigger")).toContainText("Account menu for");
    await expect(page.locator(".site-header")).toHaveCount(0);
    await expect(page.locator(".site-footer")).toHaveCount(0);
    const back = page.getByRole("link", { name: "Back to Dashboard" });
    await expectClickable(back);
    await back.click();
    await expect(page).toHaveURL(/\/admin$/);
    await context.close();
  });
}
