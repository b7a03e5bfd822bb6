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
import { useSite } from "~/components/ui/use-root-data";
import {
  APPLICATION_FAILURE_MESSAGE,
  APPLICATION_SUCCESS_MESSAGE,
  careersLimits,
  POSITIONS,
  RESUME_ACCEPT,
  RESUME_MAX_BYTES,
  RESUME_SIZE_MESSAGE,
  RESUME_TYPE_MESSAGE,
} from "~/lib/careers-form";
import { careersSchema } from "~/lib/schemas/careers";
import { pageMeta, siteName } from "~/lib/seo";
import { createJobApplication } from "~/models/applications.server";
import { detectFileType, extensionFor, RESUME_FILE_TYPES } from "~/server/file-type.server";
import { publicFormAction } from "~/server/public-form.server";
import formsStyles from "~/styles/forms.css?url";
import type { Route } from "./+types/careers";
import { HYDRATES } from "~/lib/route-handle";

// Hydrates for the form's inline checks (each field as it is left, the résumé's type and size at once).
export const handle = HYDRATES;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: formsStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Join Our Team",
    description: `Apply to work at ${siteName(matches)} in Norman, Oklahoma: budtender, shift lead, manager, kitchen, packaging and driver positions.`,
    path: "/careers",
  });

/** The fields' HTML constraints (required, maxLength…), from the schema the action validates with. */
export function loader() {
  return { constraint: getZodConstraint(careersSchema) };
}

export function action({ request }: Route.ActionArgs) {
  return publicFormAction(request, {
    form: "careers",
    limits: {
      maxFileSize: RESUME_MAX_BYTES,
      // The resume plus the text fields, with room to spare for multipart headers.
      maxTotalSize: RESUME_MAX_BYTES + 64 * 1024,
      maxFiles: 1,
    },
    schema: careersSchema,
    messages: { success: APPLICATION_SUCCESS_MESSAGE, failure: APPLICATION_FAILURE_MESSAGE },
    oversizedErrors: { resume: [RESUME_SIZE_MESSAGE] },
    // The resume is checked by its bytes (never its name or claimed type) before anything is stored.
    async prepare({ resume, ...fields }) {
      let stored: Parameters<typeof createJobApplication>[0]["resume"] = null;
      if (resume) {
        const bytes = new Uint8Array(await resume.arrayBuffer());
        const type = await detectFileType(bytes, RESUME_FILE_TYPES);
        if (!type) return { fieldErrors: { resume: [RESUME_TYPE_MESSAGE] } };
        stored = { bytes, fileName: resume.name, contentType: type.mime, extension: extensionFor(type, resume.name) };
      }
      return {
        value: {
          fullName: fields.full_name,
          email: fields.email,
          phone: fields.phone,
          position: fields.position,
          availability: fields.availability,
          howDidYouHear: fields.how_did_you_hear,
          resume: stored,
        },
      };
    },
    // Stores the application (and its resume) and queues the store's notification mail, all or nothing.
    store: createJobApplication,
    failureLog: "Could not store a job application",
  });
}

