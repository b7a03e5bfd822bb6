import { site } from "~/content/site";
import { markdownToPlainText } from "~/lib/text";
import { escapeXml } from "~/lib/text";
import type { FeedItem, SitemapEntry } from "~/models/post-feeds.server";
import { newest } from "~/server/http-cache.server";

export const RSS_CONTENT_TYPE = "application/rss+xml; charset=utf-8";
export const XML_CONTENT_TYPE = "application/xml; charset=utf-8";
/** The feed's description, with the business's name as the owner set it. */
export const blogFeedDescription = (name: string) =>
  `Cannabis education, product guides and news from ${name} in Norman, Oklahoma.`;

/** The W3C date-time a sitemap's <lastmod> takes. */
function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Absolute URL on the public site from an origin like "https://example.com". */
function absolute(origin: string, pathname: string): string {
  return origin.replace(/\/+$/, "") + pathname;
}

/** The description of a feed item: its excerpt, else the first 160 characters of its content as text. */
function itemDescription(item: FeedItem): string {
  if (item.excerpt?.trim()) return item.excerpt.trim();
  return Array.from(markdownToPlainText(item.content_start)).slice(0, 160).join("").trim();
}

/** When the feed last changed: the newest publish or edit time among its items. */
export function feedLastModified(items: FeedItem[]): Date | null {
  return newest(items.flatMap((item) => [item.published_at, item.updated_at]));
}

/**
 * The blog's RSS 2.0 feed. Made from the posts alone (no clock): the same posts give the same bytes, so its
 * ETag holds until a post changes. An empty blog's feed has no lastBuildDate (it is optional): "now" there
 * made a new feed, and a new ETag, every second.
 */
export function buildRssFeed(items: FeedItem[], origin: string, name: string = site.name): string {
  const feedUrl = absolute(origin, "/feed.xml");
  const blogUrl = absolute(origin, "/blog");
  const lastBuild = feedLastModified(items);
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
    `<channel>`,
    `<title>${escapeXml(`${name} Blog`)}</title>`,
    `<link>${escapeXml(blogUrl)}</link>`,
    `<description>${escapeXml(blogFeedDescription(name))}</description>`,
    `<language>en-us</language>`,
    ...(lastBuild ? [`<lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`] : []),
    `<atom:link href="${escapeXml(feedUrl)}" rel="self" type="application/rss+xml"/>`,
  ];
  for (const item of items) {
    const link = absolute(origin, `/blog/${item.slug}`);
    lines.push(
      `<item>`,
      `<title>${escapeXml(item.title)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `<pubDate>${item.published_at.toUTCString()}</pubDate>`,
      `<dc:creator>${escapeXml(item.author)}</dc:creator>`,
      `<description>${escapeXml(itemDescription(item))}</description>`,
      ...item.categories.map((name) => `<category>${escapeXml(name)}</category>`),
      `</item>`,
    );
  }
  lines.push(`</channel>`, `</rss>`, ``);
  return lines.join("\n");
}

export interface UrlEntry {
  path: string;
  lastmod?: Date | null;
}

/** A sitemaps.org <urlset>. */
export function buildUrlSet(entries: UrlEntry[], origin: string): string {
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
  ];
  for (const entry of entries) {
    const lastmod = entry.lastmod ? `<lastmod>${w3cDate(entry.lastmod)}</lastmod>` : "";
    lines.push(`<url><loc>${escapeXml(absolute(origin, entry.path))}</loc>${lastmod}</url>`);
  }
  lines.push(`</urlset>`, ``);
  return lines.join("\n");
}

/** A sitemaps.org <sitemapindex>. */
export function buildSitemapIndex(entries: UrlEntry[], origin: string): string {
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
  ];
  for (const entry of entries) {
    const lastmod = entry.lastmod ? `<lastmod>${w3cDate(entry.lastmod)}</lastmod>` : "";
    lines.push(`<sitemap><loc>${escapeXml(absolute(origin, entry.path))}</loc>${lastmod}</sitemap>`);
  }
  lines.push(`</sitemapindex>`, ``);
  return lines.join("\n");
}

/** The blog's sitemap entries: every visible post, and the category and tag pages that have posts. */
export function blogSitemapEntries(
  posts: SitemapEntry[],
  categories: SitemapEntry[],
  tags: SitemapEntry[],
): UrlEntry[] {
  return [
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.lastmod })),
    ...categories.map((c) => ({ path: `/blog/category/${c.slug}`, lastmod: c.lastmod })),
    ...tags.map((t) => ({ path: `/blog/tag/${t.slug}`, lastmod: t.lastmod })),
  ];
}
