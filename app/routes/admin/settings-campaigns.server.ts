// Admin → Settings → Campaigns (issue 40): the rate a campaign goes out at. A form of its own beside the site settings.
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { CAMPAIGN_RATE_INTENT, CAMPAIGN_RATE_LIMITS } from "~/lib/campaigns";
import type { ActivityActor } from "~/models/activity.server";
import { campaignRateOf, campaignRatePerMinute, saveCampaignRate } from "~/models/campaign-settings.server";
import { subscriberCounts } from "~/models/subscribers.server";

const SECTION = "/admin/settings#settings-campaigns";

export async function loadCampaignSettings() {
  const [ratePerMinute, counts] = await Promise.all([campaignRatePerMinute(), subscriberCounts()]);
  return { ratePerMinute, confirmed: counts.confirmed };
}

/** The section's save; null when the post is another form's. */
export async function campaignSettingsAction(formData: FormData, actor: ActivityActor): Promise<Response | null> {
  if (formData.get("intent") !== CAMPAIGN_RATE_INTENT) return null;
  const rate = campaignRateOf(formData.get("ratePerMinute"));
  if (rate === null) {
    return redirectWithError(SECTION, {
      message: "Campaigns were not saved",
      description: `Give a whole number of mails a minute, ${CAMPAIGN_RATE_LIMITS.min} to ${CAMPAIGN_RATE_LIMITS.max.toLocaleString("en-US")}.`,
    });
  }
  await saveCampaignRate(rate, actor);
  return redirectWithSuccess(SECTION, { message: "Campaigns saved", description: `${rate} mails a minute.` });
}
