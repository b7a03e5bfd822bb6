// Admin → Hours, end to end, with JavaScript on and off: a change to a store's weekly hours shows at once on
// every page that talks about hours (home hero, 'Open Late' card and FAQ, About, the footer, Locations and the
// JSON-LD), and a closure dated today reads 'Closed today (label)' until it is deleted. Each mode has its own
// production server with the demo content, so the shared e2e server's hours never change for other specs.
import type { Locator, Page } from "@playwright/test";
import { stores } from "../../app/content/stores";
import { todayInStoreZone } from "../../app/lib/dates";
import { openingHoursSpecification, type WeeklySchedule } from "../../app/lib/store-hours";
import { badgeText, hoursAnswer, hoursHeadline, weeklyLines } from "../../app/lib/hours-sentences";
import { holidaysWithoutEntry } from "../../app/lib/us-holidays";
import {
  expect,
  signInAsAdmin,
  signInWithPassword,
  site,
  test,
  toast,
  useOwnServer,
  waitForHydration,
} from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const ADMIN = { email: "hours-e2e@example.com", password: "hours-e2e-password" };
const [lindsey, blueWater] = stores;
const nineToTen = { opens: "09:00", closes: "22:00" };
const lateSaturday = { opens: "10:00", closes: "02:00" };
/** Blue Water after the change: daily 9–10, Saturday 10 AM to 2 AM. */
const blueWaterWeek: WeeklySchedule = [nineToTen, nineToTen, nineToTen, nineToTen, nineToTen, nineToTen, lateSaturday];
/** Lindsey Street after the change (the About page shows the main store): Saturday 10 AM to 2 AM too. */
const lindseyWeek: WeeklySchedule = [...lindsey.weekly.slice(0, 6), lateSaturday];

/** Scrolled to and on screen: what a visitor actually sees. */
async function expectSeen(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await expect(locator).toBeVisible();
  await expect(locator).toBeInViewport();
}

