// Admin job applications and contact inquiries, end to end: an application (with a resume) and an inquiry
// sent through the public forms, then found, downloaded, exported and worked on by an admin, with
// JavaScript and without.
import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expect, expectNoSeriousA11yViolations, signInAsAdmin, site, test, waitForHydration } from "./fixtures";
import { sendApplication, sendInquiry } from "./submissions";

// Each test sends the application or inquiry it reads (through the public forms' actions), under a name of
// its own, so none depends on another's rows or on the order they run in.
const RUN = Date.now();
let made = 0;
/** A fresh applicant: unique in this run. */
function newApplicant() {
  const id = `${RUN}${String(++made).padStart(3, "0")}`;
  return {
    name: `Riley Applicant ${id}`,
    email: `riley.${id}@example.com`,
    phone: "(405) 555-0142",
    availability: 'Weekends, "any" shift',
    heard: "=1+1 said a friend",
    resumeName: `Riley Résumé ${id}.pdf`,
    resume: Buffer.from(
      `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${id}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    ),
    id,
  };
}
type Applicant = ReturnType<typeof newApplicant>;

async function applicationFrom(request: APIRequestContext): Promise<Applicant> {
  const applicant = newApplicant();
  await sendApplication(request, {
    full_name: applicant.name,
    email: applicant.email,
    phone: applicant.phone,
    position: "driver",
    availability: applicant.availability,
    how_did_you_hear: applicant.heard,
    resume: { name: applicant.resumeName, mimeType: "application/pdf", buffer: applicant.resume },
  });
  return applicant;
}

/** A fresh inquiry, sent: unique in this run. */
async function inquiryFrom(request: APIRequestContext) {
  const id = `${RUN}${String(++made).padStart(3, "0")}`;
  const inquirer = {
    name: `Casey Inquirer ${id}`,
    email: `casey.${id}@example.com`,
    message: `Loved the "staff picks" shelf.\nCould you stock more pre-rolls? (${id})`,
  };
  await sendInquiry(request, { ...inquirer, topic: "product-suggestion" });
  return inquirer;
}
const STATUS_UPDATED = "Status updated successfully";

const APPLICATION_HEADER = ["Name", "Email", "Phone", "Position", "Availability", "Resume", "How Did You Hear", "Date"];
const INQUIRY_HEADER = ["Name", "Email", "Phone", "Topic", "Message", "Status", "Date"];

async function downloadCsv(page: Page, trigger: () => Promise<void>) {
  const downloading = page.waitForEvent("download");
  await trigger();
  const download = await downloading;
  const text = fs.readFileSync((await download.path())!, "utf8");
  return { fileName: download.suggestedFilename(), rows: parse(text, { bom: true }) as string[][] };
}

test("applications: search, resume download for admins only, CSV export of the search", async ({
  page,
  playwright,
  request,
}) => {
  const APPLICANT = await applicationFrom(request);
  const RESUME_NAME = APPLICANT.resumeName;
  const RESUME = APPLICANT.resume;
  await signInAsAdmin(page);
  await page.getByRole("link", { name: "Manage Job Applications →" }).click();
  await expect(page).toHaveURL(/\/admin\/applications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Job Applications" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
  for (const column of APPLICATION_HEADER) {
    await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }

  // Search as you type (debounced), case-insensitively.
  const search = page.getByPlaceholder("Search by name, email, or position...");
  await waitForHydration(page, { selector: "form[role=search]" });
  await search.fill(`riley applicant ${APPLICANT.id}`);
  await expect(page).toHaveURL(new RegExp(`\\?q=riley\\+applicant\\+${APPLICANT.id}$`));
  const row = page.getByRole("row").filter({ hasText: APPLICANT.name });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(row).toContainText(APPLICANT.email);
  await expect(row).toContainText("Driver");
  await expect(row).toContainText(APPLICANT.availability);
  await expect(row).toContainText(APPLICANT.heard);
  await expect(page.getByRole("status").filter({ hasText: "1 application matching" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await search.fill(`nobody-${APPLICANT.id}`);
  await expect(page.getByText("No applications found")).toBeVisible();
  await search.fill(`RILEY.${APPLICANT.id}@EXAMPLE`);
  await expect(row).toHaveCount(1);

  // The resume, byte for byte, under its own name.
  const resumeLink = row.getByRole("link", { name: new RegExp(`Download resume of ${APPLICANT.name}`) });
  const href = await resumeLink.getAttribute("href");
  expect(href).toMatch(/^\/admin\/applications\/[0-9a-f-]{36}\/resume$/);
  const downloading = page.waitForEvent("download");
  await resumeLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(RESUME_NAME);
  expect(fs.readFileSync((await download.path())!).equals(RESUME)).toBe(true);

  // Signed out, the same address asks for a sign-in.
  const anonymous = await playwright.request.newContext({ baseURL: site().url });
  const refused = await anonymous.get(href!, { maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  expect(refused.headers()["location"]).toBe(`/admin/login?redirectTo=${encodeURIComponent(href!)}`);
  await anonymous.dispose();

  // The export holds what the search shows.
  const { fileName, rows } = await downloadCsv(page, () => page.getByRole("link", { name: "Export CSV" }).click());
  expect(fileName).toMatch(/^job-applications-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(rows[0]).toEqual(APPLICATION_HEADER);
  expect(rows).toHaveLength(2);
  const [name, email, phone, position, availability, resume, heard, date] = rows[1];
  expect([name, email, phone, position, availability]).toEqual([
    APPLICANT.name,
    APPLICANT.email,
    APPLICANT.phone,
    "Driver",
    APPLICANT.availability,
  ]);
  expect(resume).toBe(new URL(href!, site().url).toString());
  // A formula is defused.
  expect(heard).toBe(`'${APPLICANT.heard}`);
  expect(date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
});

test("applications: skeleton rows while the next list loads", async ({ page, request }) => {
  const APPLICANT = await applicationFrom(request);
  await signInAsAdmin(page);
  await page.goto("/admin/applications");
  await waitForHydration(page, { selector: "form[role=search]" });
  expect(await page.getByTestId("submission-skeleton").count()).toBe(0);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\/applications\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByPlaceholder("Search by name, email, or position...").fill(APPLICANT.name);
  await expect(page.getByTestId("submission-skeleton")).toHaveCount(5);
  release();
  await expect(page.getByRole("row").filter({ hasText: APPLICANT.name })).toHaveCount(1);
  await expect(page.getByTestId("submission-skeleton")).toHaveCount(0);
});

test("inquiries: search, filter, status saved at once with JavaScript, CSV export", async ({ page, request }) => {
  const INQUIRER = await inquiryFrom(request);
  await signInAsAdmin(page);
  await page.goto("/admin/inquiries");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Inquiries" })).toBeVisible();
  for (const column of INQUIRY_HEADER) {
    await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }
  await waitForHydration(page, { selector: "form[role=search]" });
  await page.getByPlaceholder("Search by name, email, or topic...").fill(INQUIRER.name.toUpperCase());
  const row = page.getByRole("row").filter({ hasText: INQUIRER.name });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(row).toContainText("Product Suggestion");
  const selector = row.getByRole("combobox", { name: `Status of the inquiry from ${INQUIRER.name}` });
  await expect(selector).toHaveValue("new");
  // With JavaScript the selector saves by itself: no Save button.
  await expect(row.getByRole("button", { name: /^Save/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/inquiries"));
  await selector.selectOption("in-progress");
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId("toast").filter({ hasText: STATUS_UPDATED })).toBeVisible();
  await page.reload();
  await expect(row.getByRole("combobox")).toHaveValue("in-progress");

  // The status filter applies on change and keeps the search.
  const filter = page.getByRole("combobox", { name: "Status", exact: true });
  await filter.selectOption("in-progress");
  await expect(page).toHaveURL(/status=in-progress/);
  await expect(row).toHaveCount(1);
  await filter.selectOption("closed");
  await expect(page).toHaveURL(/status=closed/);
  await expect(page.getByText("No inquiries found")).toBeVisible();
  await filter.selectOption("in-progress");
  await expect(row).toHaveCount(1);

  const { fileName, rows } = await downloadCsv(page, () => page.getByRole("link", { name: "Export CSV" }).click());
  expect(fileName).toMatch(/^contact-inquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(rows[0]).toEqual(INQUIRY_HEADER);
  expect(rows.slice(1).map((r) => r.slice(0, 6))).toEqual([
    [INQUIRER.name, INQUIRER.email, "", "Product Suggestion", INQUIRER.message, "In Progress"],
  ]);
});

test("inquiries: the status form works without JavaScript", async ({ browser, request }) => {
  const INQUIRER = await inquiryFrom(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.goto(`/admin/inquiries?q=${encodeURIComponent(INQUIRER.email)}`);
  const row = page.getByRole("row").filter({ hasText: INQUIRER.name });
  await expect(row).toHaveCount(1);
  await row.getByRole("combobox", { name: `Status of the inquiry from ${INQUIRER.name}` }).selectOption("closed");
  await row.getByRole("button", { name: `Save status of the inquiry from ${INQUIRER.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/inquiries\\?q=${encodeURIComponent(INQUIRER.email)}$`));
  await expect(page.getByText(STATUS_UPDATED)).toBeVisible();
  await expect(row.getByRole("combobox")).toHaveValue("closed");

  // The search form works without JavaScript too.
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("new");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/status=new/);
  await expect(page.getByText("No inquiries found")).toBeVisible();
  await context.close();
});
