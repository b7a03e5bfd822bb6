// Demo content (seeded deals and posts) is marked in the data (is_demo). Visitors read the deal or the
// article and nothing else; signed-in staff see a small note on it saying where to replace it.
import { demoDeals } from "../../app/content/demo/deals";
import { demoPosts } from "../../app/content/demo/posts";
import { confirmAge, expect, signInAsAdmin, test } from "./fixtures";

const NOTE = "Demo content — edit or replace it in Admin.";
/** The hints the seed used to write into the text itself. */
const OLD_HINTS = /Demo deal — edit|Demo article — edit|Admin → (Deals|Blog)/;

const post = demoPosts.find(
  (p) => p.status === "published" && p.publishOffsetDays !== null && p.publishOffsetDays <= 0,
)!;
const hasCurrentDeal = demoDeals.some(
  (d) =>
    d.isActive &&
    (d.startOffsetDays === null || d.startOffsetDays <= 0) &&
    (d.endOffsetDays === null || d.endOffsetDays >= 0),
);

test.beforeEach(async ({ page }) => {
  await confirmAge(page);
});

test.describe("visitors", () => {
  test("read the demo deals without any note for staff @phone", async ({ page }) => {
    test.skip(!hasCurrentDeal, "no current demo deals");
    await page.goto("/deals");
    await expect(page.locator(".special").first()).toBeVisible();
    await expect(page.locator(".demo-content-note")).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText(OLD_HINTS);
  });

  test("read a demo post without any note for staff", async ({ page }) => {
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(page.locator(".demo-content-note")).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText(OLD_HINTS);
  });
});

test.describe("signed-in staff", () => {
  test("see a note on each demo deal and on a demo post, linking to where they replace it", async ({ page }) => {
    await signInAsAdmin(page);

    await page.goto("/deals");
    if (hasCurrentDeal) {
      const notes = page.getByRole("region", { name: "Current specials" }).locator(".demo-content-note");
      await expect(notes.first()).toHaveText(NOTE);
      await expect(notes.first().getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin/deals");
    }
    await expect(page.getByRole("main")).not.toContainText(OLD_HINTS);

    await page.goto(`/blog/${post.slug}`);
    const note = page.locator(".demo-content-note");
    await expect(note).toHaveCount(1);
    await expect(note).toHaveText(NOTE);
    await expect(note.getByRole("link", { name: "Admin" })).toHaveAttribute(
      "href",
      /^\/admin\/blog\/edit\/[0-9a-f-]{36}$/,
    );
    await expect(page.getByRole("main")).not.toContainText(OLD_HINTS);
  });
});
