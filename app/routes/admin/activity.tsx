// /admin/activity: the activity log, newest first, filtered by person and kind, paged and exported as CSV.
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Form, Link } from "react-router";
import { ListSkeleton } from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminListPager } from "~/components/admin/list-pager";
import { ExportCsvButton } from "~/components/admin/lists/export-csv-button";
import { SelectOptions } from "~/components/admin/lists/filter-select";
import { TableHead } from "~/components/admin/lists/table-head";
import { NoValue, SubmittedAt } from "~/components/admin/submission-list";
import { useListLoading } from "~/components/ui/use-list-loading";
import { useSearchAsYouType } from "~/components/ui/use-search-as-you-type";
import { listHref, listPage, redirectPastLastPage } from "~/lib/admin-list";
import { pageCountFor } from "~/lib/pagination";
import { ACTIVITY_PAGE_SIZE, listActivity, listActivityActors } from "~/models/activity-listing.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import activityStyles from "~/styles/admin-activity.css?url";
import type { Route } from "./+types/activity";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import {
  type ActivityChangeView,
  type ActivityView,
  activityQuery,
  kindOptions,
  personOptions,
  toActivityView,
} from "./activity.server";

// The same paths as activity.server.ts's: the page's components may not import server code.
const PATH = "/admin/activity";
const EXPORT_PATH = "/admin/activity/export.csv";
const SKELETON_COUNT = 5;
/** Changes shown at once in a row; the rest open in place (a long settings save lists many fields). */
const CHANGES_SHOWN = 4;

export const links: Route.LinksFunction = () => stylesheets(catalogStyles, activityStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, PATH, "Activity Log", "Who changed what, and when.");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { filter, person, kind } = activityQuery(url, PATH);
  const page = listPage(url, PATH);
  const [{ rows, total }, actors] = await Promise.all([
    listActivity({ ...filter, page, pageSize: ACTIVITY_PAGE_SIZE }),
    listActivityActors(),
  ]);
  const pageCount = pageCountFor(total, ACTIVITY_PAGE_SIZE);
  redirectPastLastPage(url, PATH, page, pageCount);
  return {
    person,
    kind,
    page,
    pageCount,
    total,
    first: (page - 1) * ACTIVITY_PAGE_SIZE + 1,
    entries: rows.map(toActivityView),
    people: personOptions(actors, person),
    kinds: kindOptions(),
    exportHref: listHref(EXPORT_PATH, "", { person, kind }),
  };
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { person, kind, page, pageCount, total, first, entries, people, kinds, exportHref } = loaderData;
  const filtered = person !== null || kind !== null;
  // Another filter or page (in the browser) shows skeletons; the server always sends the real rows.
  const loading = useListLoading(PATH, ["person", "kind", "page"]);

  return (
    <div className="admin-catalog admin-activity">
      <AdminPageHeader
        title="Activity Log"
        description="Who changed what, and when."
        breadcrumbs={[{ label: "Activity Log" }]}
        actions={<ExportCsvButton href={exportHref} />}
      />

      <Flex direction="column" gap="4">
        <ActivityFilters person={person} kind={kind} people={people} kinds={kinds} />

        {loading ? (
          <ListSkeleton count={SKELETON_COUNT} variant="rows" testId="activity-skeleton" />
        ) : entries.length === 0 ? (
          <EmptyActivity filtered={filtered} />
        ) : (
          <>
            <Text as="p" size="2" color="gray" className="admin-activity__count" aria-live="polite">
              {total === 1
                ? "1 entry"
                : pageCount > 1
                  ? `Entries ${first.toLocaleString("en-US")}–${(first + entries.length - 1).toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`
                  : `${total.toLocaleString("en-US")} entries`}
              {filtered ? " matching these filters" : null}
              {total > 1 ? ", newest first" : null}
            </Text>
            <ActivityTable entries={entries} />
          </>
        )}
        <AdminListPager path={PATH} page={page} pageCount={pageCount} label="Activity pages" />
      </Flex>
    </div>
  );
}

