import { activityCsv, activityCsvFileName, listActivityActors } from "~/models/activity-listing.server";
import { signedInAdmin } from "~/services/auth.server";
import { csvResponse } from "~/server/csv.server";
import { recordCsvExport } from "./export-activity.server";
import type { Route } from "./+types/activity-export";
import { ACTIVITY_EXPORT_PATH, activityQuery, kindFilterLabel, personOptions } from "./activity.server";

/**
 * GET /admin/activity/export.csv?person=&kind= — the entries the list shows, every page of them. The export
 * itself is an entry, recorded before the file streams (so it is the file's first row when it matches).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = signedInAdmin(context);
  const { filter, person, kind } = activityQuery(new URL(request.url), ACTIVITY_EXPORT_PATH);
  // The log names the person filter by e-mail, as the list's filter does.
  const personLabel = person
    ? (personOptions(await listActivityActors(), person).find((option) => option.value === person)?.label ?? person)
    : null;
  return recordCsvExport(csvResponse(activityCsv(filter), activityCsvFileName()), {
    kind: "export.activity",
    actor,
    title: "Activity log",
    filters: { person: personLabel, kind: kindFilterLabel(kind) },
  });
}
