// Settings → Campaigns (issue 40): how many marketing mails a minute go to the store's mail server. A small
// relay or a provider's hourly limit sets it; every instance together keeps to it.
import { Button, Flex, Text } from "@radix-ui/themes";
import { Form, useNavigation } from "react-router";
import { CAMPAIGN_RATE_INTENT, CAMPAIGN_RATE_LIMITS, sendingTime } from "~/lib/campaigns";
import { NumberField, Section } from "./setting-parts";

export function CampaignsSection({ ratePerMinute, confirmed }: { ratePerMinute: number; confirmed: number }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === CAMPAIGN_RATE_INTENT;
  return (
    <Section
      id="settings-campaigns"
      title="Campaigns"
      description="How fast a campaign goes out. Ask your mail provider how many mails a minute it takes from you."
    >
      <Form method="post" className="admin-settings__subform">
        <input type="hidden" name="intent" value={CAMPAIGN_RATE_INTENT} />
        <Flex direction="column" gap="3">
          <NumberField
            name="ratePerMinute"
            label="Mails a minute"
            min={CAMPAIGN_RATE_LIMITS.min}
            max={CAMPAIGN_RATE_LIMITS.max}
            value={ratePerMinute}
          />
          <Text as="p" size="2" color="gray">
            {confirmed > 0
              ? `At this rate a campaign to your ${confirmed.toLocaleString("en-US")} confirmed subscribers takes ${sendingTime(confirmed, ratePerMinute)}.`
              : "No one has confirmed a subscription yet."}
          </Text>
          <Flex justify="end">
            <Button type="submit" size="3" disabled={saving}>
              {saving ? "Saving..." : "Save campaigns"}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Section>
  );
}