function ActivityFilters({
  person,
  kind,
  people,
  kinds,
}: {
  person: string | null;
  kind: string | null;
  people: { value: string; label: string }[];
  kinds: ReturnType<typeof kindOptions>;
}) {
  // With JavaScript a choice applies at once (only the filters chosen go in the address, page 1);
  // without it, 'Apply' submits the GET form.
  const { formProps } = useSearchAsYouType({ action: PATH, q: "" });
  const filtered = person !== null || kind !== null;
  return (
    <Form
      // A new address (back, 'Clear filters') starts the selects from it again.
      key={`${person ?? ""}|${kind ?? ""}`}
      method="get"
      action={PATH}
      className="admin-activity__filters"
      aria-label="Filter the activity log"
      {...formProps}
    >
      <div className="admin-activity__filter">
        <label htmlFor="activity-person">Person</label>
        <select id="activity-person" name="person" defaultValue={person ?? ""} className="admin-activity__select">
          <option value="">Everyone</option>
          <SelectOptions options={people} />
        </select>
      </div>
      <div className="admin-activity__filter">
        <label htmlFor="activity-kind">Kind</label>
        <select id="activity-kind" name="kind" defaultValue={kind ?? ""} className="admin-activity__select">
          <option value="">Every kind</option>
          {kinds.map((group) => (
            <optgroup key={group.id} label={group.label}>
              <option value={group.id}>All: {group.label}</option>
              <SelectOptions options={group.kinds} />
            </optgroup>
          ))}
        </select>
      </div>
      <div className="admin-activity__filter-actions">
        <Button type="submit" size="3" variant="soft">
          Apply
        </Button>
        {filtered ? (
          <Link to={PATH} className="admin-activity__clear" preventScrollReset>
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function EmptyActivity({ filtered }: { filtered: boolean }) {
  return (
    <Card size="3" className="admin-empty admin-activity__empty">
      <Flex direction="column" align="center" gap="2">
        <Heading as="h2" size="4">
          {filtered ? "No activity matches these filters" : "No activity yet"}
        </Heading>
        <Text as="p" color="gray" align="center">
          {filtered
            ? "Try another person or kind, or show the whole log."
            : "Changes in the admin, exports and sign-ins show here as they happen."}
        </Text>
        {filtered ? (
          <Button asChild variant="soft" size="2">
            <Link to={PATH} preventScrollReset>
              Clear filters
            </Link>
          </Button>
        ) : null}
      </Flex>
    </Card>
  );
}

function ActivityTable({ entries }: { entries: ActivityView[] }) {
  // A table on wide screens; below 900px each entry is a card (admin-activity.css).
  return (
    <table className="admin-activity__table">
      <TableHead caption="Activity, newest first" columns={["When", "Who", "What", "Subject", "Changes"]} />
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td data-label="When" className="admin-activity__when">
              <SubmittedAt iso={entry.at} text={entry.atText} />
            </td>
            <td data-label="Who" className="admin-activity__who">
              {entry.who ? <span className="admin-activity__email">{entry.who}</span> : <NoValue label="No one" />}
              {entry.ip ? <span className="admin-activity__ip">{entry.ip}</span> : null}
            </td>
            <th scope="row" data-label="What" className="admin-activity__what">
              <span className="admin-activity__kind" data-group={entry.group ?? undefined} data-kind={entry.kind}>
                {entry.what}
              </span>
            </th>
            <td
              data-label="Subject"
              className={
                entry.subject ? "admin-activity__subject" : "admin-activity__subject admin-activity__cell--none"
              }
            >
              {entry.subject ? (
                <>
                  <span className="admin-activity__type">{entry.subject.type}</span>
                  <span className="admin-activity__title">{entry.subject.title || entry.subject.id}</span>
                </>
              ) : (
                <NoValue label="No subject" />
              )}
            </td>
            <td
              data-label="Changes"
              className={
                entry.changes.length > 0
                  ? "admin-activity__changes"
                  : "admin-activity__changes admin-activity__cell--none"
              }
            >
              <ChangeList changes={entry.changes} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "(empty)" where a field had or has no value. */
function Value({ text }: { text: string | null }) {
  return text === null ? <span className="admin-activity__empty-value">(empty)</span> : <>{text}</>;
}

function ChangeList({ changes }: { changes: ActivityChangeView[] }) {
  if (changes.length === 0) return <NoValue label="No field changed" />;
  // A created row lists its values, a deleted one what it held; an edit says from → to.
  const values = changes.filter((change) => !change.redacted);
  const created = values.length > 0 && values.every((change) => change.from === null);
  const deleted = values.length > 0 && values.every((change) => change.to === null);
  const item = (change: ActivityChangeView) => (
    <li key={change.field}>
      <span className="admin-activity__field">{change.field.replace(/_/g, " ")}:</span>{" "}
      {change.redacted ? (
        <span className="admin-activity__empty-value">(changed)</span>
      ) : created ? (
        <Value text={change.to} />
      ) : deleted ? (
        <Value text={change.from} />
      ) : (
        <>
          <span className="admin-activity__from">
            <Value text={change.from} />
          </span>
          <span aria-hidden="true"> → </span>
          <span className="visually-hidden"> to </span>
          <Value text={change.to} />
        </>
      )}
    </li>
  );
  const shown = changes.slice(0, CHANGES_SHOWN);
  const rest = changes.slice(CHANGES_SHOWN);
  return (
    <>
      <ul className="admin-activity__change-list">{shown.map(item)}</ul>
      {rest.length > 0 ? (
        <details className="admin-activity__more">
          <summary>{rest.length === 1 ? "1 more change" : `${rest.length} more changes`}</summary>
          <ul className="admin-activity__change-list">{rest.map(item)}</ul>
        </details>
      ) : null}
    </>
  );
}
