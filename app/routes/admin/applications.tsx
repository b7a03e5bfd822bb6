import { Button } from "@radix-ui/themes";
import { Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import {
  Cell,
  DownloadIcon,
  EmailLink,
  EmptyState,
  LongText,
  NoValue,
  SkeletonRows,
  SubmissionPager,
  SubmissionSearch,
  SubmissionTable,
  SubmittedAt,
} from "~/components/admin/submission-list";
import { parseSinceDays, startOfRecentDays } from "~/lib/admin-list";
import { positionLabel } from "~/lib/careers-form";
import { pageMeta } from "~/lib/seo";
import {
  APPLICATIONS_EXPORT_PATH,
  APPLICATIONS_PATH,
  formatSubmittedAt,
  normalizeSubmissionSearch,
  parsePageCursor,
  resumePath,
  SUBMISSIONS_SKELETON_COUNT,
  submissionsHref,
} from "~/lib/submissions";
import { listJobApplications } from "~/models/applications.server";
import submissionsStyles from "~/styles/admin-submissions.css?url";
import type { Route } from "./+types/applications";
import { useListLoading } from "~/components/ui/use-list-loading";

const COLUMNS = ["Name", "Email", "Phone", "Position", "Availability", "Resume", "How Did You Hear", "Date"] as const;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: submissionsStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Job Applications",
    description: "Applications sent through the careers page.",
    path: APPLICATIONS_PATH,
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = normalizeSubmissionSearch(url.searchParams.get("q"));
  // ?since=7d (the dashboard's link): the last 7 calendar days in the stores' zone, today included.
  const sinceDays = parseSinceDays(url.searchParams.get("since"));
  const since = sinceDays ? `${sinceDays}d` : null;
  const page = await listJobApplications(
    { search: q, since: sinceDays ? startOfRecentDays(sinceDays) : null },
    parsePageCursor(url.searchParams),
  );
  const first = page.rows[0];
  const last = page.rows.at(-1);
  return {
    q,
    since,
    sinceDays,
    total: page.total,
    applications: page.rows.map((a) => ({
      id: a.id,
      name: a.full_name,
      email: a.email,
      phone: a.phone,
      position: positionLabel(a.position),
      availability: a.availability,
      howDidYouHear: a.how_did_you_hear,
      resume: a.resume_key ? { href: resumePath(a.id), fileName: a.resume_file_name ?? "Resume" } : null,
      submittedAt: a.created_at.toISOString(),
      submittedAtText: formatSubmittedAt(a.created_at),
    })),
    previousHref: page.hasPrevious && first ? submissionsHref(APPLICATIONS_PATH, { q, since, before: first.id }) : null,
    nextHref: page.hasNext && last ? submissionsHref(APPLICATIONS_PATH, { q, since, after: last.id }) : null,
    exportHref: submissionsHref(APPLICATIONS_EXPORT_PATH, { q, since }),
  };
}

export default function AdminApplications({ loaderData }: Route.ComponentProps) {
  const { q, since, sinceDays, total, applications, previousHref, nextHref, exportHref } = loaderData;
  const period = sinceDays ? ` in the last ${sinceDays === 1 ? "day" : `${sinceDays} days`}` : "";
  // Skeletons while the next list loads in the browser; the server always sends the real rows.
  const loading = useListLoading(APPLICATIONS_PATH);

  return (
    <div className="submissions-page">
      <AdminPageHeader
        title="Job Applications"
        description="Applications sent through the careers page, newest first."
        actions={
          <Button asChild size="3" variant="outline">
            {/* A file download: a plain link, never a client-side navigation. */}
            <a href={exportHref} download>
              <DownloadIcon /> Export CSV
            </a>
          </Button>
        }
      />
      <SubmissionSearch
        action={APPLICATIONS_PATH}
        q={q}
        placeholder="Search by name, email, or position..."
        label="Search applications by name, email, or position"
      >
        {since ? <input type="hidden" name="since" value={since} /> : null}
      </SubmissionSearch>
      {since ? (
        <p className="submission-filter-note">
          Only those sent{period}. <Link to={submissionsHref(APPLICATIONS_PATH, { q })}>Show all applications</Link>
        </p>
      ) : null}
      <p className="submission-status" role="status">
        {loading
          ? "Loading applications…"
          : total === 0
            ? ""
            : `${total.toLocaleString("en-US")} ${total === 1 ? "application" : "applications"}${q ? ` matching “${q}”` : ""}`}
      </p>
      {!loading && applications.length === 0 ? (
        <EmptyState clearHref={q || since ? APPLICATIONS_PATH : null}>No applications found</EmptyState>
      ) : (
        <SubmissionTable caption="Job applications" columns={COLUMNS} busy={loading}>
          {loading ? (
            <SkeletonRows count={SUBMISSIONS_SKELETON_COUNT} columns={COLUMNS} />
          ) : (
            applications.map((a) => (
              <tr key={a.id}>
                <Cell label="Name" className="submission-table__name">
                  {a.name}
                </Cell>
                <Cell label="Email" className="submission-table__email">
                  <EmailLink email={a.email} />
                </Cell>
                <Cell label="Phone" className="submission-table__nowrap">
                  <a href={`tel:${a.phone.replace(/[^\d+]/g, "")}`}>{a.phone}</a>
                </Cell>
                <Cell label="Position" className="submission-table__nowrap">
                  {a.position}
                </Cell>
                <Cell label="Availability" className="submission-table__text">
                  <LongText text={a.availability} />
                </Cell>
                <Cell label="Resume">
                  {a.resume ? (
                    <a href={a.resume.href} download className="submission-resume">
                      <DownloadIcon />
                      <span className="visually-hidden">Download resume of {a.name}: </span>
                      {a.resume.fileName}
                    </a>
                  ) : (
                    <NoValue label="No resume" />
                  )}
                </Cell>
                <Cell label="How Did You Hear" className="submission-table__text">
                  {a.howDidYouHear ? <LongText text={a.howDidYouHear} /> : <NoValue label="Not answered" />}
                </Cell>
                <Cell label="Date">
                  <SubmittedAt iso={a.submittedAt} text={a.submittedAtText} />
                </Cell>
              </tr>
            ))
          )}
        </SubmissionTable>
      )}
      {!loading ? <SubmissionPager previousHref={previousHref} nextHref={nextHref} /> : null}
    </div>
  );
}
