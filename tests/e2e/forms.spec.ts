import fs from "node:fs";
import path from "node:path";
import { confirmAge, expect, expectNoSeriousA11yViolations, site, test, waitForHydration } from "./fixtures";

// The e2e site allows FORM_RATE_LIMIT (5) submissions per form per address in a window; every test is a
// client of its own (the fixtures' X-Forwarded-For), so none spends another's budget.

/** Where the worker's site keeps the resumes it stores. */
const resumesDir = () => path.join(site().dataDir, "storage/resumes");
const storedResumes = () => (fs.existsSync(resumesDir()) ? fs.readdirSync(resumesDir()) : []);

const APPLICATION_SUCCESS = "Application submitted successfully! We'll be in touch soon.";
const APPLICATION_FAILURE = "Failed to submit application. Please try again.";
const CONTACT_SUCCESS = "Message sent successfully! We'll get back to you soon.";

const pdf = (size?: number) => {
  const header = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
  return size ? Buffer.concat([header, Buffer.alloc(size - header.length, 0x20)]) : header;
};
const exe = () => Buffer.concat([Buffer.from("MZ"), Buffer.alloc(254)]);

test.beforeEach(async ({ page }) => {
  await confirmAge(page);
});

test.describe("careers without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("answers errors with the values kept, then accepts the application and stores the resume", async ({ page }) => {
    const existing = storedResumes();
    await page.goto("/careers");
    await expect(page.getByRole("heading", { level: 1, name: "Join Our Team" })).toBeVisible();

    // No full name, and a resume over 5 MB: both refused by the server, the rest kept.
    await page.getByLabel("Email").fill("jordan@example.com");
    await page.getByLabel("Phone").fill("(405) 555-0199");
    await page.getByRole("combobox", { name: "Position" }).selectOption("shift-lead");
    await page.getByLabel("Availability").fill("Weekends");
    await page.getByLabel("How did you hear about us?").fill("A friend");
    await page.getByLabel("Resume").setInputFiles({
      name: "big.pdf",
      mimeType: "application/pdf",
      buffer: pdf(5 * 1024 * 1024 + 1),
    });
    const refused = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/careers"));
    await page.getByRole("button", { name: "Submit Application" }).click();
    expect((await refused).status()).toBe(400);

    await expect(page.getByText("Full name is required")).toBeVisible();
    await expect(page.getByText("Resume must be 5 MB or smaller")).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("Please correct the highlighted fields.");
    await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email")).toHaveValue("jordan@example.com");
    await expect(page.getByLabel("Phone")).toHaveValue("(405) 555-0199");
    await expect(page.getByRole("combobox", { name: "Position" })).toHaveValue("shift-lead");
    await expect(page.getByLabel("Availability")).toHaveValue("Weekends");
    await expect(page.getByLabel("How did you hear about us?")).toHaveValue("A friend");
    // Other specs in the same run may have stored resumes: nothing new was stored by the refused post.
    expect(storedResumes()).toEqual(existing);

    const before = existing.length;
    await page.getByLabel("Full name").fill("Jordan Rivera");
    await page
      .getByLabel("Resume")
      .setInputFiles({ name: "Jordan Resume.pdf", mimeType: "application/pdf", buffer: pdf() });
    const accepted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/careers"));
    await page.getByRole("button", { name: "Submit Application" }).click();
    expect((await accepted).status()).toBe(200);
    await expect(page.getByText(APPLICATION_SUCCESS)).toBeVisible();
    // The form starts over.
    await expect(page.getByLabel("Full name")).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Position" })).toHaveValue("");
    // The resume is in the private bucket, byte for byte.
    const stored = storedResumes();
    expect(stored).toHaveLength(before + 1);
    const added = stored.find((file) => !existing.includes(file))!;
    expect(added).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(fs.readFileSync(path.join(resumesDir(), added)).equals(pdf())).toBe(true);
  });
});

test.describe("careers with JavaScript", () => {
  test("validates inline, refuses oversized and disguised files, then submits, toasts and resets", async ({ page }) => {
    await page.goto("/careers");
    await waitForHydration(page, { selector: "#careers" });
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });

    // On blur.
    await page.getByLabel("Full name").focus();
    await page.getByLabel("Full name").blur();
    await expect(page.getByText("Full name is required")).toBeVisible();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Email").blur();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-describedby", "careers-email-error");
    await expect(page.locator("#careers-email-error")).toHaveText("Please enter a valid email address");

    // On submit: every missing field, and nothing is sent.
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByText("Phone is required")).toBeVisible();
    await expect(page.getByText("Please choose a position", { exact: true })).toBeVisible();
    await expect(page.getByText("Availability is required")).toBeVisible();

    // While typing, errors clear.
    await page.getByLabel("Full name").fill("Alex Morgan");
    await expect(page.getByText("Full name is required")).toBeHidden();
    await page.getByLabel("Email").fill("alex@example.com");
    await page.getByLabel("Phone").fill("405-555-0142");
    await page.getByRole("combobox", { name: "Position" }).selectOption("budtender");
    await page.getByLabel("Availability").fill("Evenings");

    // Oversized: refused in the browser.
    await page.getByLabel("Resume").setInputFiles({
      name: "huge.pdf",
      mimeType: "application/pdf",
      buffer: pdf(5 * 1024 * 1024 + 1),
    });
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByText("Resume must be 5 MB or smaller")).toBeVisible();
    expect(posts).toEqual([]);

    // Disguised: an executable named .pdf passes the name check and is refused by the server.
    const before = storedResumes().length;
    await page.getByLabel("Resume").setInputFiles({ name: "resume.pdf", mimeType: "application/pdf", buffer: exe() });
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByText("Resume must be a PDF, DOC or DOCX file")).toBeVisible();
    await expect(page.getByTestId("toast").filter({ hasText: APPLICATION_FAILURE })).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Alex Morgan");
    expect(posts).toHaveLength(1);
    expect(storedResumes()).toHaveLength(before);

    // A real PDF: the pending label, the success toast, the reset.
    await page.getByLabel("Resume").setInputFiles({ name: "alex.pdf", mimeType: "application/pdf", buffer: pdf() });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/careers(\.data)?(\?.*)?$/, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    release();
    await expect(page.getByTestId("toast").filter({ hasText: APPLICATION_SUCCESS })).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit Application" })).toBeEnabled();
    await expect(page.getByLabel("Full name")).toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Position" })).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Position" }).locator("option:checked")).toHaveText(
      "Select a position",
    );
    await expect(page.getByLabel("Resume")).toHaveValue("");
    expect(storedResumes()).toHaveLength(before + 1);
  });
});

