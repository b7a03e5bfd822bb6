import { findingsSummary } from "~/lib/ad-rules/override";
import { checkAdvertising } from "~/lib/ad-rules/check";
import { todayInStoreZone } from "~/lib/dates";
import { bannerPublished } from "~/lib/site-settings";
import { getDisabledAdRules } from "~/models/ad-rule-settings.server";
import { type CheckedContentType, listLiveContentWithFindings } from "~/models/ad-findings.server";
import { getSiteSettings } from "~/models/site-settings.server";

// The dashboard's advertising findings (issue 27): the live content whose words the checker flags — posts
// published or scheduled, active deals, gallery photos, brands, the menu's products and the promo banner —
// each a link to where it is edited. Content published with "Publish anyway" stays listed: the words are
// still on the site.

/** One live item with findings, as the dashboard lists it. */
export interface AdvertisingItemView {
  key: string;
  /** "Post", "Deal"… */
  kind: string;
  title: string;
  /** Where it is edited. */
  href: string;
  /** "“cures” (Health claim); …" */
  findings: string;
}

export interface AdvertisingFindingsView {
  total: number;
  items: AdvertisingItemView[];
}

const CONTENT: Record<CheckedContentType, { kind: string; href: (id: string) => string }> = {
  post: { kind: "Post", href: (id) => `/admin/blog/edit/${id}` },
  deal: { kind: "Deal", href: (id) => `/admin/deals?edit=${id}` },
  photo: { kind: "Gallery photo", href: (id) => `/admin/gallery?edit=${id}` },
  brand: { kind: "Brand", href: (id) => `/admin/brands?edit=${id}` },
  product: { kind: "Menu product", href: (id) => `/admin/menu?edit=${id}` },
};

/** The live content with findings of the rules switched on, the banner first. */
export async function loadAdvertisingFindings(now = new Date()): Promise<AdvertisingFindingsView> {
  const today = todayInStoreZone(now);
  const [disabled, settings] = await Promise.all([getDisabledAdRules(), getSiteSettings()]);
  const { items, total } = await listLiveContentWithFindings(disabled, today);
  const views: AdvertisingItemView[] = items.map((item) => ({
    key: `${item.type}-${item.id}`,
    kind: CONTENT[item.type].kind,
    title: item.title,
    href: CONTENT[item.type].href(item.id),
    findings: findingsSummary(item.findings),
  }));
  // The banner lives in the settings: checked here, it is one short text.
  const { banner } = settings;
  const bannerFindings = bannerPublished(banner, today) ? checkAdvertising(banner.text, { disabled }) : [];
  if (bannerFindings.length > 0) {
    views.unshift({
      key: "banner",
      kind: "Promo banner",
      title: banner.text,
      href: "/admin/settings#settings-banner",
      findings: findingsSummary(bannerFindings),
    });
  }
  return { total: total + (bannerFindings.length > 0 ? 1 : 0), items: views };
}
