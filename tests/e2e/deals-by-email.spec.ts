// Deals by e-mail (issue 40) as a patient and the owner meet them, on a site of its own with a local mail server:
// a patient signs up in the footer, confirms from the mail, receives the owner's campaign, unsubscribes in one
// click from it and receives nothing more; the owner writes "This week's deals", sees an advertising finding,
// fixes it, sends a test to herself and then the campaign (390 px without JavaScript, 1440 px with it). And a
// patient asks to hear when a product is back; an import brings it back; the mail arrives once.
import fs from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import { AGE_COOKIE_NAME } from "../../app/lib/age-gate";
import { type AppServer, startAppServer } from "../support/app-server";
import { copyMigratedDatabase } from "../support/data-dir-templates";
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from "../support/smtp-capture";
import { expect, expectClickable, signInWithPassword, test, toast, waitForHydration } from "./fixtures";

let site: AppServer;
let dataDir: string;
let mailServer: SmtpCapture;
const OWNER = { email: "owner@example.com", password: "deals-e2e-owner-password" };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = path.resolve(`.tmp/e2e-deals-${process.pid}-${test.info().workerIndex}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  copyMigratedDatabase(dataDir);
  mailServer = await startSmtpCapture();
  site = await startAppServer({
    DATA_DIR: dataDir,
    SMTP_URL: mailServer.url,
    MAIL_TO: "store@example.com",
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    FORM_RATE_LIMIT: "100",
  });
});

test.afterAll(async () => {
  await site?.stop();
  await mailServer?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function browserAt(browser: Browser, width: number, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: site.url,
    viewport: { width, height: width < 600 ? 844 : 900 },
    javaScriptEnabled,
    reducedMotion: "reduce",
  });
  await context.addCookies([{ name: AGE_COOKIE_NAME, value: String(Date.now()), url: site.url }]);
  return context.newPage();
}

/** A mail's source: its headers unfolded, then its parts with quoted-printable undone (enough to read links). */
function plainSource(mail: CapturedMail): string {
  const raw = mail.raw.replace(/\r\n/g, "\n");
  const split = raw.indexOf("\n\n");
  const headers = raw.slice(0, split).replace(/\n[ \t]+/g, " ");
  const body = raw
    .slice(split)
    .replace(/=\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return headers + body;
}

/** The site's own path of the first link in `mail` whose path starts with `pathStart`. */
function linkIn(mail: CapturedMail, pathStart: string): string {
  const found = new RegExp(`https?://[^/\\s>]+(${pathStart.replace(/[?]/g, "\\?")}[^\\s>"]*)`).exec(plainSource(mail));
  if (!found) throw new Error(`No ${pathStart} link in:\n${plainSource(mail).slice(0, 2000)}`);
  return found[1];
}

/** On screen and on top: the control a tap at its centre reaches (then tapped). */
async function tap(control: Locator) {
  await expectClickable(control);
  await control.click();
}

/** Signs up from the footer of the home page and confirms from the mail; answers the patient's page. */
async function signUpAndConfirm(page: Page, email: string, javaScriptEnabled: boolean) {
  await page.goto("/");
  await waitForHydration(page, { javaScriptEnabled });
  const footerForm = page.getByRole("contentinfo").locator("form.subscribe-form");
  await footerForm.getByLabel("E-mail").fill(email);
  await tap(footerForm.getByRole("button", { name: "Sign up" }));
  await expect(page).toHaveURL(/\/subscribe\?sent=1$/);
  await expect(page.getByText(/we have sent it a link/)).toBeVisible();

  const [confirmation] = await mailServer.waitFor(email, "Subject: Confirm your subscription");
  await page.goto(linkIn(confirmation, "/subscribe/confirm?t="));
  await tap(page.getByRole("button", { name: "Confirm my subscription" }));
  await expect(page.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();
}

/** The campaign page's counts once nothing waits: "N of N sent". */
async function expectAllSent(page: Page) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: /of \d+ sent/ })).toHaveText(/^(\d+) of \1 sent/, {
      timeout: 500,
    });
  }).toPass({ timeout: 20_000 });
}

