import { useRouteLoaderData } from "react-router";
import { defaultSiteSettings, defaultStoreHours, type PublicSite, publicSite } from "~/lib/site-settings";
import { todayInStoreZone } from "~/lib/dates";
import type { loader } from "~/root";

/** The root loader's data (age gate, toast, the business's facts) from any component. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

let fallback: PublicSite | undefined;

/**
 * The business's live facts (name, phones, addresses, hours and status, banner, menu) from the root loader.
 * Only when the root loader itself failed (an error page) do the defaults stand in.
 */
export function useSite(): PublicSite {
  const site = useRootData()?.site;
  if (site) return site;
  fallback ??= (() => {
    const now = new Date();
    const settings = defaultSiteSettings({
      menuEmbedUrl: "https://menu.example.com/",
      fullMenuUrl: "https://menu.example.com/",
      mailTo: "",
    });
    return publicSite(settings, defaultStoreHours(), now, todayInStoreZone(now));
  })();
  return fallback;
}
