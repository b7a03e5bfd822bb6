// Admin → Blog: create, edit, delete, search and filter posts with JavaScript on and off, the featured
// image's upload rules, the admin-only preview of a draft, categories and tags, and the public blog, feed
// and sitemap following each change at once (their validators change too). The editor itself: the content
// preview (live, and 'Update preview' without JavaScript), formatting help, the featured image's Replace /
// Remove and drop zone, and the sticky action bar on a phone. Every spec shares one server and database:
// names are unique per run, and each test removes what it created.
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { confirmAge, expect, expectNoSeriousA11yViolations, signInAsAdmin, test, toast } from "./fixtures";

const FIVE_MB = 5 * 1024 * 1024;
const RUN = Date.now().toString(36);

const titleInput = (page: Page) => page.getByRole("textbox", { name: "Title", exact: true });
const postCard = (page: Page, title: string) => page.locator(".admin-post").filter({ hasText: title });

/** Today in the stores' time zone, as the admin list writes it ("November 22, 2026"). */
const storeToday = () =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Chicago" }).format(new Date());

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
    await signInAsAdmin(page);
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
    await expect(page.getByRole("button", { name: "Preview", exact: true })).toBeDisabled();
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
    expect(src).toMatch(/^\/media\/blog-images\/[0-9a-f-]{36}-1200x630\.png$/);
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
    await signInAsAdmin(page);
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

// ---------------------------------------------------------------------------------------------------------
// The editor: content preview, formatting help, featured image, and the sticky action bar on a phone.

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };
/** Markdown with a heading, bold text, and two attempts at running script that the sanitizer must remove. */
const HOSTILE_MARKDOWN =
  '## Fresh heading\n\nSome **bold words** here.\n\n<script>window.__previewScript = 1</script>\n\n<img src="x" onerror="window.__previewOnerror = 1">';

const contentField = (page: Page) => page.getByRole("textbox", { name: "Content (Markdown)" });
const previewRegion = (page: Page) => page.getByRole("region", { name: "Preview" });
const actionBar = (page: Page) => page.locator(".post-editor__actions");

/** The rendered preview shows the heading and the bold text, and nothing that could run. */
async function expectSanitizedPreview(page: Page) {
  const preview = previewRegion(page);
  await expect(preview.getByRole("heading", { level: 2, name: "Fresh heading" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("bold words");
  await expect(preview.locator("script")).toHaveCount(0);
  await expect(preview.locator("[onerror]")).toHaveCount(0);
  expect(await page.evaluate(() => "__previewScript" in window || "__previewOnerror" in window)).toBe(false);
}

/**
 * What covers the focused element: every visible sticky or fixed element (the admin header, the action bar,
 * toasts…) that overlaps it, and whether it is outside the window. For a textarea (taller than some windows)
 * that is its caret, found with a hidden copy of its text laid out like it; for any other field, its box.
 */
async function whatCoversTheFocus(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return ["nothing has focus"];
    const name = focused.id || focused.getAttribute("name") || focused.tagName;

    function caretBox(field: HTMLTextAreaElement) {
      const style = getComputedStyle(field);
      const copy = document.createElement("div");
      for (const property of [
        "boxSizing",
        "width",
        "borderTopWidth",
        "borderRightWidth",
        "borderBottomWidth",
        "borderLeftWidth",
        "paddingTop",
        "paddingRight",
        "paddingBottom",
        "paddingLeft",
        "fontFamily",
        "fontSize",
        "fontWeight",
        "fontStyle",
        "letterSpacing",
        "lineHeight",
        "wordSpacing",
        "tabSize",
      ] as const) {
        copy.style[property] = style[property];
      }
      Object.assign(copy.style, {
        position: "absolute",
        visibility: "hidden",
        top: "0",
        left: "-10000px",
        whiteSpace: "pre-wrap",
        overflowWrap: "break-word",
        overflowY: field.scrollHeight > field.clientHeight ? "scroll" : "hidden",
      });
      const at = field.selectionEnd ?? field.value.length;
      copy.textContent = field.value.slice(0, at);
      const marker = document.createElement("span");
      marker.textContent = "|";
      copy.append(marker);
      document.body.append(copy);
      const box = field.getBoundingClientRect();
      const top = box.top + marker.offsetTop - field.scrollTop;
      const left = box.left + marker.offsetLeft - field.scrollLeft;
      const height = marker.offsetHeight;
      copy.remove();
      return { top, bottom: top + height, left: Math.min(left, box.right - 2), right: Math.min(left + 2, box.right) };
    }

    const isTextarea = focused instanceof HTMLTextAreaElement;
    const box = isTextarea ? caretBox(focused) : focused.getBoundingClientRect();
    const what = isTextarea ? "caret" : "box";
    const problems: string[] = [];
    if (box.top < 0 || box.bottom > window.innerHeight) {
      problems.push(`${name}'s ${what} is outside the window (${Math.round(box.top)} to ${Math.round(box.bottom)})`);
    }
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      const style = getComputedStyle(element);
      if (style.position !== "sticky" && style.position !== "fixed") continue;
      if (element.contains(focused) || style.visibility === "hidden") continue;
      const cover = element.getBoundingClientRect();
      const overlapX = Math.min(box.right, cover.right) - Math.max(box.left, cover.left);
      const overlapY = Math.min(box.bottom, cover.bottom) - Math.max(box.top, cover.top);
      if (cover.width > 0 && cover.height > 0 && overlapX > 0 && overlapY > 0) {
        problems.push(
          `${name}'s ${what} is under ${element.tagName}.${element.className} by ${Math.round(overlapY)}px`,
        );
      }
    }
    return problems;
  });
}

