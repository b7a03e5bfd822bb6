import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ensureTerms } from "~/models/post-terms.server";
import { createPost } from "~/models/posts.server";
import { loader as feedLoader } from "~/routes/resources/feed";
import { loader as sitemapBlogLoader } from "~/routes/resources/sitemap-blog";
import { loader as sitemapIndexLoader } from "~/routes/resources/sitemap-index";
import { loader as sitemapPagesLoader } from "~/routes/resources/sitemap-pages";
import type { OpenedDatabase } from "~/server/db.server";
import { escapeXml } from "~/lib/text";
import { STATIC_PUBLIC_PAGES } from "~/lib/public-pages";
import { buildRssFeed } from "~/routes/resources/feeds.server";
import { cachedTextResponse, isNotModified, notModifiedResponse, weakEtag } from "~/server/http-cache.server";
import { createTestDatabase } from "../support/database";

const ORIGIN = "http://localhost:3000"; // PUBLIC_URL in vitest.config.ts
const DAY = 24 * 60 * 60 * 1000;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => ["item", "url", "sitemap", "category"].includes(name),
});

async function get(loader: (args: any) => unknown, path: string, headers: Record<string, string> = {}) {
  const request = new Request(ORIGIN + path, { headers });
  return (await loader({ request, params: {}, context: {} })) as Response;
}

/** A strict parse: well-formed XML or the test fails. */
function parse(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
}

