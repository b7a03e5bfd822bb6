import { getTextareaProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { ChoiceField, PersonFields, PublicFormCard, usePublicFormPage } from "~/components/site/form-parts";
import { Honeypot } from "~/components/site/honeypot";
import { MapPinIcon, PhoneIcon } from "~/components/ui/store-icons";
import { useSite } from "~/components/ui/use-root-data";
import { addressLine } from "~/content/site";
import { CONTACT_FAILURE_MESSAGE, CONTACT_SUCCESS_MESSAGE, contactLimits, TOPICS } from "~/lib/contact-form";
import { contactSchema } from "~/lib/schemas/contact";
import { pageMeta, siteName } from "~/lib/seo";
import { submitContactInquiry } from "~/services/submissions.server";
import { publicFormAction } from "./public-form.server";
import formsStyles from "~/styles/forms.css?url";
import type { Route } from "./+types/contact";
import { HYDRATES } from "~/lib/route-handle";
import { Field } from "~/components/ui/field";
import { PageHero } from "~/components/site/page-hero";

// Hydrates for the form's inline checks as each field is left.
export const handle = HYDRATES;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: formsStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact Us",
    description: `Contact ${siteName(matches)} in Norman, Oklahoma: call us, e-mail us or send a message about products, careers or reviews.`,
    path: "/contact",
  });

/** The fields' HTML constraints (required, maxLength…), from the schema the action validates with. */
export function loader() {
  return { constraint: getZodConstraint(contactSchema) };
}

export function action({ request }: Route.ActionArgs) {
  return publicFormAction(request, {
    form: "contact",
    // No files here: every part is text, and the whole form stays small.
    limits: { maxFileSize: 64 * 1024, maxTotalSize: 64 * 1024, maxFiles: 0 },
    schema: contactSchema,
    messages: { success: CONTACT_SUCCESS_MESSAGE, failure: CONTACT_FAILURE_MESSAGE },
    oversizedErrors: { message: ["The message is too long."] },
    prepare: async ({ name, email, phone, topic, message }) => ({ value: { name, email, phone, topic, message } }),
    // Stores the message and queues the store's notification mail, in one transaction.
    store: submitContactInquiry,
    failureLog: "Could not store a contact inquiry",
  });
}

export default function Contact() {
  const site = useSite();
  const [mainStore] = site.stores;
  const { form, fields, actionData, submitting } = usePublicFormPage({
    id: "contact",
    action: "/contact",
    loadSchema: () => import("~/lib/schemas/contact").then((module) => module.contactSchema),
  });

  return (
    <div className="form-page">
      <PageHero
        title="Contact Us"
        lead="Questions, product suggestions or feedback: call us, e-mail us or send a message below."
      />

      <section className="section">
        <div className="container form-layout">
          <aside className="form-aside" aria-labelledby="contact-details">
            <h2 id="contact-details">Get in touch</h2>
            <ul className="contact-details">
              <li>
                <PhoneIcon />
                <div>
                  <span className="contact-details__label">Phone</span>
                  <a href={mainStore.phoneHref}>{mainStore.phone}</a>
                </div>
              </li>
              <li>
                <MailIcon />
                <div>
                  <span className="contact-details__label">Email</span>
                  <a href={`mailto:${site.email}`}>{site.email}</a>
                </div>
              </li>
              <li>
                <MapPinIcon />
                <div>
                  <span className="contact-details__label">Address</span>
                  <address>
                    {mainStore.street}
                    <br />
                    {mainStore.city}, {mainStore.region} {mainStore.postalCode}
                  </address>
                  <a href={mainStore.directionsUrl} target="_blank" rel="noopener noreferrer">
                    Get Directions
                    <span className="visually-hidden"> to {addressLine(mainStore)} (opens in a new tab)</span>
                  </a>
                </div>
              </li>
            </ul>
          </aside>

          <PublicFormCard
            heading="Send us a message"
            form={form}
            actionData={actionData}
            submitting={submitting}
            submitLabel="Send Message"
            busyLabel="Sending..."
          >
            <div className="form-grid">
              <PersonFields
                name={fields.name}
                nameLabel="Name"
                email={fields.email}
                phone={fields.phone}
                phoneRequired={false}
                limits={{ name: contactLimits.name, email: contactLimits.email, phone: contactLimits.phone }}
              />
              <ChoiceField meta={fields.topic} label="Topic" placeholder="Select a topic" choices={TOPICS} />
            </div>

            <Field
              meta={fields.message}
              label="Message"
              required
              hint={`Up to ${contactLimits.message.toLocaleString("en-US")} characters.`}
              look="site"
            >
              <textarea
                {...getTextareaProps(fields.message, { ariaDescribedBy: fields.message.descriptionId })}
                rows={6}
                maxLength={contactLimits.message}
              />
            </Field>

            <Honeypot formId={form.id} />
          </PublicFormCard>
        </div>
      </section>
    </div>
  );
}

function MailIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}
