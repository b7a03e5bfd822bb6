import { Link } from "react-router";
import { OrderSummary } from "~/components/order/order-summary";
import { Honeypot } from "~/components/site/honeypot";
import { PageHero } from "~/components/site/page-hero";
import { pageMeta } from "~/lib/seo";
import { PRIVATE_CACHE_CONTROL } from "~/server/http-cache.server";
import bagStyles from "~/styles/bag.css?url";
import formStyles from "~/styles/forms.css?url";
import { CHECKOUT_LIMITS } from "~/lib/orders";
import { loadCheckout, submitCheckout, type CheckoutFieldErrors, type CheckoutValues } from "./checkout.server";
import type { Route } from "./+types/checkout";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: bagStyles },
];

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Check out", description: "Order for pickup.", path: "/bag/checkout" }),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_CACHE_CONTROL });

export function loader({ request }: Route.LoaderArgs) {
  return loadCheckout(request);
}

export function action({ request }: Route.ActionArgs) {
  return submitCheckout(request);
}

/** A field's error, tied to it by id. */
function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="form-field__error" id={id}>
      {message}
    </p>
  ) : null;
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;

/** A text field of the form, its error under it; the contact fields also point at "a phone or an e-mail". */
function CheckoutField({
  name,
  label,
  type = "text",
  autoComplete,
  required = false,
  contact = false,
  errors,
  values,
}: {
  name: "name" | "phone" | "email";
  label: string;
  type?: "text" | "tel" | "email";
  autoComplete: string;
  required?: boolean;
  contact?: boolean;
  errors: CheckoutFieldErrors;
  values: CheckoutValues | undefined;
}) {
  const id = `checkout-${name}`;
  const error = errors[name];
  const contactError = contact ? errors.contact : undefined;
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required || undefined}
        maxLength={name === "phone" ? undefined : CHECKOUT_LIMITS[name]}
        defaultValue={values?.[name]}
        aria-invalid={error || contactError ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`, contactError && "checkout-contact-error")}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { bag, store, days } = loaderData;
  const errors: CheckoutFieldErrors = actionData?.errors ?? {};
  const values = actionData?.values;
  const count = Object.keys(errors).length;
  return (
    <>
      <PageHero title="Check out" />
      <section className="section">
        <div className="container checkout">
          <div className="checkout__summary">
            <h2>Your order</h2>
            <OrderSummary
              lines={bag.lines.map((line) => ({
                key: `${line.productId} ${line.optionLabel}`,
                text: `${line.quantity} × ${line.name} (${line.optionLabel})`,
                totalCents: line.lineTotalCents,
              }))}
              subtotalCents={bag.subtotalCents}
            />
            <p>
              Pick up at <strong>{store.name}</strong>. <Link to="/bag">Change your bag or store</Link>
            </p>
          </div>
          {days.length === 0 ? (
            <div className="bag-blockers" role="alert">
              <p>
                {store.name} has no pickup times in the next three days. Please choose the other store in your bag, or
                call us.
              </p>
            </div>
          ) : (
            <form method="post" className="form-card checkout__form" noValidate>
              {count > 0 ? (
                <p className="form-alert" role="alert">
                  {errors.form ?? "Please correct the highlighted fields."}
                </p>
              ) : null}
              <Honeypot formId="checkout" />
              <CheckoutField name="name" label="Name" autoComplete="name" required errors={errors} values={values} />
              <fieldset className="checkout__contact" aria-describedby="checkout-contact-hint">
                <legend>How we reach you</legend>
                <p id="checkout-contact-hint" className="form-field__hint">
                  A phone number or an e-mail address (or both). With an e-mail we send your confirmation and tell you
                  when the order is ready.
                </p>
                <FieldError id="checkout-contact-error" message={errors.contact} />
                <CheckoutField
                  name="phone"
                  label="Phone"
                  type="tel"
                  autoComplete="tel"
                  contact
                  errors={errors}
                  values={values}
                />
                <CheckoutField
                  name="email"
                  label="E-mail"
                  type="email"
                  autoComplete="email"
                  contact
                  errors={errors}
                  values={values}
                />
              </fieldset>
              <div className="form-field">
                <label className="form-field__label" htmlFor="checkout-window">
                  Pickup time
                </label>
                <select
                  id="checkout-window"
                  name="window"
                  required
                  defaultValue={values?.window ?? ""}
                  aria-invalid={errors.window ? true : undefined}
                  aria-describedby={describedBy(errors.window && "checkout-window-error")}
                >
                  <option value="" disabled>
                    Choose a time
                  </option>
                  {days.map((day) => (
                    <optgroup key={day.date} label={day.label}>
                      {day.windows.map((window) => (
                        <option key={window.start} value={String(window.start)}>
                          {day.label}, {window.label}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
                <FieldError id="checkout-window-error" message={errors.window} />
              </div>
              <div className="form-field">
                <label className="form-field__label" htmlFor="checkout-note">
                  Note (optional)
                </label>
                <textarea
                  id="checkout-note"
                  name="note"
                  rows={3}
                  maxLength={CHECKOUT_LIMITS.note}
                  defaultValue={values?.note}
                  aria-invalid={errors.note ? true : undefined}
                  aria-describedby={describedBy(errors.note && "checkout-note-error")}
                />
                <FieldError id="checkout-note-error" message={errors.note} />
              </div>
              <p className="checkout__notice">
                Your OMMA patient card and a photo ID are checked at pickup. Payment is at the counter.
              </p>
              <button type="submit" className="button-link">
                Place order
              </button>
            </form>
          )}
        </div>
      </section>
    </>
  );
}