describe("feed and sitemaps", () => {
  let database: OpenedDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [guides] = await ensureTerms("categories", ["Guides & Tips"]);
    await ensureTerms("categories", ["No Posts"]);
    const [tag] = await ensureTerms("tags", ["Edibles"]);
    const now = Date.now();
    await createPost({
      title: 'Edibles <101>: "Start Low" & Go Slow',
      slug: "edibles-101",
      excerpt: "Dosing basics & timing.",
      content: "## Why\n\nEdibles take longer.",
      status: "published",
      publishedAt: new Date(now - DAY),
      categoryIds: [guides],
      tagIds: [tag],
    });
    await createPost({
      title: "No Excerpt Post",
      slug: "no-excerpt",
      content: `# Heading\n\nThe **first** words of the [content](https://example.com) ${"and more words ".repeat(40)}`,
      status: "published",
      publishedAt: new Date(now - 2 * DAY),
    });
    await createPost({ title: "Draft", slug: "a-draft", status: "draft" });
    await createPost({ title: "Later", slug: "later", status: "scheduled", publishedAt: new Date(now + DAY) });
  });
  afterAll(async () => {
    await database.close();
  });

  it("serves /feed.xml as valid RSS 2.0 with the visible posts, newest first", async () => {
    const response = await get(feedLoader, "/feed.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300, stale-while-revalidate=3600");
    const xml = await response.text();
    const { rss } = parse(xml);
    expect(rss["@version"]).toBe("2.0");
    const channel = rss.channel;
    expect(channel.title).toBe("Lindsey Street Cannabis Co. Blog");
    expect(channel.link).toBe(`${ORIGIN}/blog`);
    expect(channel.description).toBeTruthy();
    expect(channel.language).toBe("en-us");
    expect(new Date(channel.lastBuildDate).getTime()).not.toBeNaN();
    expect(channel["atom:link"]).toMatchObject({
      "@href": `${ORIGIN}/feed.xml`,
      "@rel": "self",
      "@type": "application/rss+xml",
    });

    expect(channel.item.map((i: { link: string }) => i.link)).toEqual([
      `${ORIGIN}/blog/edibles-101`,
      `${ORIGIN}/blog/no-excerpt`,
    ]);
    const [first, second] = channel.item;
    expect(first.title).toBe('Edibles <101>: "Start Low" & Go Slow');
    expect(first.guid).toEqual({ "#text": `${ORIGIN}/blog/edibles-101`, "@isPermaLink": "true" });
    // RFC 822 date, e.g. "Sat, 21 Nov 2026 10:00:00 GMT".
    expect(first.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(first.description).toBe("Dosing basics & timing.");
    expect(first.category).toEqual(["Guides & Tips"]);
    // Without an excerpt: the start of the content as plain text.
    expect(second.description).toMatch(/^Heading The first words of the content and more words/);
    expect(second.description.length).toBeLessThanOrEqual(160);
    expect(xml).not.toContain("a-draft");
    expect(xml).not.toContain("/later");
  });

  it("answers a repeated feed request with 304", async () => {
    const first = await get(feedLoader, "/feed.xml");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const lastModified = first.headers.get("Last-Modified")!;
    expect(lastModified).toMatch(/GMT$/);
    const again = await get(feedLoader, "/feed.xml", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(etag);
    expect((await get(feedLoader, "/feed.xml", { "If-Modified-Since": lastModified })).status).toBe(304);
    expect((await get(feedLoader, "/feed.xml", { "If-None-Match": 'W/"other"' })).status).toBe(200);
  });

  it("serves /sitemap-blog.xml with every visible post and the terms that have posts", async () => {
    const response = await get(sitemapBlogLoader, "/sitemap-blog.xml");
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const { urlset } = parse(await response.text());
    expect(urlset["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const locs = urlset.url.map((u: { loc: string }) => u.loc);
    expect(locs).toEqual([
      `${ORIGIN}/blog/edibles-101`,
      `${ORIGIN}/blog/no-excerpt`,
      `${ORIGIN}/blog/category/guides-tips`,
      `${ORIGIN}/blog/tag/edibles`,
    ]);
    // Posts carry their last change as a W3C datetime, as the protocol asks; term pages carry none.
    for (const url of urlset.url.slice(0, 2)) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    for (const url of urlset.url.slice(2)) expect(url.lastmod).toBeUndefined();
  });

  it("serves /sitemap-pages.xml with the static public pages", async () => {
    const { urlset } = parse(await (await get(sitemapPagesLoader, "/sitemap-pages.xml")).text());
    expect(urlset.url.map((u: { loc: string }) => u.loc)).toEqual(STATIC_PUBLIC_PAGES.map((p) => ORIGIN + p));
  });

  it("serves /sitemap.xml as an index of the three sitemaps", async () => {
    const response = await get(sitemapIndexLoader, "/sitemap.xml");
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const { sitemapindex } = parse(await response.text());
    expect(sitemapindex["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(sitemapindex.sitemap.map((s: { loc: string }) => s.loc)).toEqual([
      `${ORIGIN}/sitemap-pages.xml`,
      `${ORIGIN}/sitemap-blog.xml`,
      `${ORIGIN}/sitemap-menu.xml`,
    ]);
  });

  it("an empty blog still has a valid feed, the same bytes whatever the time (no lastBuildDate)", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-02T03:04:05Z") });
    try {
      const first = buildRssFeed([], ORIGIN);
      vi.setSystemTime(new Date("2026-01-02T03:04:06Z"));
      // A second later, the same feed (and so the same ETag: a conditional request gets its 304).
      expect(buildRssFeed([], ORIGIN)).toBe(first);
      expect(XMLValidator.validate(first)).toBe(true);
      const { rss } = parse(first);
      expect(rss.channel.lastBuildDate).toBeUndefined();
      expect(rss.channel.item).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("escapes XML and drops characters XML cannot hold", () => {
    expect(escapeXml(`a<b>&"c'\u0001\u0008d\uFFFE`)).toBe("a&lt;b&gt;&amp;&quot;c&apos;d");
    expect(escapeXml("emoji 🌿 ok")).toBe("emoji 🌿 ok");
  });
});

describe("conditional requests", () => {
  const headers = (init: Record<string, string>) => new Headers(init);
  const request = (init: Record<string, string>) => new Request("http://localhost/x", { headers: init });

  it("matches If-None-Match weakly, in lists and with *", () => {
    const etag = weakEtag("body");
    expect(etag).toBe(weakEtag("body"));
    expect(etag).not.toBe(weakEtag("other body"));
    const h = headers({ ETag: etag });
    expect(isNotModified(request({ "If-None-Match": etag }), h)).toBe(true);
    expect(isNotModified(request({ "If-None-Match": etag.replace(/^W\//, "") }), h)).toBe(true);
    expect(isNotModified(request({ "If-None-Match": `"a", ${etag}` }), h)).toBe(true);
    expect(isNotModified(request({ "If-None-Match": "*" }), h)).toBe(true);
    expect(isNotModified(request({ "If-None-Match": '"nope"' }), h)).toBe(false);
  });

  it("uses If-Modified-Since only without If-None-Match", () => {
    const h = headers({ ETag: 'W/"a"', "Last-Modified": "Sun, 22 Nov 2026 10:00:00 GMT" });
    expect(isNotModified(request({ "If-Modified-Since": "Sun, 22 Nov 2026 10:00:00 GMT" }), h)).toBe(true);
    expect(isNotModified(request({ "If-Modified-Since": "Sun, 22 Nov 2026 09:59:59 GMT" }), h)).toBe(false);
    expect(isNotModified(request({ "If-Modified-Since": "garbage" }), h)).toBe(false);
    // A later date is not enough: Last-Modified moves backwards when the newest post is deleted.
    expect(isNotModified(request({ "If-Modified-Since": "Sun, 22 Nov 2026 10:00:01 GMT" }), h)).toBe(false);
    expect(
      isNotModified(request({ "If-None-Match": 'W/"b"', "If-Modified-Since": "Sun, 22 Nov 2026 10:00:00 GMT" }), h),
    ).toBe(false);
  });

  it("a 304 keeps the caching headers and leaves out the body, type and CSP", async () => {
    const response = notModifiedResponse(
      headers({
        ETag: 'W/"a"',
        "Cache-Control": "public, max-age=60",
        Vary: "Cookie",
        "Content-Type": "text/html",
        "Content-Security-Policy": "script-src 'nonce-x'",
      }),
    );
    expect(response.status).toBe(304);
    expect(response.headers.get("ETag")).toBe('W/"a"');
    expect(response.headers.get("Vary")).toBe("Cookie");
    expect(response.headers.get("Content-Type")).toBeNull();
    expect(response.headers.get("Content-Security-Policy")).toBeNull();
  });

  it("cachedTextResponse answers HEAD without a body", async () => {
    const response = cachedTextResponse(new Request("http://localhost/x", { method: "HEAD" }), "<x/>", {
      contentType: "application/xml",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("ETag")).toBe(weakEtag("<x/>"));
    expect(await response.text()).toBe("");
  });
});
