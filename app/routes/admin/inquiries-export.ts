import { inquiryStatusLabel, parseStatusFilter } from "~/lib/schemas/inquiry-status";
import { normalizeSubmissionSearch } from "~/lib/submissions";
import { signedInAdmin } from "~/services/auth.server";
import { recordCsvExport } from "./export-activity.server";
import { contactInquiriesCsv } from "./submission-csv.server";
import type { Route } from "./+types/inquiries-export";

/** GET /admin/inquiries/export.csv?q=&status= — the inquiries the list shows, every page of them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = signedInAdmin(context);
  const url = new URL(request.url);
  const search = normalizeSubmissionSearch(url.searchParams.get("q"));
  const status = parseStatusFilter(url.searchParams.get("status"));
  return recordCsvExport(contactInquiriesCsv({ search, status }), {
    kind: "export.inquiries",
    actor,
    title: "Contact inquiries",
    filters: { search, status: status ? inquiryStatusLabel(status) : null },
  });
}