/** The Store entries of the page's JSON-LD, by store id ("lindsey", "bluewater"). */
async function storeJsonLd(page: Page): Promise<Record<string, any>> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const entries = scripts.flatMap((text) => [JSON.parse(text)].flat());
  return Object.fromEntries(
    entries.filter((e) => e["@type"] === "Store").map((e) => [String(e["@id"]).split("#")[1], e]),
  );
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Admin hours with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    const serverUrl = useOwnServer({ SEED_DEMO: "true", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const at = (path: string) => `${serverUrl()}${path}`;

    test.beforeEach(async ({ page }) => {
      await page.context().addCookies([{ name: "ageVerified", value: String(Date.now()), url: serverUrl() }]);
      await signInWithPassword(page, serverUrl(), ADMIN);
      await expect(page).toHaveURL(/\/admin$/);
    });

    /** Opens a store's tab of the hours page (through its link), ready to type in. */
    async function openStore(page: Page, store: (typeof stores)[number], options: { slow?: boolean } = {}) {
      await page.goto(at("/admin/hours"));
      if (options.slow) {
        await page.route("**/admin/hours.data**", async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        });
      }
      await page.getByRole("navigation", { name: "Stores" }).getByRole("link", { name: store.shortName }).click();
      if (options.slow) {
        // While the other store loads in the browser: skeletons, not the first store's form (never in server HTML).
        await expect(page.getByTestId("hours-skeleton")).toBeVisible();
        await expect(page.getByTestId("exception-skeleton")).toHaveCount(3);
        await expect(page.locator("form[id^='hours-week-']")).toHaveCount(0);
      }
      await expect(page).toHaveURL(new RegExp(`store=${store.id}`));
      const form = page.locator(`#hours-week-${store.id}`);
      await expect(form).toBeVisible();
      await expect(page.getByTestId("hours-skeleton")).toHaveCount(0);
      if (options.slow) await page.unroute("**/admin/hours.data**");
      // The page has hydrated: its handlers, not the browser, submit the form.
      await waitForHydration(page, { javaScriptEnabled, selector: `#hours-week-${store.id}` });
    }

    async function setSaturday(page: Page, store: (typeof stores)[number]) {
      await openStore(page, store);
      const saturday = page.getByRole("group", { name: "Saturday" });
      await saturday.getByLabel("Opens").fill("10:00");
      await saturday.getByLabel("Closes").fill("02:00");
      // The hint under the closing time, as the admin types (it needs JavaScript to follow the typing).
      if (javaScriptEnabled) await expect(saturday.getByText("next day")).toBeVisible();
      await page.getByRole("button", { name: "Save hours" }).click();
      await expect(toast(page, "Hours saved")).toBeVisible();
      const preview = page.getByTestId("hours-preview");
      for (const line of weeklyLines(store.id === "BlueWater" ? blueWaterWeek : lindseyWeek)) {
        await expect(preview.getByText(line, { exact: true })).toBeVisible();
      }
      // Reloaded from the server: the form shows what was saved.
      await expect(saturday.getByLabel("Closes")).toHaveValue("02:00");
    }

    // First, while the weekly hours are the defaults: a closure today must not meet a Saturday opening that
    // runs past midnight into it.
    test("a closure for today reads 'Closed today (Test Holiday)' on Locations, the footer and the JSON-LD, until deleted", async ({
      page,
    }) => {
      const today = todayInStoreZone();
      await openStore(page, blueWater, { slow: javaScriptEnabled });
      await page.getByRole("link", { name: "Add holiday or special hours" }).click();
      const dialog = page.getByRole("dialog", { name: "Add holiday or special hours" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("textbox", { name: "Label" }).fill("Test Holiday");
      await dialog.getByLabel("Date").fill(today);
      await expect(dialog.getByRole("radio", { name: "Closed all day" })).toBeChecked();
      // Closed all day: no times to fill in.
      await expect(dialog.getByLabel("Opens")).toBeHidden();
      await dialog.getByRole("button", { name: "Add", exact: true }).click();
      await expect(toast(page, "Closure added")).toBeVisible();
      await expect(dialog).toBeHidden();
      const row = page.getByRole("row", { name: /Test Holiday/ });
      await expectSeen(row);
      await expect(row).toContainText("Closed all day");
      await expect(page.getByTestId("hours-preview")).toContainText("Closed today (Test Holiday)");

      await page.goto(at("/locations"));
      const card = page.getByRole("article", { name: blueWater.shortName });
      await expectSeen(card.getByText("Closed today (Test Holiday)"));
      // The other store is not affected.
      await expect(page.getByRole("article", { name: lindsey.shortName })).not.toContainText("Closed today");
      const footerHours = page
        .getByRole("contentinfo")
        .locator(".site-footer__hours")
        .filter({ hasText: blueWater.shortName });
      await expectSeen(footerHours.getByText("Closed today (Test Holiday)"));
      const jsonLd = await storeJsonLd(page);
      expect(jsonLd.bluewater.specialOpeningHoursSpecification).toEqual([
        {
          "@type": "OpeningHoursSpecification",
          validFrom: today,
          validThrough: today,
          opens: "00:00",
          closes: "00:00",
        },
      ]);
      expect(jsonLd.lindsey.specialOpeningHoursSpecification).toBeUndefined();

      // Delete it: the browser asks with JavaScript, the server asks without.
      await openStore(page, blueWater);
      if (javaScriptEnabled) page.once("dialog", (confirm) => void confirm.accept());
      await page.getByRole("button", { name: /^Delete Test Holiday/ }).click();
      if (!javaScriptEnabled) {
        const confirm = page.getByRole("dialog", { name: "Delete exception" });
        await expect(confirm).toBeVisible();
        await confirm.getByRole("button", { name: "Delete" }).click();
      }
      await expect(toast(page, "Exception deleted")).toBeVisible();
      await expectSeen(page.getByText("No holidays or special hours coming up."));

      await page.goto(at("/locations"));
      await expect(page.getByRole("article", { name: blueWater.shortName })).not.toContainText("Closed today");
      expect((await storeJsonLd(page)).bluewater.specialOpeningHoursSpecification).toBeUndefined();
    });

    test("Saturday 10:00–02:00 shows at once on Home, the FAQ, About, the footer, Locations and the JSON-LD", async ({
      page,
    }) => {
      await setSaturday(page, blueWater);
      await setSaturday(page, lindsey);
      const week = [
        { shortName: lindsey.shortName, weekly: lindseyWeek },
        { shortName: blueWater.shortName, weekly: blueWaterWeek },
      ];

      await page.goto(at("/"));
      const main = page.getByRole("main");
      // The hero, and the 'Open Late' card.
      const headline = hoursHeadline(week);
      expect(headline).toContain("10AM–2AM Saturday");
      await expectSeen(page.locator(".home-hero__facts").getByText(headline));
      await expectSeen(main.getByText(`${headline}.`, { exact: true }));
      // The FAQ answer.
      const answer = hoursAnswer(week);
      expect(answer).toContain("Blue Water is open Sunday to Friday 9AM–10PM and Saturday 10AM–2AM");
      await page.getByText("What are your hours?").click();
      await expectSeen(page.locator(".faq details[open]").getByText(answer));
      // The footer, on every page.
      const footerHours = page
        .getByRole("contentinfo")
        .locator(".site-footer__hours")
        .filter({ hasText: blueWater.shortName });
      await expectSeen(footerHours.getByText("Saturday: 10 AM – 2 AM", { exact: true }));
      await expect(footerHours.getByText("Sunday–Friday: 9 AM – 10 PM", { exact: true })).toBeVisible();
      // The JSON-LD of the home page.
      const homeLd = await storeJsonLd(page);
      expect(homeLd.bluewater.openingHoursSpecification).toEqual(openingHoursSpecification(blueWaterWeek));
      expect(homeLd.bluewater.openingHoursSpecification).toContainEqual({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Saturday"],
        opens: "10:00",
        closes: "02:00",
      });

      // About: the main store's badge, and each store's hours under Visit Us.
      await page.goto(at("/about"));
      await expectSeen(page.getByRole("list", { name: "At a glance" }).getByText(badgeText(lindseyWeek)));
      for (const [store, weekly] of [
        [lindsey, lindseyWeek],
        [blueWater, blueWaterWeek],
      ] as const) {
        const visit = page.locator(".visit-us__store").filter({ hasText: store.shortName });
        for (const line of weeklyLines(weekly)) await expectSeen(visit.getByText(line, { exact: true }));
        await expect(visit.getByText("Saturday: 10 AM – 2 AM", { exact: true })).toBeVisible();
      }

      // Locations: both cards, and their JSON-LD.
      await page.goto(at("/locations"));
      const card = page.getByRole("article", { name: blueWater.shortName });
      for (const line of weeklyLines(blueWaterWeek)) await expectSeen(card.getByText(line, { exact: true }));
      const lindseyCard = page.getByRole("article", { name: lindsey.shortName });
      await expectSeen(lindseyCard.getByText("Saturday: 10 AM – 2 AM", { exact: true }));
      const ld = await storeJsonLd(page);
      expect(ld.bluewater.openingHoursSpecification).toEqual(openingHoursSpecification(blueWaterWeek));
      expect(ld.lindsey.openingHoursSpecification).toEqual(openingHoursSpecification(lindseyWeek));
    });

    test("the weekly form refuses a missing or repeated time, and copies Monday to every day", async ({ page }) => {
      await openStore(page, blueWater);
      const tuesday = page.getByRole("group", { name: "Tuesday" });
      const wednesday = page.getByRole("group", { name: "Wednesday" });
      await tuesday.getByLabel("Opens").fill("");
      await wednesday.getByLabel("Closes").fill("09:00");
      await page.getByRole("button", { name: "Save hours" }).click();
      await expect(tuesday.getByText("Enter an opening time")).toBeVisible();
      await expect(wednesday.getByText("Opening and closing can't be the same time")).toBeVisible();
      // Nothing was saved.
      await expect(page.getByTestId("hours-preview")).toContainText("Sunday–Friday: 9 AM – 10 PM");

      // Copy Monday: every row takes Monday's times, even the wrong ones; nothing is saved until 'Save hours'.
      const monday = page.getByRole("group", { name: "Monday" });
      await monday.getByLabel("Opens").fill("08:00");
      await monday.getByLabel("Closes").fill("23:00");
      await page.getByRole("button", { name: "Copy Monday to all days" }).click();
      await expect(page.getByText("Monday's hours copied to every day.")).toBeVisible();
      for (const day of ["Sunday", "Tuesday", "Wednesday", "Saturday"]) {
        const group = page.getByRole("group", { name: day });
        await expect(group.getByLabel("Opens")).toHaveValue("08:00");
        await expect(group.getByLabel("Closes")).toHaveValue("23:00");
      }
      await expect(tuesday.getByText("Enter an opening time")).toBeHidden();
      await expect(page.getByTestId("hours-preview")).toContainText("Saturday: 10 AM – 2 AM");
      await page.getByRole("button", { name: "Save hours" }).click();
      await expect(toast(page, "Hours saved")).toBeVisible();
      await expect(page.getByTestId("hours-preview").getByText("Daily: 8 AM – 11 PM", { exact: true })).toBeVisible();
    });
  });
}

