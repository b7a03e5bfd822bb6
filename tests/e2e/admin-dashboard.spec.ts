// The admin dashboard says what needs attention: each card's counts link to the list filtered to what was
// counted, and each list shows that many rows. A deal ending soon, a deal past its end date still marked
// active, and a new inquiry made here each raise their count by one (and are removed again).
import type { Locator, Page } from "@playwright/test";
import { confirmAge, expect, expectNoSeriousA11yViolations, signInAsAdmin, test, waitForHydration } from "./fixtures";

const RUN = Date.now();
const ENDING = `E2E Ending Soon ${RUN}`;
const ENDED = `E2E Ended Still Active ${RUN}`;

/** The stat links of the dashboard, by where they lead, and how the list there is counted. */
const STATS = [
  { card: "Blog", href: "/admin/blog?status=draft", name: /^\d+ drafts?$/, rows: ".admin-post-list > li" },
  { card: "Blog", href: "/admin/blog?status=scheduled", name: /^\d+ scheduled posts?$/, rows: ".admin-post-list > li" },
  {
    card: "Deals",
    href: "/admin/deals?filter=active",
    name: /^\d+ active deals?$/,
    rows: ".admin-deal-table tbody tr",
  },
  {
    card: "Deals",
    href: "/admin/deals?filter=ending-soon",
    name: /^\d+ deals? ending within 7 days$/,
    rows: ".admin-deal-table tbody tr",
  },
  {
    card: "Deals",
    href: "/admin/deals?filter=expired-active",
    name: /^\d+ deals? past (its|their) end date, still active$/,
    rows: ".admin-deal-table tbody tr",
  },
  { card: "Brands", href: "/admin/brands", name: /^\d+ brands?, \d+ featured$/, rows: ".admin-brand-list > li" },
  {
    card: "Job Applications",
    href: "/admin/applications?since=7d",
    name: /^\d+ applications? in the last 7 days$/,
    rows: ".submission-table tbody tr",
  },
  {
    card: "Contact Inquiries",
    href: "/admin/inquiries?status=new",
    name: /^\d+ new inquir(y|ies)$/,
    rows: ".submission-table tbody tr",
  },
] as const;

/** A calendar day in the stores' time zone, `days` from today, as "YYYY-MM-DD". */
function storeDay(days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const card = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });

async function countOf(link: Locator): Promise<number> {
  return Number((await link.innerText()).trim().split(/\s/)[0].replace(/,/g, ""));
}

/** The count each stat link shows on the dashboard, by its href. */
async function dashboardCounts(page: Page): Promise<Map<string, number>> {
  await page.goto("/admin");
  const counts = new Map<string, number>();
  for (const stat of STATS) {
    const link = card(page, stat.card).getByRole("link", { name: stat.name });
    await expect(link).toHaveAttribute("href", stat.href);
    counts.set(stat.href, await countOf(link));
  }
  return counts;
}

async function createDeal(page: Page, title: string, start: string, end: string) {
  await page.goto("/admin/deals?dialog=new");
  const dialog = page.getByRole("dialog", { name: "Add New Deal" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Start date").fill(start);
  await dialog.getByLabel("End date").fill(end);
  await dialog.getByLabel("Sort order").fill("995");
  await dialog.getByRole("button", { name: "Create Deal" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Deal created successfully" })).toBeVisible();
}

test.afterAll(async ({ browser, e2eSite }) => {
  const page = await browser.newPage({ baseURL: e2eSite.url });
  await signInAsAdmin(page);
  for (const title of [ENDING, ENDED]) {
    await page.goto(`/admin/deals?q=${encodeURIComponent(title)}`);
    const remove = page.getByRole("button", { name: `Delete ${title}` });
    if ((await remove.count()) === 0) continue;
    page.once("dialog", (d) => void d.accept());
    await remove.click();
    await expect(page.getByText("No deals found")).toBeVisible();
  }
  await page.close();
});

test("each card carries its counts, linking to its list filtered to exactly that many rows @phone", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back!" })).toBeVisible();
  const counts = await dashboardCounts(page);
  await expectNoSeriousA11yViolations(page);
  for (const stat of STATS) {
    await page.goto("/admin");
    await card(page, stat.card).getByRole("link", { name: stat.name }).click();
    await expect(page).toHaveURL(stat.href);
    await expect(page.locator(stat.rows), stat.href).toHaveCount(counts.get(stat.href)!);
  }
});

test("a deal ending soon, a deal past its end date and a new inquiry show, in the cards and under 'Needs attention'", async ({
  page,
}) => {
  test.slow();
  await signInAsAdmin(page);
  const before = await dashboardCounts(page);

  await createDeal(page, ENDING, storeDay(-1), storeDay(3));
  await createDeal(page, ENDED, storeDay(-10), storeDay(-2));
  await confirmAge(page);
  await page.goto("/contact");
  await waitForHydration(page, { selector: "form#contact" });
  const contact = page.locator("form#contact");
  await contact.getByLabel("Name").fill(`Dashboard Visitor ${RUN}`);
  await contact.getByLabel("Email").fill(`dashboard.${RUN}@example.com`);
  await contact.getByRole("combobox", { name: "Topic" }).selectOption("general");
  await contact.getByLabel("Message").fill("Are both stores open on holidays?");
  await contact.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Message sent successfully!" })).toBeVisible();

  const after = await dashboardCounts(page);
  expect(after.get("/admin/deals?filter=ending-soon")).toBe(before.get("/admin/deals?filter=ending-soon")! + 1);
  expect(after.get("/admin/deals?filter=expired-active")).toBe(before.get("/admin/deals?filter=expired-active")! + 1);
  expect(after.get("/admin/deals?filter=active")).toBe(before.get("/admin/deals?filter=active")! + 2);
  expect(after.get("/admin/inquiries?status=new")).toBe(before.get("/admin/inquiries?status=new")! + 1);

  const attention = page.getByRole("region", { name: "Needs attention" });
  await expect(attention.getByRole("link", { name: /new inquir/ })).toHaveAttribute(
    "href",
    "/admin/inquiries?status=new",
  );
  await expect(attention.getByRole("link", { name: /past (its|their) end date/ })).toHaveAttribute(
    "href",
    "/admin/deals?filter=expired-active",
  );
  await expect(attention.getByRole("link", { name: /ending within 7 days/ })).toHaveAttribute(
    "href",
    "/admin/deals?filter=ending-soon",
  );

  // The lists the links open: the filter shows as chosen, and holds the deal made for it.
  await attention.getByRole("link", { name: /ending within 7 days/ }).click();
  await expect(
    page.getByRole("navigation", { name: "Deal filters" }).getByRole("link", { name: "Ending within 7 days" }),
  ).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("row", { name: new RegExp(ENDING) })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(ENDED) })).toHaveCount(0);
  await page.goto("/admin");
  await attention.getByRole("link", { name: /past (its|their) end date/ }).click();
  await expect(page.getByRole("row", { name: new RegExp(ENDED) })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(ENDING) })).toHaveCount(0);
  await page.goto("/admin");
  await attention.getByRole("link", { name: /new inquir/ }).click();
  await expect(page.getByRole("row").filter({ hasText: `Dashboard Visitor ${RUN}` })).toBeVisible();
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("new");
});
