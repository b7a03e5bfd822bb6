import { createContext, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/lib/root-data";
import type { PublicSite } from "~/lib/site-settings";

/** The root loader's data (age gate, toast, the business's facts) from any component. */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}

/**
 * The facts an error page shows when the root loader did not run (its middleware failed): the server entry
 * provides them (the last facts the process read), so the pages' scripts never carry the code that makes them.
 */
export const SiteFallbackContext = createContext<(() => PublicSite) | null>(null);

let lastSite: PublicSite | undefined;

/**
 * The business's live facts (name, phones, addresses, hours and status, banner, menu) from the root loader.
 * Without them the server stands in the last facts it read, and the browser the ones it last had: a page hydrates
 * only with the root's data (root.tsx), so it always has some.
 */
export function useSite(): PublicSite {
  const site = useRootData()?.site;
  const fallback = useContext(SiteFallbackContext);
  if (site) {
    if (typeof document !== "undefined") lastSite = site;
    return site;
  }
  const standIn = fallback?.() ?? lastSite;
  if (!standIn) throw new Error("The site's facts are missing: a page hydrated without the root loader's data.");
  return standIn;
}
