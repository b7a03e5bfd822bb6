// POST /subscribe: a sign-up from any of the site's forms (the footer's, /deals', /subscribe's). The answer is
// the same whether or not the address was on the list (no one learns who is); only a form that cannot be read
// is refused, with what to fix.
import { data, redirect } from "react-router";
import { subscribeSchema } from "~/lib/schemas/subscribe";
import { emailConsentText, smsConsentText } from "~/lib/subscriptions";
import { getSiteSettings } from "~/models/site-settings.server";
import { signUp } from "~/models/subscribers.server";
import { readPublicForm } from "~/routes/site/public-form.server";
import { clientNetwork } from "~/server/client-network.server";
import { nudgeMailWorker } from "~/services/mail-queue.server";
import { clientIp } from "~/services/rate-limit.server";
import type { SubscribeFormErrors, SubscribeFormValues } from "~/components/site/subscribe-form";

export const SIGNED_UP_PATH = "/subscribe?sent=1";

const refused = (values: SubscribeFormValues, errors: SubscribeFormErrors, status = 400) =>
  data({ values, errors }, { status });

export async function submitSignUp(request: Request) {
  const read = await readPublicForm(request, "subscribe", {
    maxFileSize: 1024,
    maxTotalSize: 4 * 1024,
    maxFiles: 0,
    maxParts: 10,
  });
  const empty: SubscribeFormValues = { email: "", sms: false, phone: "" };
  if (read.kind === "refused") return refused(empty, { form: read.message }, read.status);
  // A bot that filled the trap hears what everyone hears; nothing is stored, nothing sent.
  if (read.kind === "spam") throw redirect(SIGNED_UP_PATH, 303);
  const text = (name: string) => {
    const value = read.formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: SubscribeFormValues = { email: text("email"), sms: text("sms") === "on", phone: text("phone") };
  const parsed = subscribeSchema.safeParse(Object.fromEntries(read.formData));
  if (!parsed.success) {
    const errors: SubscribeFormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "email" || field === "phone") && !errors[field]) errors[field] = issue.message;
    }
    if (!errors.email && !errors.phone) errors.form = "The form could not be read. Please try again.";
    return refused(values, errors);
  }
  const { name } = await getSiteSettings();
  const signed = await signUp(
    {
      email: parsed.data.email,
      phone: parsed.data.phone,
      emailText: emailConsentText(name),
      smsText: parsed.data.phone ? smsConsentText(name) : null,
      storeName: name,
      productSlug: parsed.data.productSlug,
    },
    { page: parsed.data.page, clientNetwork: clientNetwork(clientIp(request)) },
  );
  if (signed.confirmationQueued) nudgeMailWorker();
  throw redirect(SIGNED_UP_PATH, 303);
}
