import type { APIRequestContext, Page } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import { demoPosts } from "../../app/content/demo/posts";
import { site } from "../../app/content/site";
import { TIME_ZONE } from "../../app/content/time-zone";
import { E2E_ADMIN } from "../support/e2e-accounts";
import { arriveThroughTheApp, confirmAge, expect, expectNoSeriousA11yViolations, test } from "./fixtures";

interface FeedPost {
  title: string;
  link: string;
  slug: string;
  pubDate: string;
  author: string;
  excerpt: string;
}

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ["item", "url", "sitemap"].includes(name) });

/** The visible posts, newest first, as the feed lists them (the demo content is not known to this test). */
async function feedPosts(request: APIRequestContext): Promise<FeedPost[]> {
  const xml = await (await request.get("/feed.xml")).text();
  const items = parser.parse(xml).rss.channel.item ?? [];
  return items.map((item: Record<string, string>) => ({
    title: item.title,
    link: item.link,
    slug: new URL(item.link).pathname.replace("/blog/", ""),
    pubDate: item.pubDate,
    author: item["dc:creator"],
    excerpt: item.description,
  }));
}

const longDate = (date: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: TIME_ZONE }).format(new Date(date));

/** A word of the post's title that no other visible post has in its title or excerpt. */
function distinctiveWord(post: FeedPost, all: FeedPost[]): string | undefined {
  return post.title
    .split(/[^A-Za-z]+/)
    .filter((w) => w.length >= 5)
    .find((word) =>
      all.every(
        (other) => other === post || !`${other.title} ${other.excerpt}`.toLowerCase().includes(word.toLowerCase()),
      ),
    );
}

async function cardTitles(page: Page) {
  return page.locator(".post-card__title").allInnerTexts();
}

test.describe("blog list", () => {
  test.beforeEach(async ({ page }) => confirmAge(page));

  test("server-renders the newest posts with the spec's cards, title and meta @phone", async ({ page, request }) => {
    const posts = await feedPosts(request);
    expect(posts.length).toBeGreaterThan(0);
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toContain("public");
    expect(response?.headers()["vary"]).toContain("Cookie");
    await expect(page).toHaveTitle(`Blog — Cannabis Education & Tips | ${site.name}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /^Blog — /);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
    await expect(page.getByRole("searchbox")).toHaveAttribute("placeholder", "Search blog posts...");

    const shown = posts.slice(0, 12);
    expect(await cardTitles(page)).toEqual(shown.map((p) => p.title));
    const first = page.locator(".post-card").first();
    await expect(first.locator("time")).toHaveText(longDate(shown[0].pubDate));
    await expect(first).toContainText(/\d+ min read/);
    await expect(first).toContainText(`By ${shown[0].author}`);
    await expect(first.getByRole("link", { name: /^Read More/ })).toHaveAttribute("href", `/blog/${shown[0].slug}`);
    // No skeletons in server output; no pagination with one page of posts.
    await expect(page.getByTestId("post-skeletons")).toHaveCount(0);
    if (posts.length <= 12) await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  });

  test("never lists drafts or scheduled posts, and their URLs are 404", async ({ page, request }) => {
    const hidden = demoPosts.filter((p) => p.status === "draft" || (p.publishOffsetDays ?? 1) > 0);
    test.skip(hidden.length === 0, "the demo content has no hidden posts");
    await page.goto("/blog");
    const titles = await cardTitles(page);
    for (const post of hidden) {
      expect(titles).not.toContain(post.title);
      expect((await request.get(`/blog/${post.slug}`)).status()).toBe(404);
    }
  });

  test("an out-of-range or malformed page number lands on a real page", async ({ page, request }) => {
    const posts = await feedPosts(request);
    test.skip(posts.length > 12, "more than one page of demo posts");
    for (const query of ["?page=2", "?page=0", "?page=abc", "?page=-5", "?page=99999999999999999999"]) {
      const response = await page.goto(`/blog${query}`);
      expect(response?.status(), query).toBe(200);
      expect(new URL(page.url()).search, query).toBe("");
      await expect(page.locator(".post-card")).toHaveCount(posts.length);
    }
  });
});

// The list ships no script on a direct visit (a plain GET form, tested without JavaScript below); arrived at
// from a page that runs the app, its search updates as the visitor types.
test.describe("blog search with JavaScript", () => {
  test.beforeEach(async ({ page }) => confirmAge(page));

  test("updates the results and the URL as the visitor types, with skeletons while loading", async ({
    page,
    request,
  }) => {
    const posts = await feedPosts(request);
    const target = posts.find((p) => distinctiveWord(p, posts));
    test.skip(!target, "no post with a distinctive title word");
    const word = distinctiveWord(target!, posts)!;
    await arriveThroughTheApp(page, "Blog");
    await page.evaluate(() => ((window as unknown as { stayedOnPage: boolean }).stayedOnPage = true));

    // Slow the data request down so the loading state can be seen.
    await page.route("**/blog.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    const box = page.getByRole("searchbox");
    await box.pressSequentially(word.toUpperCase(), { delay: 40 });
    await expect(page.getByTestId("post-skeletons").locator("li")).toHaveCount(6);
    await expect(page).toHaveURL(new RegExp(`/blog\\?q=${word.toUpperCase()}$`));
    await expect(page.getByTestId("post-skeletons")).toHaveCount(0);
    expect(await cardTitles(page)).toEqual([target!.title]);
    await expect(page.getByRole("status").filter({ hasText: "matching" })).toContainText(`1 post matching`);
    // Same document: no reload happened, and the box kept its focus and text.
    expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
    await expect(box).toBeFocused();
    await expect(box).toHaveValue(word.toUpperCase());
    await page.unroute("**/blog.data*");

    await box.fill("zzqx-no-such-post");
    await expect(page.getByText("No posts found matching your search.")).toBeVisible();
    await expect(page).toHaveURL(/\/blog\?q=zzqx-no-such-post$/);
    await expect(page.locator(".post-card")).toHaveCount(0);

    await box.fill("");
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.locator(".post-card")).toHaveCount(Math.min(posts.length, 12));
  });

  test("back and forward keep the box in step with the URL", async ({ page, request }) => {
    const posts = await feedPosts(request);
    const word = posts.map((p) => distinctiveWord(p, posts)).find(Boolean);
    test.skip(!word, "no distinctive word");
    await arriveThroughTheApp(page, "Blog");
    await page.getByRole("searchbox").fill(word!);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${word}`));
    await page.getByRole("link", { name: "Blog", exact: true }).first().click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("searchbox")).toHaveValue("");
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`q=${word}`));
    await expect(page.getByRole("searchbox")).toHaveValue(word!);
  });
});

