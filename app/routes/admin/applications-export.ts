import { parseSinceDays, startOfRecentDays } from "~/lib/admin-list";
import { normalizeSubmissionSearch } from "~/lib/submissions";
import { signedInAdmin } from "~/services/auth.server";
import { recordCsvExport } from "./export-activity.server";
import { jobApplicationsCsv } from "./submission-csv.server";
import type { Route } from "./+types/applications-export";

/** GET /admin/applications/export.csv?q=&since= — the applications the list shows, every page of them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = signedInAdmin(context);
  const url = new URL(request.url);
  const search = normalizeSubmissionSearch(url.searchParams.get("q"));
  const sinceDays = parseSinceDays(url.searchParams.get("since"));
  const csv = jobApplicationsCsv({ search, since: sinceDays ? startOfRecentDays(sinceDays) : null });
  return recordCsvExport(csv, {
    kind: "export.applications",
    actor,
    title: "Job applications",
    filters: { search, since: sinceDays ? `last ${sinceDays} days` : null },
  });
}
