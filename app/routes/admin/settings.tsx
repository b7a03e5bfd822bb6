// /admin/settings: the store facts every page shows (name, banner, phones, addresses, links, notifications).
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, TextArea } from "@radix-ui/themes";
import { data, Form, useActionData, useNavigation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { type ListReply, useActionFailureToast, useAdminForm } from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { FormAlert } from "~/components/admin/form-alert";
import { stores } from "~/content/stores";
import { FIX_FIELDS_MESSAGE, type FormActionData } from "~/lib/form-result";
import { SETTINGS_MESSAGES, settingsFormDefaults, settingsFormSchema } from "~/lib/schemas/settings";
import { todayInStoreZone } from "~/lib/dates";
import { SETTINGS_LIMITS } from "~/lib/schemas/site-settings";
import { bannerStatusSentence } from "~/lib/site-settings";
import { getSiteSettings, saveSiteSettings } from "~/models/site-settings.server";
import type { SiteSettings } from "~/lib/schemas/site-settings";
import { signedInAdmin } from "~/services/auth.server";
import { readFormBody, TEXT_FORM_LIMITS } from "~/server/form-body.server";
import settingsStyles from "~/styles/admin-settings.css?url";
import type { Route } from "./+types/settings";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { formRefusal } from "./form-refusal.server";
import { Field } from "~/components/ui/field";
import { MenuSyncSection } from "~/components/admin/settings/menu-sync-section";
import { OrderingSection } from "~/components/admin/settings/ordering-section";
import { Section, type SettingField, TextSetting } from "~/components/admin/settings/setting-parts";
import { MENU_SYNC_INTENTS } from "~/lib/schemas/menu-sync";
import { loadMenuSync, menuSyncAction } from "./settings-menu-sync.server";
import { loadOrdering, orderingAction } from "./settings-ordering.server";
import { campaignSettingsAction, loadCampaignSettings } from "./settings-campaigns.server";
import { CampaignsSection } from "~/components/admin/settings/campaigns-section";
import { AdvertisingRefused, advertisingJudge } from "~/services/advertising.server";
import { advertisingRefusalOf } from "~/lib/ad-rules/override";
import { adRulesAction, loadAdRules } from "./settings-ad-rules.server";
import { AdRulesSection } from "~/components/admin/settings/ad-rules-section";
import { AdvertisingCheck } from "~/components/admin/ad-findings";

const PATH = "/admin/settings";

export const links: Route.LinksFunction = () => stylesheets(settingsStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(
    matches,
    PATH,
    "Settings",
    "The store facts every page shows: name, banner, phones, addresses, links and notifications.",
  );

export async function loader() {
  const [settings, menuSync, adRules, ordering, campaigns] = await Promise.all([
    getSiteSettings(),
    loadMenuSync(),
    loadAdRules(),
    loadOrdering(),
    loadCampaignSettings(),
  ]);
  return { settings: settingsFormDefaults(settings), menuSync, adRules, ordering, campaigns };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInAdmin(context);
  const body = await readFormBody(request, TEXT_FORM_LIMITS);
  if (!body.ok) {
    const refusal = formRefusal(null, body.message, { outcome: "error", message: SETTINGS_MESSAGES.saveFailed });
    return data<FormActionData>(refusal, { status: body.status });
  }
  // The Menu sync, Advertising rules, Ordering and Campaigns sections are forms of their own.
  const sectionAnswer =
    (await menuSyncAction(body.formData, actor)) ??
    (await adRulesAction(body.formData, actor)) ??
    (await orderingAction(body.formData, actor)) ??
    (await campaignSettingsAction(body.formData, actor));
  if (sectionAnswer) return sectionAnswer;
  const submission = parseWithZod(body.formData, { schema: settingsFormSchema });
  if (submission.status !== "success") {
    const refusal = formRefusal(submission, FIX_FIELDS_MESSAGE, {
      outcome: "invalid",
      message: SETTINGS_MESSAGES.saveFailed,
    });
    return data<FormActionData>(refusal, { status: 400 });
  }
  // The banner is advertising: new words with findings are shown only on the owner's "Publish anyway" and
  // reason; the words already shown do not stop a save of another section. Judged against the settings as
  // the save's transaction reads them (models/site-settings.server.ts).
  const banner = submission.value.banner;
  const judge = await advertisingJudge<SiteSettings>(body.formData, (stored) => ({
    fields: { "banner.text": banner.text },
    publishing: banner.enabled,
    stored: stored && { fields: { "banner.text": stored.banner.text }, published: stored.banner.enabled },
  }));
  try {
    await saveSiteSettings(submission.value, actor, judge);
  } catch (error) {
    if (!(error instanceof AdvertisingRefused)) throw error;
    const refusal = formRefusal(submission, error.gate.message, {
      outcome: "invalid",
      message: SETTINGS_MESSAGES.saveFailed,
    });
    return data({ ...refusal, advertising: error.gate.refusal }, { status: 400 });
  }
  return redirectWithSuccess(PATH, {
    message: SETTINGS_MESSAGES.saved,
    // The banner's dates may keep it hidden: say when it shows rather than "every page shows it".
    description: `Every page shows your changes now. ${bannerStatusSentence(submission.value.banner, todayInStoreZone())}`,
  });
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  // A saved change comes back as new loader data: a fresh form starts from it (and drops the old edits).
  return (
    <SettingsForm
      key={JSON.stringify(loaderData.settings)}
      settings={loaderData.settings}
      menuSync={loaderData.menuSync}
      adRules={loaderData.adRules}
      ordering={loaderData.ordering}
      campaigns={loaderData.campaigns}
    />
  );
}

function SettingsForm({
  settings,
  menuSync,
  adRules,
  ordering,
  campaigns,
}: {
  settings: Route.ComponentProps["loaderData"]["settings"];
  menuSync: Route.ComponentProps["loaderData"]["menuSync"];
  adRules: Route.ComponentProps["loaderData"]["adRules"];
  ordering: Route.ComponentProps["loaderData"]["ordering"];
  campaigns: Route.ComponentProps["loaderData"]["campaigns"];
}) {
  const actionData = useActionData<typeof action>();
  const fromMenuSync = actionData && "intent" in actionData && actionData.intent === MENU_SYNC_INTENTS.save;
  useActionFailureToast(actionData);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === PATH;
  const [form, fields] = useAdminForm(settingsFormSchema, {
    id: "site-settings",
    lastResult: actionData && !fromMenuSync ? { ...actionData, intent: "update" } : undefined,
    defaultValue: settings,
  });
  const banner = fields.banner.getFieldset();
  const socials = fields.socials.getFieldset();
  const notify = fields.notify.getFieldset();
  const storeFields = fields.stores.getFieldset();
  const { key: enabledKey, ...enabledProps } = getInputProps(banner.enabled, { type: "checkbox" });
  const recipients = (field: SettingField, label: string, hint: string) => {
    const { key, ...props } = getTextareaProps(field, { ariaDescribedBy: field.descriptionId });
    return (
      <Field meta={field} label={label} required hint={hint} look="admin">
        <TextArea key={key} {...props} rows={2} spellCheck={false} />
      </Field>
    );
  };

  return (
    <div className="admin-settings">
      <AdminPageHeader
        title="Settings"
        description="What every page says about the business. A saved change shows on the next page anyone opens."
        breadcrumbs={[{ label: "Settings" }]}
      />
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="5">
          <FormAlert id={form.errorId} messages={form.errors} />

          <Section
            id="settings-business"
            title="Business"
            description="The name in every page title, the header, the footer and the age gate."
          >
            <div className="admin-form-row">
              <TextSetting field={fields.name} label="Site name" required maxLength={SETTINGS_LIMITS.name} />
              <TextSetting field={fields.email} label="Contact email" type="email" required autoComplete="email" />
            </div>
          </Section>

          <Section
            id="settings-banner"
            title="Promo banner"
            description="The strip above the header on every public page. Keep it to one sentence; no health claims."
          >
            <label className="admin-checkbox" htmlFor={banner.enabled.id}>
              <input key={enabledKey} {...enabledProps} />
              Show the banner
            </label>
            <TextSetting
              field={banner.text}
              label="Banner text"
              maxLength={SETTINGS_LIMITS.bannerText}
              hint="e.g. First-time customers: 15% off your entire first purchase."
            />
            <AdvertisingCheck
              id="banner-advertising"
              text={banner.text.value ?? ""}
              publishing={banner.enabled.value === "on"}
              refusal={advertisingRefusalOf(actionData)}
              published={settings.banner.enabled ? settings.banner.text : null}
            />
            <TextSetting
              field={banner.href}
              label="Banner link (optional)"
              type="text"
              maxLength={SETTINGS_LIMITS.url}
              hint="A page of this site such as /deals, or an address starting with https://"
            />
            <div className="admin-form-row">
              <TextSetting field={banner.startsOn} label="Show from (optional)" type="date" />
              <TextSetting
                field={banner.endsOn}
                label="Show until (optional)"
                type="date"
                hint="The banner shows through this day."
              />
            </div>
          </Section>

          {stores.map((store) => {
            const facts = storeFields[store.id].getFieldset();
            return (
              <Section
                key={store.id}
                id={`settings-store-${store.id}`}
                title={`${store.shortName} store`}
                description="Phone, address, review links and OMMA license as the footer, Locations, Contact and the search engines' data show them. Hours are under Hours."
              >
                <div className="admin-form-row">
                  <TextSetting field={facts.phone} label="Phone" type="tel" required autoComplete="tel" />
                  <TextSetting field={facts.street} label="Street" required maxLength={SETTINGS_LIMITS.street} />
                </div>
                <div className="admin-form-row">
                  <TextSetting field={facts.city} label="City" required maxLength={SETTINGS_LIMITS.city} />
                  <TextSetting field={facts.postalCode} label="ZIP code" required maxLength={10} />
                </div>
                <TextSetting field={facts.googleReviewUrl} label="'Write on Google' link" type="url" required />
                <TextSetting field={facts.weedmapsUrl} label="'View on Weedmaps' link" type="url" required />
                <TextSetting
                  field={facts.licenseNumber}
                  label="OMMA license number"
                  maxLength={SETTINGS_LIMITS.licenseNumber}
                  hint="As your Oklahoma Medical Marijuana Authority license shows it. Shown in the footer and to search engines; leave empty to hide it."
                />
              </Section>
            );
          })}

          <Section
            id="settings-social"
            title="Social links"
            description="Icons in the header and footer. Leave a field empty to hide that icon."
          >
            <TextSetting field={socials.facebook} label="Facebook" type="url" />
            <TextSetting field={socials.instagram} label="Instagram" type="url" />
            <TextSetting field={socials.x} label="X" type="url" />
          </Section>

          <Section
            id="settings-menu"
            title="Live menu"
            description="From your menu provider: the embed script on the home page and the full menu it links to."
          >
            <TextSetting field={fields.menuEmbedUrl} label="Menu embed URL" type="url" required />
            <TextSetting field={fields.fullMenuUrl} label="Full menu URL" type="url" required />
          </Section>

          <Section
            id="settings-notifications"
            title="Notifications"
            description="Who gets an email when someone applies for a job or sends a message. One address per line."
          >
            {recipients(notify.applications, "Job applications go to", "Up to 10 addresses.")}
            {recipients(notify.inquiries, "Contact messages go to", "Up to 10 addresses.")}
          </Section>

          <Flex justify="end" className="admin-settings__actions">
            <Button type="submit" size="3" disabled={saving}>
              {saving ? "Saving..." : "Save settings"}
            </Button>
          </Flex>
        </Flex>
      </Form>
      <MenuSyncSection
        key={JSON.stringify(menuSync.form)}
        sync={menuSync}
        lastResult={fromMenuSync ? (actionData as ListReply) : undefined}
      />
      <OrderingSection key={JSON.stringify(ordering)} {...ordering} />
      <CampaignsSection key={campaigns.ratePerMinute} {...campaigns} />
      <AdRulesSection key={JSON.stringify(adRules)} rules={adRules} />
    </div>
  );
}
