import { getInputProps, getTextareaProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { ChoiceField, PersonFields, PublicFormCard, usePublicFormPage } from "~/components/site/form-parts";
import { Honeypot } from "~/components/site/honeypot";
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
import { submitJobApplication } from "~/services/submissions.server";
import { detectFileType, extensionFor, RESUME_FILE_TYPES } from "~/server/file-type.server";
import { publicFormAction } from "./public-form.server";
import formsStyles from "~/styles/forms.css?url";
import type { Route } from "./+types/careers";
import { HYDRATES } from "~/lib/route-handle";
import { Field } from "~/components/ui/field";
import { PageHero } from "~/components/site/page-hero";

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
      let stored: Parameters<typeof submitJobApplication>[0]["resume"] = null;
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
    store: submitJobApplication,
    failureLog: "Could not store a job application",
  });
}

export default function Careers() {
  const site = useSite();
  const { form, fields, actionData, submitting } = usePublicFormPage({
    id: "careers",
    action: "/careers",
    loadSchema: () => import("~/lib/schemas/careers").then((module) => module.careersSchema),
  });

  return (
    <div className="form-page">
      <PageHero
        title="Join Our Team"
        lead="We're a local dispensary with two stores in Norman. If you like helping people and want to work with a friendly team, we'd like to hear from you."
      />

      <section className="section">
        <div className="container form-layout form-layout--form-first">
          <aside className="form-aside" aria-labelledby="careers-positions">
            <h2 id="careers-positions">Positions we hire for</h2>
            <ul className="chip-list form-aside__chips">
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

          <PublicFormCard
            heading="Apply now"
            form={form}
            actionData={actionData}
            submitting={submitting}
            submitLabel="Submit Application"
            busyLabel="Submitting..."
            multipart
          >
            <div className="form-grid">
              <PersonFields
                name={fields.full_name}
                nameLabel="Full name"
                email={fields.email}
                phone={fields.phone}
                phoneRequired={true}
                limits={{ name: careersLimits.fullName, email: careersLimits.email, phone: careersLimits.phone }}
              />
              <ChoiceField
                meta={fields.position}
                label="Position"
                placeholder="Select a position"
                choices={POSITIONS}
              />
            </div>

            <Field
              meta={fields.availability}
              label="Availability"
              required
              hint="Which days and times can you work?"
              look="site"
            >
              <textarea
                {...getTextareaProps(fields.availability, { ariaDescribedBy: fields.availability.descriptionId })}
                rows={3}
                maxLength={careersLimits.availability}
              />
            </Field>
            <Field meta={fields.how_did_you_hear} label="How did you hear about us?" look="site">
              <input
                {...getInputProps(fields.how_did_you_hear, { type: "text" })}
                maxLength={careersLimits.howDidYouHear}
              />
            </Field>

            <Honeypot formId={form.id} />

            {/* Last on purpose: if the file is too large, the fields before it are still read and kept. */}
            <Field meta={fields.resume} label="Resume" hint="PDF, DOC or DOCX, up to 5 MB." look="site">
              <input
                {...getInputProps(fields.resume, { type: "file", ariaDescribedBy: fields.resume.descriptionId })}
                accept={RESUME_ACCEPT}
              />
            </Field>
          </PublicFormCard>
        </div>
      </section>
    </div>
  );
}
