// What a route tells the document about itself through React Router's `handle` (read with useMatches).
import type { UIMatch } from "react-router";

export interface RouteHandle {
  /**
   * The page needs JavaScript for something it offers a visitor (a carousel, a form's inline checks, the
   * live map, a copy-link button, the admin): the document loads the scripts and hydrates. A page whose
   * routes do not ask ships no script at all; everything on it works as HTML and CSS.
   */
  hydrate?: boolean;
  /** An admin page drawn in the public site's header and footer (the post preview). */
  publicChrome?: boolean;
}

/** The handle of a page that hydrates. */
export const HYDRATES: RouteHandle = { hydrate: true };

export function routeHandle(match: UIMatch): RouteHandle {
  return (match.handle ?? {}) as RouteHandle;
}

/** Whether any of the matched routes asks for the page to hydrate. */
export function pageHydrates(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => routeHandle(match).hydrate === true);
}
