import type { LinkDescriptor } from "react-router";
import { pageMeta } from "~/lib/seo";

// The <head> of an admin page: its stylesheets, and its title and description for the browser's tab and
// history; search engines are told to keep away (noindex).

/** The page's stylesheets, in order (the shared admin-catalog.css first, then the page's own). */
export const stylesheets = (...hrefs: string[]): LinkDescriptor[] => hrefs.map((href) => ({ rel: "stylesheet", href }));

/** An admin page's meta tags: "<title> | <site name>", never indexed. */
export const adminPageMeta = (
  matches: Parameters<typeof pageMeta>[0],
  path: string,
  title: string,
  description: string,
) => pageMeta(matches, { title, description, path, noindex: true });
