import { getToast } from "remix-toast";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { site } from "~/content/site";
import { stores } from "~/content/stores";
import { SETTINGS_MESSAGES, settingsFormDefaults } from "~/lib/schemas/settings";
import type { SiteSettings } from "~/lib/schemas/site-settings";
import { addDays, formatLongDate, todayInStoreZone } from "~/lib/dates";
import { bannerShowsOn, bannerStatusSentence, defaultSiteSettings } from "~/lib/site-settings";
import {
  getPublicSite,
  getSiteSettings,
  notificationRecipients,
  saveSiteSettings,
} from "~/models/site-settings.server";
import { action, loader } from "~/routes/admin/settings";
import { loader as rootLoader } from "~/root";
import { buildRssFeed } from "~/routes/resources/feeds.server";
import type { OpenedDatabase } from "~/server/db.server";
import { contentSecurityPolicy } from "~/server/security.server";
import { DatabaseUnavailableError, unlessDatabaseUnavailable } from "~/server/db-guards.server";
import { currentRequestScope, runInRequestScope } from "~/server/request-scope.server";
import { createTestDatabase } from "../support/database";
import { settingsFormWith } from "./admin-requests";
import { asResult, makeUser, ORIGIN, callRoute, routeArgs, sessionCookieFor, settle } from "./auth-support";

let database: OpenedDatabase;
let adminCookie = "";
/** The signed-in admin, as the models' writes take it for the activity log. */
let admin = { id: "", email: "" };
beforeAll(async () => {
  database = await createTestDatabase();
  const user = await makeUser("settings-admin@example.com", "admin-pass", { admin: true });
  admin = { id: user.id, email: user.email };
  adminCookie = await sessionCookieFor(user.id);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom("site_settings").execute();
});

async function post(body: URLSearchParams, cookie: string | null = adminCookie) {
  const headers = new Headers({ Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`${ORIGIN}/admin/settings`, { method: "POST", headers, body });
  return asResult(await settle(() => callRoute(action, request)));
}

async function load(cookie: string | null = adminCookie) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  return settle(() => callRoute(loader, new Request(`${ORIGIN}/admin/settings`, { headers })));
}

async function toastOf(response: { headers: Headers }) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  return (await getToast(new Request(ORIGIN, { headers: { Cookie: cookie.split(";")[0] } }))).toast;
}

describe("admin settings: guard", () => {
  it("sends an anonymous visitor to the login page from the loader and the action, changing nothing", async () => {
    const page = (await load(null)) as Response;
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fsettings");
    const result = await post(await settingsFormWith({ name: "Hijacked" }), null);
    expect(result.status).toBe(302);
    expect((await getSiteSettings()).name).toBe(site.name);
  });
});

describe("admin settings: defaults", () => {
  it("starts a fresh database with the values of app/content/site.ts", async () => {
    const settings = await getSiteSettings();
    expect(settings.name).toBe(site.name);
    expect(settings.email).toBe(site.email);
    expect(settings.stores.Lindsey.phone).toBe(stores[0].phone);
    expect(settings.stores.BlueWater.street).toBe(stores[1].street);
    expect(settings.socials.facebook).toBe(site.socials[0].href);
    // No licence number until the owner enters one (none is invented).
    expect([settings.stores.Lindsey.licenseNumber, settings.stores.BlueWater.licenseNumber]).toEqual(["", ""]);
    const { settings: form } = (await load()) as { settings: ReturnType<typeof settingsFormDefaults> };
    expect(form.name).toBe(site.name);
  });

  it("reads a stored document that no longer validates section by section, keeping the valid ones", async () => {
    await database.db
      .insertInto("site_settings")
      .values({ key: "site", value: JSON.stringify({ name: "Kept Name", email: "not an email", banner: 7 }) })
      .execute();
    const settings = await getSiteSettings();
    expect(settings.name).toBe("Kept Name");
    expect(settings.email).toBe(site.email);
    expect(settings.banner.enabled).toBe(true);
  });
});

