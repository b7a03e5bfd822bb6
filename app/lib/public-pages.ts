/**
 * The public pages with a fixed address, in the order /sitemap-pages.xml lists them. The checks and the
 * benchmark that go through every public page start from this list too.
 */
export const STATIC_PUBLIC_PAGES = [
  "/",
  "/about",
  "/locations",
  "/deals",
  "/brands",
  "/reviews",
  "/careers",
  "/contact",
  "/blog",
  "/terms",
  "/privacy",
] as const;
