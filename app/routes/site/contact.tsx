import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import {
  FieldShell,
  FormNotice,
  Honeypot,
  useSelectPlaceholders,
  usePublicForm,
  useSubmissionToast,
} from "~/components/site/form-parts";
import { MapPinIcon, PhoneIcon } from "~/components/ui/icons";
import { useSite } from "~/components/ui/use-root-data";
import { addressLine } from "~/content/site";
import { CONTACT_FAILURE_MESSAGE, CONTACT_SUCCESS_MESSAGE, contactLimits, TOPICS } from "~/lib/contact-form";
import { contactSchema } from "~/lib/schemas/contact";
import { pageMeta, siteName } from "~/lib/seo";
import { createContactInquiry } from "~/models/inquiries.server";
import { publicFormAction } from "~/server/public-form.server";
import formsStyles from "~/styles/forms.css?url";
import type { Route } from "./+types/contact";
import { HYDRATES } from "~/lib/route-handle";

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
    store: createContactInquiry,
    failureLog: "Could not store a contact inquiry",
  });
}

export default function Contact() {
  const site = useSite();
  const [mainStore] = site.stores;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/contact";
  const { constraint } = useLoaderData<typeof loader>();
  const [form, fields] = usePublicForm({
    id: "contact",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    constraint,
    loadSchema: () => import("~/lib/schemas/contact").then((module) => module.contactSchema),
  });
  useSubmissionToast(actionData);
  useSelectPlaceholders(form.id);

  return (
    <div className="form-page">
      <section className="page-hero">
        <div className="container">
          <h1>Contact Us</h1>
          <p>Questions, product suggestions or feedback: call us, e-mail us or send a message below.</p>
        </div>
      </section>

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

          <div className="form-card">
            <h2>Send us a message</h2>
            <FormNotice data={actionData} />
            <Form method="post" className="form" {...getFormProps(form)}>
              <p className="form__legend">
                Fields marked <span aria-hidden="true">*</span>
                <span className="visually-hidden">with an asterisk</span> are required.
              </p>
              <div id={form.errorId} className="form-alert" role="alert" hidden={!form.errors?.length}>
                {form.errors?.join(" ")}
              </div>

              <div className="form-grid">
                <FieldShell
                  id={fields.name.id}
                  label="Name"
                  required
                  errorId={fields.name.errorId}
                  errors={fields.name.errors}
                >
                  <input
                    {...getInputProps(fields.name, { type: "text" })}
                    autoComplete="name"
                    maxLength={contactLimits.name}
                  />
                </FieldShell>
                <FieldShell
                  id={fields.email.id}
                  label="Email"
                  required
                  errorId={fields.email.errorId}
                  errors={fields.email.errors}
                >
                  <input
                    {...getInputProps(fields.email, { type: "email" })}
                    autoComplete="email"
                    maxLength={contactLimits.email}
                  />
                </FieldShell>
                <FieldShell
                  id={fields.phone.id}
                  label="Phone"
                  errorId={fields.phone.errorId}
                  errors={fields.phone.errors}
                >
                  <input
                    {...getInputProps(fields.phone, { type: "tel" })}
                    autoComplete="tel"
                    maxLength={contactLimits.phone}
                  />
                </FieldShell>
                <FieldShell
                  id={fields.topic.id}
                  label="Topic"
                  required
                  errorId={fields.topic.errorId}
                  errors={fields.topic.errors}
                >
                  <select {...getSelectProps(fields.topic)}>
                    <option value="">Select a topic</option>
                    {TOPICS.map((topic) => (
                      <option key={topic.value} value={topic.value}>
                        {topic.label}
                      </option>
                    ))}
                  </select>
                </FieldShell>
              </div>

              <FieldShell
                id={fields.message.id}
                label="Message"
                required
                hint={`Up to ${contactLimits.message.toLocaleString("en-US")} characters.`}
                hintId={`${fields.message.id}-hint`}
                errorId={fields.message.errorId}
                errors={fields.message.errors}
              >
                <textarea
                  {...getTextareaProps(fields.message, { ariaDescribedBy: `${fields.message.id}-hint` })}
                  rows={6}
                  maxLength={contactLimits.message}
                />
              </FieldShell>

              <Honeypot formId={form.id} />

              <button type="submit" className="button-link form__submit" disabled={submitting}>
                {submitting ? "Sending..." : "Send Message"}
              </button>
            </Form>
          </div>
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