export default function Careers() {
  const site = useSite();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/careers";
  const { constraint } = useLoaderData<typeof loader>();
  const [form, fields] = usePublicForm({
    id: "careers",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    constraint,
    loadSchema: () => import("~/lib/schemas/careers").then((module) => module.careersSchema),
  });
  useSubmissionToast(actionData);
  useSelectPlaceholders(form.id);

  return (
    <div className="form-page">
      <section className="page-hero">
        <div className="container">
          <h1>Join Our Team</h1>
          <p>
            We're a local dispensary with two stores in Norman. If you like helping people and want to work with a
            friendly team, we'd like to hear from you.
          </p>
        </div>
      </section>

      <section className="section">
        <div className="container form-layout form-layout--form-first">
          <aside className="form-aside" aria-labelledby="careers-positions">
            <h2 id="careers-positions">Positions we hire for</h2>
            <ul className="form-aside__chips">
              {POSITIONS.map((position) => (
                <li key={position.value}>{position.label}</li>
              ))}
            </ul>
            <p>
              Not every position is open at every moment. Apply for the one that suits you and we'll contact you when
              there's a match.
            </p>
            <h2>Why work with us</h2>
            <ul className="form-aside__list">
              <li>
                Two stores close to each other: {site.stores.map((store) => store.shortName).join(" and ")}, both in
                Norman.
              </li>
              <li>Day and evening shifts. {site.hours.headline}.</li>
              <li>A team that cares about fresh inventory, fair prices and treating every patient well.</li>
            </ul>
            <p className="form-aside__note">Your application and resume are kept private: only our staff see them.</p>
          </aside>

          <div className="form-card">
            <h2>Apply now</h2>
            <FormNotice data={actionData} />
            <Form method="post" encType="multipart/form-data" className="form" {...getFormProps(form)}>
              <p className="form__legend">
                Fields marked <span aria-hidden="true">*</span>
                <span className="visually-hidden">with an asterisk</span> are required.
              </p>
              <div id={form.errorId} className="form-alert" role="alert" hidden={!form.errors?.length}>
                {form.errors?.join(" ")}
              </div>

              <div className="form-grid">
                <FieldShell
                  id={fields.full_name.id}
                  label="Full name"
                  required
                  errorId={fields.full_name.errorId}
                  errors={fields.full_name.errors}
                >
                  <input
                    {...getInputProps(fields.full_name, { type: "text" })}
                    autoComplete="name"
                    maxLength={careersLimits.fullName}
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
                    maxLength={careersLimits.email}
                  />
                </FieldShell>
                <FieldShell
                  id={fields.phone.id}
                  label="Phone"
                  required
                  errorId={fields.phone.errorId}
                  errors={fields.phone.errors}
                >
                  <input
                    {...getInputProps(fields.phone, { type: "tel" })}
                    autoComplete="tel"
                    maxLength={careersLimits.phone}
                  />
                </FieldShell>
                <FieldShell
                  id={fields.position.id}
                  label="Position"
                  required
                  errorId={fields.position.errorId}
                  errors={fields.position.errors}
                >
                  <select {...getSelectProps(fields.position)}>
                    <option value="">Select a position</option>
                    {POSITIONS.map((position) => (
                      <option key={position.value} value={position.value}>
                        {position.label}
                      </option>
                    ))}
                  </select>
                </FieldShell>
              </div>

              <FieldShell
                id={fields.availability.id}
                label="Availability"
                required
                hint="Which days and times can you work?"
                hintId={`${fields.availability.id}-hint`}
                errorId={fields.availability.errorId}
                errors={fields.availability.errors}
              >
                <textarea
                  {...getTextareaProps(fields.availability, { ariaDescribedBy: `${fields.availability.id}-hint` })}
                  rows={3}
                  maxLength={careersLimits.availability}
                />
              </FieldShell>
              <FieldShell
                id={fields.how_did_you_hear.id}
                label="How did you hear about us?"
                errorId={fields.how_did_you_hear.errorId}
                errors={fields.how_did_you_hear.errors}
              >
                <input
                  {...getInputProps(fields.how_did_you_hear, { type: "text" })}
                  maxLength={careersLimits.howDidYouHear}
                />
              </FieldShell>

              <Honeypot formId={form.id} />

              {/* Last on purpose: if the file is too large, the fields before it are still read and kept. */}
              <FieldShell
                id={fields.resume.id}
                label="Resume"
                hint="PDF, DOC or DOCX, up to 5 MB."
                hintId={`${fields.resume.id}-hint`}
                errorId={fields.resume.errorId}
                errors={fields.resume.errors}
              >
                <input
                  {...getInputProps(fields.resume, { type: "file", ariaDescribedBy: `${fields.resume.id}-hint` })}
                  accept={RESUME_ACCEPT}
                />
              </FieldShell>

              <button type="submit" className="button-link form__submit" disabled={submitting}>
                {submitting ? "Submitting..." : "Submit Application"}
              </button>
            </Form>
          </div>
        </div>
      </section>
    </div>
  );
}
