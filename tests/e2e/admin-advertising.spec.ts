// The advertising rules where the owner writes (issue 27), on a phone (390 px) and a desktop (1440 px), with
// JavaScript on and off: a health claim typed into a post or an overconsumption offer into a deal shows its
// finding beside the field (as typed, with JavaScript; on save, without), publishing is refused until
// "Publish anyway" and a reason, and then the words are live, in the activity log and on the dashboard.
// A private server: the published claims must not reach the other specs' dashboards.
import type { Locator, Page } from "@playwright/test";
import { expect, expectClickable, test, useOwnServer } from "./fixtures";

test.describe.configure({ timeout: 60_000 });

const ADMIN = { email: "owner@advertising.example", password: "advertising-e2e-password-1" };
const serverUrl = useOwnServer({ SEED_DEMO: "true", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const REFUSED = "Change the words, or tick “Publish anyway” and say why.";

async function signIn(page: Page) {
  await page.context().addCookies([{ name: "ageVerified", value: String(Date.now()), url: serverUrl() }]);
  await page.goto(`${serverUrl()}/admin/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** The finding beside a field: the words, the rule, why (with the statute) and the rewording. */
async function expectFinding(findings: Locator, phrase: string, rule: string, suggestion: string) {
  await expect(findings).toContainText(`“${phrase}”`);
  await expect(findings).toContainText(rule);
  await expect(findings).toContainText("63 O.S. § 427.21");
  await expect(findings).toContainText(`Try: ${suggestion}.`);
  await expectClickable(findings);
}

/** Ticks "Publish anyway" and gives the reason the activity log keeps. */
async function publishAnyway(scope: Page | Locator, reason: string) {
  const override = scope.getByRole("group", { name: "Publish anyway?" });
  // The box's label is what a finger taps.
  await expectClickable(override.locator("label:has(input[type=checkbox])"));
  await override.getByRole("checkbox").check();
  await override.getByLabel("Why (kept in the activity log)").fill(reason);
}

/** The activity log's override entry for `title`, with its reason and findings. */
async function expectOverrideLogged(page: Page, title: string, reason: string, findings: string) {
  await page.goto(`${serverUrl()}/admin/activity`);
  const entry = page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "Published despite advertising findings" }) })
    .filter({ hasText: title });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(reason);
  await expect(entry).toContainText(findings);
}

/** The dashboard asks for attention, and its card links to the item's editor. */
async function expectOnDashboard(page: Page, title: string, editor: RegExp) {
  await page.goto(`${serverUrl()}/admin`);
  const attention = page.getByRole("region", { name: "Needs attention" });
  const count = attention.getByRole("link", { name: /live items? with advertising findings/ });
  await expectClickable(count);
  await count.click();
  const card = page.getByRole("region", { name: /^Advertising findings/ });
  await expect(card).toBeInViewport();
  const link = card.getByRole("link", { name: title });
  await expectClickable(link);
  await link.click();
  await expect(page).toHaveURL(editor);
}

for (const width of [390, 1440]) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`${width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: width < 600 ? 844 : 900 } });
      const run = `${width}${javaScriptEnabled ? "js" : "html"}`;

      test("a post with a health claim: the finding, the refusal, 'Publish anyway', live, logged, on the dashboard", async ({
        page,
      }) => {
        const title = `Evening tinctures ${run}`;
        const slug = `evening-tinctures-${run}`;
        const reason = `Quoting the state-approved label (${run}).`;
        await signIn(page);
        await page.goto(`${serverUrl()}/admin/blog/new`);
        await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
        await page.getByLabel("Slug").fill(slug);
        await page.getByLabel("Content (Markdown)").fill(`Our new drops.\n\nThis tincture **relieves anxiety** fast.`);
        await page.getByLabel("Status").selectOption("published");
        const findings = page.locator("#content-advertising");
        if (javaScriptEnabled) await expect(findings).toContainText("1 advertising finding");
        await page.getByRole("button", { name: "Save", exact: true }).click();
        await expect(page.getByText(REFUSED).first()).toBeVisible();
        await expectFinding(findings, "relieves anxiety", "Health claim", "many patients choose it in the evening");
        // What was typed stays.
        await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);

        await publishAnyway(page, reason);
        await page.getByRole("button", { name: "Save", exact: true }).click();
        await expect(page).toHaveURL(/\/admin\/blog$/);

        await page.goto(`${serverUrl()}/blog/${slug}`);
        await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
        await expect(page.getByRole("article")).toContainText("relieves anxiety");
        await expectOverrideLogged(page, title, reason, "“relieves anxiety” (Health claim)");
        await expectOnDashboard(page, title, /\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
        await expect(page.locator("#content-advertising")).toContainText("relieves anxiety");
      });

      test("a deal that promotes overconsumption: the same, in the deal's dialog", async ({ page }) => {
        const title = `All you can smoke Friday ${run}`;
        const reason = `A joke our patients know (${run}).`;
        await signIn(page);
        await page.goto(`${serverUrl()}/admin/deals?dialog=new`);
        const dialog = page.getByRole("dialog", { name: "Add New Deal" });
        await dialog.getByLabel("Title").fill(title);
        await dialog.getByLabel("Description").fill("Every pre-roll 10% off.");
        await expect(dialog.getByLabel("Active")).toBeChecked();
        const findings = dialog.locator(".ad-findings");
        if (javaScriptEnabled) await expect(findings).toContainText("1 advertising finding");
        await dialog.getByRole("button", { name: "Create Deal" }).click();
        const refusedDialog = page.getByRole("dialog", { name: "Add New Deal" });
        await expect(refusedDialog.getByText(REFUSED).first()).toBeVisible();
        await expectFinding(
          refusedDialog.locator(".ad-findings"),
          "All you can smoke",
          "Overconsumption",
          "start low and go slow",
        );

        await publishAnyway(refusedDialog, reason);
        await refusedDialog.getByRole("button", { name: "Create Deal" }).click();
        await expect(page.getByText("Deal created successfully").first()).toBeVisible();

        await page.goto(`${serverUrl()}/deals`);
        await expect(page.getByText(title).first()).toBeAttached();
        await expectOverrideLogged(page, title, reason, "“All you can smoke” (Overconsumption)");
        await expectOnDashboard(page, title, /\/admin\/deals\?edit=[0-9a-f-]{36}$/);
        await expect(page.getByRole("dialog", { name: "Edit Deal" }).locator(".ad-findings")).toContainText(
          "All you can smoke",
        );
      });
    });
  }
}
