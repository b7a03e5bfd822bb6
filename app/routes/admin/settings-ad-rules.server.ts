import { redirectWithSuccess } from "remix-toast";
import { AD_RULE_KINDS, type AdRuleKind } from "~/lib/ad-rules/rules";
import { AD_RULES_INTENT, AD_RULES_MESSAGES } from "~/lib/schemas/ad-rules";
import type { ActivityActor } from "~/models/activity.server";
import { getDisabledAdRules, saveDisabledAdRules } from "~/models/ad-rule-settings.server";

// Admin → Settings → Advertising rules: which kinds of the checker's rules warn the owner. The rules'
// table itself is the site's (app/lib/ad-rules/rules.ts); only a kind can be turned off.

export async function loadAdRules() {
  const disabled = await getDisabledAdRules();
  return AD_RULE_KINDS.map((entry) => ({ ...entry, on: !disabled.includes(entry.kind) }));
}

/** The section's save; null when the post is another form's. */
export async function adRulesAction(formData: FormData, actor: ActivityActor): Promise<Response | null> {
  if (formData.get("intent") !== AD_RULES_INTENT) return null;
  const on = new Set(formData.getAll("on").map(String));
  const disabled = AD_RULE_KINDS.map((entry) => entry.kind).filter((kind) => !on.has(kind)) as AdRuleKind[];
  await saveDisabledAdRules(disabled, actor);
  const off = AD_RULE_KINDS.filter((entry) => disabled.includes(entry.kind)).map((entry) => entry.label);
  return redirectWithSuccess("/admin/settings#settings-ad-rules", {
    message: AD_RULES_MESSAGES.saved,
    description:
      off.length === 0
        ? "Every rule checks what you write."
        : `Off: ${off.join(", ")}. The editors no longer warn about ${off.length === 1 ? "it" : "them"}; the law still applies.`,
  });
}
