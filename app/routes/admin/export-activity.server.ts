// The CSV exports in the activity log (applications, inquiries, the log itself). An export changes nothing,
// so its entry is written on its own, before the file streams: no file leaves without its row, and a log
// that cannot be written fails the download.
import { type ActivityActor, type ActivityKind, recordActivity } from "~/models/activity.server";
import { db } from "~/server/db.server";

export type ExportKind = Extract<ActivityKind, `export.${string}`>;

/** The file name of a CSV response's `Content-Disposition: attachment; filename="…"`. */
function attachmentName(response: Response): string {
  const disposition = response.headers.get("Content-Disposition") ?? "";
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? "export.csv";
}

/**
 * Records who exported what (the file's name, and the filters used as { filter: (empty) → value }), then
 * hands the CSV response back to stream. Filters left empty are not listed.
 */
export async function recordCsvExport(
  response: Response,
  entry: { kind: ExportKind; actor: ActivityActor; title: string; filters: Record<string, string | null | undefined> },
): Promise<Response> {
  const changes = Object.fromEntries(
    Object.entries(entry.filters)
      .filter(([, value]) => value !== null && value !== undefined && value !== "")
      .map(([name, value]) => [name, { from: null, to: value }]),
  );
  try {
    await recordActivity(await db(), {
      kind: entry.kind,
      actor: entry.actor,
      subject: { type: "export", id: attachmentName(response), title: entry.title },
      changes,
    });
  } catch (error) {
    // Nothing has been read yet: stop the stream before it starts.
    await response.body?.cancel().catch(() => {});
    throw error;
  }
  return response;
}