// The schedule, JavaScript off, as an owner sets it: Blue Water closed on Sundays and open until 2 AM
// on Fridays, Lindsey until 11:30 PM on Saturdays. Every page's sentence says it without contradicting itself.
test.describe("Admin hours: a closed day and a late night, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  const serverUrl = useOwnServer({ SEED_DEMO: "true", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

  test("Home, About, the FAQ, the footer and Locations read it correctly", async ({ page }) => {
    const url = serverUrl();
    await page.context().addCookies([{ name: "ageVerified", value: String(Date.now()), url }]);
    await signInWithPassword(page, url, ADMIN);
    await expect(page).toHaveURL(/\/admin$/);

    await page.goto(`${url}/admin/hours?store=BlueWater`);
    await page.getByRole("group", { name: "Sunday" }).getByText("Closed", { exact: true }).click();
    await page.getByRole("group", { name: "Friday" }).getByLabel("Closes").fill("02:00");
    await page.getByRole("button", { name: "Save hours" }).click();
    await expect(toast(page, "Hours saved")).toBeVisible();
    await page.goto(`${url}/admin/hours?store=Lindsey`);
    await page.getByRole("group", { name: "Saturday" }).getByLabel("Closes").fill("23:30");
    await page.getByRole("button", { name: "Save hours" }).click();
    await expect(toast(page, "Hours saved")).toBeVisible();

    const blueWaterLines = [
      "Sunday: Closed",
      "Monday–Thursday: 9 AM – 10 PM",
      "Friday: 9 AM – 2 AM",
      "Saturday: 9 AM – 10 PM",
    ];
    const footerHours = page.getByRole("contentinfo").locator(".site-footer__hours").filter({ hasText: "Blue Water" });
    const contradictions = /open closed|daily, closed|closed [A-Za-z]+day, daily/i;

    await page.goto(`${url}/`);
    const blueWaterWeek = "Blue Water: 9AM–10PM Monday–Thursday & Saturday, until 2AM Friday, closed Sunday";
    await expectSeen(page.locator(".home-hero__facts").getByText(blueWaterWeek));
    await expectSeen(page.getByRole("main").getByText(new RegExp(`${blueWaterWeek}\\.$`)));
    await page.getByText("What are your hours?").click();
    await expectSeen(
      page
        .locator(".faq details[open]")
        .getByText(
          "Blue Water is open Monday to Thursday and Saturday until 10PM, Friday until 2AM, and closed Sunday.",
        ),
    );
    for (const line of blueWaterLines) await expectSeen(footerHours.getByText(line, { exact: true }));
    expect(await page.locator("body").innerText()).not.toMatch(contradictions);

    await page.goto(`${url}/about`);
    await expectSeen(
      page
        .getByRole("list", { name: "At a glance" })
        .getByText("Open 9AM–10PM, Midnight Fri, 11:30PM Sat", { exact: true }),
    );
    const visit = page.locator(".visit-us__store").filter({ hasText: "Blue Water" });
    for (const line of blueWaterLines) await expectSeen(visit.getByText(line, { exact: true }));
    expect(await page.locator("body").innerText()).not.toMatch(contradictions);

    await page.goto(`${url}/locations`);
    const card = page.getByRole("article", { name: "Blue Water" });
    for (const line of blueWaterLines) await expectSeen(card.getByText(line, { exact: true }));
    expect(await page.locator("body").innerText()).not.toMatch(contradictions);
    const jsonLd = await storeJsonLd(page);
    expect(jsonLd.bluewater.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Saturday"],
        opens: "09:00",
        closes: "22:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Friday"], opens: "09:00", closes: "02:00" },
    ]);
  });
});

