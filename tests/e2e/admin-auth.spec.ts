import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Browser, Page } from "@playwright/test";
import routes from "../../app/routes";
import { copyMigratedDatabase } from "../support/data-dir-templates";
import { E2E_ADMIN, E2E_NOJS_RESET_ADMIN, E2E_NON_ADMIN, E2E_RESET_ADMIN } from "../support/e2e-accounts";
import { freePort } from "../support/postgres-cluster";
import { confirmAge, expect, expectNoSeriousA11yViolations, site, test } from "./fixtures";

/** The worker's site's outbox, where the mails it sends are written. */
const outbox = () => path.join(site().dataDir, "outbox");
const SAMPLE_ID = "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f";

/** Every page address inside the guarded admin layout, from app/routes.ts (routes added later included). */
function guardedPaths(): string[] {
  const found: string[] = [];
  const walk = (entries: RouteConfigEntry[], base: string, inGuard: boolean) => {
    for (const entry of entries) {
      const full = entry.path ? `${base}/${entry.path}`.replace(/\/+/g, "/") : base;
      const guarded = inGuard || entry.file === "routes/admin/layout.tsx";
      if (guarded && (entry.path || entry.index)) found.push(full.replace(/:\w+\??/g, SAMPLE_ID));
      walk(entry.children ?? [], full, guarded);
    }
  };
  walk(routes, "", false);
  return [...new Set(found)];
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** The reset link mailed to `email` since `after`, once the mail has been written. */
async function mailedResetLink(email: string, after: number): Promise<string> {
  let mail: string | undefined;
  await expect.poll(() => (mail = newestMailContaining(`To: ${email}`, after)), { timeout: 15_000 }).toBeTruthy();
  const link = /(http:\/\/localhost:\d+\/admin\/reset\/confirm\?token=[A-Za-z0-9_-]+)/.exec(mail!)?.[1];
  expect(link).toBeTruthy();
  return link!;
}

/** The newest outbox message containing `needle`, decoded from quoted-printable. */
function newestMailContaining(needle: string, after: number): string | undefined {
  const OUTBOX = outbox();
  if (!fs.existsSync(OUTBOX)) return undefined;
  const files = fs
    .readdirSync(OUTBOX)
    .map((name) => path.join(OUTBOX, name))
    .filter((file) => fs.statSync(file).mtimeMs >= after)
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const file of files) {
    const text = fs
      .readFileSync(file, "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (text.includes(needle)) return text;
  }
  return undefined;
}

test.describe("admin sign-in", () => {
  test("signs in and out through the account menu @phone", async ({ page }) => {
    const first = await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
    expect(first?.headers()["cache-control"]).toBe("private, no-store");
    expect(first?.headers()["x-robots-tag"]).toContain("noindex");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/admin/reset");
    await expectNoSeriousA11yViolations(page);

    await signIn(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId("toast").filter({ hasText: "Logged in successfully!" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    const cards = [
      ["Blog", "/admin/blog"],
      ["Deals", "/admin/deals"],
      ["Brands", "/admin/brands"],
      ["Job Applications", "/admin/applications"],
      ["Contact Inquiries", "/admin/inquiries"],
    ];
    for (const [title, href] of cards) {
      await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
      await expect(page.getByRole("link", { name: `Manage ${title} →` })).toHaveAttribute("href", href);
    }
    await expectNoSeriousA11yViolations(page);

    const cookie = (await page.context().cookies()).find((c) => c.name === "admin_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");

    await page.getByText("Account menu for").locator("..").click();
    await expect(page.getByText("My Account")).toBeVisible();
    await expect(page.locator(".account-menu__panel").getByText(E2E_ADMIN.email)).toBeVisible();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByTestId("toast").filter({ hasText: "Signed out successfully" })).toBeVisible();
    expect((await page.context().cookies()).find((c) => c.name === "admin_session")).toBeUndefined();

    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
  });

  test("shows the spec's validation messages and refuses a wrong password (JavaScript on)", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Email").blur();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await page.getByLabel("Password", { exact: true }).blur();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expect(page.getByTestId("toast").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(E2E_ADMIN.email);

    // An unknown account gets exactly the same answer.
    await signIn(page, { email: "nobody@example.com", password: E2E_ADMIN.password });
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  });

  test("works without JavaScript: messages from the server, sign in, account menu, sign out", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("123");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

    await signIn(page, { email: E2E_ADMIN.email, password: "wrong-password" });
    await expect(page.getByText("Invalid email or password")).toBeVisible();

    await signIn(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText("Logged in successfully!")).toBeVisible();
    await page.locator(".account-menu summary").click();
    await expect(page.getByText("My Account")).toBeVisible();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText("Signed out successfully")).toBeVisible();
    await context.close();
  });

  test("honours a same-site redirectTo and ignores an off-site one", async ({ page }) => {
    await page.goto("/admin/login?redirectTo=%2Fadmin%3Ffrom%3Dtest");
    await signIn(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin\?from=test$/);
    // Already signed in: the login page sends the admin on, never off-site.
    for (const target of ["https://evil.example/admin", "//evil.example", "/\\evil.example", "/.//evil.example"]) {
      await page.goto(`/admin/login?redirectTo=${encodeURIComponent(target)}`);
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/admin$/);
    }
    await page.context().clearCookies();
    await page.goto(`/admin/login?redirectTo=${encodeURIComponent("https://evil.example/phish")}`);
    await signIn(page, E2E_ADMIN);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/admin$/);
  });
});

