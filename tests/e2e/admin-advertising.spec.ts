// The advertising rules where the owner writes (issue 27), on a phone (390 px) with JavaScript and a desktop
// (1440 px) without: a health claim typed into a post or an overconsumption offer into a deal shows its
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

// A phone with JavaScript (the finding as typed) and a desktop without (the finding on save): each screen and
// each way once; every-page.spec.ts checks the editors' pages at every width, both ways.
for (const [width, javaScriptEnabled] of [
  [390, true],
  [1440, false],
] as const) {
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

/** Counts React's commits (through the developer-tools hook React calls) and the FormData the page builds. */
function countRendersAndFormReads() {
  const counts = { commits: 0, formReads: 0 };
  (window as unknown as { __counts: typeof counts }).__counts = counts;
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberRoot: () => (counts.commits += 1),
    onPostCommitFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
  };
  const Native = window.FormData;
  window.FormData = class extends Native {
    constructor(...args: ConstructorParameters<typeof FormData>) {
      super(...args);
      counts.formReads += 1;
    }
  };
}

/** Where `box` is, unscrolled: wholly between the sticky header and the action bar, and on top at its centre. */
async function placeInView(box: Locator) {
  return box.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.querySelector(".admin-header")?.getBoundingClientRect().bottom ?? 0;
    // The action bar sticks to the window's bottom edge where it is sticky (not on a phone: there it ends the form).
    const bar = document.querySelector(".post-editor__actions")?.getBoundingClientRect().top ?? Infinity;
    const bottom = Math.min(bar, window.innerHeight);
    const at = document.elementFromPoint(r.x + r.width / 2, r.y + Math.min(r.height / 2, 20));
    return { inView: r.top >= top && r.bottom <= bottom, onTop: at !== null && el.contains(at) };
  });
}

test.describe("the post editor as the owner types (issue 37)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a long post: each key is the field's alone, and the content's findings stay in view beside it (1440) or under it (390); the meta title does not repeat the title's", async ({
    page,
  }) => {
    await page.addInitScript(countRendersAndFormReads);
    await signIn(page);
    await page.goto(`${serverUrl()}/admin/blog/new`);
    const titleField = page.getByRole("textbox", { name: "Title", exact: true });
    await titleField.fill("Cures boredom tonight");
    await expect(page.locator("#title-advertising")).toContainText("1 advertising finding");
    // Filled in from the title, the meta title holds the title's words: their finding shows once, on the title.
    await expect(page.getByLabel("Meta Title")).toHaveValue("Cures boredom tonight");
    await expect(page.locator("#meta-title-advertising")).toHaveCount(0);
    await page.getByLabel("Meta Title").fill("Relieves anxiety, say our patients");
    await expect(page.locator("#meta-title-advertising")).toContainText("1 advertising finding");

    const paragraph =
      "Our drops are made in Norman with care. Ask the budtender about terpenes and dosing; start low and go slow.\n\n";
    const long =
      `${paragraph.repeat(Math.ceil(20_000 / paragraph.length))}`.slice(0, 19_960) + "\n\nIt relieves anxiety.";
    const content = page.getByLabel("Content (Markdown)");
    await content.fill(long);
    const findings = page.locator("#content-advertising");
    await expect(findings).toContainText("1 advertising finding");
    const preview = page.locator(".post-editor__preview");

    const typed = [" Many patients choose it in the evening.", " It cures boredom."];
    for (const [round, width] of [1440, 390].entries()) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await content.focus();
      await page.keyboard.press("Control+End");
      // Where the browser leaves the page for a caret at the field's end: its last line just above the action bar.
      await content.evaluate((el) => {
        const bar = Math.min(document.querySelector(".post-editor__actions")!.getBoundingClientRect().top, innerHeight);
        window.scrollBy({ top: el.getBoundingClientRect().bottom - bar + 12, behavior: "instant" });
      });
      await page.evaluate(() => Object.assign((window as any).__counts, { commits: 0, formReads: 0 }));
      // 29 keys and more, as fast as the keyboard sends them: no render of the editor and no read of the whole
      // form each (before: one or two of each per key), only the field's own work until typing pauses.
      await page.keyboard.type(typed[round]);
      const during = await page.evaluate(() => ({ ...(window as any).__counts }));
      expect(during.commits, "React commits while typing").toBeLessThanOrEqual(3);
      expect(during.formReads, "whole-form reads while typing").toBeLessThanOrEqual(3);
      // Then they catch up: the new finding (round 2) shows, in view, while the caret is still at the end.
      await expect(findings).toContainText(round === 0 ? "1 advertising finding" : "2 advertising findings");
      await expect(content).toBeFocused();
      expect(await content.evaluate((el: HTMLTextAreaElement) => el.selectionStart === el.value.length)).toBe(true);
      await expect.poll(() => placeInView(findings)).toEqual({ inView: true, onTop: true });
      // …and so is the caret, at the field's end.
      expect(
        await content.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const top = document.querySelector(".admin-header")!.getBoundingClientRect().bottom;
          const bar = Math.min(
            document.querySelector(".post-editor__actions")!.getBoundingClientRect().top,
            innerHeight,
          );
          return r.bottom <= bar && r.bottom - 30 >= top;
        }),
      ).toBe(true);
      const field = (await content.boundingBox())!;
      const box = (await findings.boundingBox())!;
      const shown = (await preview.boundingBox())!;
      if (width >= 1440) {
        expect(box.x, "beside the field").toBeGreaterThanOrEqual(field.x + field.width);
        expect(box.y + box.height, "above the preview").toBeLessThanOrEqual(shown.y + 1);
      } else {
        expect(box.y, "under the field").toBeGreaterThanOrEqual(field.y + field.height);
        expect(box.y + box.height, "above the preview").toBeLessThanOrEqual(shown.y);
      }
    }
    await expect(page.locator("#content-preview")).toContainText("It cures boredom.");
  });

  test("Settings: a banner shown anyway does not stop the next save of another section, nor ask again", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto(`${serverUrl()}/admin/settings`);
    await page.getByLabel("Show the banner").check();
    await page.getByLabel("Banner text").fill("Our tinctures relieve anxiety.");
    await publishAnyway(page, "Quoting the label the state approved.");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved").first()).toBeVisible();
    // The words are live: their finding still shows, but no "Publish anyway" is asked for them again.
    await expect(page.locator("#banner-advertising")).toContainText("relieve anxiety");
    await expect(page.getByRole("group", { name: "Publish anyway?" })).toHaveCount(0);
    await page.getByLabel("Facebook").fill("https://www.facebook.com/norman-dispensary");
    const saved = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Save settings" }).click();
    expect((await saved).status()).toBeLessThan(400);
    await page.reload();
    await expect(page.getByLabel("Facebook")).toHaveValue("https://www.facebook.com/norman-dispensary");
    // New words with a finding ask again.
    await page.getByLabel("Banner text").fill("Our tinctures relieve pain.");
    await expect(page.getByRole("group", { name: "Publish anyway?" })).toBeVisible();
  });
});
