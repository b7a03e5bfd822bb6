// Images on the public pages as a browser loads them (issue 14, images): every <img> keeps its space before it
// loads (width and height), `sizes` only with `srcset`, every candidate file answers, the page's largest image
// in the first screen (its LCP element) is fetched first and preloaded from the server's HTML, images further
// down wait until they near the screen, and uploaded photos come as WebP variants sized to the layout: the
// `sizes` of each image matches the width it is shown at, so the browser picks a file neither too small nor
// larger than the next one up. The demo content (SVG illustrations) first, then photos an admin uploads (a
// post's featured image, a deal, a brand logo, a gallery photo), removed again at the end.
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { discoverMenuPages, MENU_PAGES } from "../support/site-pages";
import {
  everyPublicPage,
  expect,
  signInAsAdmin,
  site,
  test,
  toast,
  visitorContext,
  waitForHydration,
} from "./fixtures";

interface Screen {
  width: number;
  height: number;
  /** Device pixel ratio. */
  dpr: number;
}

const PHONE: Screen = { width: 390, height: 844, dpr: 3 };
const DESKTOP: Screen = { width: 1440, height: 900, dpr: 1 };

/** What the page shows of one <img>, measured in the browser. */
interface ImageFacts {
  index: number;
  html: string;
  src: string | null;
  currentSrc: string;
  srcset: string | null;
  sizes: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
  decoding: string | null;
  fetchpriority: string | null;
  /** From the top of the document. */
  top: number;
  renderedWidth: number;
  renderedHeight: number;
  /** In the first screen (the page not scrolled), horizontally too (a carousel's later slides are not). */
  inFirstScreen: boolean;
}

/** A `<link rel="preload" as="image">` of the server's HTML. */
interface ImagePreload {
  href: string | null;
  imagesrcset: string | null;
  imagesizes: string | null;
  fetchpriority: string | null;
}

/** A returning visitor's browser at this screen. */
function openContext(browser: Browser, screen: Screen) {
  return visitorContext(browser, { width: screen.width, height: screen.height, deviceScaleFactor: screen.dpr });
}

async function imageFacts(page: Page): Promise<ImageFacts[]> {
  return page.evaluate(() =>
    [...document.images].map((img, index) => {
      const box = img.getBoundingClientRect();
      return {
        index,
        html: img.outerHTML.slice(0, 200),
        src: img.getAttribute("src"),
        currentSrc: img.currentSrc,
        srcset: img.getAttribute("srcset"),
        sizes: img.getAttribute("sizes"),
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        loading: img.getAttribute("loading"),
        decoding: img.getAttribute("decoding"),
        fetchpriority: img.getAttribute("fetchpriority"),
        top: box.top + window.scrollY,
        renderedWidth: box.width,
        renderedHeight: box.height,
        inFirstScreen:
          box.width > 0 &&
          box.top + window.scrollY < window.innerHeight &&
          box.left < window.innerWidth &&
          box.right > 0 &&
          getComputedStyle(img).visibility !== "hidden",
      };
    }),
  );
}

/** The image preloads in the HTML the server sends for the page now open (with this context's cookies). */
async function serverImagePreloads(page: Page): Promise<ImagePreload[]> {
  const html = await (await page.request.get(page.url())).text();
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "text/html");
    return [...doc.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => ({
      href: link.getAttribute("href"),
      imagesrcset: link.getAttribute("imagesrcset"),
      imagesizes: link.getAttribute("imagesizes"),
      fetchpriority: link.getAttribute("fetchpriority"),
    }));
  }, html);
}

/** The index (in document.images) of the largest-contentful-paint element, or -1 when it is not an image. */
async function lcpImageIndex(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
          const element = entry?.element;
          resolve(element instanceof HTMLImageElement ? [...document.images].indexOf(element) : -1);
        }).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve(-1), 3000);
      }),
  );
}