test.describe("blog without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(async ({ page }) => confirmAge(page));

  test("search is a plain GET form @phone", async ({ page, request }) => {
    const posts = await feedPosts(request);
    const target = posts.find((p) => distinctiveWord(p, posts));
    test.skip(!target, "no post with a distinctive title word");
    const word = distinctiveWord(target!, posts)!;
    await page.goto("/blog");
    await page.getByRole("searchbox").fill(word.toLowerCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`/blog\\?q=${word.toLowerCase()}$`));
    expect(await cardTitles(page)).toEqual([target!.title]);
    await expect(page.getByRole("searchbox")).toHaveValue(word.toLowerCase());

    await page.getByRole("searchbox").fill("zzqx-no-such-post");
    await page.getByRole("searchbox").press("Enter");
    await expect(page.getByText("No posts found matching your search.")).toBeVisible();
    // A search result page points search engines at the blog itself.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });

  test("the share menu opens as a native toggle with real links; copy link needs JavaScript", async ({
    page,
    request,
  }) => {
    const [post] = await feedPosts(request);
    await page.goto(`/blog/${post.slug}`);
    const menu = page.locator("details.share-menu");
    await expect(menu.getByRole("link", { name: /Facebook/ })).toBeHidden();
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: /Facebook/ })).toBeVisible();
    await expect(menu.getByRole("link", { name: /Facebook/ })).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("button", { name: "Copy link" })).toHaveCount(0);
  });
});