describe("admin settings: save", () => {
  it("saves every section, normalises phones and recipients, and shows it on the next request", async () => {
    const result = await post(
      await settingsFormWith({
        name: "Norman Green Co.",
        email: "hello@normangreen.example",
        "banner.text": "Holiday hours this week: see Locations.",
        "banner.href": "/locations",
        "stores.Lindsey.phone": "405.555.0100",
        "stores.BlueWater.street": "200 East Main Street",
        "stores.Lindsey.licenseNumber": " PAAA-ABCD-1234 ",
        "socials.x": "",
        menuEmbedUrl: "https://embed.menu-provider.example/norman.js",
        "notify.applications": "hiring@normangreen.example, owner@normangreen.example\nhiring@normangreen.example",
      }),
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/settings");
    expect(await toastOf(result)).toMatchObject({ type: "success", message: SETTINGS_MESSAGES.saved });

    const settings = await getSiteSettings();
    expect(settings.name).toBe("Norman Green Co.");
    expect(settings.stores.Lindsey.phone).toBe("(405) 555-0100");
    expect(settings.socials.x).toBeNull();
    expect(settings.notify.applications).toEqual(["hiring@normangreen.example", "owner@normangreen.example"]);

    // What every page reads: the root loader's public facts (no recipients), the feed and the CSP.
    const root = (await settle(() => rootLoader(routeArgs(new Request(`${ORIGIN}/`)) as never))) as {
      site: Awaited<ReturnType<typeof getPublicSite>>;
    };
    expect(root.site.name).toBe("Norman Green Co.");
    expect(root.site.banner).toEqual({ text: "Holiday hours this week: see Locations.", href: "/locations" });
    expect(root.site.stores[0].phoneHref).toBe("tel:+14055550100");
    expect(root.site.stores[1].street).toBe("200 East Main Street");
    // The OMMA licence: entered for Lindsey, still empty (not shown) for Blue Water.
    expect(root.site.stores.map((store) => store.licenseNumber)).toEqual(["PAAA-ABCD-1234", undefined]);
    expect(root.site.socials.map((s) => s.name)).toEqual(["Facebook", "Instagram"]);
    expect(JSON.stringify(root.site)).not.toContain("hiring@");
    expect(buildRssFeed([], ORIGIN, settings.name)).toContain("<title>Norman Green Co. Blog</title>");
    expect(contentSecurityPolicy("n", root.site.menu)).toContain("https://embed.menu-provider.example");
  });

  it("refuses invalid values with a message on each field, keeping what was typed and saving nothing", async () => {
    const result = await post(
      await settingsFormWith({
        name: "",
        email: "nobody",
        "stores.Lindsey.phone": "12345",
        "stores.BlueWater.postalCode": "7306",
        "stores.BlueWater.licenseNumber": "<script>",
        "stores.Lindsey.googleReviewUrl": "javascript:alert(1)",
        "socials.facebook": "ftp://example.com/x",
        menuEmbedUrl: "/relative.js",
        "notify.inquiries": "owner@example.com, not-an-address",
        "banner.enabled": "on",
        "banner.text": "",
        "banner.href": "javascript:alert(1)",
        "banner.startsOn": "2026-12-10",
        "banner.endsOn": "2026-12-01",
      }),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ outcome: "invalid", message: SETTINGS_MESSAGES.saveFailed });
    const errors = result.data.result.error as Record<string, string[]>;
    expect(errors.name).toEqual(["Enter the site's name"]);
    expect(errors.email).toEqual(["Enter a valid email address"]);
    expect(errors["stores.Lindsey.phone"]?.[0]).toMatch(/10-digit/);
    expect(errors["stores.BlueWater.postalCode"]?.[0]).toMatch(/ZIP/);
    expect(errors["stores.BlueWater.licenseNumber"]).toEqual([
      "Letters, digits and dashes only, as the license shows it",
    ]);
    expect(errors["stores.Lindsey.googleReviewUrl"]?.[0]).toMatch(/https:\/\//);
    expect(errors["socials.facebook"]?.[0]).toMatch(/https:\/\//);
    expect(errors.menuEmbedUrl?.[0]).toMatch(/https:\/\//);
    expect(errors["notify.inquiries"]).toEqual(["“not-an-address” is not an email address"]);
    expect(result.data.result.initialValue).toMatchObject({ email: "nobody" });
    expect(await getSiteSettings()).toEqual(await getSiteSettingsFresh());
  });

  it("checks the banner's rules: text when on, dates in order, a safe link", async () => {
    const result = await post(
      await settingsFormWith({
        "banner.enabled": "on",
        "banner.text": "",
        "banner.href": "javascript:alert(1)",
        "banner.startsOn": "2026-12-10",
        "banner.endsOn": "2026-12-01",
      }),
    );
    expect(result.status).toBe(400);
    const errors = result.data.result.error as Record<string, string[]>;
    expect(errors["banner.text"]).toEqual(["Write the banner's text, or turn the banner off"]);
    expect(errors["banner.endsOn"]).toEqual(["The end date must be on or after the start date"]);
    expect(errors["banner.href"]?.[0]).toMatch(/https:\/\//);
  });

  it("turns the banner off, and shows it only within its dates", async () => {
    const off = await post(await settingsFormWith({ "banner.enabled": null }));
    expect(off.status).toBe(302);
    expect((await getPublicSite()).banner).toBeNull();

    const banner = { enabled: true, text: "Sale", href: null, startsOn: "2026-12-01", endsOn: "2026-12-03" };
    expect(bannerShowsOn(banner, "2026-11-30")).toBe(false);
    expect(bannerShowsOn(banner, "2026-12-01")).toBe(true);
    expect(bannerShowsOn(banner, "2026-12-03")).toBe(true);
    expect(bannerShowsOn(banner, "2026-12-04")).toBe(false);
  });

  it("says after saving when the banner shows, rather than that every page shows it", async () => {
    const today = todayInStoreZone();
    const later = addDays(today, 5);
    const hidden = await post(await settingsFormWith({ "banner.enabled": "on", "banner.startsOn": later }));
    expect(hidden.status).toBe(302);
    expect(await toastOf(hidden)).toMatchObject({
      message: SETTINGS_MESSAGES.saved,
      description: `Every page shows your changes now. The promo banner shows from ${formatLongDate(later)}.`,
    });
    const off = await post(await settingsFormWith({ "banner.enabled": null }));
    expect((await toastOf(off))?.description).toBe(
      "Every page shows your changes now. The promo banner is turned off.",
    );

    const banner = { enabled: true, text: "Sale", href: null, startsOn: "2026-12-01", endsOn: "2026-12-03" };
    expect(bannerStatusSentence(banner, "2026-11-30")).toBe(
      "The promo banner shows from December 1, 2026 to December 3, 2026.",
    );
    expect(bannerStatusSentence(banner, "2026-12-02")).toBe("The promo banner shows now, until December 3, 2026.");
    expect(bannerStatusSentence(banner, "2026-12-04")).toBe(
      "The promo banner's last day, December 3, 2026, has passed, so it does not show.",
    );
    expect(bannerStatusSentence({ ...banner, startsOn: null, endsOn: null }, "2026-12-04")).toBe(
      "The promo banner shows now.",
    );
  });

  it("refuses a body that is not a form", async () => {
    const request = new Request(`${ORIGIN}/admin/settings`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: adminCookie, "Content-Type": "application/json" },
      body: "{}",
    });
    const result = asResult(await settle(() => callRoute(action, request)));
    expect(result.status).toBe(415);
  });
});

/** The settings as a fresh read (defaults, nothing saved). */
async function getSiteSettingsFresh(): Promise<SiteSettings> {
  const stored = await database.db.selectFrom("site_settings").selectAll().execute();
  expect(stored).toEqual([]);
  return defaultSiteSettings({
    menuEmbedUrl: (await getSiteSettings()).menuEmbedUrl,
    fullMenuUrl: (await getSiteSettings()).fullMenuUrl,
    mailTo: (await getSiteSettings()).notify.applications[0],
  });
}

describe("settings model", () => {
  it("saves a document that the schema accepts and refuses one it does not", async () => {
    const settings = await getSiteSettings();
    await saveSiteSettings({ ...settings, name: "Saved" }, admin);
    expect((await getSiteSettings()).name).toBe("Saved");
    await expect(saveSiteSettings({ ...settings, email: "nope" }, admin)).rejects.toThrow();
  });
});

describe("during a database outage", () => {
  it("answers the fallback for a read the page can do without, leaving the request's own state alone", async () => {
    const outage = () =>
      Promise.reject(new DatabaseUnavailableError(Object.assign(new Error("x"), { code: "ECONNREFUSED" })));
    const scope = { marked: undefined as boolean | undefined };
    runInRequestScope(() => {
      void (async () => {
        expect(await unlessDatabaseUnavailable(outage, () => "last known")).toBe("last known");
        scope.marked = currentRequestScope()!.databaseUnavailable;
      })();
    });
    await vi.waitFor(() => expect(scope.marked).toBe(false));
    await expect(
      unlessDatabaseUnavailable(
        () => Promise.reject(new Error("a bug")),
        () => "x",
      ),
    ).rejects.toThrow("a bug");
  });

  it("keeps showing the last settings and hours this process read", async () => {
    await post(await settingsFormWith({ name: "Remembered Name" }));
    expect((await getPublicSite()).name).toBe("Remembered Name");
    const spy = vi.spyOn(database.db, "selectFrom").mockImplementation(() => {
      throw new DatabaseUnavailableError(new Error("connect ECONNREFUSED"));
    });
    try {
      const site = await getPublicSite();
      expect(site.name).toBe("Remembered Name");
      expect(site.stores[0].weekly).toEqual(stores[0].weekly);
      expect(await notificationRecipients("inquiries")).toEqual((await getSiteSettingsUnmocked()).notify.inquiries);
    } finally {
      spy.mockRestore();
    }
  });
});

async function getSiteSettingsUnmocked() {
  return defaultSiteSettings({
    menuEmbedUrl: "https://m.example/",
    fullMenuUrl: "https://m.example/",
    mailTo: "store@example.com",
  });
}
