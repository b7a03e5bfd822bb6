// Admin → Settings → Advertising rules: the form's intent and its words (browser-safe).
export const AD_RULES_INTENT = "ad-rules";

export const AD_RULES_MESSAGES = {
  saved: "Advertising rules saved",
  warning:
    "Turning a rule off only stops the warnings: 63 O.S. § 427.21 still applies to everything the site publishes.",
} as const;
