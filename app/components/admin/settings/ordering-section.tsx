// Settings → Ordering (issue 39): per store, how the bag becomes an order — off, handed to the menu provider's
// checkout, or kept by the store (Admin → Orders) — with the lead time and how long orders keep personal data.
import { Button, Callout, Flex } from "@radix-ui/themes";
import { Form, useNavigation } from "react-router";
import { CHECKOUT_MODES, type CheckoutMode, ORDERING_INTENT, ORDERING_LIMITS } from "~/lib/schemas/ordering";
import { NumberField, Section } from "./setting-parts";

export const ORDERING_SECTION_ID = "settings-ordering";

interface OrderingSectionProps {
  modes: Record<string, CheckoutMode>;
  leadMinutes: number;
  retentionDays: number;
  stores: { id: string; name: string; providerReady: boolean }[];
}

export function OrderingSection({ modes, leadMinutes, retentionDays, stores }: OrderingSectionProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === ORDERING_INTENT;
  const waitingForProvider = stores.filter((store) => modes[store.id] === "provider" && !store.providerReady);
  return (
    <Section
      id={ORDERING_SECTION_ID}
      title="Ordering"
      description="How a patient's bag becomes an order for pickup at each store. The OMMA card and a photo ID are checked at the counter, and payment is taken there."
    >
      {waitingForProvider.length > 0 ? (
        <Callout.Root color="amber" role="status">
          <Callout.Text>
            {waitingForProvider.map((store) => store.name).join(" and ")}: handing bags to the provider needs the
            Dutchie Plus key and the store&apos;s id in Menu sync below. Until then the bag offers the online menu.
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <Form method="post" className="admin-settings__subform">
        <input type="hidden" name="intent" value={ORDERING_INTENT} />
        <Flex direction="column" gap="3">
          {stores.map((store) => (
            <fieldset key={store.id} className="admin-settings__rules">
              <legend>
                <strong>{store.name}</strong>
              </legend>
              {CHECKOUT_MODES.map((mode) => (
                <label key={mode.value} className="admin-checkbox admin-settings__rule">
                  <input
                    type="radio"
                    name={`mode.${store.id}`}
                    value={mode.value}
                    defaultChecked={modes[store.id] === mode.value}
                  />
                  <span>{mode.label}</span>
                </label>
              ))}
            </fieldset>
          ))}
          <NumberField
            name="leadMinutes"
            label="Soonest pickup, in minutes after the order"
            min={ORDERING_LIMITS.minLeadMinutes}
            max={ORDERING_LIMITS.maxLeadMinutes}
            value={leadMinutes}
          />
          <NumberField
            name="retentionDays"
            label="Remove a patient's name, phone, e-mail and note from orders after (days)"
            min={ORDERING_LIMITS.minRetentionDays}
            max={ORDERING_LIMITS.maxRetentionDays}
            value={retentionDays}
          />
          <Flex justify="end">
            <Button type="submit" size="3" disabled={saving}>
              {saving ? "Saving..." : "Save ordering"}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Section>
  );
}