/**
 * Opens a page at its top, as a new visit, and waits until every image in the first screen has loaded and
 * painted. Going to the address the tab already shows is a reload to the browser, which restores the scroll
 * position: the first screen would be wherever the last check scrolled to.
 */
async function openPage(page: Page, path: string) {
  if (new URL(page.url(), "http://x").pathname === path) await page.goto("about:blank");
  await page.goto(path, { waitUntil: "load" });
  await page.waitForFunction(() =>
    [...document.images].every((img) => {
      const box = img.getBoundingClientRect();
      const shown = box.top < window.innerHeight && box.bottom > 0 && box.left < window.innerWidth && box.right > 0;
      return !shown || img.complete;
    }),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The width in CSS pixels that an image's `sizes` gives at this viewport (the browser's own media and calc). */
async function sizesWidth(page: Page, sizes: string): Promise<number> {
  return page.evaluate((value) => {
    for (const part of value.split(/,(?![^(]*\))/)) {
      const match = part.trim().match(/^(\(.*?\))\s+(.+)$/) ?? part.trim().match(/^(\(.*\))\s+(.+)$/);
      const [media, length] = match ? [match[1], match[2]] : [null, part.trim()];
      if (media && !window.matchMedia(media).matches) continue;
      const probe = document.createElement("div");
      probe.style.cssText = `position:absolute;left:0;top:0;height:0;visibility:hidden;width:${length}`;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width;
    }
    return Number.NaN;
  }, sizes);
}

/** The pixel width of the file the browser chose for an image (SVG: null, it has no pixels to run short of). */
async function chosenFileWidth(page: Page, index: number): Promise<{ url: string; width: number | null }> {
  return page.evaluate(async (i) => {
    const img = document.images[i];
    if (!img.complete) await new Promise((resolve) => img.addEventListener("load", resolve, { once: true }));
    const url = img.currentSrc;
    if (/\.svg(\?|#|$)/i.test(new URL(url).pathname)) return { url, width: null };
    const probe = new Image();
    probe.src = url;
    await probe.decode();
    return { url, width: probe.naturalWidth };
  }, index);
}

/** The URLs of an image's `srcset` candidates, with their widths. */
function candidates(srcset: string): { url: string; width: number }[] {
  return srcset.split(",").map((candidate) => {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    return { url, width: Number(descriptor?.replace(/w$/, "")) };
  });
}

/**
 * The checks every page passes at a screen size. Returns every image file it names, to fetch once.
 * `lcp`: what the page's largest paint was, for the report.
 */
async function checkPage(page: Page, path: string, screen: Screen): Promise<{ files: Set<string>; lcp: string }> {
  await openPage(page, path);
  const images = await imageFacts(page);
  const files = new Set<string>();
  for (const image of images) {
    const where = `${path} at ${screen.width}px: ${image.html}`;
    // The space it takes is known before it loads: no layout shift.
    expect(image.width, where).toMatch(/^[1-9]\d*$/);
    expect(image.height, where).toMatch(/^[1-9]\d*$/);
    // `sizes` says how wide the image shows, to choose among `srcset`'s files: alone it is invalid.
    if (image.sizes !== null) expect(image.srcset, where).not.toBeNull();
    if (image.src) files.add(new URL(image.src, page.url()).href);
    for (const candidate of candidates(image.srcset ?? "")) {
      if (candidate.url) files.add(new URL(candidate.url, page.url()).href);
    }
  }

  // One image at most is fetched first: the page's largest in the first screen, preloaded from the HTML.
  const priority = images.filter((image) => image.fetchpriority === "high");
  expect(priority.length, `${path}: images with fetchpriority=high`).toBeLessThanOrEqual(1);
  const preloads = await serverImagePreloads(page);
  const highPreloads = preloads.filter((link) => link.fetchpriority === "high");
  expect(highPreloads.length, `${path}: preloads with fetchpriority=high`).toBe(priority.length);
  const [first] = priority;
  if (first) {
    expect(first.loading, `${path}: the priority image is not lazy`).not.toBe("lazy");
    const [link] = highPreloads;
    if (first.srcset) {
      expect(link, path).toEqual({
        href: null,
        imagesrcset: first.srcset,
        imagesizes: first.sizes,
        fetchpriority: "high",
      });
    } else {
      expect(link.imagesrcset, path).toBeNull();
      expect(link.imagesizes, path).toBeNull();
      expect(new URL(link.href!, page.url()).href, path).toBe(new URL(first.src!, page.url()).href);
    }
  }

  const lcpIndex = await lcpImageIndex(page);
  let lcp = "text";
  if (lcpIndex >= 0) {
    const image = images[lcpIndex];
    lcp = image.html;
    expect(first, `${path} at ${screen.width}px: its LCP image ${image.html} is fetched first`).toBeDefined();
    if (image.index !== first.index) {
      // Images of the same size in one row (the blog's first three cards): whichever Chrome counts as largest
      // after rounding to whole pixels, the preloaded one is shown with it, at the same size.
      expect(first.inFirstScreen, `${path}: the preloaded image is in the first screen`).toBe(true);
      expect(Math.abs(first.renderedWidth - image.renderedWidth), `${path}: ${image.html}`).toBeLessThanOrEqual(2);
      expect(Math.abs(first.renderedHeight - image.renderedHeight), `${path}: ${image.html}`).toBeLessThanOrEqual(2);
      expect(Math.abs(first.top - image.top), `${path}: ${image.html}`).toBeLessThanOrEqual(2);
    }
    // Sharp enough for the screen: a file at least 90% as wide as the image shows, in device pixels.
    for (const candidate of new Set([image.index, first.index])) {
      const shown = images[candidate];
      const chosen = await chosenFileWidth(page, candidate);
      if (chosen.width === null) continue;
      expect(
        chosen.width,
        `${path}: ${chosen.url} for ${shown.renderedWidth}px × ${screen.dpr}`,
      ).toBeGreaterThanOrEqual(Math.round(shown.renderedWidth * screen.dpr * 0.9));
    }
  }

  // Below the first screen: loaded only as it nears it, and decoded off the main thread. (The preloaded image
  // may be below it on a phone: /deals' first slide is the largest image on a wider screen only.)
  for (const image of images) {
    if (image.fetchpriority === "high" || image.top < screen.height) continue;
    const where = `${path} at ${screen.width}px: ${image.html}`;
    expect(image.loading, where).toBe("lazy");
    expect(image.decoding, where).toBe("async");
  }
  return { files, lcp };
}

async function expectFilesLoad(page: Page, files: Iterable<string>) {
  for (const url of files) {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()["content-type"], url).toMatch(/^image\//);
  }
}

test.describe("images on the public pages (demo content)", () => {
  test.describe.configure({ timeout: 180_000 });

  for (const screen of [PHONE, DESKTOP]) {
    test(`every page's images at ${screen.width} px`, async ({ browser }) => {
      const paths = [...(await everyPublicPage()), ...MENU_PAGES, ...(await discoverMenuPages(site().url))];
      const context = await openContext(browser, screen);
      const page = await context.newPage();
      const files = new Set<string>();
      const lcps: string[] = [];
      for (const path of paths) {
        const result = await checkPage(page, path, screen);
        for (const file of result.files) files.add(file);
        lcps.push(`${path}: ${result.lcp}`);
      }
      await expectFilesLoad(page, files);
      await test
        .info()
        .attach(`LCP elements at ${screen.width} px`, { body: lcps.join("\n"), contentType: "text/plain" });
      await context.close();
    });
  }
});

/** A PNG of one colour (the size is what matters here). */
async function pngFile(name: string, width: number, height: number) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: "#2f7d4f" } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** A calendar day in the stores' time zone, `days` from today, as "YYYY-MM-DD". */
function storeDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago", dateStyle: "short" }).format(
    new Date(),
  );
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const RUN = Date.now().toString(36);
/** What {@link createUploads} has made so far, for {@link removeUploads}. */
const created = new Set<"post" | "deal" | "brand" | "photo">();
const UPLOADS = {
  postTitle: `Image Check ${RUN}`,
  dealTitle: `Image Check Deal ${RUN}`,
  brandName: `Image Check Brand ${RUN}`,
  photoCaption: `Image check ${RUN}`,
  photoAlt: `A shelf of jars under warm light (${RUN})`,
};

async function createUploads(page: Page): Promise<{ postPath: string }> {
  await signInAsAdmin(page);

  await page.goto("/admin/blog/new");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(UPLOADS.postTitle);
  const slug = await page.getByLabel("Slug").inputValue();
  await page.getByLabel("Excerpt").fill("A post with a photo, made by the image checks.");
  await page.getByLabel("Content (Markdown)").fill("Checking how the featured image loads.");
  await page.getByLabel("Status").selectOption("published");
  await page.getByLabel("Upload image").setInputFiles(await pngFile("cover.png", 2400, 1260));
  await expect(toast(page, "Image uploaded successfully")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Post created")).toBeVisible();
  created.add("post");

  await page.goto("/admin/deals");
  await page.getByRole("link", { name: "Add Deal" }).click();
  const deal = page.getByRole("dialog", { name: "Add New Deal" });
  await deal.getByLabel("Title").fill(UPLOADS.dealTitle);
  await deal.getByLabel("Start date").fill(storeDay(-1));
  await deal.getByLabel("End date").fill(storeDay(5));
  // First in the carousel.
  await deal.getByLabel("Sort order").fill("-999");
  await deal.getByLabel("Image").setInputFiles(await pngFile("deal.png", 2400, 1350));
  await expect(deal.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
  await deal.getByRole("button", { name: "Create Deal" }).click();
  await expect(toast(page, "Deal created successfully")).toBeVisible();
  created.add("deal");

  await page.goto("/admin/brands");
  await page.getByRole("link", { name: "Add Brand" }).click();
  const brand = page.getByRole("dialog", { name: "Add New Brand" });
  await brand.getByLabel("Name").fill(UPLOADS.brandName);
  await brand.getByLabel("Sort order").fill("-999");
  await brand.getByLabel("Upload logo").setInputFiles(await pngFile("logo.png", 2000, 1000));
  await expect(brand.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
  await brand.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Brand created successfully")).toBeVisible();
  created.add("brand");

  await page.goto("/admin/gallery");
  await page.getByRole("link", { name: "Add Photo" }).click();
  const photo = page.getByRole("dialog", { name: "Add Photo" });
  await photo.getByLabel("Alt text").fill(UPLOADS.photoAlt);
  await photo.getByLabel("Caption").fill(UPLOADS.photoCaption);
  await photo.getByLabel("Photo", { exact: true }).setInputFiles(await pngFile("shelf.png", 2000, 1500));
  await expect(photo.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
  await photo.getByRole("button", { name: "Add Photo" }).click();
  await expect(toast(page, "Photo added successfully")).toBeVisible();
  created.add("photo");

  return { postPath: `/blog/${slug}` };
}

/** Removes what {@link createUploads} made (each on its own: one failing leaves the others to run). */
async function removeUploads(page: Page) {
  const failures: unknown[] = [];
  const step = async (kind: "post" | "deal" | "brand" | "photo", run: () => Promise<void>) => {
    if (!created.has(kind)) return;
    try {
      await run();
      created.delete(kind);
    } catch (error) {
      failures.push(error);
    }
  };
  await signInAsAdmin(page);
  await step("post", async () => {
    await page.goto(`/admin/blog?q=${encodeURIComponent(UPLOADS.postTitle)}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: `Delete ${UPLOADS.postTitle}` }).click();
    await page.getByRole("alertdialog", { name: "Are you sure?" }).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Post deleted")).toBeVisible();
  });
  await step("deal", async () => {
    await page.goto(`/admin/deals?q=${encodeURIComponent(UPLOADS.dealTitle)}`);
    await waitForHydration(page);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: `Delete ${UPLOADS.dealTitle}` }).click();
    await expect(toast(page, "Deal deleted successfully")).toBeVisible();
  });
  await step("brand", async () => {
    await page.goto("/admin/brands");
    await waitForHydration(page);
    await page.getByRole("button", { name: `Delete ${UPLOADS.brandName}` }).click();
    await expect(toast(page, "Brand deleted successfully")).toBeVisible();
  });
  await step("photo", async () => {
    await page.goto("/admin/gallery");
    await waitForHydration(page);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: `Delete ${UPLOADS.photoCaption}` }).click();
    await expect(toast(page, "Photo deleted successfully")).toBeVisible();
  });
  if (failures.length > 0) throw failures[0];
}

/** Where each uploaded photo shows: the page, and the image among that page's images. */
function uploadedImages(postPath: string): { path: string; selector: string }[] {
  return [
    { path: postPath, selector: "img.blog-post__hero" },
    { path: "/blog", selector: ".post-grid li:first-child img.post-card__image" },
    { path: "/", selector: ".latest-posts li:first-child img.post-card__image" },
    { path: "/", selector: `.brand-carousel img[alt="${UPLOADS.brandName}"]` },
    { path: "/deals", selector: ".carousel__slide:first-child img.special__image" },
    { path: "/brands", selector: `.brand-grid img[alt="${UPLOADS.brandName}"]` },
    { path: "/about", selector: `.shop-gallery img[alt="${UPLOADS.photoAlt}"]` },
  ];
}

test.describe("uploaded photos: WebP variants sized to the layout", () => {
  test.describe.configure({ timeout: 180_000 });
  let postPath = "";

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await openContext(browser, DESKTOP);
    const page = await context.newPage();
    try {
      ({ postPath } = await createUploads(page));
    } finally {
      await context.close();
    }
  });

  test.afterAll(async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await openContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      await removeUploads(page);
      if (postPath) expect((await page.request.get(postPath)).status(), "the post is gone").toBe(404);
    } finally {
      await context.close();
    }
  });

  for (const screen of [
    { width: 390, height: 844, dpr: 2 },
    { width: 768, height: 1024, dpr: 2 },
    { width: 1100, height: 800, dpr: 1 },
    { width: 1440, height: 900, dpr: 1 },
  ]) {
    test(`each photo's sizes match its width, and the file chosen fits, at ${screen.width} px`, async ({ browser }) => {
      const files = new Set<string>();
      for (const { path, selector } of uploadedImages(postPath)) {
        // A fresh browser per page: a larger file of the same photo, cached from another page (the post's
        // hero before the blog's card), is what the browser takes, rightly; the choice checked is a first visit's.
        const context = await openContext(browser, screen);
        const page = await context.newPage();
        // Every page keeps its rules with the photos in place (the post and the blog's first card are its
        // largest image now, with `imagesrcset` and `imagesizes` in the preload).
        await checkPage(page, path, screen);
        const image = page.locator(selector);
        await expect(image, `${path} ${selector}`).toHaveCount(1);
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        const srcset = (await image.getAttribute("srcset")) ?? "";
        const sizes = (await image.getAttribute("sizes")) ?? "";
        const where = `${path} at ${screen.width}px (${selector})`;
        expect(srcset, where).toMatch(/-w480\.webp 480w, .*-w960\.webp 960w, .*-w1600\.webp 1600w$/);
        const rendered = await image.evaluate((img) => img.getBoundingClientRect().width);
        const slot = await sizesWidth(page, sizes);
        // `sizes` says the width the layout gives the image (a few pixels of rounding aside).
        expect(Math.abs(slot - rendered), `${where}: sizes ${slot}px, shown ${rendered}px`).toBeLessThanOrEqual(
          Math.max(4, rendered * 0.04),
        );
        // The browser's choice: wide enough for the screen, and never past the first file that is.
        const index = await image.evaluate((img: HTMLImageElement) => [...document.images].indexOf(img));
        const chosen = await chosenFileWidth(page, index);
        const needed = rendered * screen.dpr;
        const widths = candidates(srcset).map((candidate) => candidate.width);
        const enough = widths.find((width) => width >= needed) ?? Math.max(...widths);
        expect(chosen.width, `${where}: ${chosen.url} for ${needed}px`).toBeGreaterThanOrEqual(
          Math.min(Math.round(needed * 0.9), Math.max(...widths)),
        );
        expect(chosen.width, `${where}: ${chosen.url} for ${needed}px`).toBeLessThanOrEqual(enough);
        for (const candidate of candidates(srcset)) files.add(new URL(candidate.url, page.url()).href);
        await context.close();
      }
      // Every variant is there, as WebP.
      const context = await openContext(browser, screen);
      for (const url of files) {
        const response = await context.request.get(url);
        expect(response.status(), url).toBe(200);
        expect(response.headers()["content-type"], url).toBe("image/webp");
      }
      await context.close();
    });
  }

  test("the admin's lists and editors: uploads with their variants, `sizes` only with `srcset`", async ({
    browser,
  }) => {
    const context = await openContext(browser, DESKTOP);
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto("/admin/blog");
    await page
      .getByRole("link", { name: `Edit ${UPLOADS.postTitle}` })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/blog\/edit\//);
    const editor = page.url();
    const where = [
      { path: editor, upload: "img.post-image__thumb" },
      { path: "/admin/brands", upload: `.admin-brand img[alt="${UPLOADS.brandName} logo"]` },
      { path: "/admin/deals", upload: ".admin-deal-table__title img" },
      { path: "/admin/gallery", upload: `.admin-photo img[alt="${UPLOADS.photoAlt}"]` },
    ];
    for (const { path, upload } of where) {
      await page.goto(path);
      const images = await imageFacts(page);
      expect(images.length, `${path}: images`).toBeGreaterThan(0);
      // Demo images (SVG, typed-in URLs) have no variants: no `sizes` either, which alone is invalid HTML.
      for (const image of images) expect(Boolean(image.sizes), `${path}: ${image.html}`).toBe(Boolean(image.srcset));
      expect(await page.locator(`${upload}[srcset]`).count(), `${path}: ${upload} with its variants`).toBeGreaterThan(
        0,
      );
    }
    await context.close();
  });

  test("the post's and the blog's photo are preloaded with imagesrcset and imagesizes", async ({ browser }) => {
    for (const screen of [PHONE, DESKTOP]) {
      for (const [path, selector] of [
        [postPath, "img.blog-post__hero"],
        ["/blog", ".post-grid li:first-child img.post-card__image"],
      ]) {
        // A first visit each: the browser's cache would hold the other page's file of the same photo.
        const context = await openContext(browser, screen);
        const page = await context.newPage();
        await openPage(page, path);
        const image = page.locator(selector);
        await expect(image).toHaveAttribute("fetchpriority", "high");
        const preloads = (await serverImagePreloads(page)).filter((link) => link.fetchpriority === "high");
        expect(preloads, path).toEqual([
          {
            href: null,
            imagesrcset: await image.getAttribute("srcset"),
            imagesizes: await image.getAttribute("sizes"),
            fetchpriority: "high",
          },
        ]);
        // The preload chose the same file as the image (same srcset and sizes): one file fetched, not two.
        const variants = candidates((await image.getAttribute("srcset"))!).map((c) => new URL(c.url, page.url()).href);
        const requested = await page.evaluate(
          (urls) =>
            [...new Set(performance.getEntriesByType("resource").map((entry) => entry.name))].filter((name) =>
              urls.includes(name),
            ),
          variants,
        );
        expect(requested, path).toEqual([await image.evaluate((img: HTMLImageElement) => img.currentSrc)]);
        await context.close();
      }
    }
  });
});
