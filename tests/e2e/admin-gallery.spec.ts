// Admin → Gallery: upload an 'Inside the Shop' photo with alt text and a caption, see it on About in place of
// the illustrations, then delete it and see the illustrations come back — with JavaScript on and off. The
// server and its database are shared with every other spec: each test removes the photo it added (also when
// it fails), so later specs still see the demo About page.
import type { Locator, Page } from "@playwright/test";
import { validPng } from "../support/images";
import { confirmAge, expect, expectNoSeriousA11yViolations, signInAsAdmin, test, toast } from "./fixtures";

const NO_PHOTOS = "No photos yet. Until you add some, the About page shows illustrations.";

async function photoFile() {
  return { name: "shop floor.png", mimeType: "image/png", buffer: await validPng(1600, 1200) };
}

/** Deletes (through the admin's own form) every photo whose alt text contains `marker`. */
async function removePhotos(page: Page, marker: string) {
  await page.goto("/admin/gallery");
  const cards = page.locator(".admin-photo-list > li").filter({ hasText: marker });
  for (const href of await cards
    .getByRole("link", { name: /^Edit / })
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""))) {
    const id = new URL(href, "http://x").searchParams.get("edit")!;
    await page.request.post("/admin/gallery", {
      form: { intent: "delete", id, confirmed: "yes" },
      headers: { Origin: new URL(page.url()).origin },
    });
  }
}

/** 'Inside the Shop' on About. */
const insideTheShop = (page: Page) => page.getByRole("region", { name: "Inside the Shop" });

/** Scrolls an image into view and checks a person sees it: loaded, in the viewport, nothing on top of it. */
async function expectSeen(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect(image).toBeInViewport({ ratio: 0.9 });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const hit = await image.evaluate((img) => {
    const rect = img.getBoundingClientRect();
    return document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2) === img;
  });
  expect(hit, "the photo is not covered").toBe(true);
}

