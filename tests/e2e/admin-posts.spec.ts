// Admin → Blog: create, edit, delete, search and filter posts with JavaScript on and off, the featured
// image's upload rules, the admin-only preview of a draft, categories and tags, and the public blog, feed
// and sitemap following each change at once (their validators change too). Every spec shares one server
// and database: names are unique per run, and each test removes what it created.
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "../support/e2e-accounts";
import { confirmAge, expect, test } from "./fixtures";

const FIVE_MB = 5 * 1024 * 1024;
const RUN = Date.now().toString(36);

async function signIn(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });
const titleInput = (page: Page) => page.getByRole("textbox", { name: "Title", exact: true });
const postCard = (page: Page, title: string) => page.locator(".admin-post").filter({ hasText: title });

/** Today in the stores' time zone, as the admin list writes it ("November 22, 2026"). */
const storeToday = () =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Chicago" }).format(new Date());

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function pngFile(name: string) {
  const buffer = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#1f6f43" } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** What a public resource says now, and whether a client holding `etag` would get new content. */
async function conditional(request: APIRequestContext, path: string, etag?: string) {
  const response = await request.get(path, { headers: etag ? { "If-None-Match": etag } : {} });
  return {
    status: response.status(),
    etag: response.headers()["etag"],
    body: response.status() === 200 ? await response.text() : "",
  };
}

/** The public blog list, feed and sitemap, with their ETags. */
async function publicSnapshot(request: APIRequestContext) {
  return {
    blog: await conditional(request, "/blog"),
    feed: await conditional(request, "/feed.xml"),
    sitemap: await conditional(request, "/sitemap-blog.xml"),
  };
}

/** Deletes a post from the list through the confirmation dialog (JavaScript on). */
async function deleteThroughDialog(page: Page, title: string) {
  await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
  await postCard(page, title)
    .getByRole("button", { name: `Delete ${title}` })
    .click();
  const dialog = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(dialog).toContainText("This action cannot be undone. This will permanently delete the blog post.");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Post deleted")).toBeVisible();
  await expect(postCard(page, title)).toHaveCount(0);
}

test.describe("admin blog posts (JavaScript on)", () => {
  // Long journeys (several saves, image variants, public pages): more than the default 30 s on 2 cores.
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("creates a published post that appears on /blog, the feed and the sitemap, edits it and deletes it", async ({
    page,
    request,
  }) => {
    const title = `Harvest Notes ${RUN}`;
    const slug = `harvest-notes-${RUN}`;
    const before = await publicSnapshot(request);
    expect(before.blog.etag).toBeTruthy();

    await page.goto("/admin/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "New Post" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Preview" })).toBeDisabled();
    await expect(page.getByLabel("Author")).toHaveValue("The Lindsey Street Team");
    // Draft: no publish date.
    await expect(page.getByLabel("Publish Date")).toBeHidden();

    // A new title fills the empty slug and meta title.
    await titleInput(page).fill(title);
    await expect(page.getByLabel("Slug")).toHaveValue(slug);
    await expect(page.getByLabel("Meta Title")).toHaveValue(title);
    await expect(page.getByText(`${title.length}/60 characters`)).toBeVisible();
    await page.getByLabel("Excerpt").fill("What the fall harvest means for the shelves.");
    await page
      .getByLabel("Content (Markdown)")
      .fill(`## Fresh flower\n\n${"Harvest season brings new strains. ".repeat(80)}`);
    await page.getByLabel("Meta Description").fill("Fall harvest notes.");
    await expect(page.getByText("19/160 characters")).toBeVisible();
    await page.getByLabel("Status").selectOption("published");
    // Defaults to now (store time), so it is the newest post on the blog.
    await expect(page.getByLabel("Publish Date")).toBeVisible();
    await expect(page.getByLabel("Publish Date")).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await page.getByLabel("New categories, comma-separated").fill(`Harvest ${RUN}`);
    await page.getByLabel("New tags, comma-separated").fill(`fall-${RUN}, fresh-${RUN}`);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Save" }).click();

    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(toast(page, "Post created")).toContainText("Your blog post has been saved successfully.");
    await page.getByRole("searchbox", { name: "Search posts by title" }).fill(RUN);
    await expect(page).toHaveURL(new RegExp(`q=${RUN}`));
    const card = postCard(page, title);
    await expect(card).toContainText("Published");
    await expect(card).toContainText(`/${slug}`);
    await expect(card).toContainText("By The Lindsey Street Team");
    await expect(card).toContainText(storeToday());
    await expect(card).toContainText("3 min read");
    await expect(card.getByRole("link", { name: `View ${title} (opens in a new tab)` })).toHaveAttribute(
      "href",
      `/blog/${slug}`,
    );

    // The public blog, feed and sitemap have it now: a client's old copy is not current any more.
    const published = {
      blog: await conditional(request, "/blog", before.blog.etag),
      feed: await conditional(request, "/feed.xml", before.feed.etag),
      sitemap: await conditional(request, "/sitemap-blog.xml", before.sitemap.etag),
    };
    for (const [name, result] of Object.entries(published)) {
      expect(result.status, name).toBe(200);
      expect(result.etag, name).not.toBe(before[name as keyof typeof before].etag);
    }
    expect(published.blog.body).toContain(title);
    expect(published.feed.body).toContain(title);
    expect(published.sitemap.body).toContain(`/blog/${slug}`);
    expect(published.sitemap.body).toContain(`/blog/category/harvest-${RUN}`);
    await confirmAge(page);
    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("link", { name: `Harvest ${RUN}` })).toBeVisible();

    // Edit: a new title leaves the saved slug alone.
    await page.goto(`/admin/blog?q=${RUN}`);
    await postCard(page, title)
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
    await expect(page.getByLabel("Publish Date")).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await expect(page.getByRole("checkbox", { name: `Harvest ${RUN}` })).toBeChecked();
    const renamed = `Harvest Notes Revised ${RUN}`;
    await titleInput(page).fill(renamed);
    await expect(page.getByLabel("Slug")).toHaveValue(slug);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Post updated")).toContainText("Your blog post has been saved successfully.");
    const afterEdit = await conditional(request, "/feed.xml", published.feed.etag);
    expect(afterEdit.status).toBe(200);
    expect(afterEdit.body).toContain(renamed);

    // Delete: Cancel keeps it, Delete removes it everywhere.
    await page.goto(`/admin/blog?q=${RUN}`);
    await postCard(page, renamed)
      .getByRole("button", { name: `Delete ${renamed}` })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(postCard(page, renamed)).toHaveCount(1);
    const beforeDelete = await publicSnapshot(request);
    await deleteThroughDialog(page, renamed);
    const deleted = {
      blog: await conditional(request, "/blog", beforeDelete.blog.etag),
      feed: await conditional(request, "/feed.xml", beforeDelete.feed.etag),
      sitemap: await conditional(request, "/sitemap-blog.xml", beforeDelete.sitemap.etag),
    };
    for (const [name, result] of Object.entries(deleted)) {
      expect(result.status, name).toBe(200);
      expect(result.body, name).not.toContain(renamed);
    }
    expect(deleted.sitemap.body).not.toContain(`/blog/${slug}`);
    expect((await request.get(`/blog/${slug}`)).status()).toBe(404);

    // The new category and tags are empty now: delete them from Categories & Tags.
    await page.goto("/admin/blog/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Categories & Tags" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    for (const name of [`Harvest ${RUN}`, `fall-${RUN}`, `fresh-${RUN}`]) {
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row.getByRole("cell").nth(1)).toHaveText("0");
      await row.getByRole("button", { name: new RegExp(`^Delete (category|tag) ${name}$`) }).click();
      await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
    }
  });

  test("searches by title and filters by status, with skeletons while loading @phone", async ({ page }) => {
    const draft = `Zebra ${RUN} Draft`;
    const scheduled = `Zebra ${RUN} Scheduled`;
    for (const [title, status] of [
      [draft, "draft"],
      [scheduled, "scheduled"],
    ] as const) {
      await page.goto("/admin/blog/new");
      await titleInput(page).fill(title);
      await page.getByLabel("Status").selectOption(status);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(toast(page, "Post created")).toBeVisible();
    }

    await page.goto("/admin/blog");
    // Slow the next list down a little, to see the spec's 5 skeletons.
    await page.route(/\/admin\/blog\.data/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.getByRole("searchbox", { name: "Search posts by title" }).fill(`zebra ${RUN}`);
    await expect(page.getByTestId("post-skeleton")).toHaveCount(5);
    await expect(page.getByTestId("post-skeleton")).toHaveCount(0);
    await page.unroute(/\/admin\/blog\.data/);
    await expect(postCard(page, draft)).toBeVisible();
    await expect(postCard(page, scheduled)).toBeVisible();
    await expect(postCard(page, draft)).toContainText("Not published");

    await page.getByLabel("Status").selectOption("scheduled");
    await expect(page).toHaveURL(/status=scheduled/);
    await expect(postCard(page, scheduled)).toBeVisible();
    await expect(postCard(page, draft)).toHaveCount(0);
    await page.getByLabel("Status").selectOption("draft");
    await expect(postCard(page, draft)).toBeVisible();
    await expect(postCard(page, scheduled)).toHaveCount(0);
    await page.getByRole("searchbox", { name: "Search posts by title" }).fill(`no such post ${RUN}`);
    await expect(page.getByText("No posts found. Create your first blog post to get started!")).toBeVisible();

    await deleteThroughDialog(page, draft);
    await deleteThroughDialog(page, scheduled);
  });

  test("previews a draft to the admin while its public address is a 404", async ({ page, request, context }) => {
    const title = `Preview Me ${RUN}`;
    const slug = `preview-me-${RUN}`;
    await page.goto("/admin/blog/new");
    await titleInput(page).fill(title);
    await page.getByLabel("Content (Markdown)").fill("## A heading\n\nSome **bold** text.");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Post created")).toBeVisible();
    await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
    await postCard(page, title)
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    const previewLink = page.getByRole("link", { name: /^Preview/ });
    await expect(previewLink).toHaveAttribute("target", "_blank");

    const [preview] = await Promise.all([context.waitForEvent("page"), previewLink.click()]);
    await preview.waitForLoadState();
    await expect(preview).toHaveURL(/\/admin\/blog\/preview\/[0-9a-f-]{36}$/);
    await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(preview.getByRole("heading", { level: 2, name: "A heading" })).toBeVisible();
    await expect(preview.getByText("Not on the blog. Shown with today's date")).toBeVisible();
    await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expectNoSeriousA11yViolations(preview);
    const previewUrl = preview.url();
    await preview.close();

    expect((await request.get(`/blog/${slug}`)).status()).toBe(404);
    // The confirmation page that stands in for the dialog without JavaScript.
    const id = previewUrl.split("/").pop();
    await page.goto(`/admin/blog?confirm-delete=${id}`);
    await expect(page.getByRole("dialog", { name: "Are you sure?" })).toContainText(title);
    await expectNoSeriousA11yViolations(page);
    // Not for anyone else: the preview needs an admin.
    const anonymous = await request.get(previewUrl, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers()["location"]).toContain("/admin/login");

    await deleteThroughDialog(page, title);
  });

  test("uploads a featured image at once, refuses a wrong or too large file, and removes it", async ({ page }) => {
    const title = `Pictured ${RUN}`;
    await page.goto("/admin/blog/new");
    await titleInput(page).fill(title);
    const upload = page.getByLabel("Upload image");

    await upload.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
    await expect(toast(page, "Invalid file type")).toContainText("Only JPEG, PNG, WebP, and GIF images are allowed");
    await upload.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("text") });
    await expect(toast(page, "Invalid file type").last()).toBeVisible();
    await upload.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(FIVE_MB + 1) });
    await expect(toast(page, "File too large")).toContainText("Image must be less than 5MB");

    await upload.setInputFiles(await pngFile("cover.png"));
    await expect(toast(page, "Image uploaded successfully")).toBeVisible();
    await expect(page.getByRole("img", { name: "The featured image" })).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Post created")).toBeVisible();

    await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
    await postCard(page, title)
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    const image = page.getByRole("img", { name: "The featured image" });
    const src = await image.getAttribute("src");
    expect(src).toMatch(/^\/media\/blog-images\/[0-9a-f-]{36}\.png$/);
    expect(await image.getAttribute("srcset")).toContain("-w480.webp 480w");
    expect((await page.request.get(src!)).status()).toBe(200);

    await page.getByRole("button", { name: "Remove image" }).click();
    await expect(page.getByText("The image will be removed when you save.")).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Post updated")).toBeVisible();
    // The old file is gone with it.
    expect((await page.request.get(src!)).status()).toBe(404);

    await deleteThroughDialog(page, title);
  });
});