/** The action bar: sticky, one row of Back / Preview / Save, short, and the page does not scroll sideways. */
async function expectCompactActionBar(page: Page) {
  const bar = actionBar(page);
  await page.locator("body").click({ position: { x: 2, y: 200 } });
  const layout = await bar.evaluate((element) => {
    const controls = [...element.querySelectorAll("a, button")].filter((c) => c.getBoundingClientRect().height > 0);
    const tops = controls.map((c) => c.getBoundingClientRect().top);
    return {
      position: getComputedStyle(element).position,
      height: element.getBoundingClientRect().height,
      bottom: element.getBoundingClientRect().bottom,
      controls: controls.length,
      rowSpread: Math.max(...tops) - Math.min(...tops),
      sideways: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
  expect(layout.position).toBe("sticky");
  expect(layout.controls).toBe(3);
  expect(layout.rowSpread).toBeLessThanOrEqual(2);
  expect(layout.height).toBeLessThanOrEqual(72);
  expect(layout.bottom).toBeGreaterThan(PHONE.height - 30);
  expect(layout.sideways).toBeLessThanOrEqual(0);
}

/**
 * Focuses every field of the editor in turn (typing into the text fields, so the caret goes to their end),
 * and the Content field once more while half of it sits under the action bar, as in the issue; after each,
 * nothing sticky or fixed covers the focused field.
 */
async function expectFocusedFieldsUncovered(page: Page) {
  const textFields: [string, string][] = [
    ["Title", "A phone-sized title"],
    ["Slug", "-typed"],
    ["Excerpt", "A short excerpt typed on a phone."],
    ["Meta Title", " meta"],
    ["Meta Description", "A description typed on a phone."],
    ["Author", " & friends"],
    ["New categories, comma-separated", "Phones"],
    ["New tags, comma-separated", "mobile"],
  ];
  for (const [name, text] of textFields) {
    const field = page.getByRole("textbox", { name, exact: true });
    await field.focus();
    await field.press("End");
    await page.keyboard.type(text);
    await expect.poll(() => whatCoversTheFocus(page), { message: name }).toEqual([]);
  }

  const content = contentField(page);
  await content.fill(`## On a phone\n\n${"A line typed on a phone keyboard.\n".repeat(60)}`);
  await content.press("ControlOrMeta+End");
  await page.keyboard.type("The last words.");
  await expect.poll(() => whatCoversTheFocus(page), { message: "Content" }).toEqual([]);

  // The case: Content's top in view, its lower half under the bar; then it takes focus and is typed in.
  await page.locator("body").click({ position: { x: 2, y: 200 } });
  await content.evaluate((element) => {
    const top = element.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: top - window.innerHeight + 160, behavior: "instant" });
  });
  await content.focus();
  await expect.poll(() => whatCoversTheFocus(page), { message: "Content, half under the bar" }).toEqual([]);
  await content.press("ControlOrMeta+End");
  await page.keyboard.type(" More.");
  await expect.poll(() => whatCoversTheFocus(page), { message: "Content, typed into" }).toEqual([]);

  for (const control of [
    page.getByLabel("Status"),
    page.getByRole("checkbox").first(),
    page.getByLabel("Upload image"),
  ]) {
    await control.focus();
    await expect.poll(() => whatCoversTheFocus(page)).toEqual([]);
  }
}

/** A DataTransfer holding one file, dragged over the drop zone and dropped (as a file from the desktop). */
async function dragFileOnto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, drop = true) {
  const zone = page.locator(".post-image__drop");
  await zone.evaluate(
    (element, { base64, name, type }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      (window as unknown as { __transfer: DataTransfer }).__transfer = transfer;
      for (const type of ["dragenter", "dragover"]) {
        element.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
      }
    },
    { base64: file.buffer.toString("base64"), name: file.name, type: file.mimeType },
  );
  await expect(zone).toHaveAttribute("data-dragging", "");
  if (!drop) return;
  await zone.evaluate((element) => {
    const transfer = (window as unknown as { __transfer: DataTransfer }).__transfer;
    element.dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: transfer }));
  });
  await expect(zone).not.toHaveAttribute("data-dragging");
}