// Changes nothing (the dialog is cancelled, 'Closed' never saved): the worker's shared site serves. Its
// accessibility, with the dialog open, is every-page's (ADMIN_PAGES).
test.describe("Admin hours: layout", () => {
  test("no sideways scroll at 390px, rows that fit, a holiday's 'Add closure' opens a filled dialog @phone", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const url = site().url;
    await signInAsAdmin(page);

    // The reminder lists the coming holidays; its link opens the dialog filled in (the address says how).
    const [holiday] = holidaysWithoutEntry([], todayInStoreZone(), 30);
    const expected = holiday ?? { date: "2026-11-26", name: "Thanksgiving" };
    if (holiday) {
      await page.goto(`${url}/admin/hours?store=BlueWater`);
      const warning = page.getByRole("list", { name: "Holidays without hours for Blue Water" });
      await expectSeen(warning.getByText(holiday.name, { exact: true }));
      await warning.getByRole("link", { name: `Add closure for ${holiday.name}` }).click();
    } else {
      await page.goto(`${url}/admin/hours?store=BlueWater&dialog=new&date=${expected.date}&label=${expected.name}`);
    }
    const dialog = page.getByRole("dialog", { name: "Add holiday or special hours" });
    await expect(dialog.getByRole("textbox", { name: "Label" })).toHaveValue(expected.name);
    await expect(dialog.getByLabel("Date")).toHaveValue(expected.date);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    // Closing drops the holiday from the address.
    await expect(page).toHaveURL(`${url}/admin/hours?store=BlueWater`);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const saturday = page.getByRole("group", { name: "Saturday" });
    // Each control fits the screen and is a 24px target at least (the 'Closed' box through its label).
    const targets = [
      saturday.locator("label").filter({ hasText: "Closed" }),
      saturday.getByLabel("Opens"),
      saturday.getByLabel("Closes"),
    ];
    for (const target of targets) {
      await target.scrollIntoViewIfNeeded();
      const box = (await target.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    // Ticking 'Closed' hides the times (no JavaScript needed: CSS).
    await saturday.getByLabel("Closed").check();
    await expect(saturday.getByLabel("Opens")).toBeHidden();
    await expect(saturday.getByText("Closed all day")).toBeVisible();
  });
});
