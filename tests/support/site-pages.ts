import type { Page } from "@playwright/test";
import { ageVerifiedCookie, FIXED_PUBLIC_PATHS } from "../../scripts/bench/blog-pages";

/** The store's own menu (issue 26): the list and a category's page, whatever the catalog holds. */
export const MENU_PAGES = ["/menu", "/menu/flower"];

/** The pages a person can open, for the checks and screenshots that go through all of them. */
export const PUBLIC_PAGES = [
  ...FIXED_PUBLIC_PATHS,
  ...MENU_PAGES,
  "/bag",
  "/subscribe",
  "/admin/login",
  "/admin/reset",
];

/** The first link on a page whose address matches. */
async function firstLink(baseUrl: string, path: string, pattern: RegExp): Promise<string | undefined> {
  const html = await (await fetch(new URL(path, baseUrl), { headers: { cookie: ageVerifiedCookie() } })).text();
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)].map((match) => match[1]).find((href) => pattern.test(href));
}

/** The first product on /menu and its brand's page, when the running site's catalog has them. */
export async function discoverMenuPages(baseUrl: string): Promise<string[]> {
  const product = await firstLink(baseUrl, "/menu", /^\/menu\/[a-z0-9-]+\/[a-z0-9-]+$/);
  if (!product) return [];
  const brand = await firstLink(baseUrl, product, /^\/brands\/[a-z0-9-]+$/);
  return brand ? [product, brand] : [product];
}

/**
 * The admin area's pages, for a signed-in administrator: every list, its filtered views that lay out
 * otherwise, and the dialogs that open on an address of their own.
 */
export const ADMIN_PAGES = [
  "/admin",
  "/admin/menu",
  "/admin/menu/import",
  "/admin/brands",
  "/admin/brands?dialog=new",
  "/admin/deals",
  "/admin/deals?dialog=new",
  "/admin/deals?filter=ending-soon",
  "/admin/deals?filter=expired-active",
  "/admin/blog",
  "/admin/blog?status=draft",
  "/admin/blog/new",
  "/admin/blog/terms",
  "/admin/applications",
  "/admin/applications?since=7d",
  "/admin/inquiries",
  "/admin/inquiries?status=new",
  "/admin/orders",
  "/admin/subscribers",
  "/admin/campaigns",
  "/admin/campaigns/new?template=deals",
  "/admin/reviews",
  "/admin/gallery",
  "/admin/hours",
  "/admin/hours?store=BlueWater&dialog=new",
  "/admin/settings",
  "/admin/users",
  "/admin/account",
  "/admin/activity",
];

/** A post's and a deal's edit pages (their addresses carry ids), read off the lists by a signed-in page. */
export async function discoverAdminEditPages(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const list of ["/admin/blog", "/admin/deals"]) {
    await page.goto(list);
    const edit = await page
      .getByRole("link", { name: /^Edit / })
      .first()
      .getAttribute("href");
    if (edit) found.push(edit);
  }
  return found;
}

/** The smallest phone (and a 1280 px window at 400 % zoom, WCAG 1.4.10), a phone, tablet, laptop, desktop. */
export const SCREEN_SIZES = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1100, height: 800 },
  { width: 1440, height: 900 },
] as const;
