// The public pages the checks go through: the fixed addresses, plus a post, a category and a tag found on
// the running site itself (the demo content's slugs are the owner's to change).
import { AGE_COOKIE_NAME } from "../../app/lib/age-gate.ts";
import { STATIC_PUBLIC_PAGES } from "../../app/lib/public-pages.ts";

/** Every public page with a fixed address, the 404 page among them. */
export const FIXED_PUBLIC_PATHS = [...STATIC_PUBLIC_PAGES, "/no-such-page"];

/** The cookie of a visitor who confirmed their age just now. */
export function ageVerifiedCookie(now = Date.now()): string {
  return `${AGE_COOKIE_NAME}=${now}`;
}

/** The first link on a page whose address matches `pattern`. */
export function firstHref(html: string, pattern: RegExp): string | undefined {
  for (const match of html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)) {
    if (pattern.test(match[1])) return match[1];
  }
  return undefined;
}

/** The first post on /blog, and the first category and tag that post links to (each when there is one). */
export async function discoverBlogPages(baseUrl: string): Promise<{ post?: string; category?: string; tag?: string }> {
  const headers = { cookie: ageVerifiedCookie() };
  const list = await (await fetch(new URL("/blog", baseUrl), { headers })).text();
  const post = firstHref(list, /^\/blog\/(?!category\/|tag\/)[^/?#]+$/);
  if (!post) return {};
  const html = await (await fetch(new URL(post, baseUrl), { headers })).text();
  return {
    post,
    category: firstHref(html, /^\/blog\/category\/[^/?#]+$/),
    tag: firstHref(html, /^\/blog\/tag\/[^/?#]+$/),
  };
}

/** Every public page: the fixed ones, then a post, a category and a tag. */
export async function publicPaths(baseUrl: string): Promise<string[]> {
  const { post, category, tag } = await discoverBlogPages(baseUrl);
  return [...FIXED_PUBLIC_PATHS, ...[post, category, tag].filter((p): p is string => Boolean(p))];
}
