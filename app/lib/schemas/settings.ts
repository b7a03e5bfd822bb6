import { z } from "zod";
import { httpUrl, SETTINGS_LIMITS, siteSettingsSchema, type SiteSettings } from "./site-settings";

// The Admin → Settings form: the stored settings (app/lib/site-settings.ts) as flat, nested form fields
// ("banner.text", "stores.Lindsey.phone"), with what a form sends turned into what the settings hold: empty
// optional links become null, a list of recipients is one address per line (or separated by commas).

export const SETTINGS_MESSAGES = {
  saved: "Settings saved",
  saveFailed: "Failed to save settings",
} as const;

const optionalUrl = httpUrl.optional().transform((value) => value ?? null);
const optional = z
  .string()
  .optional()
  .transform((value) => value ?? null);

/** "a@x.com, b@y.com" or one per line → the addresses; every one must be an e-mail address. */
export function splitRecipients(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

const recipients = z
  .string({ error: "Enter at least one email address" })
  .transform(splitRecipients)
  .superRefine((list, context) => {
    if (list.length === 0) context.addIssue({ code: "custom", message: "Enter at least one email address" });
    const wrong = list.find((address) => address.length > 254 || !z.email().safeParse(address).success);
    if (wrong) context.addIssue({ code: "custom", message: `“${wrong.slice(0, 60)}” is not an email address` });
    if (list.length > SETTINGS_LIMITS.recipients) {
      context.addIssue({ code: "custom", message: `At most ${SETTINGS_LIMITS.recipients} addresses` });
    }
  });

const storeFields = siteSettingsSchema.shape.stores.shape.Lindsey;

export const settingsFormSchema = z
  .object({
    name: siteSettingsSchema.shape.name,
    email: siteSettingsSchema.shape.email,
    banner: z.object({
      enabled: z.boolean().optional().default(false),
      text: z.string().optional().default(""),
      href: optional,
      startsOn: optional,
      endsOn: optional,
    }),
    socials: z.object({ facebook: optionalUrl, instagram: optionalUrl, x: optionalUrl }),
    menuEmbedUrl: httpUrl,
    fullMenuUrl: httpUrl,
    notify: z.object({ applications: recipients, inquiries: recipients }),
    stores: z.object({ Lindsey: storeFields, BlueWater: storeFields }),
  })
  .transform((value, context): SiteSettings => {
    // The banner's own rules (text when on, dates in order, an http(s) or on-site link) with their paths.
    const banner = siteSettingsSchema.shape.banner.safeParse(value.banner);
    if (!banner.success) {
      for (const issue of banner.error.issues) {
        context.addIssue({ code: "custom", message: issue.message, path: ["banner", ...issue.path] });
      }
      return z.NEVER;
    }
    return { ...value, banner: banner.data };
  });

/** The form's starting values: the live settings as the fields hold them. */
export function settingsFormDefaults(settings: SiteSettings) {
  return {
    ...settings,
    banner: {
      ...settings.banner,
      href: settings.banner.href ?? "",
      startsOn: settings.banner.startsOn ?? "",
      endsOn: settings.banner.endsOn ?? "",
    },
    socials: {
      facebook: settings.socials.facebook ?? "",
      instagram: settings.socials.instagram ?? "",
      x: settings.socials.x ?? "",
    },
    notify: {
      applications: settings.notify.applications.join("\n"),
      inquiries: settings.notify.inquiries.join("\n"),
    },
  };
}
