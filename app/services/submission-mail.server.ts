import { positionLabel } from "~/lib/careers-form";
import { topicLabel } from "~/lib/contact-form";
import type { ContactInquiry, JobApplication } from "~/server/schema.server";
import { publicUrl } from "~/server/env.server";
import type { OutgoingMail } from "~/server/mail.server";

// The notification mail about a new job application or contact message: built here, queued in the
// submission's own transaction (submissions.server.ts), sent by the outbox worker (mail-queue.server.ts).

// Header values must stay on one line whatever a visitor typed.
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function fieldLines(fields: [string, string][]): string {
  return fields.map(([label, value]) => `${label}: ${value}`).join("\n");
}

export function applicationMail(application: JobApplication, recipients: string[]): OutgoingMail {
  const resume =
    application.resume_file_name && application.resume_size_bytes
      ? `${application.resume_file_name} (${formatBytes(application.resume_size_bytes)})`
      : "none attached";
  const text = [
    "A new job application was submitted on the website.",
    "",
    fieldLines([
      ["Full name", application.full_name],
      ["Email", application.email],
      ["Phone", application.phone],
      ["Position", positionLabel(application.position)],
      ["How did you hear about us", application.how_did_you_hear ?? "(not answered)"],
      ["Resume", resume],
    ]),
    "",
    "Availability:",
    application.availability,
    "",
    `Review applications${application.resume_key ? " and download the resume" : ""}: ${publicUrl("/admin/applications")}`,
  ].join("\n");
  return {
    to: recipients,
    replyTo: application.email,
    subject: oneLine(`New job application: ${application.full_name} (${positionLabel(application.position)})`),
    text,
  };
}

export function inquiryMail(inquiry: ContactInquiry, recipients: string[]): OutgoingMail {
  const text = [
    "A new message was sent from the website's contact form.",
    "",
    fieldLines([
      ["Name", inquiry.name],
      ["Email", inquiry.email],
      ["Phone", inquiry.phone ?? "(not given)"],
      ["Topic", topicLabel(inquiry.topic)],
    ]),
    "",
    "Message:",
    inquiry.message,
    "",
    `Review inquiries: ${publicUrl("/admin/inquiries")}`,
  ].join("\n");
  return {
    to: recipients,
    replyTo: inquiry.email,
    subject: oneLine(`New contact message: ${topicLabel(inquiry.topic)} from ${inquiry.name}`),
    text,
  };
}
