import { parseStatusFilter } from "~/lib/schemas/inquiry-status";
import { normalizeSubmissionSearch } from "~/lib/submissions";
import { requireAdmin } from "~/server/auth.server";
import { contactInquiriesCsv } from "~/server/submission-csv.server";
import type { Route } from "./+types/inquiries-export";

/** GET /admin/inquiries/export.csv?q=&status= — the inquiries the list shows, every page of them. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  return contactInquiriesCsv({
    search: normalizeSubmissionSearch(url.searchParams.get("q")),
    status: parseStatusFilter(url.searchParams.get("status")),
  });
}