test.describe("contact without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the store's details, answers errors with the values kept, then sends", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "(405) 555-0142" })).toHaveAttribute("href", "tel:+14055550142");
    await expect(main.getByRole("link", { name: "hello@example.com" })).toHaveAttribute(
      "href",
      "mailto:hello@example.com",
    );
    await expect(main.locator("address")).toContainText("530 West Lindsey Street");
    await expect(main.locator("address")).toContainText("Norman, OK 73069");

    await page.getByLabel("Name").fill("Sam Lee");
    await page.getByLabel("Email").fill("sam@");
    await page.getByRole("combobox", { name: "Topic" }).selectOption("review");
    const refused = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/contact"));
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Message is required")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Sam Lee");
    await expect(page.getByLabel("Email")).toHaveValue("sam@");
    await expect(page.getByRole("combobox", { name: "Topic" })).toHaveValue("review");

    await page.getByLabel("Email").fill("sam@example.com");
    await page.getByLabel("Message").fill("Friendly staff at Lindsey Street, thank you!");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(CONTACT_SUCCESS)).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect(page.getByLabel("Message")).toHaveValue("");
  });
});

test.describe("contact with JavaScript", () => {
  test("validates inline, shows 'Sending...', toasts and resets", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page, { selector: "#contact" });

    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Please choose a topic", { exact: true })).toBeVisible();
    await expect(page.getByText("Message is required")).toBeVisible();
    // The first invalid field takes the focus.
    await expect(page.getByLabel("Name")).toBeFocused();

    await page.getByLabel("Phone").fill("abc");
    await page.getByLabel("Phone").blur();
    await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
    await page.getByLabel("Phone").fill("");

    await page.getByLabel("Name").fill("Riley");
    await page.getByLabel("Email").fill("riley@example.com");
    await page.getByRole("combobox", { name: "Topic" }).selectOption("product-suggestion");
    await page.getByLabel("Message").fill("Please carry more Altvm cartridges.");

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/contact(\.data)?(\?.*)?$/, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    await expect(page.getByTestId("toast").filter({ hasText: CONTACT_SUCCESS })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect(page.getByLabel("Message")).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Topic" })).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Topic" }).locator("option:checked")).toHaveText("Select a topic");
    // The form works again right away.
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
  });

  test("when its validator cannot be fetched, the form still sends and the server answers", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page, { selector: "#contact" });
    // The validator is fetched when the visitor moves into the form: from now on, no script arrives.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.getByLabel("Name").focus();
    await page.getByLabel("Name").blur();
    const posted = page.waitForResponse((r) => r.request().method() === "POST" && /\/contact(\.data)?$/.test(r.url()));
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await posted).status()).toBe(400);
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Message is required")).toBeVisible();
  });
});

test.describe("accessibility", () => {
  for (const pathname of ["/careers", "/contact"]) {
    test(`${pathname} has no serious accessibility violations, with errors showing too`, async ({ page }) => {
      await page.goto(pathname);
      await waitForHydration(page, { selector: `#${pathname.slice(1)}` });
      await expectNoSeriousA11yViolations(page);
      // Client-side errors only: nothing is sent.
      await page.getByRole("button", { name: pathname === "/careers" ? "Submit Application" : "Send Message" }).click();
      await expect(page.locator(".form-field__error:not([hidden])").first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("rate limit", () => {
  test.use({ javaScriptEnabled: false });

  test("after 5 messages in the window, the next is refused with a clear message", async ({ page }) => {
    // The limit counts per fixed window; if one ends mid-test the count starts over, so post until
    // refused: within 2 × (limit + 1) posts a refusal is certain.
    let status = 0;
    for (let attempt = 1; attempt <= 12 && status !== 429; attempt++) {
      await page.goto("/contact");
      await page.getByLabel("Name").fill(`Visitor ${attempt}`);
      await page.getByLabel("Email").fill("visitor@example.com");
      await page.getByRole("combobox", { name: "Topic" }).selectOption("general");
      await page.getByLabel("Message").fill("Are you open on holidays?");
      const response = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/contact"));
      await page.getByRole("button", { name: "Send Message" }).click();
      status = (await response).status();
      expect([200, 429]).toContain(status);
    }
    expect(status).toBe(429);
    await expect(page.getByRole("alert")).toContainText(
      /Too many submissions from your connection\. Please wait \d+ minutes? and try again\./,
    );
    await expect(page.getByText(CONTACT_SUCCESS)).toBeHidden();
  });
});