test.describe("the admin guard", () => {
  const paths = guardedPaths();

  test("sends an anonymous visitor to the login page from every admin route, GET and POST", async ({
    page,
    request,
  }) => {
    expect(paths).toContain("/admin");
    for (const target of paths) {
      await page.goto(`${target}?q=1`);
      await expect(page, target).toHaveURL(
        new RegExp(`/admin/login\\?redirectTo=${encodeURIComponent(`${target}?q=1`).replace(/[?.]/g, "\\$&")}$`),
      );
      const posted = await request.post(target, {
        form: { intent: "delete", id: SAMPLE_ID },
        headers: { Origin: site().url },
        maxRedirects: 0,
      });
      // A page without an action answers 405; one with an action must redirect to the login page.
      if (posted.status() !== 405) {
        expect(posted.status(), target).toBe(302);
        expect(posted.headers()["location"], target).toMatch(/^\/admin\/login\?redirectTo=/);
      }
    }
  });

  test("sends a signed-in user without the admin role to the home page", async ({ page }) => {
    await confirmAge(page);
    await page.goto("/admin/login");
    await signIn(page, E2E_NON_ADMIN);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    // Every guarded address answers this browser (its cookies) with a redirect home; loading the home page
    // behind each of them would only repeat the first (it timed out under load, 25 home pages in 30 s).
    for (const target of paths) {
      const answer = await page.request.get(target, { maxRedirects: 0 });
      expect(answer.status(), target).toBe(302);
      expect(answer.headers()["location"], target).toBe("/");
    }
    await page.goto("/admin/brands");
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    // The footer's Admin link is shown to any signed-in user.
    await expect(page.getByRole("navigation", { name: "Info" }).getByRole("link", { name: "Admin" })).toHaveAttribute(
      "href",
      "/admin",
    );
    await page.goto("/admin/login");
    await expect(page.getByText(`You are signed in as ${E2E_NON_ADMIN.email}`)).toBeVisible();
  });

  test("hides the footer's Admin link from visitors who are not signed in", async ({ page }) => {
    await confirmAge(page);
    await page.goto("/about");
    await expect(page.getByRole("navigation", { name: "Info" }).getByRole("link", { name: "Admin" })).toHaveCount(0);
  });
});