test.describe("blog post", () => {
  test.beforeEach(async ({ page }) => confirmAge(page));

  test("shows the post with its byline, body, share rows and back links @phone", async ({ page, request, baseURL }) => {
    const [post] = await feedPosts(request);
    const response = await page.goto(`/blog/${post.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const meta = page.locator(".blog-post__meta");
    await expect(meta).toContainText(`By ${post.author}`);
    await expect(meta.locator("time")).toHaveText(longDate(post.pubDate));
    await expect(meta).toContainText(/\d+ min read/);
    await expect(page.locator(".blog-post__body p").first()).toBeVisible();
    await expect(page.locator(".blog-post__body script")).toHaveCount(0);

    // Share links: real URLs to the canonical address of the post.
    const url = `${baseURL}/blog/${post.slug}`;
    const expected = {
      facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
      x: `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(post.title)}`,
      reddit: `https://www.reddit.com/submit?url=${encodeURIComponent(url)}&title=${encodeURIComponent(post.title)}`,
    };
    for (const scope of [page.locator(".share-menu"), page.locator(".share-row")]) {
      for (const [id, href] of Object.entries(expected)) {
        const link = scope.locator(`a[data-share="${id}"]`);
        await expect(link).toHaveAttribute("href", href);
        await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      }
    }
    await expect(page.getByRole("heading", { name: "Share this article" })).toBeVisible();

    // Metadata: canonical, social tags with the image, BlogPosting structured data.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http/);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({ "@type": "BlogPosting", headline: post.title, author: { name: post.author } });
    expect(new Date(jsonLd.datePublished).toUTCString()).toBe(post.pubDate);

    await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
    await page.getByRole("link", { name: "Back to All Posts" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("share links open a 600x400 popup without an opener, and the menu closes", async ({ page, request }) => {
    const [post] = await feedPosts(request);
    // Record what the page asks window.open for (the popup itself is sized by the test browser's viewport).
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
      const open = window.open.bind(window);
      window.open = (url?: string | URL, target?: string, features?: string) => {
        const opened = open(url, target, features);
        calls.push({ url: String(url), target, features, returned: opened === null ? null : "window" });
        return opened;
      };
    });
    await page.goto(`/blog/${post.slug}`);
    const menu = page.locator("details.share-menu");
    await menu.locator("summary").click();
    await expect(menu).toHaveAttribute("open", "");
    const reddit = menu.getByRole("link", { name: /Reddit/ });
    const href = await reddit.getAttribute("href");
    const popupPromise = page.waitForEvent("popup");
    await reddit.click();
    // A popup opened (its page is an error page here: the test blocks the outside network).
    const popup = await popupPromise;
    await popup.close();
    const calls = await page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls);
    // noopener: the page gets no handle on the popup, and the popup none on the page.
    expect(calls).toEqual([
      { url: href, target: "_blank", features: "width=600,height=400,noopener,noreferrer", returned: null },
    ]);
    // The page itself stayed put, and the menu closed after the choice.
    expect(page.url()).toContain(`/blog/${post.slug}`);
    await expect(menu).not.toHaveAttribute("open", "");
  });

  test("'Copy link' copies the address and says so", async ({ page, context, request, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const [post] = await feedPosts(request);
    await page.goto(`/blog/${post.slug}`);
    await page.locator("details.share-menu summary").click();
    await page.locator(".share-menu").getByRole("button", { name: "Copy link" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Link copied!");
    await expect(toast).toContainText("Blog post link copied to clipboard");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/blog/${post.slug}`);
    await expect(page.locator("details.share-menu")).not.toHaveAttribute("open", "");
  });

  test("links to its categories and tags, whose pages list it", async ({ page, request }) => {
    const posts = await feedPosts(request);
    await page.goto(`/blog/${posts[0].slug}`);
    const category = page.locator(".blog-post__terms a[href^='/blog/category/']").first();
    test.skip((await category.count()) === 0, "the newest post has no category");
    const categoryName = (await category.innerText()).trim();
    await category.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(categoryName);
    await expect(page.getByText("Browse articles in this category")).toBeVisible();
    expect(await cardTitles(page)).toContain(posts[0].title);
    const card = page.locator(".post-card").first();
    await expect(card.locator("time")).toBeVisible();
    await expect(card).toContainText(/\d+ min read/);
    await expect(card.getByRole("link", { name: /^Read More/ })).toHaveAttribute("href", /^\/blog\/[a-z0-9-]+$/);

    await page.goto(`/blog/${posts[0].slug}`);
    const tag = page.locator(".blog-post__terms a[href^='/blog/tag/']").first();
    test.skip((await tag.count()) === 0, "the newest post has no tag");
    const tagText = (await tag.innerText()).trim();
    await tag.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tagText);
    expect(tagText.startsWith("#")).toBe(true);
    await expect(page.getByText("Browse articles tagged with this topic")).toBeVisible();
    expect(await cardTitles(page)).toContain(posts[0].title);
  });

  test("axe finds no serious problems on a post and a category page", async ({ page, request }) => {
    const [post] = await feedPosts(request);
    await page.goto(`/blog/${post.slug}`);
    await page.locator("details.share-menu summary").click();
    for (const path of [null, "category"]) {
      if (path) {
        const link = page.locator(".blog-post__terms a").first();
        if ((await link.count()) === 0) break;
        await link.click();
        await expect(page.locator(".post-card").first()).toBeVisible();
      }
      await expectNoSeriousA11yViolations(page, page.url());
    }
  });
});

test.describe("not found", () => {
  test.beforeEach(async ({ page }) => confirmAge(page));

  test("an unknown post shows 'Post Not Found' with a 404 @phone", async ({ page }) => {
    const response = await page.goto("/blog/no-such-post-anywhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Post Not Found");
    await expect(page.getByText("Sorry, we couldn't find the blog post you're looking for.")).toBeVisible();
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("unknown categories and tags are 404", async ({ page }) => {
    for (const [path, heading] of [
      ["/blog/category/no-such-category", "Category Not Found"],
      ["/blog/tag/no-such-tag", "Tag Not Found"],
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    }
  });
});

test.describe("feed, sitemaps and caching", () => {
  test("the feed and sitemaps are served directly with XML content types", async ({ request, baseURL }) => {
    const feed = await request.get("/feed.xml", { maxRedirects: 0 });
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(feed.headers()["cache-control"]).toContain("stale-while-revalidate");
    const rss = parser.parse(await feed.text()).rss;
    expect(rss["@_version"]).toBe("2.0");
    expect(rss.channel["atom:link"]["@_href"]).toBe(`${baseURL}/feed.xml`);

    const index = await request.get("/sitemap.xml", { maxRedirects: 0 });
    expect(index.status()).toBe(200);
    expect(index.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const sitemaps = parser.parse(await index.text()).sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    expect(sitemaps).toEqual([
      `${baseURL}/sitemap-pages.xml`,
      `${baseURL}/sitemap-blog.xml`,
      `${baseURL}/sitemap-menu.xml`,
    ]);

    const posts = await feedPosts(request);
    const blog = await request.get("/sitemap-blog.xml", { maxRedirects: 0 });
    expect(blog.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const locs = parser.parse(await blog.text()).urlset.url.map((u: { loc: string }) => u.loc);
    for (const post of posts) expect(locs).toContain(post.link);

    const pages = await request.get("/sitemap-pages.xml", { maxRedirects: 0 });
    const pageLocs = parser.parse(await pages.text()).urlset.url.map((u: { loc: string }) => u.loc);
    expect(pageLocs).toContain(`${baseURL}/blog`);
    expect(pageLocs).toContain(`${baseURL}/`);

    expect(await (await request.get("/robots.txt")).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("every page names the feed for autodiscovery", async ({ page }) => {
    await confirmAge(page);
    await page.goto("/blog");
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      "/feed.xml",
    );
  });

  test("a repeated request for a page or the feed is a 304", async ({ request }) => {
    const posts = await feedPosts(request);
    const cookie = { Cookie: `ageVerified=${Date.now()}` };
    for (const path of ["/blog", `/blog/${posts[0].slug}`, "/feed.xml", "/sitemap-blog.xml"]) {
      const first = await request.get(path, { headers: cookie });
      expect(first.status(), path).toBe(200);
      const etag = first.headers()["etag"];
      expect(etag, path).toMatch(/^W\/".+"$/);
      expect(first.headers()["last-modified"], path).toMatch(/GMT$/);
      const again = await request.get(path, { headers: { ...cookie, "If-None-Match": etag } });
      expect(again.status(), path).toBe(304);
      const since = await request.get(path, {
        headers: { ...cookie, "If-Modified-Since": first.headers()["last-modified"] },
      });
      expect(since.status(), path).toBe(304);
    }
  });

  test("a signed-in visitor's pages are never shared", async ({ page }) => {
    await confirmAge(page);
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const response = await page.request.get("/blog");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("private, no-cache");
    expect(response.headers()["etag"]).toBeUndefined();
  });
});