test.describe("admin blog posts (JavaScript off)", () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 90_000 });

  test("creates a post: a validation error keeps every value, then it saves; delete asks on a page", async ({
    page,
  }) => {
    await signIn(page);
    const title = `No Script ${RUN}`;
    await page.goto("/admin/blog");
    await page.getByRole("link", { name: "New Post" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();
    await titleInput(page).fill("x".repeat(200));
    await page.getByLabel("Slug").fill(`no-script-${RUN}`);
    await page.getByLabel("Excerpt").fill("Kept excerpt");
    await page.getByLabel("Content (Markdown)").fill("Kept content");
    await page.getByLabel("Meta Title").fill("Kept meta");
    await page.getByLabel("Status").selectOption("scheduled");
    await page.getByLabel("Publish Date").fill("2027-03-14T08:45");
    await page.getByLabel("New tags, comma-separated").fill(`nojs-${RUN}`);
    await page.getByRole("button", { name: "Save" }).click();

    await expect(page.getByText("Title must be less than 200 characters")).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("Please correct the highlighted fields.");
    await expect(page.getByLabel("Slug")).toHaveValue(`no-script-${RUN}`);
    await expect(page.getByLabel("Excerpt")).toHaveValue("Kept excerpt");
    await expect(page.getByLabel("Content (Markdown)")).toHaveValue("Kept content");
    await expect(page.getByLabel("Meta Title")).toHaveValue("Kept meta");
    await expect(page.getByLabel("Status")).toHaveValue("scheduled");
    await expect(page.getByLabel("Publish Date")).toHaveValue("2027-03-14T08:45");
    await expect(page.getByLabel("New tags, comma-separated")).toHaveValue(`nojs-${RUN}`);

    await titleInput(page).fill(title);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(toast(page, "Post created")).toBeVisible();

    await page.getByRole("searchbox", { name: "Search posts by title" }).fill(title);
    await page.getByLabel("Status").selectOption("scheduled");
    await page.getByRole("button", { name: "Search" }).click();
    const card = postCard(page, title);
    await expect(card).toContainText("Scheduled");
    await expect(card).toContainText("March 14, 2027");

    await card.getByRole("link", { name: `Delete ${title}` }).click();
    await expect(page).toHaveURL(/confirm-delete=/);
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await expect(dialog).toContainText("This action cannot be undone. This will permanently delete the blog post.");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page).not.toHaveURL(/confirm-delete=/);
    await card.getByRole("link", { name: `Delete ${title}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Post deleted")).toBeVisible();
    await expect(page).toHaveURL(/q=No/);
    await expect(postCard(page, title)).toHaveCount(0);

    await page.goto("/admin/blog/terms");
    await page
      .getByRole("row")
      .filter({ hasText: `nojs-${RUN}` })
      .getByRole("button", { name: `Delete tag nojs-${RUN}` })
      .click();
    await expect(toast(page, "Tag deleted")).toBeVisible();
  });
});