test.describe("the post editor (JavaScript on)", () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("previews the content as it is typed, sanitized, and opens the formatting help; nothing is saved", async ({
    page,
  }) => {
    const title = `Live Preview ${RUN}`;
    await page.setViewportSize(WIDE);
    await page.goto("/admin/blog/new");
    await expect(previewRegion(page)).toContainText("Nothing to preview yet");
    // Without a reload the script has taken over the no-JavaScript button.
    await expect(page.getByRole("button", { name: "Update preview" })).toHaveCount(0);
    await titleInput(page).fill(title);

    const rendered = page.waitForResponse((r) => r.url().endsWith("/admin/blog/markdown-preview"));
    await contentField(page).fill(HOSTILE_MARKDOWN);
    expect((await rendered).status()).toBe(200);
    await expectSanitizedPreview(page);

    // Side by side on a wide screen: the preview is to the right of the field, level with it.
    const field = (await contentField(page).boundingBox())!;
    const preview = (await previewRegion(page).boundingBox())!;
    expect(preview.x).toBeGreaterThan(field.x + field.width);
    expect(preview.y).toBeLessThan(field.y + 60);
    expect(preview.y + preview.height).toBeGreaterThan(field.y + field.height);

    // It follows edits.
    await contentField(page).fill("### Smaller heading\n\n*leaning*");
    await expect(previewRegion(page).getByRole("heading", { level: 3, name: "Smaller heading" })).toBeVisible();
    await expect(previewRegion(page).locator("em")).toHaveText("leaning");

    const help = page.locator("details.post-editor__help");
    await expect(help.getByRole("table")).toBeHidden();
    await help.getByText("Formatting help").click();
    for (const syntax of ["## Section title", "**bold**", "*italic*", "[our deals](/deals)", "- item", "> quote"]) {
      await expect(help.getByRole("cell", { name: syntax, exact: true })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);

    // Below the field on a phone.
    await page.setViewportSize(PHONE);
    const narrowField = (await contentField(page).boundingBox())!;
    const narrowPreview = (await previewRegion(page).boundingBox())!;
    expect(narrowPreview.y).toBeGreaterThan(narrowField.y + narrowField.height);
    await expectNoSeriousA11yViolations(page);

    // Previewing stored nothing.
    await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
    await expect(page.getByText("No posts found. Create your first blog post to get started!")).toBeVisible();
  });

  test("a dropped file becomes the featured image; an existing one shows with Replace and Remove", async ({ page }) => {
    const title = `Dropped ${RUN}`;
    await page.setViewportSize(WIDE);
    await page.goto("/admin/blog/new");
    await titleInput(page).fill(title);
    await expect(page.getByText("or drop an image here")).toBeVisible();

    // A dropped file goes through the input's own checks.
    await dragFileOnto(page, { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("text") });
    await expect(toast(page, "Invalid file type")).toContainText("Only JPEG, PNG, WebP, and GIF images are allowed");

    await dragFileOnto(page, await pngFile("dropped-cover.png"));
    await expect(toast(page, "Image uploaded successfully")).toBeVisible();
    await expect(page.getByRole("img", { name: "The featured image" })).toBeVisible();
    await expect(page.getByText("dropped-cover.png")).toBeVisible();
    // Dragging away without dropping leaves no highlight behind.
    await dragFileOnto(page, await pngFile("other.png"), false);
    await page.locator(".post-image__drop").dispatchEvent("dragleave");
    await expect(page.locator(".post-image__drop")).not.toHaveAttribute("data-dragging");

    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Post created")).toBeVisible();

    await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
    await postCard(page, title)
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    await expect(page.getByRole("img", { name: "The featured image" })).toBeVisible();
    await expect(page.getByText("Current image")).toBeVisible();
    await expect(page.getByLabel("Replace image")).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove image" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(PHONE);
    await expectNoSeriousA11yViolations(page);

    // Remove, change of mind, remove again; Save removes it.
    await page.getByRole("button", { name: "Remove image" }).click();
    await expect(page.getByText("The image will be removed when you save.")).toBeVisible();
    await page.getByRole("button", { name: "Keep the current image" }).click();
    await expect(page.getByRole("img", { name: "The featured image" })).toBeVisible();
    await page.getByRole("button", { name: "Remove image" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Post updated")).toBeVisible();
    await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
    await postCard(page, title)
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    await expect(page.getByText("No image.")).toBeVisible();
    await expect(page.getByLabel("Upload image")).toBeVisible();

    await deleteThroughDialog(page, title);
  });

  test("at 390 px the action bar is one row and never covers a focused field @phone", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/admin/blog/new");
    await expectCompactActionBar(page);
    await expectFocusedFieldsUncovered(page);
    await expectCompactActionBar(page);
  });

  test("the editor as a browser without JavaScript gets it has no serious axe violations at 390 and 1440", async ({
    page,
  }) => {
    // axe needs JavaScript in the page: keep it on, but never load the app's modules, so the page stays the
    // server's HTML (the no-JavaScript form: 'Update preview', the Remove checkbox).
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const checkBothSizes = async () => {
      for (const size of [PHONE, WIDE]) {
        await page.setViewportSize(size);
        await expectNoSeriousA11yViolations(page);
      }
    };
    await page.goto("/admin/blog/new");
    await expect(page.getByRole("button", { name: "Update preview" })).toBeVisible();
    await checkBothSizes();

    await titleInput(page).fill("x".repeat(200));
    await contentField(page).fill(HOSTILE_MARKDOWN);
    await page.getByRole("button", { name: "Update preview" }).click();
    // Scripts run in this page: the preview's markup must still not run any.
    await expectSanitizedPreview(page);
    await checkBothSizes();

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Title must be less than 200 characters")).toBeVisible();
    await checkBothSizes();
  });

  test("on a desktop a field focused under the action bar scrolls clear of it", async ({ page }) => {
    await page.goto("/admin/blog/new");
    for (const name of ["Content (Markdown)", "Meta Title", "Meta Description"]) {
      const field = page.getByRole("textbox", { name, exact: true });
      await field.evaluate((element) => {
        const top = element.getBoundingClientRect().top + window.scrollY;
        window.scrollTo({ top: top - window.innerHeight + 40, behavior: "instant" });
      });
      await field.focus();
      await expect.poll(() => whatCoversTheFocus(page), { message: name }).toEqual([]);
      await page.locator("body").click({ position: { x: 2, y: 200 } });
    }
  });
});

test.describe("the post editor (JavaScript off)", () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("'Update preview' renders the typed content, sanitized, keeps every value and saves nothing", async ({
    page,
  }) => {
    const title = `Server Preview ${RUN}`;
    await page.setViewportSize(WIDE);
    await page.goto("/admin/blog/new");
    await titleInput(page).fill(title);
    await page.getByLabel("Excerpt").fill("Kept excerpt");
    await contentField(page).fill(HOSTILE_MARKDOWN);
    await page.getByLabel("Status").selectOption("scheduled");
    await page.getByLabel("Publish Date").fill("2027-03-14T08:45");
    await page.getByLabel("New tags, comma-separated").fill(`preview-${RUN}`);
    await page.getByRole("button", { name: "Update preview" }).click();

    await expect(page).toHaveURL(/\/admin\/blog\/new#content-preview$/);
    await expectSanitizedPreview(page);
    await expect(titleInput(page)).toHaveValue(title);
    await expect(page.getByLabel("Excerpt")).toHaveValue("Kept excerpt");
    await expect(contentField(page)).toHaveValue(HOSTILE_MARKDOWN);
    await expect(page.getByLabel("Status")).toHaveValue("scheduled");
    await expect(page.getByLabel("Publish Date")).toHaveValue("2027-03-14T08:45");
    await expect(page.getByLabel("New tags, comma-separated")).toHaveValue(`preview-${RUN}`);
    await expect(page.getByRole("alert")).toHaveCount(0);

    // The formatting help is a native <details>.
    await page.getByText("Formatting help").click();
    await expect(page.getByRole("cell", { name: "**bold**", exact: true })).toBeVisible();

    // Nothing was stored: no post, no tag.
    await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
    await expect(page.getByText("No posts found. Create your first blog post to get started!")).toBeVisible();
    await page.goto("/admin/blog/terms");
    await expect(page.getByRole("row").filter({ hasText: `preview-${RUN}` })).toHaveCount(0);
  });

  test("Enter saves; the featured image shows with Replace and Remove, and Remove works", async ({ page }) => {
    const title = `Plain Image ${RUN}`;
    await page.goto("/admin/blog/new");
    await expect(page.getByText("or drop an image here")).toHaveCount(0);
    await page.getByLabel("Upload image").setInputFiles(await pngFile("plain-cover.png"));
    await titleInput(page).fill(title);
    // Enter in a text field saves (the form's default button is Save, not 'Update preview').
    await titleInput(page).press("Enter");
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(toast(page, "Post created")).toBeVisible();

    await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
    await postCard(page, title)
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    await expect(page.getByRole("img", { name: "The featured image" })).toBeVisible();
    await expect(page.getByLabel("Replace image")).toBeVisible();
    const remove = page.getByRole("checkbox", { name: "Remove image" });
    await expect(remove).not.toBeChecked();

    // 'Update preview' keeps the ticked box.
    await remove.check();
    await page.getByRole("button", { name: "Update preview" }).click();
    await expect(page.getByRole("checkbox", { name: "Remove image" })).toBeChecked();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Post updated")).toBeVisible();

    await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
    await postCard(page, title)
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    await expect(page.getByText("No image.")).toBeVisible();
    await expect(page.getByRole("img", { name: "The featured image" })).toHaveCount(0);

    await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
    await postCard(page, title)
      .getByRole("link", { name: `Delete ${title}` })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Post deleted")).toBeVisible();
  });

  test("at 390 px the action bar is one row and never covers a focused field @phone", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/admin/blog/new");
    await expectCompactActionBar(page);
    await expectFocusedFieldsUncovered(page);
  });
});
