// The page of a list of form submissions (job applications, contact inquiries): the header with the CSV
// export, the search, how many match, the table (skeleton rows while the next list loads) and the pager.
import type { ReactNode } from "react";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { ExportCsvButton } from "~/components/admin/lists/export-csv-button";
import {
  Cell,
  EmailLink,
  EmptyState,
  NoValue,
  SkeletonRows,
  SubmissionPager,
  SubmissionSearch,
  SubmissionTable,
  SubmittedAt,
} from "~/components/admin/submission-list";
import { useListLoading } from "~/components/ui/use-list-loading";
import { SUBMISSIONS_SKELETON_COUNT } from "~/lib/submissions";

/** A column: its heading (also the cell's label on a phone), its cells' class, and what a cell shows. */
export interface SubmissionColumn<Row> {
  label: string;
  className?: string;
  cell: (row: Row) => ReactNode;
}

/** What every submission has: who sent it, and when. */
interface Submission {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  submittedAt: string;
  submittedAtText: string;
}

/** A list's columns: who sent it (name, e-mail, phone), then what they sent (`sent`), then the date. */
export function submissionColumns<Row extends Submission>(sent: SubmissionColumn<Row>[]): SubmissionColumn<Row>[] {
  return [
    { label: "Name", className: "submission-table__name", cell: (row) => row.name },
    { label: "Email", className: "submission-table__email", cell: (row) => <EmailLink email={row.email} /> },
    {
      label: "Phone",
      className: "submission-table__nowrap",
      cell: (row) =>
        row.phone ? <a href={`tel:${row.phone.replace(/[^\d+]/g, "")}`}>{row.phone}</a> : <NoValue label="No phone" />,
    },
    ...sent,
    { label: "Date", cell: (row) => <SubmittedAt iso={row.submittedAt} text={row.submittedAtText} /> },
  ];
}

interface SubmissionListPageProps<Row> {
  path: string;
  title: string;
  description: string;
  exportHref: string;
  /** What a row is, one and many: ["application", "applications"]. */
  noun: readonly [string, string];
  /** The search box's placeholder and its name for screen readers. */
  searchPlaceholder: string;
  searchLabel: string;
  /** More fields of the search form (a filter, or a hidden one that keeps it). */
  filters?: ReactNode;
  /** Before the search (the last action's error) and after it (what a filter leaves out). */
  alert?: ReactNode;
  note?: ReactNode;
  q: string;
  /** What the count says of a filter besides the search, e.g. " (New)". */
  qualifier?: string;
  /** A search or filter is on: the empty list offers the whole list. */
  filtered: boolean;
  total: number;
  caption: string;
  columns: SubmissionColumn<Row>[];
  rows: Row[];
  previousHref: string | null;
  nextHref: string | null;
}

export function SubmissionListPage<Row extends { id: string }>({
  path,
  title,
  description,
  exportHref,
  noun: [one, many],
  searchPlaceholder,
  searchLabel,
  filters,
  alert,
  note,
  q,
  qualifier = "",
  filtered,
  total,
  caption,
  columns,
  rows,
  previousHref,
  nextHref,
}: SubmissionListPageProps<Row>) {
  // Skeletons while the next list loads in the browser; the server always sends the real rows.
  const loading = useListLoading(path);
  const labels = columns.map((column) => column.label);
  return (
    <div className="submissions-page">
      <AdminPageHeader title={title} description={description} actions={<ExportCsvButton href={exportHref} />} />
      {alert}
      <SubmissionSearch action={path} q={q} placeholder={searchPlaceholder} label={searchLabel}>
        {filters}
      </SubmissionSearch>
      {note}
      <p className="submission-status" role="status">
        {loading
          ? `Loading ${many}…`
          : total === 0
            ? ""
            : `${total.toLocaleString("en-US")} ${total === 1 ? one : many}${qualifier}${q ? ` matching “${q}”` : ""}`}
      </p>
      {!loading && rows.length === 0 ? (
        <EmptyState clearHref={filtered ? path : null}>{`No ${many} found`}</EmptyState>
      ) : (
        <SubmissionTable caption={caption} columns={labels} busy={loading}>
          {loading ? (
            <SkeletonRows count={SUBMISSIONS_SKELETON_COUNT} columns={labels} />
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {columns.map((column) => (
                  <Cell key={column.label} label={column.label} className={column.className}>
                    {column.cell(row)}
                  </Cell>
                ))}
              </tr>
            ))
          )}
        </SubmissionTable>
      )}
      {!loading ? <SubmissionPager previousHref={previousHref} nextHref={nextHref} /> : null}
    </div>
  );
}
