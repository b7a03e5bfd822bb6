import { useRouteLoaderData } from "react-router";
import { defaultSiteSettings, type PublicSite, publicSite } from "~/lib/site-settings";
import { stores } from "~/content/site";
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
    const hours = {
      Lindsey: { weekly: stores[0].weekly, exceptions: [] },
      BlueWater: { weekly: stores[1].weekly, exceptions: [] },
    };
    const settings = defaultSiteSettings({
      menuEmbedUrl: "https://menu.example.com/",
      fullMenuUrl: "https://menu.example.com/",
      mailTo: "",
    });
    return publicSite(settings, hours, now, todayInStoreZone(now));
  })();
  return fallback;
}