/** About shows the photo (alt, caption, resized variants) and not the illustrations; no sideways scroll. */
async function expectPhotoOnAbout(page: Page, alt: string, caption: string) {
  await confirmAge(page);
  await page.goto("/about");
  const gallery = insideTheShop(page);
  const photo = gallery.getByRole("img", { name: alt, exact: true });
  await expect(photo).toHaveCount(1);
  // A 1600 × 1200 upload: the variants narrower than it, then the photo itself, each at its real width.
  await expect(photo).toHaveAttribute("srcset", /-w480\.webp 480w, .*-w960\.webp 960w, .*-1600x1200\.png 1600w$/);
  await expect(photo).toHaveAttribute("sizes", /.+/);
  await expect(photo).toHaveAttribute("loading", "lazy");
  await expect(photo).toHaveAttribute("width", "1600");
  await expect(photo).toHaveAttribute("height", "1200");
  await expectSeen(photo);
  const figure = gallery.locator("figure").filter({ has: page.getByRole("img", { name: alt, exact: true }) });
  await expect(figure.locator("figcaption")).toHaveText(caption);
  await expect(gallery.getByRole("img", { name: /^Illustration/ })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
}

/** About is back to the four illustrations. */
async function expectIllustrationsOnAbout(page: Page, alt: string) {
  await page.goto("/about");
  const gallery = insideTheShop(page);
  await expect(gallery.getByRole("img", { name: alt })).toHaveCount(0);
  await expect(gallery.getByRole("img")).toHaveCount(4);
  await expect(gallery.getByRole("img", { name: /^Illustration/ })).toHaveCount(4);
  await expectSeen(gallery.getByRole("img").first());
}

test.describe("admin gallery (JavaScript on)", () => {
  const marker = `E2E gallery ${Date.now()}`;
  test.afterEach(async ({ page }) => removePhotos(page, marker));

  test("uploads a photo with alt text and a caption, shows it on About, deletes it @phone", async ({ page }) => {
    test.slow();
    const alt = `Glass display cases lit from above (${marker})`;
    const caption = "Display cases";
    await signInAsAdmin(page);
    await page.goto("/admin/gallery");
    await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
    await expect(page.getByText(NO_PHOTOS)).toBeVisible();

    await page.getByRole("link", { name: "Add Photo" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Photo" });
    await expect(dialog).toBeVisible();
    // Neither the photo nor its alt text can be left out (checked in the browser before sending).
    await dialog.getByRole("button", { name: "Add Photo" }).click();
    await expect(dialog.getByText("Alt text is required")).toBeVisible();
    await expect(dialog.getByText("Photo is required: choose an image to upload")).toBeVisible();
    await expect(dialog.getByText(/Say what the photo shows for someone who can't see it/)).toBeVisible();

    await dialog.getByLabel("Alt text").fill(alt);
    await dialog.getByLabel("Caption").fill(caption);
    await dialog.getByLabel("Photo", { exact: true }).setInputFiles(await photoFile());
    await expect(dialog.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Add Photo" }).click();
    await expect(toast(page, "Photo added successfully")).toBeVisible();
    await expect(dialog).toHaveCount(0);

    const card = page.locator(".admin-photo-list > li").filter({ hasText: marker });
    await expect(card.getByRole("heading", { name: caption })).toBeVisible();
    await expect(card).toContainText(`Alt text: ${alt}`);
    const thumbnail = card.getByRole("img", { name: alt });
    await expect(thumbnail).toHaveAttribute("srcset", /-w480\.webp 480w/);
    const src = (await thumbnail.getAttribute("src"))!;
    expect(src).toMatch(/^\/media\/gallery\/[0-9a-f-]{36}-1600x1200\.png$/);

    await expectNoSeriousA11yViolations(page);

    await expectPhotoOnAbout(page, alt, caption);
    await expectNoSeriousA11yViolations(page);

    // Delete asks the browser's confirmation; the file goes with the photo.
    await page.goto("/admin/gallery");
    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: `Delete ${caption}` }).click();
    await expect(toast(page, "Photo deleted successfully")).toBeVisible();
    await expect(page.getByText(NO_PHOTOS)).toBeVisible();
    expect((await page.request.get(src)).status()).toBe(404);

    await expectIllustrationsOnAbout(page, alt);
  });
});

test.describe("admin gallery (JavaScript off)", () => {
  test.use({ javaScriptEnabled: false });
  const marker = `E2E NoJS gallery ${Date.now()}`;
  test.afterEach(async ({ page }) => removePhotos(page, marker));

  test("uploads a photo with plain forms, shows it on About, deletes it after the confirmation page", async ({
    page,
  }) => {
    test.slow();
    const alt = `Checkout counter with an ATM beside the register (${marker})`;
    const caption = "Checkout and ATM";
    await signInAsAdmin(page);
    await page.goto("/admin/gallery");
    await page.getByRole("link", { name: "Add Photo" }).click();
    await expect(page).toHaveURL(/\?dialog=new$/);
    const dialog = page.getByRole("dialog", { name: "Add Photo" });

    // The server validates, and keeps what was typed.
    await dialog.getByLabel("Caption").fill(caption);
    await dialog.getByRole("button", { name: "Add Photo" }).click();
    await expect(dialog.getByText("Alt text is required")).toBeVisible();
    await expect(dialog.getByText("Photo is required: choose an image to upload")).toBeVisible();
    await expect(dialog.getByLabel("Caption")).toHaveValue(caption);

    await dialog.getByLabel("Alt text").fill(alt);
    await dialog.getByLabel("Photo", { exact: true }).setInputFiles(await photoFile());
    await dialog.getByRole("button", { name: "Add Photo" }).click();
    await expect(toast(page, "Photo added successfully")).toBeVisible();
    const card = page.locator(".admin-photo-list > li").filter({ hasText: marker });
    await expect(card.getByRole("img", { name: alt })).toBeVisible();

    await expectPhotoOnAbout(page, alt, caption);

    await page.goto("/admin/gallery");
    await card.getByRole("button", { name: `Delete ${caption}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete photo" });
    await expect(confirm).toContainText("Are you sure you want to delete this photo?");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Photo deleted successfully")).toBeVisible();
    await expect(page.getByText(NO_PHOTOS)).toBeVisible();

    await expectIllustrationsOnAbout(page, alt);
  });
});
