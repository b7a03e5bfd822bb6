// Settings → Advertising rules: a switch per kind of rule (health claims, overconsumption, appeal to minors,
// recreational wording, misleading absolutes), each on unless the owner turned it off, with the warning that
// the law applies either way. A form of its own beside the site settings.
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { Form, useNavigation } from "react-router";
import { AD_RULES_INTENT, AD_RULES_MESSAGES } from "~/lib/schemas/ad-rules";
import { Section } from "./setting-parts";

export const AD_RULES_SECTION_ID = "settings-ad-rules";

const DESCRIPTIONS: Record<string, string> = {
  "health-claim": "“cures”, “treats insomnia”, “relieves anxiety”, “anti-cancer”",
  overconsumption: "“get wasted”, “all you can smoke”, “binge”",
  minors: "“cartoon”, “kid-friendly”, “toys”, “back to school”",
  recreational: "“recreational”, “no card needed”, “anyone can buy”",
  misleading: "“guaranteed”, “100% safe”, “no side effects”, “clinically proven”",
};

export function AdRulesSection({ rules }: { rules: { kind: string; label: string; on: boolean }[] }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === AD_RULES_INTENT;
  const off = rules.filter((rule) => !rule.on);
  return (
    <Section
      id={AD_RULES_SECTION_ID}
      title="Advertising rules"
      description="Oklahoma's advertising rules for medical marijuana businesses, checked as you write posts, deals, the promo banner, gallery captions, brands and menu descriptions: a finding shows beside the text, and publishing words with one needs “Publish anyway” and a reason."
    >
      {off.length > 0 ? (
        <Callout.Root color="amber" role="status">
          <Callout.Text>
            Off: {off.map((rule) => rule.label).join(", ")}. {AD_RULES_MESSAGES.warning}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <Form method="post" className="admin-settings__subform">
        <input type="hidden" name="intent" value={AD_RULES_INTENT} />
        <Flex direction="column" gap="3">
          <fieldset className="admin-settings__rules">
            <legend className="visually-hidden">Rules that warn you</legend>
            {rules.map((rule) => (
              <label key={rule.kind} className="admin-checkbox admin-settings__rule">
                <input type="checkbox" name="on" value={rule.kind} defaultChecked={rule.on} />
                <span>
                  <strong>{rule.label}</strong>
                  <Text as="span" size="2" color="gray">
                    {" "}
                    — {DESCRIPTIONS[rule.kind]}
                  </Text>
                </span>
              </label>
            ))}
          </fieldset>
          <Text as="p" size="2" color="gray">
            {AD_RULES_MESSAGES.warning}
          </Text>
          <Flex justify="end">
            <Button type="submit" size="3" disabled={saving}>
              {saving ? "Saving..." : "Save advertising rules"}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Section>
  );
}
