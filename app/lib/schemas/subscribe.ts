import { z } from "zod";
import { phoneDigits } from "~/lib/phone";
import { emailField } from "./fields";

/** A page of ours the form was on ("/deals", "/menu/flower/…"): where the consent was given. */
const pagePath = z
  .string()
  .trim()
  .max(300)
  .optional()
  .transform((value) => (value && /^\/(?![/\\])/.test(value) ? value : undefined));

/** The sign-up form (the footer's, /deals', /subscribe's): e-mail required; texts only with their box ticked. */
export const subscribeSchema = z
  .object({
    email: emailField(254),
    sms: z.literal("on").optional(),
    phone: z.string().trim().max(40).optional(),
    page: pagePath,
    /** "Tell me when it's back": the product's slug, on a product page out at both stores. */
    product: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((value) => value || null),
    honeypot: z.string().optional(),
  })
  .transform((value, context) => {
    const phone = value.phone ? phoneDigits(value.phone) : null;
    if (value.sms && !phone) {
      context.addIssue({
        code: "custom",
        path: ["phone"],
        message: value.phone ? "Please enter a US mobile number" : "Please enter your mobile number for texts",
      });
      return z.NEVER;
    }
    return {
      email: value.email.toLowerCase(),
      sms: Boolean(value.sms),
      phone: value.sms ? phone : null,
      page: value.page ?? null,
      productSlug: value.product ?? null,
    };
  });
