// The contact form's choices, limits and messages. No zod here: the page loads this module with it, and the
// validator (lib/schemas/contact.ts) only once the visitor starts on the form (usePublicForm in components/site/form-parts.tsx).

/** The topics of the spec, with the labels people read. */
export const TOPICS = [
  { value: "product-suggestion", label: "Product Suggestion" },
  { value: "career", label: "Career" },
  { value: "review", label: "Review" },
  { value: "general", label: "General" },
] as const;

export type Topic = (typeof TOPICS)[number]["value"];

export function topicLabel(value: string): string {
  return TOPICS.find((t) => t.value === value)?.label ?? value;
}

export const contactLimits = { name: 200, email: 254, phone: 40, message: 5000 } as const;

export const CONTACT_SUCCESS_MESSAGE = "Message sent successfully! We'll get back to you soon.";
export const CONTACT_FAILURE_MESSAGE = "Failed to send message. Please try again.";
