// The sign-up for deals by e-mail (and, with their own unticked box, texts), issue 40: a plain form to
// /subscribe that works without JavaScript, in the footer of every page, on /deals and on /subscribe itself.
// The words beside each box are the ones the consent ledger records (lib/subscriptions.ts).
import { Honeypot } from "~/components/site/honeypot";
import { useSite } from "~/components/ui/use-root-data";
import { emailConsentText, smsConsentText } from "~/lib/subscriptions";

export interface SubscribeFormValues {
  email: string;
  sms: boolean;
  phone: string;
}
export type SubscribeFormErrors = Partial<Record<"email" | "phone" | "form", string>>;

/** A field's error under it, tied to it by id. */
function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="subscribe-form__error" id={id}>
      {message}
    </p>
  ) : null;
}

export function SubscribeForm({
  id,
  page,
  values,
  errors = {},
  submitLabel = "Sign up",
  productSlug,
}: {
  /** Unique on the page (the footer's and /deals' forms are on one page). */
  id: string;
  /** Where the form is: the ledger records the page consent was given on. */
  page: string;
  values?: SubscribeFormValues;
  errors?: SubscribeFormErrors;
  submitLabel?: string;
  /** "Tell me when it's back": the product the sign-up asks about. */
  productSlug?: string;
}) {
  const site = useSite();
  const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;
  return (
    <form method="post" action="/subscribe" className="subscribe-form">
      <input type="hidden" name="page" value={page} />
      {productSlug ? <input type="hidden" name="product" value={productSlug} /> : null}
      <Honeypot formId={id} />
      {errors.form ? (
        <p className="subscribe-form__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="subscribe-form__field">
        <label htmlFor={`${id}-email`}>E-mail</label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={values?.email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy(errors.email && `${id}-email-error`, `${id}-email-consent`)}
        />
        <FieldError id={`${id}-email-error`} message={errors.email} />
      </div>
      <p className="subscribe-form__consent" id={`${id}-email-consent`}>
        {emailConsentText(site.name)}
      </p>
      <div className="subscribe-form__sms">
        <label className="subscribe-form__check">
          <input
            type="checkbox"
            name="sms"
            defaultChecked={values?.sms ?? false}
            aria-describedby={`${id}-sms-disclosure`}
          />{" "}
          Also text me deals
        </label>
        <div className="subscribe-form__field">
          <label htmlFor={`${id}-phone`}>Mobile number (for texts)</label>
          <input
            id={`${id}-phone`}
            type="tel"
            name="phone"
            autoComplete="tel"
            maxLength={40}
            defaultValue={values?.phone}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy(errors.phone && `${id}-phone-error`)}
          />
          <FieldError id={`${id}-phone-error`} message={errors.phone} />
        </div>
        <p className="subscribe-form__disclosure" id={`${id}-sms-disclosure`}>
          {smsConsentText(site.name)}
        </p>
      </div>
      <button type="submit" className="button-link">
        {submitLabel}
      </button>
    </form>
  );
}
