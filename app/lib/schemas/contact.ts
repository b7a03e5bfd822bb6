import { z } from "zod";
import { emailField, optionalPhone, requiredText } from "./fields";

/** The topics of the spec, with the labels people read. */
export const TOPICS = [
  { value: "product-suggestion", label: "Product Suggestion" },
  { value: "career", label: "Career" },
  { value: "review", label: "Review" },
  { value: "general", label: "General" },
] as const;

export type Topic = (typeof TOPICS)[number]["value"];

const topicValues = TOPICS.map((t) => t.value) as [Topic, ...Topic[]];

export function topicLabel(value: string): string {
  return TOPICS.find((t) => t.value === value)?.label ?? value;
}

export const contactLimits = { name: 200, email: 254, phone: 40, message: 5000 } as const;

/** The contact form ('Contact Us'): the browser (conform) and the server validate with it. */
export const contactSchema = z.object({
  name: requiredText("Name", contactLimits.name),
  email: emailField(contactLimits.email),
  phone: optionalPhone(contactLimits.phone),
  topic: z.enum(topicValues, {
    error: (issue) => (issue.input === undefined ? "Please choose a topic" : "Please choose a topic from the list"),
  }),
  message: requiredText("Message", contactLimits.message),
  honeypot: z.string().optional(),
});

export type ContactSubmission = z.infer<typeof contactSchema>;

export const CONTACT_SUCCESS_MESSAGE = "Message sent successfully! We'll get back to you soon.";
export const CONTACT_FAILURE_MESSAGE = "Failed to send message. Please try again.";