for (const [javaScriptEnabled, width] of [
  [false, 390],
  [true, 1440],
] as const) {
  test(`a patient signs up in the footer, gets the owner's campaign, unsubscribes in one click and gets nothing more (JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const patientEmail = `patient-${width}@example.com`;
    const patient = await browserAt(browser, width, javaScriptEnabled);
    await signUpAndConfirm(patient, patientEmail, javaScriptEnabled);
    // A neighbour who stays subscribed: the owner's next campaign reaches someone.
    const neighbourEmail = `neighbour-${width}@example.com`;
    await signUpAndConfirm(await browserAt(browser, 1440, true), neighbourEmail, true);

    // The owner has a deal running; she starts from the dashboard's Campaigns card, with "This week's deals".
    const owner = await browserAt(browser, width, javaScriptEnabled);
    await signInWithPassword(owner, site.url, OWNER);
    await expect(owner).toHaveURL(/\/admin$/);
    const deal = `Edible Tuesday ${width}`;
    const added = await owner.request.post("/admin/deals", {
      headers: { Origin: site.url },
      multipart: {
        intent: "create",
        title: deal,
        description: "20% off every edible.",
        is_active: "on",
        sort_order: "0",
      },
      maxRedirects: 0,
    });
    expect(added.status(), "the deal's save").toBe(302);
    expect(added.headers().location).toMatch(/^\/admin\/deals/);
    await owner.goto("/admin");
    await tap(owner.getByRole("link", { name: "Manage Campaigns" }));
    await expect(owner).toHaveURL(/\/admin\/campaigns$/);
    await tap(owner.getByRole("link", { name: "This week's deals" }).first());
    await waitForHydration(owner, { javaScriptEnabled });
    const subject = owner.getByLabel("Subject");
    await expect(subject).toHaveValue("This week's deals at Lindsey Street Cannabis Co.");
    const mail = owner.getByLabel("The mail (Markdown)");
    await expect(mail).toHaveValue(new RegExp(`## Deals\n\n(- .*\n)*- \\*\\*${deal}\\*\\*: 20% off every edible\\.\n`));

    // A health claim: the finding shows (as she types with JavaScript; on trying to send without), and the
    // campaign does not go out.
    const written = await mail.inputValue();
    await mail.fill(`${written}\n\nOur Violet Haze cures insomnia.`);
    if (javaScriptEnabled) await expect(owner.locator("#content-advertising")).toContainText("“cures”");
    await tap(owner.getByRole("button", { name: /^Send to \d+ subscribers?…$/ }));
    await expect(owner.getByText("This text has advertising findings.")).toBeVisible();
    await expect(owner.locator("#content-advertising")).toContainText("“cures”");
    await expect(owner.getByRole("dialog")).toHaveCount(0);

    // Fixed; a test to herself first.
    await owner.getByLabel("The mail (Markdown)").fill(`${written}\n\nViolet Haze is back on the shelf this week.`);
    await tap(owner.getByRole("button", { name: "Send a test to me" }));
    await expect(toast(owner, `Test sent to ${OWNER.email}`)).toBeVisible();
    const [testMail] = await mailServer.waitFor(OWNER.email, "Subject: [Test] This week's deals");
    expect(plainSource(testMail)).toContain("Violet Haze is back on the shelf this week.");
    await expect(owner.locator("#content-advertising")).toHaveCount(0);

    // Then every confirmed subscriber, after one more look.
    await tap(owner.getByRole("button", { name: /^Send to \d+ subscribers?…$/ }));
    const confirm = owner.getByRole("dialog");
    await expect(confirm).toContainText("“This week's deals at Lindsey Street Cannabis Co.” goes to every subscriber");
    await tap(confirm.getByRole("button", { name: /^Send to \d+ subscribers?$/ }));
    await expect(toast(owner, "Sending to")).toBeVisible();
    await expect(
      owner.getByRole("heading", { level: 1, name: "This week's deals at Lindsey Street Cannabis Co." }),
    ).toBeVisible();

    const [campaign] = await mailServer.waitFor(patientEmail, "Subject: This week's deals at Lindsey Street");
    const source = plainSource(campaign);
    expect(source).toContain("Violet Haze is back on the shelf this week.");
    expect(source).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(source).toMatch(/List-Unsubscribe: <https?:\/\/[^>]+\/unsubscribe\?s=/);
    expect(source).toContain("530 West Lindsey Street, Norman, OK 73069");
    expect(source).toMatch(/Content-Type: text\/plain/);
    await expectAllSent(owner);

    // One click in the mail: unsubscribed at once, no sign-in.
    await patient.goto(linkIn(campaign, "/unsubscribe?s="));
    await expect(patient.getByRole("heading", { level: 1 })).toContainText(/unsubscribed/i);

    // The owner's next campaign reaches everyone still subscribed, not this patient.
    await owner.goto("/admin/campaigns/new");
    await waitForHydration(owner, { javaScriptEnabled });
    const nextSubject = `Weekend hours ${width}`;
    await owner.getByLabel("Subject").fill(nextSubject);
    await owner.getByLabel("The mail (Markdown)").fill("Both stores open at **9 AM** on Saturday.");
    await tap(owner.getByRole("button", { name: /^Send to \d+ subscribers?…$/ }));
    await tap(owner.getByRole("dialog").getByRole("button", { name: /^Send to \d+ subscribers?$/ }));
    await expect(owner.getByRole("heading", { level: 1, name: nextSubject })).toBeVisible();
    await expectAllSent(owner);
    expect(mailServer.received.filter((m) => m.to.includes(patientEmail) && m.raw.includes(nextSubject))).toEqual([]);
  });
}

