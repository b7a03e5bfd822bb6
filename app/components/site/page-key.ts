/** Sections of the public site whose heroes are drawn differently (see .page-hero in app.css). */
const sections = new Set([
  "about",
  "blog",
  "brands",
  "careers",
  "contact",
  "deals",
  "locations",
  "privacy",
  "reviews",
  "terms",
]);

/** The `data-page` of <main>: "home" for /, the section for /blog/…, "page" for anything else (404s). */
export function pageKeyFromPath(pathname: string): string {
  const first = pathname.split("/").find(Boolean);
  if (!first) return "home";
  return sections.has(first) ? first : "page";
}
