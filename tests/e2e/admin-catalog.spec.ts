// Admin → Brands and Admin → Deals: create, edit, delete, search and filter, with JavaScript on and off,
// the image upload limits, and the changes showing on the public pages. Every spec shares one server and
// database: names are unique per run, and each test removes what it created (other specs count the demo
// brands and deals).
import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  confirmAge,
  expect,
  expectNoSeriousA11yViolations,
  signInAsAdmin,
  test,
  toast,
  waitForHydration,
} from "./fixtures";

const FIVE_MB = 5 * 1024 * 1024;

async function pngFile(name: string, width = 800, height = 450) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: "#1f6f43" } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** A real PNG padded past 5 MB. */
async function oversizedFile() {
  const png = await pngFile("huge.png");
  const buffer = Buffer.alloc(FIVE_MB + 1024);
  png.buffer.copy(buffer);
  return { name: "huge.png", mimeType: "image/png", buffer };
}

/** Text pretending to be a PNG: the browser believes the name, the server reads the content. */
const disguisedFile = () => ({
  name: "coupon.png",
  mimeType: "image/png",
  buffer: Buffer.from("MZ this is not an image at all"),
});

/** A calendar day in the stores' time zone, `days` from today, as "YYYY-MM-DD". */
function storeDay(days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test.describe("admin brands (JavaScript on)", () => {
  test("creates a brand with an uploaded logo, shows it on /brands and the home page, edits and deletes it @phone", async ({
    page,
  }) => {
    // A long journey across several pages and uploads.
    test.slow();
    const name = `E2E Brand ${Date.now()}`;
    await signInAsAdmin(page);
    await page.goto("/admin/brands");
    await expect(page.getByRole("heading", { level: 1, name: "Brands" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Dashboard");
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("link", { name: "Add Brand" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Brand" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Name")).toBeFocused();
    await expect(dialog.getByLabel("Featured (shown in the home page carousel)")).toBeChecked();

    // Name and logo are required; the website must be a URL.
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("Logo is required: upload an image or enter a logo URL")).toBeVisible();
    await dialog.getByLabel("Website URL").fill("not a url");
    await dialog.getByLabel("Website URL").blur();
    await expect(dialog.getByText("Please enter a valid website URL starting with http:// or https://")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Website URL").fill("https://example.com/e2e-brand");
    await dialog.getByLabel("Sort order").fill("990");
    await dialog.getByLabel("Upload logo").setInputFiles(await pngFile("E2E Logo.png", 600, 300));
    await expect(dialog.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
    await dialog.getByRole("button", { name: "Create" }).click();

    await expect(toast(page, "Brand created successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/brands$/);
    await expect(dialog).toHaveCount(0);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(card).toContainText("Order: 990 | Featured");
    const logo = card.getByRole("img", { name: `${name} logo` });
    const logoUrl = (await logo.getAttribute("src"))!;
    expect(logoUrl).toMatch(/^\/media\/brands\/[0-9a-f-]{36}-\d+x\d+\.png$/);
    await expect(card.getByRole("link", { name: /Visit Website/ })).toHaveAttribute("target", "_blank");
    await expect(card.getByRole("link", { name: /Visit Website/ })).toHaveAttribute("rel", /noopener/);

    // On the public pages at once, with resized variants.
    await confirmAge(page);
    await page.goto("/brands");
    const publicLogo = page.getByRole("img", { name, exact: true });
    await expect(publicLogo).toBeVisible();
    await expect(publicLogo).toHaveAttribute("srcset", /-w480\.webp 480w/);
    await page.goto("/");
    await expect(page.locator(".brand-carousel").getByRole("img", { name, exact: true })).toHaveCount(1);

    // Edit: rename and take it off the home page carousel.
    await page.goto("/admin/brands");
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Brand" });
    await expect(edit.getByLabel("Name")).toHaveValue(name);
    await expect(edit.getByRole("img", { name: `${name} logo` })).toBeVisible();
    await edit.getByLabel("Name").fill(`${name} Edited`);
    await edit.getByLabel("Featured (shown in the home page carousel)").uncheck();
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(toast(page, "Brand updated successfully")).toBeVisible();
    const edited = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `${name} Edited` }) });
    await expect(edited).toContainText("Order: 990 | Not Featured");
    await page.goto("/");
    await expect(page.locator(".brand-carousel").getByRole("img", { name: `${name} Edited` })).toHaveCount(0);

    // Delete is immediate, and the uploaded file goes with the brand.
    await page.goto("/admin/brands");
    await page.getByRole("button", { name: `Delete ${name} Edited` }).click();
    await expect(toast(page, "Brand deleted successfully")).toBeVisible();
    await expect(page.getByRole("heading", { name: `${name} Edited` })).toHaveCount(0);
    expect((await page.request.get(logoUrl)).status()).toBe(404);
  });

  test("Cancel and Escape close the dialog without saving", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/brands");
    const before = await page.getByRole("listitem").count();
    await page.getByRole("link", { name: "Add Brand" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Brand" });
    await dialog.getByLabel("Name").fill("Never saved");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/brands$/);
    await expect(page.getByRole("link", { name: "Add Brand" })).toBeFocused();

    await page.getByRole("link", { name: "Add Brand" }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("listitem")).toHaveCount(before);
  });
});

test.describe("admin brands (JavaScript off)", () => {
  test.use({ javaScriptEnabled: false });

  test("creates a brand from a logo URL and deletes it with plain forms", async ({ page }) => {
    const name = `E2E NoJS Brand ${Date.now()}`;
    await signInAsAdmin(page);
    await page.goto("/admin/brands");
    await page.getByRole("link", { name: "Add Brand" }).click();
    await expect(page).toHaveURL(/\?dialog=new$/);
    const dialog = page.getByRole("dialog", { name: "Add New Brand" });
    await expect(dialog).toBeVisible();

    // The server validates, and keeps what was typed.
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Website URL").fill("example.com");
    await dialog.getByLabel("Sort order").fill("1.5");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(dialog.getByText("Logo is required: upload an image or enter a logo URL")).toBeVisible();
    await expect(dialog.getByText("Please enter a valid website URL starting with http:// or https://")).toBeVisible();
    await expect(dialog.getByText("Sort order must be a whole number")).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveValue(name);

    await dialog.getByLabel("Logo URL").fill("/demo/brands/wyld.svg");
    await dialog.getByLabel("Website URL").fill("https://example.com/nojs");
    await dialog.getByLabel("Sort order").fill("991");
    await dialog.getByLabel("Featured (shown in the home page carousel)").uncheck();
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(toast(page, "Brand created successfully")).toBeVisible();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(card).toContainText("Order: 991 | Not Featured");

    await card.getByRole("button", { name: `Delete ${name}` }).click();
    await expect(toast(page, "Brand deleted successfully")).toBeVisible();
    await expect(page.getByRole("heading", { name })).toHaveCount(0);
  });
});

test.describe("admin deals (JavaScript on)", () => {
  test("creates a deal with an image, searches, filters, shows it on /deals, edits and deletes it @phone", async ({
    page,
  }) => {
    // A long journey across several pages and uploads.
    test.slow();
    const title = `E2E Deal ${Date.now()}`;
    await signInAsAdmin(page);
    await page.goto("/admin/deals");
    await expect(page.getByRole("heading", { level: 1, name: "Deals" })).toBeVisible();
    await expect(page.getByTestId("deal-skeleton")).toHaveCount(0);
    for (const column of ["Title", "Start Date", "End Date", "Status", "Order", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("link", { name: "Add Deal" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Deal" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("Made by the end-to-end test.");
    // Start after end: a field error.
    await dialog.getByLabel("Start date").fill(storeDay(3));
    await dialog.getByLabel("End date").fill(storeDay(-1));
    await dialog.getByRole("button", { name: "Create Deal" }).click();
    await expect(dialog.getByText("End date must be on or after the start date")).toBeVisible();

    await dialog.getByLabel("Start date").fill(storeDay(-1));
    await dialog.getByLabel("End date").fill(storeDay(5));
    await dialog.getByLabel("Sort order").fill("990");
    await dialog.getByLabel("Image").setInputFiles(await pngFile("deal.png", 1200, 675));
    await expect(dialog.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Create Deal" }).click();
    await expect(toast(page, "Deal created successfully")).toBeVisible();
    await expect(toast(page, "Deal created successfully")).toContainText("Image uploaded successfully");

    // Search (as you type) and the filters.
    await page.getByPlaceholder("Search deals...").fill(title);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(title).replace(/%20/g, "\\+")}`));
    await expect(page.getByRole("row")).toHaveCount(2);
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect(row).toContainText("Active");
    await expect(row).toContainText("990");
    await page.getByRole("link", { name: "Upcoming", exact: true }).click();
    await expect(page.getByRole("link", { name: "Upcoming", exact: true })).toHaveAttribute("aria-current", "true");
    await expect(page.getByText("No deals found")).toBeVisible();
    await expect(page.getByPlaceholder("Search deals...")).toHaveValue(title);
    await page.getByRole("link", { name: "Active", exact: true }).click();
    await expect(row).toBeVisible();
    // While a new filter loads in the browser: the spec's 3 skeletons (never in the server's HTML).
    await page.route("**/admin/deals.data**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole("link", { name: "Expired", exact: true }).click();
    await expect(page.getByTestId("deal-skeleton")).toHaveCount(3);
    await expect(page.getByText("No deals found")).toBeVisible();
    await expect(page.getByTestId("deal-skeleton")).toHaveCount(0);
    await page.unroute("**/admin/deals.data**");
    await page.getByRole("link", { name: "All", exact: true }).click();
    await expect(row).toBeVisible();

    // A current, active deal is on the public Deals page, with its image variants.
    await confirmAge(page);
    await page.goto("/deals");
    const carousel = page.getByRole("region", { name: "Current specials" });
    await expect(carousel.locator(".special h3", { hasText: title })).toHaveCount(1);
    // The slide's image is decorative (its heading says what the deal is): found by the slide it illustrates.
    const slide = carousel.locator(".special").filter({ has: page.locator("h3", { hasText: title }) });
    await expect(slide.locator("img.special__image")).toHaveAttribute("srcset", /-w960\.webp 960w/);

    // Edit: it starts in the future now, so it is upcoming and off the public page.
    await page.goto(`/admin/deals?q=${encodeURIComponent(title)}`);
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Deal" });
    await expect(edit.getByLabel("Title")).toHaveValue(title);
    await expect(edit.getByRole("img", { name: title })).toBeVisible();
    await edit.getByLabel("Start date").fill(storeDay(2));
    await edit.getByRole("button", { name: "Update Deal" }).click();
    await expect(toast(page, "Deal updated successfully")).toBeVisible();
    await page.getByRole("link", { name: "Upcoming", exact: true }).click();
    await expect(page.getByRole("row", { name: new RegExp(title) })).toBeVisible();
    await page.goto("/deals");
    await expect(page.locator(".special h3", { hasText: title })).toHaveCount(0);

    // Delete asks the browser's confirmation first.
    await page.goto(`/admin/deals?q=${encodeURIComponent(title)}`);
    const messages: string[] = [];
    page.once("dialog", (d) => {
      messages.push(d.message());
      void d.dismiss();
    });
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await expect.poll(() => messages).toEqual(["Are you sure you want to delete this deal?"]);
    await expect(page.getByRole("row", { name: new RegExp(title) })).toBeVisible();
    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await expect(toast(page, "Deal deleted successfully")).toBeVisible();
    await expect(page.getByText("No deals found")).toBeVisible();
  });

  test("refuses an oversized image in the browser and a disguised one on the server, with the spec's messages", async ({
    page,
  }) => {
    const title = `E2E Refused ${Date.now()}`;
    await signInAsAdmin(page);
    await page.goto("/admin/deals?dialog=new");
    const dialog = page.getByRole("dialog", { name: "Add New Deal" });
    await dialog.getByLabel("Title").fill(title);

    await dialog.getByLabel("Image").setInputFiles(await oversizedFile());
    await expect(dialog.getByText("Image must be less than 5MB")).toBeVisible();
    await expect(toast(page, "Image must be less than 5MB")).toBeVisible();
    expect(await dialog.getByLabel("Image").evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);

    await dialog.getByLabel("Image").setInputFiles(disguisedFile());
    await dialog.getByRole("button", { name: "Create Deal" }).click();
    await expect(dialog.getByText("Only JPEG, PNG, WebP, and GIF images are allowed")).toBeVisible();
    await expect(toast(page, "Only JPEG, PNG, WebP, and GIF images are allowed")).toBeVisible();
    await expect(dialog.getByLabel("Title")).toHaveValue(title);

    await page.goto(`/admin/deals?q=${encodeURIComponent(title)}`);
    await expect(page.getByText("No deals found")).toBeVisible();
  });
});

test.describe("admin deals (JavaScript off)", () => {
  test.use({ javaScriptEnabled: false });

  test("the server refuses an oversized image; delete asks on a confirmation page", async ({ page }) => {
    // A long journey across several pages and uploads.
    test.slow();
    const title = `E2E NoJS Deal ${Date.now()}`;
    await signInAsAdmin(page);
    await page.goto("/admin/deals");
    await page.getByRole("link", { name: "Add Deal" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Deal" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Image").setInputFiles(await oversizedFile());
    await dialog.getByRole("button", { name: "Create Deal" }).click();
    await expect(dialog.getByText("Image must be less than 5MB")).toBeVisible();
    await expect(dialog.getByLabel("Title")).toHaveValue(title);

    await dialog.getByLabel("Image").setInputFiles(await pngFile("ok.png"));
    await dialog.getByLabel("Active").uncheck();
    await dialog.getByRole("button", { name: "Create Deal" }).click();
    await expect(toast(page, "Deal created successfully")).toBeVisible();

    // The search form works as a plain GET form.
    await page.getByPlaceholder("Search deals...").fill(title);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect(row).toContainText("Inactive");

    await row.getByRole("button", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete deal" });
    await expect(confirm).toContainText("Are you sure you want to delete this deal?");
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(row).toBeVisible();

    await row.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("dialog", { name: "Delete deal" }).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Deal deleted successfully")).toBeVisible();
    await expect(page.getByText("No deals found")).toBeVisible();
  });
});

/** The names of the rows of a list, in order: brand headings, or deal row headers. */
const brandOrder = (page: Page) => page.locator(".admin-brand-list > li h2").allTextContents();
const dealOrder = async (page: Page) =>
  (await page.getByRole("rowheader").allTextContents()).map((title) => title.trim());

test.describe("moving brands and deals (JavaScript off)", () => {
  test.use({ javaScriptEnabled: false });

  test("Move up and Move down are small forms: they reorder, return to the list with a toast, and stop at the ends", async ({
    page,
  }) => {
    test.slow();
    const run = Date.now();
    const [brandA, brandB] = [`E2E Move Brand A ${run}`, `E2E Move Brand B ${run}`];
    await signInAsAdmin(page);
    for (const [name, order] of [
      [brandA, "996"],
      [brandB, "997"],
    ]) {
      await page.goto("/admin/brands?dialog=new");
      const dialog = page.getByRole("dialog", { name: "Add New Brand" });
      await dialog.getByLabel("Name").fill(name);
      await dialog.getByLabel("Logo URL").fill("/demo/brands/wyld.svg");
      await dialog.getByLabel("Sort order").fill(order);
      await dialog.getByRole("button", { name: "Create" }).click();
      await expect(toast(page, "Brand created successfully")).toBeVisible();
    }
    expect((await brandOrder(page)).slice(-2)).toEqual([brandA, brandB]);
    // The last brand cannot go down; every move button is a 24×24 px target at least.
    await expect(page.getByRole("button", { name: `Move ${brandB} down` })).toBeDisabled();
    for (const name of [`Move ${brandA} up`, `Move ${brandA} down`, `Move ${brandB} up`]) {
      const box = (await page.getByRole("button", { name }).boundingBox())!;
      expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(24);
    }

    await page.getByRole("button", { name: `Move ${brandB} up` }).click();
    await expect(page).toHaveURL(/\/admin\/brands$/);
    await expect(toast(page, "Brand moved up")).toBeVisible();
    expect((await brandOrder(page)).slice(-2)).toEqual([brandB, brandA]);
    await expect(page.getByRole("button", { name: `Move ${brandA} down` })).toBeDisabled();
    await expect(page.getByRole("listitem").filter({ hasText: brandA })).toContainText("Order: 997");
    await page.getByRole("button", { name: `Move ${brandB} down` }).click();
    await expect(toast(page, "Brand moved down")).toBeVisible();
    expect((await brandOrder(page)).slice(-2)).toEqual([brandA, brandB]);
    for (const name of [brandA, brandB]) {
      await page.getByRole("button", { name: `Delete ${name}` }).click();
      await expect(toast(page, "Brand deleted successfully")).toBeVisible();
    }

    // Deals: the same, in the table; only the whole list (no search, no filter) offers moving.
    const [dealA, dealB] = [`E2E Move Deal A ${run}`, `E2E Move Deal B ${run}`];
    for (const [title, order] of [
      [dealA, "996"],
      [dealB, "997"],
    ]) {
      await page.goto("/admin/deals?dialog=new");
      const dialog = page.getByRole("dialog", { name: "Add New Deal" });
      await dialog.getByLabel("Title").fill(title);
      await dialog.getByLabel("Sort order").fill(order);
      await dialog.getByRole("button", { name: "Create Deal" }).click();
      await expect(toast(page, "Deal created successfully")).toBeVisible();
    }
    expect((await dealOrder(page)).slice(-2)).toEqual([dealA, dealB]);
    await page.getByRole("button", { name: `Move ${dealB} up` }).click();
    await expect(page).toHaveURL(/\/admin\/deals$/);
    await expect(toast(page, "Deal moved up")).toBeVisible();
    expect((await dealOrder(page)).slice(-2)).toEqual([dealB, dealA]);
    await expect(page.getByRole("button", { name: `Move ${dealA} down` })).toBeDisabled();
    await page.goto(`/admin/deals?q=${encodeURIComponent(`E2E Move Deal`)}`);
    await expect(page.getByRole("row", { name: new RegExp(dealA) })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);
    for (const title of [dealA, dealB]) {
      await page.getByRole("button", { name: `Delete ${title}` }).click();
      await page.getByRole("dialog", { name: "Delete deal" }).getByRole("button", { name: "Delete" }).click();
      await expect(toast(page, "Deal deleted successfully")).toBeVisible();
    }
  });
});

test.describe("moving deals (JavaScript on)", () => {
  // A phone's width: the deals are cards, and the list is long enough to be scrolled.
  test.use({ viewport: { width: 390, height: 700 } });

  test("the page stays where it is and focus stays on the button pressed @phone", async ({ page }) => {
    test.slow();
    const run = Date.now();
    const [dealA, dealB] = [`E2E Focus Deal A ${run}`, `E2E Focus Deal B ${run}`];
    await signInAsAdmin(page);
    for (const [title, order] of [
      [dealA, "996"],
      [dealB, "997"],
    ]) {
      await page.goto("/admin/deals?dialog=new");
      const dialog = page.getByRole("dialog", { name: "Add New Deal" });
      await dialog.getByLabel("Title").fill(title);
      await dialog.getByLabel("Sort order").fill(order);
      await dialog.getByRole("button", { name: "Create Deal" }).click();
      await expect(toast(page, "Deal created successfully")).toBeVisible();
    }
    await page.goto("/admin/deals");
    await waitForHydration(page, { selector: "form [data-move]" });
    const up = page.getByRole("button", { name: `Move ${dealB} up` });
    await up.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy({ top: 40, behavior: "instant" }));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);

    await up.click();
    await expect(toast(page, "Deal moved up")).toBeVisible();
    expect((await dealOrder(page)).slice(-2)).toEqual([dealB, dealA]);
    await expect(up).toBeFocused();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(80);

    // From the keyboard: to 'Move down' and back to the end, where that button turns off and focus stays
    // in the row, on 'Move up'.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: `Move ${dealB} down` })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Deal moved down")).toBeVisible();
    expect((await dealOrder(page)).slice(-2)).toEqual([dealA, dealB]);
    await expect(page.getByRole("button", { name: `Move ${dealB} down` })).toBeDisabled();
    await expect(up).toBeFocused();

    for (const title of [dealA, dealB]) {
      page.once("dialog", (d) => void d.accept());
      await page.getByRole("button", { name: `Delete ${title}` }).click();
      await expect(toast(page, "Deal deleted successfully")).toBeVisible();
      await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
    }
  });
});
