// The pages the uncached render benchmark measures (issue 38), with their goals: p50 of the whole answer,
// one connection, the server on one core and the page cache off. A product, a post and a brand are found
// on the running site (the demo content's slugs are the owner's to change).
import { ageVerifiedCookie, discoverBlogPages, firstHref } from "./blog-pages.ts";

export interface RenderPage {
  path: string;
  /** The goal for the p50 of the whole answer, in ms. */
  goalMs: number;
}

/** /about, /terms and a product (≤ 3 ms); /, /blog, a post, /deals and a brand (≤ 5 ms); /menu with filters (≤ 8 ms). */
export async function renderPages(base: string): Promise<RenderPage[]> {
  const headers = { cookie: ageVerifiedCookie() };
  const html = async (path: string) => (await fetch(new URL(path, base), { headers })).text();
  const flower = await html("/menu/flower");
  const product = firstHref(flower, /^\/menu\/flower\/[^/?#]+$/);
  const brand = firstHref(await html("/brands"), /^\/brands\/[^/?#]+$/);
  const { post } = await discoverBlogPages(base);
  const pages: [string | undefined, number][] = [
    ["/about", 3],
    ["/terms", 3],
    [product, 3],
    ["/", 5],
    ["/blog", 5],
    [post, 5],
    ["/deals", 5],
    [brand, 5],
    ["/menu", 8],
    ["/menu/flower?sort=price", 8],
  ];
  return pages.filter((page): page is [string, number] => Boolean(page[0])).map(([path, goalMs]) => ({ path, goalMs }));
}

// What the server says a request cost (its Server-Timing header): shared with the other benchmarks.
export { parseServerTiming, type ServerTiming } from "./timing.ts";