test.describe("password reset", () => {
  test("mails a single-use link that sets a new password and ends every session", async ({ page, browser }) => {
    // Another browser where the same admin is signed in.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await other.goto("/admin/login");
    await signIn(other, E2E_RESET_ADMIN);
    await expect(other).toHaveURL(/\/admin$/);

    const requestedAt = Date.now() - 1000;
    await page.goto("/admin/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
    await page.getByLabel("Email").fill("nope");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await page.getByLabel("Email").fill(E2E_RESET_ADMIN.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Check your email for the reset link!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Use Different Email" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to login" })).toBeVisible();

    const link = await mailedResetLink(E2E_RESET_ADMIN.email, requestedAt);

    // The link's token moves into a cookie: it leaves the address bar at once.
    await page.goto(link);
    await expect(page).toHaveURL(/\/admin\/reset\/confirm$/);
    await expect(page.getByRole("heading", { level: 1, name: "Set New Password" })).toBeVisible();
    await page.getByLabel("New Password").fill("brand-new-password");
    await page.getByLabel("Confirm Password").fill("something-else");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("Confirm Password").fill("brand-new-password");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByTestId("toast").filter({ hasText: "Password updated successfully!" })).toBeVisible();

    // The other browser's session ended.
    await other.goto("/admin");
    await expect(other).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
    await otherContext.close();

    // The old password no longer works; the new one does.
    await signIn(page, E2E_RESET_ADMIN);
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await signIn(page, { email: E2E_RESET_ADMIN.email, password: "brand-new-password" });
    await expect(page).toHaveURL(/\/admin$/);

    // The link works once.
    await page.goto(link);
    await expect(page.getByText(/invalid, has expired or has already been used/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/admin/reset");
  });

  test.describe("without JavaScript", () => {
    // A client address of its own (the server trusts X-Forwarded-For here), so other journeys' reset
    // requests do not use up this one's budget.
    test.use({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.73" } });

    test("requests a link, sets a new password with the server's messages, and signs in with it", async ({ page }) => {
      const requestedAt = Date.now() - 1000;
      await page.goto("/admin/reset");
      await page.getByLabel("Email").fill(E2E_NOJS_RESET_ADMIN.email);
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await expect(page).toHaveURL(/\/admin\/reset\?sent=1$/);
      await expect(page.getByText("Check your email for the reset link!").first()).toBeVisible();
      const link = await mailedResetLink(E2E_NOJS_RESET_ADMIN.email, requestedAt);

      const opened = await page.goto(link);
      await expect(page).toHaveURL(/\/admin\/reset\/confirm$/);
      // The page keeps the site's Referrer-Policy: under no-referrer, Chromium would post this form with
      // Origin: null, which React Router refuses with a bare 400.
      expect(opened?.status()).toBe(200);
      expect(opened?.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      const redirect = await opened?.request().redirectedFrom()?.response();
      expect(redirect?.status()).toBe(302);
      expect(redirect?.headers()["referrer-policy"]).not.toBe("no-referrer");
      const resetCookie = (await page.context().cookies()).find((c) => c.name === "admin_reset_token");
      expect(resetCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/admin/reset" });

      const submit = async (password: string, confirmPassword: string) => {
        await page.getByLabel("New Password").fill(password);
        await page.getByLabel("Confirm Password").fill(confirmPassword);
        await page.getByRole("button", { name: "Update Password" }).click();
      };
      await submit("nojs-new-password", "nojs-other-password");
      await expect(page.getByText("Passwords do not match")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/reset\/confirm$/);
      await submit("short", "short");
      await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
      await submit("nojs-new-password", "nojs-new-password");
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByText("Password updated successfully!")).toBeVisible();
      expect((await page.context().cookies()).find((c) => c.name === "admin_reset_token")).toBeUndefined();

      await signIn(page, { email: E2E_NOJS_RESET_ADMIN.email, password: "nojs-new-password" });
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByText("Logged in successfully!")).toBeVisible();
    });
  });

  test("answers an unknown address exactly like a known one, and sends nothing", async ({ page }) => {
    const requestedAt = Date.now() - 1000;
    await page.goto("/admin/reset");
    await page.getByLabel("Email").fill("nobody-here@example.com");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Check your email for the reset link!" })).toBeVisible();
    await page.getByRole("link", { name: "Use Different Email" }).click();
    await expect(page.getByLabel("Email")).toBeVisible();
    await page.waitForTimeout(1000);
    expect(newestMailContaining("nobody-here@example.com", requestedAt)).toBeUndefined();
  });
});

test.describe("cross-site requests", () => {
  test("refuses cross-site POSTs to the login, sign-out and a public action", async ({ request }) => {
    const evil = { Origin: "https://evil.example" };
    const login = await request.post("/admin/login", { form: E2E_ADMIN, headers: evil, maxRedirects: 0 });
    expect(login.status()).toBe(400);
    expect(login.headers()["set-cookie"] ?? "").not.toContain("admin_session");
    const logout = await request.post("/admin/logout", { headers: evil, maxRedirects: 0 });
    expect(logout.status()).toBe(403);
    const ageGate = await request.post("/age-gate", { form: { returnTo: "/" }, headers: evil, maxRedirects: 0 });
    expect(ageGate.status()).toBe(403);
    const reset = await request.post("/admin/reset", {
      form: { email: E2E_ADMIN.email },
      headers: evil,
      maxRedirects: 0,
    });
    expect(reset.status()).toBe(400);
    // The same POST from this site goes through.
    const sameSite = await request.post("/age-gate", {
      form: { returnTo: "/" },
      headers: { Origin: site().url },
      maxRedirects: 0,
    });
    expect(sameSite.status()).toBe(302);
  });
});

test.describe("first administrator", () => {
  test.setTimeout(180_000);

  let server: ChildProcess | undefined;
  test.afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  });

  async function startFreshServer(): Promise<{ baseURL: string; setupLink: string }> {
    // A port of its own: two workers may each start one.
    const port = await freePort();
    const dataDir = path.resolve(`.tmp/e2e-setup-${port}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    // A migrated database with nobody in it (the run's template), as a fresh server has once it has migrated:
    // migrating a new data directory is the deployment tests' subject.
    copyMigratedDatabase(dataDir);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_DEMO: "false",
    };
    delete env.ADMIN_EMAIL;
    delete env.ADMIN_PASSWORD;
    delete env.DATABASE_URL;
    server = spawn(process.execPath, ["server.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 150_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const link = /(http:\/\/localhost:\d+\/admin\/setup\?token=[A-Za-z0-9_-]+)/.exec(output)?.[1];
        if (link && output.includes("Serving http://")) {
          clearTimeout(timer);
          resolve({ baseURL: `http://localhost:${port}`, setupLink: link });
        }
      };
      server!.stdout!.on("data", onData);
      server!.stderr!.on("data", onData);
      server!.once("exit", (code) => reject(new Error(`server exited (${code}):\n${output}`)));
    });
  }

  // The outside network is blocked for every context by playwright.config.ts.
  async function newPage(browser: Browser, baseURL: string) {
    const context = await browser.newContext({ baseURL });
    return context.newPage();
  }

  test("a fresh server prints a one-time setup link that creates the first admin, then refuses", async ({
    browser,
  }) => {
    const { baseURL, setupLink } = await startFreshServer();
    const page = await newPage(browser, baseURL);

    await page.goto("/admin/login");
    await expect(page.getByText("No administrator account exists yet")).toBeVisible();

    const wrong = await page.goto("/admin/setup?token=not-the-token");
    expect(wrong?.status()).toBe(403);
    await expect(page.getByText("This setup link is invalid")).toBeVisible();

    await page.goto(setupLink);
    await expect(page.getByRole("heading", { level: 1, name: "Create the administrator account" })).toBeVisible();
    await page.getByLabel("Email").fill("owner@example.com");
    await page.getByLabel("Password", { exact: true }).fill("owner-password");
    await page.getByLabel("Confirm Password").fill("owner-password-typo");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill("owner-password");
    await page.getByLabel("Confirm Password").fill("owner-password");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(`${baseURL}/admin`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back!" })).toBeVisible();

    const again = await page.goto(setupLink);
    expect(again?.status()).toBe(403);
    await expect(page.getByText("Setup is complete")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Account" })).toHaveCount(0);

    // The new admin signs in like any other.
    await page.context().clearCookies();
    await page.goto("/admin/login");
    await expect(page.getByText("No administrator account exists yet")).toHaveCount(0);
    await signIn(page, { email: "owner@example.com", password: "owner-password" });
    await expect(page).toHaveURL(`${baseURL}/admin`);
    await page.context().close();
  });

  // Each test here starts its own fresh server on the same port and data directory: stop one before the next.
  test.afterEach(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  });

  test("without JavaScript, the setup link moves its token into a cookie and the form creates the first admin", async ({
    browser,
  }) => {
    const { baseURL, setupLink } = await startFreshServer();
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();

    // The token leaves the address bar at once, and the page keeps the site's Referrer-Policy: under
    // no-referrer, Chromium would post the form with Origin: null, refused with a bare 400.
    const opened = await page.goto(setupLink);
    await expect(page).toHaveURL(`${baseURL}/admin/setup`);
    expect(page.url()).not.toContain("token");
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["referrer-policy"]).toBeTruthy();
    expect(opened?.headers()["referrer-policy"]).not.toBe("no-referrer");
    const redirect = await opened?.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(302);
    expect(redirect?.headers()["referrer-policy"]).not.toBe("no-referrer");
    const setupCookie = (await context.cookies()).find((c) => c.name === "admin_setup_token");
    expect(setupCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/admin" });
    await expect(page.getByRole("heading", { level: 1, name: "Create the administrator account" })).toBeVisible();

    const submit = async (password: string, confirmPassword: string) => {
      await page.getByLabel("Email").fill("nojs-owner@example.com");
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByLabel("Confirm Password").fill(confirmPassword);
      const posted = page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: "Create Account" }).click();
      return posted;
    };
    const mismatched = await submit("nojs-owner-password", "nojs-owner-typo");
    expect(mismatched.status()).toBe(400);
    expect(mismatched.request().headers()["origin"]).toBe(baseURL);
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/admin/setup`);
    await expect(page.getByLabel("Email")).toHaveValue("nojs-owner@example.com");

    await submit("nojs-owner-password", "nojs-owner-password");
    await expect(page).toHaveURL(`${baseURL}/admin`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back!" })).toBeVisible();
    await expect(page.getByText("Administrator account created")).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "admin_session")).toBeTruthy();
    expect(cookies.find((c) => c.name === "admin_setup_token")).toBeUndefined();

    // The link is spent.
    const again = await page.goto(setupLink);
    expect(again?.status()).toBe(403);
    await expect(page.getByText("Setup is complete")).toBeVisible();
    await context.close();
  });
});
