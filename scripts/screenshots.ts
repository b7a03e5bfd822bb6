// npm run screenshots: every public and admin page at a phone, tablet, laptop and desktop width, with
// JavaScript on (and the phone menu open), into screenshots/ (git-ignored) for a person to look at.
// Runs the production build on a fresh embedded database with the demo content.
import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { startAppServer } from "../tests/support/app-server";
import { ADMIN_PAGES, PUBLIC_PAGES, SCREEN_SIZES } from "../tests/support/site-pages";

const ADMIN_ACCOUNT = { email: "screens@example.com", password: "screenshots-password" };

const outDirectory = path.resolve(process.argv[2] ?? "screenshots");
const chromiumPath =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(fs.existsSync);
if (!chromiumPath) {
  console.error("Chromium is needed: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.");
  process.exit(1);
}
fs.rmSync(outDirectory, { recursive: true, force: true });
fs.mkdirSync(outDirectory, { recursive: true });

const fileName = (route: string, width: number, suffix = "") =>
  `${route === "/" ? "home" : route.slice(1).replaceAll("/", "-")}${suffix}-${width}.png`;

async function shoot(page: Page, route: string, width: number, suffix = "") {
  await page.screenshot({ path: path.join(outDirectory, fileName(route, width, suffix)), fullPage: true });
}

const server = await startAppServer({
  SEED_DEMO: "true",
  ADMIN_EMAIL: ADMIN_ACCOUNT.email,
  ADMIN_PASSWORD: ADMIN_ACCOUNT.password,
});
const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
try {
  for (const { width, height } of SCREEN_SIZES) {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width, height } });
    // Nothing leaves this machine: the menu embed and maps are blocked as in the tests.
    await context.route(
      (url) => !url.toString().startsWith(server.url),
      (route) => route.abort(),
    );
    await context.addCookies([{ name: "ageVerified", value: String(Date.now()), url: server.url }]);
    const page = await context.newPage();
    for (const route of PUBLIC_PAGES.filter((page) => !page.startsWith("/admin"))) {
      await page.goto(route);
      await page.waitForLoadState("networkidle");
      await shoot(page, route, width);
    }
    // A post, found from the blog list.
    await page.goto("/blog");
    const post = await page.locator("main a[href^='/blog/']").first().getAttribute("href");
    if (post) {
      await page.goto(post);
      await shoot(page, "/blog-post", width);
    }
    if (width < 1200) {
      await page.goto("/");
      await page.locator(".site-drawer summary").click();
      // The panel slides in: shoot it where it comes to rest.
      await page
        .locator(".site-drawer")
        .evaluate((drawer) =>
          Promise.all(drawer.getAnimations({ subtree: true }).map((animation) => animation.finished)),
        );
      await page.screenshot({ path: path.join(outDirectory, fileName("/", width, "-menu-open")) });
    }
    await page.goto("/admin/login");
    await shoot(page, "/admin/login", width);
    await page.getByLabel("Email").fill(ADMIN_ACCOUNT.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN_ACCOUNT.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/admin$/);
    for (const route of ADMIN_PAGES) {
      await page.goto(route);
      await page.waitForLoadState("networkidle");
      await shoot(page, route, width);
    }
    await context.close();
  }
  console.log(`Screenshots in ${outDirectory}`);
} finally {
  await browser.close();
  await server.stop();
}
