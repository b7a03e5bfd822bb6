import { parseSinceDays, startOfRecentDays } from "~/lib/admin-list";
import { normalizeSubmissionSearch } from "~/lib/submissions";
import { requireAdmin } from "~/server/auth.server";
import { jobApplicationsCsv } from "~/server/submission-csv.server";
import type { Route } from "./+types/applications-export";

/** GET /admin/applications/export.csv?q=&since= — the applications the list shows, every page of them. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const sinceDays = parseSinceDays(url.searchParams.get("since"));
  return jobApplicationsCsv({
    search: normalizeSubmissionSearch(url.searchParams.get("q")),
    since: sinceDays ? startOfRecentDays(sinceDays) : null,
  });
}
