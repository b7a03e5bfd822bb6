// Settings → Menu sync: which provider the menu is synced from, its key (write-only), each store's id there
// and how often; "Sync now"; and how the last sync ended. A form of its own beside the site settings.
import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { Form, useNavigation } from "react-router";
import { type ListReply, useAdminForm } from "~/components/admin/admin-list-parts";
import { FormAlert } from "~/components/admin/form-alert";
import { SelectOptions } from "~/components/admin/lists/filter-select";
import { Field } from "~/components/ui/field";
import { stores } from "~/content/stores";
import { MENU_PROVIDERS, MENU_SYNC_INTENTS, MENU_SYNC_LIMITS, menuSyncFormSchema } from "~/lib/schemas/menu-sync";
import { Section, TextSetting } from "./setting-parts";

export const MENU_SYNC_SECTION_ID = "settings-menu-sync";

export interface MenuSyncView {
  form: { provider: string; apiKey: string; retailerIds: Record<string, string>; intervalMinutes: string };
  keyHint: string | null;
  /** Why a sync cannot run yet; null when it can. */
  gap: string | null;
  status: { sentence: string; failing: boolean } | null;
}

export function MenuSyncSection({ sync, lastResult }: { sync: MenuSyncView; lastResult: ListReply | undefined }) {
  const navigation = useNavigation();
  const busyWith = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [form, fields] = useAdminForm(menuSyncFormSchema, {
    id: "menu-sync",
    lastResult,
    defaultValue: { ...sync.form, intent: MENU_SYNC_INTENTS.save },
  });
  const retailerIds = fields.retailerIds.getFieldset();
  const { key: providerKey, ...providerProps } = getSelectProps(fields.provider);
  const { key: removeKey, ...removeProps } = getInputProps(fields.removeApiKey, { type: "checkbox" });

  return (
    <Section
      id={MENU_SYNC_SECTION_ID}
      title="Menu sync"
      description="Keeps the site's own menu (/menu) current from your menu provider, each store's menu read on a schedule. Without a provider, import your POS export under Menu."
    >
      {sync.status ? (
        <Callout.Root color={sync.status.failing ? "red" : "gray"} role="status">
          <Callout.Text>{sync.status.sentence}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Form method="post" className="admin-settings__sync-now">
        <input type="hidden" name="intent" value={MENU_SYNC_INTENTS.syncNow} />
        <Flex align="center" justify="between" gap="3" wrap="wrap">
          <Text as="p" size="2" color="gray">
            {sync.gap ?? "A sync reads every store's menu now and updates the site's copy."}
          </Text>
          <Button
            type="submit"
            size="3"
            variant="soft"
            disabled={sync.gap !== null || busyWith === MENU_SYNC_INTENTS.syncNow}
          >
            {busyWith === MENU_SYNC_INTENTS.syncNow ? "Syncing..." : "Sync now"}
          </Button>
        </Flex>
      </Form>
      <Form method="post" {...getFormProps(form)} className="admin-settings__subform">
        <Flex direction="column" gap="4">
          <FormAlert id={form.errorId} messages={form.errors} />
          <input type="hidden" name="intent" value={MENU_SYNC_INTENTS.save} />
          <Field meta={fields.provider} label="Provider" required look="admin">
            <select key={providerKey} {...providerProps} className="admin-select">
              <SelectOptions options={MENU_PROVIDERS} />
            </select>
          </Field>
          <TextSetting
            field={fields.apiKey}
            label="API key"
            type="text"
            maxLength={MENU_SYNC_LIMITS.apiKey}
            hint={
              sync.keyHint
                ? `A key ending in ${sync.keyHint} is saved. Leave this empty to keep it.`
                : "From your provider's dashboard. It is kept on the server and never shown again."
            }
          />
          {sync.keyHint ? (
            <label className="admin-checkbox" htmlFor={fields.removeApiKey.id}>
              <input key={removeKey} {...removeProps} />
              Remove the saved key
            </label>
          ) : null}
          <div className="admin-form-row">
            {stores.map((store) => (
              <TextSetting
                key={store.id}
                field={retailerIds[store.id]}
                label={`${store.shortName} store's id at the provider`}
                maxLength={MENU_SYNC_LIMITS.retailerId}
                hint="Empty: this store is not synced."
              />
            ))}
          </div>
          <TextSetting
            field={fields.intervalMinutes}
            label="Sync every (minutes)"
            required
            hint={`From ${MENU_SYNC_LIMITS.minMinutes} to ${MENU_SYNC_LIMITS.maxMinutes}; 15 keeps prices and stock current.`}
          />
          <Flex justify="end" gap="3" wrap="wrap">
            <Button type="submit" size="3" disabled={busyWith === MENU_SYNC_INTENTS.save}>
              {busyWith === MENU_SYNC_INTENTS.save ? "Saving..." : "Save menu sync"}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Section>
  );
}
