// What the loaders of the submission lists (job applications, contact inquiries) send besides their rows:
// the links to the newer and older pages of the same search, and to its CSV export; and when a row was sent.
import { formatSubmittedAt, submissionsHref } from "~/lib/submissions";
import type { SubmissionPage } from "~/models/submission-pages.server";

type Filters = Record<string, string | null>;

/** Keyset paging: the newer page ends before the first row shown, the older one starts after the last. */
export function submissionPageLinks(
  path: string,
  exportPath: string,
  page: SubmissionPage<{ id: string }>,
  filters: Filters,
) {
  const first = page.rows[0];
  const last = page.rows.at(-1);
  return {
    previousHref: page.hasPrevious && first ? submissionsHref(path, { ...filters, before: first.id }) : null,
    nextHref: page.hasNext && last ? submissionsHref(path, { ...filters, after: last.id }) : null,
    exportHref: submissionsHref(exportPath, filters),
  };
}

/** When a row was sent: the instant for <time dateTime>, and as the stores' zone reads it. */
export function submittedAt(createdAt: Date) {
  return { submittedAt: createdAt.toISOString(), submittedAtText: formatSubmittedAt(createdAt) };
}
