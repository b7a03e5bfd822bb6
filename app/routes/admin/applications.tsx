// /admin/applications: the job applications sent through the careers page, newest first, to search,
// page through and export.
import { Link } from "react-router";
import { DownloadIcon, LongText, NoValue } from "~/components/admin/submission-list";
import { SubmissionListPage, submissionColumns } from "~/components/admin/submissions/submission-list-page";
import { parseSinceDays, startOfRecentDays } from "~/lib/admin-list";
import { positionLabel } from "~/lib/careers-form";
import {
  APPLICATIONS_EXPORT_PATH,
  APPLICATIONS_PATH,
  normalizeSubmissionSearch,
  parsePageCursor,
  resumePath,
  submissionsHref,
} from "~/lib/submissions";
import { listJobApplications } from "~/models/applications.server";
import submissionsStyles from "~/styles/admin-submissions.css?url";
import type { Route } from "./+types/applications";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { submissionPageLinks, submittedAt } from "./submission-page.server";

export const links: Route.LinksFunction = () => stylesheets(submissionsStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, APPLICATIONS_PATH, "Job Applications", "Applications sent through the careers page.");

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
      ...submittedAt(a.created_at),
    })),
    ...submissionPageLinks(APPLICATIONS_PATH, APPLICATIONS_EXPORT_PATH, page, { q, since }),
  };
}

type ApplicationRow = Route.ComponentProps["loaderData"]["applications"][number];

const COLUMNS = submissionColumns<ApplicationRow>([
  { label: "Position", className: "submission-table__nowrap", cell: (a) => a.position },
  { label: "Availability", className: "submission-table__text", cell: (a) => <LongText text={a.availability} /> },
  {
    label: "Resume",
    cell: (a) =>
      a.resume ? (
        <a href={a.resume.href} download className="submission-resume">
          <DownloadIcon />
          <span className="visually-hidden">Download resume of {a.name}: </span>
          {a.resume.fileName}
        </a>
      ) : (
        <NoValue label="No resume" />
      ),
  },
  {
    label: "How Did You Hear",
    className: "submission-table__text",
    cell: (a) => (a.howDidYouHear ? <LongText text={a.howDidYouHear} /> : <NoValue label="Not answered" />),
  },
]);

export default function AdminApplications({ loaderData }: Route.ComponentProps) {
  const { q, since, sinceDays, total, applications, previousHref, nextHref, exportHref } = loaderData;
  const period = sinceDays ? ` in the last ${sinceDays === 1 ? "day" : `${sinceDays} days`}` : "";
  return (
    <SubmissionListPage
      path={APPLICATIONS_PATH}
      title="Job Applications"
      description="Applications sent through the careers page, newest first."
      exportHref={exportHref}
      noun={["application", "applications"]}
      searchPlaceholder="Search by name, email, or position..."
      searchLabel="Search applications by name, email, or position"
      filters={since ? <input type="hidden" name="since" value={since} /> : null}
      note={
        since ? (
          <p className="submission-filter-note">
            Only those sent{period}. <Link to={submissionsHref(APPLICATIONS_PATH, { q })}>Show all applications</Link>
          </p>
        ) : null
      }
      q={q}
      filtered={Boolean(q || since)}
      total={total}
      caption="Job applications"
      columns={COLUMNS}
      rows={applications}
      previousHref={previousHref}
      nextHref={nextHref}
    />
  );
}
