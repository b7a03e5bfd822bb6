import { z } from "zod";
import { contactLimits, TOPICS, type Topic } from "~/lib/contact-form";
import { emailField, optionalPhone, requiredText } from "./fields";

const topicValues = TOPICS.map((t) => t.value) as [Topic, ...Topic[]];

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