const HEADER = "SKU,Product Name,Category,Size,Med Price,Qty,Location";

/** An import of Admin → Menu → Import under the export "Counter POS", by the owner's signed-in browser. */
async function importCounterPos(owner: Page, rows: string[]) {
  const origin = site.url;
  const uploaded = await owner.request.post("/admin/menu/import", {
    headers: { Origin: origin },
    multipart: {
      intent: "upload",
      source: "Counter POS",
      file: { name: "counter.csv", mimeType: "text/csv", buffer: Buffer.from([HEADER, ...rows].join("\r\n")) },
    },
    maxRedirects: 0,
  });
  const upload = new URL(uploaded.headers().location ?? "", origin).searchParams.get("upload");
  expect(upload, "the upload's id").toBeTruthy();
  const applied = await owner.request.post("/admin/menu/import", {
    headers: { Origin: origin },
    form: {
      intent: "apply",
      upload: upload!,
      "mapping.externalId": "SKU",
      "mapping.name": "Product Name",
      "mapping.category": "Category",
      "mapping.option": "Size",
      "mapping.priceMedical": "Med Price",
      "mapping.stock": "Qty",
      "mapping.store": "Location",
    },
    maxRedirects: 0,
  });
  expect(applied.status(), await applied.text()).toBe(302);
}

test("a patient asks to hear when a product is back; an import brings it back; the mail arrives once", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const owner = await browserAt(browser, 1440, false);
  await signInWithPassword(owner, site.url, OWNER);
  await expect(owner).toHaveURL(/\/admin$/);
  await importCounterPos(owner, ["HM-1,Harvest Moon,Flower,3.5g,$30.00,0,both"]);

  const patientEmail = "waiting-for-harvest-moon@example.com";
  const patient = await browserAt(browser, 390, true);
  await patient.goto("/menu/flower/harvest-moon");
  await waitForHydration(patient, { javaScriptEnabled: true });
  const ask = patient.locator("section", { has: patient.getByRole("heading", { name: "Tell me when it's back" }) });
  await ask.getByLabel("E-mail").fill(patientEmail);
  await tap(ask.getByRole("button", { name: "Tell me when it's back" }));
  await expect(patient).toHaveURL(/\/subscribe\?sent=1$/);
  const [confirmation] = await mailServer.waitFor(patientEmail, "Subject: Confirm your subscription");
  await patient.goto(linkIn(confirmation, "/subscribe/confirm?t="));
  await tap(patient.getByRole("button", { name: "Confirm my subscription" }));
  await expect(patient.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();

  // The next import has it on the shelf at Lindsey Street: one mail, with the product's page and the unsubscribe link.
  await importCounterPos(owner, ["HM-1,Harvest Moon,Flower,3.5g,$30.00,4,Lindsey"]);
  const [back] = await mailServer.waitFor(patientEmail, "Subject: Harvest Moon is back at Lindsey Street");
  expect(linkIn(back, "/menu/")).toBe("/menu/flower/harvest-moon");
  expect(plainSource(back)).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  // Opened from the mail app (a browser that has not kept the page from before, for up to a minute).
  const reader = await browserAt(browser, 390, true);
  await reader.goto(linkIn(back, "/menu/"));
  await expect(reader.getByText("In stock at Lindsey Street")).toBeVisible();

  // Another import, still in stock: the request has ended; nothing more arrives.
  await importCounterPos(owner, ["HM-1,Harvest Moon,Flower,3.5g,$30.00,5,Lindsey"]);
  await owner.waitForTimeout(1_000);
  expect(mailServer.received.filter((m) => m.to.includes(patientEmail) && m.raw.includes("is back at"))).toHaveLength(
    1,
  );
});
