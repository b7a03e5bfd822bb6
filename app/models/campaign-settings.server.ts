// Settings → Campaigns (issue 40): how many marketing mails a minute the store's mail server is given, kept in
// site_settings under "campaigns". The campaign sender reads it on every round.
import { CAMPAIGN_RATE_LIMITS } from "~/lib/campaigns";
import { type ActivityActor, recordActivity } from "./activity.server";
import { readSetting, saveInTransaction, writeSetting } from "./site-settings-rows.server";

const KEY = "campaigns";

/** A whole number within the limits, or null. */
export function campaignRateOf(value: unknown): number | null {
  const rate = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof rate === "number" &&
    Number.isInteger(rate) &&
    rate >= CAMPAIGN_RATE_LIMITS.min &&
    rate <= CAMPAIGN_RATE_LIMITS.max
    ? rate
    : null;
}

/** The saved rate, or the default when none (or a bad one) is saved. */
export async function campaignRatePerMinute(): Promise<number> {
  const stored = (await readSetting(KEY)) as { ratePerMinute?: unknown } | null;
  return campaignRateOf(stored?.ratePerMinute) ?? CAMPAIGN_RATE_LIMITS.default;
}

export async function saveCampaignRate(ratePerMinute: number, actor: ActivityActor | null): Promise<void> {
  await saveInTransaction(async (trx) => {
    const before = campaignRateOf(((await readSetting(KEY, trx)) as { ratePerMinute?: unknown } | null)?.ratePerMinute);
    await writeSetting(KEY, { ratePerMinute }, trx);
    await recordActivity(trx, {
      kind: "settings.update",
      actor,
      subject: { type: "settings", id: KEY, title: "Campaigns" },
      changes: { ratePerMinute: { from: before ?? CAMPAIGN_RATE_LIMITS.default, to: ratePerMinute } },
    });
  });
}
