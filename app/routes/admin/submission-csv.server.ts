// The CSV exports of /admin/applications and /admin/inquiries: the spec's columns, the list's current
// search and filter, streamed in batches.
import { topicLabel } from "~/lib/contact-form";
import { positionLabel } from "~/lib/careers-form";
import { inquiryStatusLabel } from "~/lib/schemas/inquiry-status";
import { formatExportDate, resumePath } from "~/lib/submissions";
import { todayInStoreZone } from "~/lib/dates";
import { type JobApplicationFilters, jobApplicationBatches } from "~/models/applications.server";
import { type ContactInquiryFilters, contactInquiryBatches } from "~/models/inquiries.server";
import { csvResponse, csvStream } from "~/server/csv.server";
import { publicUrl } from "~/server/env.server";

export const APPLICATION_CSV_HEADER = [
  "Name",
  "Email",
  "Phone",
  "Position",
  "Availability",
  "Resume",
  "How Did You Hear",
  "Date",
];
export const INQUIRY_CSV_HEADER = ["Name", "Email", "Phone", "Topic", "Message", "Status", "Date"];

/** job-applications-YYYY-MM-DD.csv (today in the stores' time zone), every matching application. */
export function jobApplicationsCsv(filters: JobApplicationFilters, now = new Date()): Response {
  const body = csvStream(APPLICATION_CSV_HEADER, jobApplicationBatches(filters), (a) => [
    a.full_name,
    a.email,
    a.phone,
    positionLabel(a.position),
    a.availability,
    // The admin download address: it asks for a sign-in like every admin page.
    a.resume_key ? publicUrl(resumePath(a.id)) : "",
    a.how_did_you_hear ?? "",
    formatExportDate(a.created_at),
  ]);
  return csvResponse(body, `job-applications-${todayInStoreZone(now)}.csv`);
}

/** contact-inquiries-YYYY-MM-DD.csv (today in the stores' time zone), every matching inquiry. */
export function contactInquiriesCsv(filters: ContactInquiryFilters, now = new Date()): Response {
  const body = csvStream(INQUIRY_CSV_HEADER, contactInquiryBatches(filters), (i) => [
    i.name,
    i.email,
    i.phone ?? "",
    topicLabel(i.topic),
    i.message,
    inquiryStatusLabel(i.status),
    formatExportDate(i.created_at),
  ]);
  return csvResponse(body, `contact-inquiries-${todayInStoreZone(now)}.csv`);
}
