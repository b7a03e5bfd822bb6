// The owner edits the site's settings (name, banner, a store's phone) in Admin → Settings and every public
// page shows the change on the next request; invalid values are refused field by field. A private server
// (not the shared e2e server), so the changed name and banner never reach the other specs.
import type { Page } from "@playwright/test";
import { type AppServer, startAppServer } from "../support/app-server";
import { freePort } from "../support/postgres-cluster";
import { expect, expectClickable, onThePhoneWithJavaScript, test } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const ADMIN = { email: "owner@settings.example", password: "settings-e2e-password-1" };
const PUBLIC_PATHS = ["/", "/about", "/deals", "/locations", "/contact", "/blog", "/reviews"];

let server: AppServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startAppServer({
    SEED_DEMO: "true",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The menu provider is a port nothing listens on: a sync here is the provider being down.
    MENU_PROVIDER_ENDPOINT: `http://127.0.0.1:${await freePort()}/graphql`,
  });
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page) {
  await page.context().addCookies([{ name: "ageVerified", value: String(Date.now()), url: server!.url }]);
  await page.goto(`${server!.url}/admin/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test(`a new name, banner and phone show on every public page at once${onThePhoneWithJavaScript(javaScriptEnabled)}`, async ({
      page,
    }) => {
      const suffix = javaScriptEnabled ? "A" : "B";
      const name = `Norman Green Co. ${suffix}`;
      const banner = `Winter sale ${suffix}: 20% off glass through Sunday.`;
      const phone = javaScriptEnabled ? "(405) 555-0191" : "(405) 555-0192";
      await signIn(page);
      await page.goto(`${server!.url}/admin/settings`);
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

      await page.getByLabel("Site name").fill(name);
      await page.getByLabel("Show the banner").check();
      await page.getByLabel("Banner text").fill(banner);
      await page.getByLabel("Banner link (optional)").fill("/deals");
      const lindsey = page.getByRole("region", { name: "Lindsey Street store" });
      await lindsey.getByLabel("Phone").fill(phone.replace(/\D/g, ""));
      await lindsey.getByLabel("OMMA license number").fill("PAAA-E2E-0001");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByText("Settings saved")).toBeVisible();
      await expect(page.getByLabel("Site name")).toHaveValue(name);
      // The phone is stored in one form however it was typed.
      await expect(lindsey.getByLabel("Phone")).toHaveValue(phone);

      for (const path of PUBLIC_PATHS) {
        await page.goto(`${server!.url}${path}`);
        const link = page.getByRole("complementary", { name: "Promotion" }).getByRole("link", { name: banner });
        await expect(link, path).toBeVisible();
        // At the top of the page, in view and not covered by the header or anything else.
        const box = (await link.boundingBox())!;
        expect(box.y, path).toBeLessThan(120);
        const hit = await link.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const topmost = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
          return !!topmost && element.contains(topmost);
        });
        expect(hit, path).toBe(true);
        await expect(page, path).toHaveTitle(new RegExp(name.replace(/\./g, "\\.")));
        await expect(page.locator(".site-header__brand"), path).toHaveText(name);
        const footer = page.getByRole("contentinfo");
        await footer.scrollIntoViewIfNeeded();
        await expect(footer.getByRole("link", { name: phone }), path).toBeVisible();
        await expect(footer.getByRole("link", { name: phone }), path).toHaveAttribute(
          "href",
          `tel:+1${phone.replace(/\D/g, "")}`,
        );
      }
      // The OMMA licence: in the footer beside the store, and in the store's structured data.
      await page.goto(`${server!.url}/locations`);
      const lindseyInFooter = page.getByRole("contentinfo").locator("address").filter({ hasText: "Lindsey" });
      await expect(lindseyInFooter).toContainText("OMMA License PAAA-E2E-0001");
      const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
      const storesData = scripts.map((text) => JSON.parse(text)).find((data) => data?.[0]?.["@type"] === "Store");
      expect(storesData[0].identifier).toBe("PAAA-E2E-0001");
      expect(storesData[1].identifier).toBeUndefined();
      await page.goto(`${server!.url}/`);
      await page.getByRole("link", { name: banner }).click();
      await expect(page).toHaveURL(/\/deals$/);
    });

    test("invalid values are refused field by field and nothing changes", async ({ page }) => {
      await signIn(page);
      await page.goto(`${server!.url}/admin/settings`);
      const before = await page.getByLabel("Site name").inputValue();
      const blueWater = page.getByRole("region", { name: "Blue Water store" });
      await page.getByLabel("Site name").fill("Should not be saved");
      await blueWater.getByLabel("Phone").fill("12345");
      await blueWater.getByLabel("'Write on Google' link").fill("javascript:alert(1)");
      await page.getByLabel("Contact messages go to").fill("owner@example.com\nnot-an-address");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(blueWater.getByText(/10-digit US phone number/)).toBeVisible();
      await expect(blueWater.getByText("Enter an address starting with https:// or http://")).toBeVisible();
      await expect(page.getByText("“not-an-address” is not an email address")).toBeVisible();
      await expect(blueWater.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
      // What was typed stays for correcting.
      await expect(blueWater.getByLabel("Phone")).toHaveValue("12345");

      await page.goto(`${server!.url}/admin/settings`);
      await expect(page.getByLabel("Site name")).toHaveValue(before);
    });

    test(`a banner with a health claim: the finding beside the field, then 'Publish anyway' with a reason${onThePhoneWithJavaScript(javaScriptEnabled)}`, async ({
      page,
    }, testInfo) => {
      // Issue 27's sizes: a 390 px phone and a 1440 px desktop.
      await page.setViewportSize(
        testInfo.project.name === "phone" ? { width: 390, height: 844 } : { width: 1440, height: 900 },
      );
      const claim = `Our tinctures relieve anxiety ${javaScriptEnabled ? "A" : "B"}.`;
      await signIn(page);
      await page.goto(`${server!.url}/admin/settings`);
      const bannerSection = page.getByRole("region", { name: "Promo banner" });
      await bannerSection.getByLabel("Show the banner").check();
      await bannerSection.getByLabel("Banner text").fill(claim);
      const findings = bannerSection.locator(".ad-findings");
      if (javaScriptEnabled) {
        // As the owner types, before any save.
        await expect(findings).toContainText("1 advertising finding");
      }
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByText("Change the words, or tick “Publish anyway” and say why.").first()).toBeVisible();
      await expect(findings).toContainText("“relieve anxiety”");
      await expect(findings).toContainText("Health claim");
      await expect(findings).toContainText("63 O.S. § 427.21");
      await expect(findings).toContainText("Try: many patients choose it in the evening.");
      await expectClickable(findings);

      const override = bannerSection.getByRole("group", { name: "Publish anyway?" });
      await override.getByRole("checkbox").check();
      await override
        .getByLabel("Why (kept in the activity log)")
        .fill("The owner's own wording, checked with counsel.");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByText("Settings saved")).toBeVisible();

      await page.goto(`${server!.url}/about`);
      await expect(page.getByRole("complementary", { name: "Promotion" })).toContainText(claim);
      await page.goto(`${server!.url}/admin/activity`);
      const entry = page
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: "Published despite advertising findings" }) })
        .first();
      await expect(entry).toBeVisible();
      await expect(entry).toContainText("Promo banner");
      await expect(entry).toContainText("The owner's own wording, checked with counsel.");
      await expect(entry).toContainText("“relieve anxiety” (Health claim)");

      // Live with its finding: the dashboard asks for attention and leads back to the banner's field.
      await page.goto(`${server!.url}/admin`);
      const count = page
        .getByRole("region", { name: "Needs attention" })
        .getByRole("link", { name: /live items? with advertising findings/ });
      await expectClickable(count);
      await count.click();
      const card = page.getByRole("region", { name: /^Advertising findings/ });
      const banner = card.getByRole("link", { name: claim });
      await expectClickable(banner);
      await expect(banner.locator("xpath=..")).toContainText("Promo banner");
      await banner.click();
      await expect(page).toHaveURL(/\/admin\/settings#settings-banner$/);
      await expect(page.getByLabel("Banner text")).toHaveValue(claim);
    });

    test("an advertising rule turned off shows its warning, and on again", async ({ page }) => {
      await page.setViewportSize(javaScriptEnabled ? { width: 390, height: 844 } : { width: 1440, height: 900 });
      await signIn(page);
      await page.goto(`${server!.url}/admin/settings`);
      const section = page.getByRole("region", { name: "Advertising rules" });
      const overconsumption = section.getByRole("checkbox", { name: /^Overconsumption/ });
      await expect(overconsumption).toBeChecked();
      await overconsumption.uncheck();
      const save = section.getByRole("button", { name: "Save advertising rules" });
      await expectClickable(save);
      await save.click();
      await expect(page.getByText("Advertising rules saved")).toBeVisible();
      await expect(section.getByRole("status")).toContainText("Off: Overconsumption.");
      await expect(section.getByRole("status")).toContainText("63 O.S. § 427.21 still applies");
      await expect(overconsumption).not.toBeChecked();

      await overconsumption.check();
      await section.getByRole("button", { name: "Save advertising rules" }).click();
      await expect(page.getByText("Every rule checks what you write.")).toBeVisible();
      await expect(section.getByRole("status")).toHaveCount(0);
    });

    test("a menu provider that is down: the sync says why, the dashboard asks for attention, the menu stays", async ({
      page,
    }) => {
      // One run on a phone, one on a desktop.
      await page.setViewportSize(javaScriptEnabled ? { width: 1440, height: 900 } : { width: 390, height: 844 });
      const expected = "Menu has never synced: provider could not be reached (Lindsey Street)";
      await signIn(page);
      await page.goto(`${server!.url}/admin/settings`);
      const section = page.getByRole("region", { name: "Menu sync" });
      await section.getByRole("combobox", { name: /^Provider/ }).selectOption({ label: "Dutchie Plus" });
      await section.getByLabel("API key").fill("e2e-provider-key-1234");
      await section.getByLabel("Lindsey Street store's id at the provider").fill("retailer-lindsey");
      await section.getByRole("button", { name: "Save menu sync" }).click();
      await expect(page.getByText("Menu sync saved")).toBeVisible();
      // The key is never shown again, only its end.
      await expect(section.getByLabel("API key")).toHaveValue("");
      await expect(section.getByText("A key ending in …1234 is saved.")).toBeVisible();
      await expect(page.locator("body")).not.toContainText("e2e-provider-key-1234");

      const syncNow = section.getByRole("button", { name: "Sync now" });
      await expectClickable(syncNow);
      await syncNow.click();
      await expect(page.getByText("Menu sync failed")).toBeVisible();
      await expect(section.getByRole("status")).toHaveText(expected);

      await page.goto(`${server!.url}/admin`);
      const attention = page.getByRole("region", { name: "Needs attention" });
      const line = attention.getByRole("link", { name: expected });
      await expectClickable(line);
      await line.click();
      await expect(page).toHaveURL(/\/admin\/settings#settings-menu-sync$/);

      // The catalog the site had is still there.
      const menu = await page.request.get(`${server!.url}/menu`);
      expect(menu.status()).toBe(200);
    });
  });
}
