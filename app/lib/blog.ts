/** Blog constants and helpers shared by the server and the browser. */

/** Posts per page on the blog list, category and tag pages (spec §9). */
export const BLOG_PAGE_SIZE = 12;
/** Skeleton cards while a list loads (spec §9). */
export const BLOG_SKELETON_COUNT = 6;
/** Longest search text taken from the box or the URL; more is cut off. */
export const BLOG_SEARCH_MAX_LENGTH = 100;
/** Meta description fallback: the first 160 characters of the content as plain text (spec §9). */
export const META_DESCRIPTION_LENGTH = 160;

/** The search text as matched: control characters dropped, trimmed, at most BLOG_SEARCH_MAX_LENGTH characters. */
export function normalizeSearch(search: string | null | undefined): string {
  return Array.from((search ?? "").replace(/[\u0000-\u001f\u007f]/g, " ").trim())
    .slice(0, BLOG_SEARCH_MAX_LENGTH)
    .join("")
    .trim();
}
