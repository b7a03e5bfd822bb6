import { Button } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import { data, useActionData, useFetcher, useLocation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { FormAlert } from "~/components/admin/form-alert";
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
  useHydrated,
} from "~/components/admin/submission-list";
import { showToast } from "~/components/ui/toaster";
import { topicLabel } from "~/lib/contact-form";
import {
  INQUIRY_NOT_FOUND_MESSAGE,
  INQUIRY_STATUSES,
  inquiryStatusLabel,
  inquiryStatusSchema,
  parseStatusFilter,
  STATUS_UPDATE_FAILED_MESSAGE,
  STATUS_UPDATED_MESSAGE,
} from "~/lib/schemas/inquiry-status";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { pageMeta } from "~/lib/seo";
import {
  formatSubmittedAt,
  INQUIRIES_EXPORT_PATH,
  INQUIRIES_PATH,
  normalizeSubmissionSearch,
  parsePageCursor,
  SUBMISSIONS_SKELETON_COUNT,
  submissionsHref,
} from "~/lib/submissions";
import { listContactInquiries, updateInquiryStatus } from "~/models/inquiries.server";
import { signedInAdmin } from "~/server/auth.server";
import submissionsStyles from "~/styles/admin-submissions.css?url";
import type { Route } from "./+types/inquiries";
import { useListLoading } from "~/components/ui/use-list-loading";
import { readFormOrThrow } from "~/server/form-body.server";
import { logger } from "~/server/logger.server";

const COLUMNS = ["Name", "Email", "Phone", "Topic", "Message", "Status", "Date"] as const;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: submissionsStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact Inquiries",
    description: "Messages sent through the contact form.",
    path: INQUIRIES_PATH,
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = normalizeSubmissionSearch(url.searchParams.get("q"));
  const status = parseStatusFilter(url.searchParams.get("status"));
  const page = await listContactInquiries({ search: q, status }, parsePageCursor(url.searchParams));
  const first = page.rows[0];
  const last = page.rows.at(-1);
  return {
    q,
    status,
    total: page.total,
    inquiries: page.rows.map((i) => ({
      id: i.id,
      name: i.name,
      email: i.email,
      phone: i.phone,
      topic: topicLabel(i.topic),
      message: i.message,
      status: i.status,
      submittedAt: i.created_at.toISOString(),
      submittedAtText: formatSubmittedAt(i.created_at),
    })),
    previousHref: page.hasPrevious && first ? submissionsHref(INQUIRIES_PATH, { q, status, before: first.id }) : null,
    nextHref: page.hasNext && last ? submissionsHref(INQUIRIES_PATH, { q, status, after: last.id }) : null,
    exportHref: submissionsHref(INQUIRIES_EXPORT_PATH, { q, status }),
  };
}

export interface StatusActionData {
  ok: boolean;
  message: string;
  id?: string;
}

/**
 * A row's status selector. From the page's script (via=fetcher) the answer is data for a toast; from a
 * plain HTML form, a redirect back to the list the admin was on, with the toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInAdmin(context);
  const formData = await readFormOrThrow(request);
  const parsed = inquiryStatusSchema.safeParse(Object.fromEntries(formData));
  const id = typeof formData.get("id") === "string" ? String(formData.get("id")) : undefined;
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? STATUS_UPDATE_FAILED_MESSAGE;
    return data<StatusActionData>({ ok: false, message, id }, { status: 400 });
  }
  const { status, via, returnTo } = parsed.data;
  let updated: boolean;
  try {
    updated = await updateInquiryStatus(parsed.data.id, status, actor);
  } catch (error) {
    logger.error({ err: error, inquiryId: parsed.data.id }, "Could not update the status of an inquiry");
    return data<StatusActionData>({ ok: false, message: STATUS_UPDATE_FAILED_MESSAGE, id }, { status: 500 });
  }
  if (!updated) return data<StatusActionData>({ ok: false, message: INQUIRY_NOT_FOUND_MESSAGE, id }, { status: 404 });
  if (via === "fetcher") return data<StatusActionData>({ ok: true, message: STATUS_UPDATED_MESSAGE, id });
  const back = safeRedirectPath(returnTo, INQUIRIES_PATH);
  return redirectWithSuccess(back.startsWith(INQUIRIES_PATH) ? back : INQUIRIES_PATH, STATUS_UPDATED_MESSAGE);
}

export default function AdminInquiries({ loaderData }: Route.ComponentProps) {
  const { q, status, total, inquiries, previousHref, nextHref, exportHref } = loaderData;
  const actionData = useActionData<typeof action>();
  // Skeletons while the next list loads in the browser; the server always sends the real rows.
  const loading = useListLoading(INQUIRIES_PATH);
  // Where the no-JavaScript form returns to: this very list (search, filter and page).
  const location = useLocation();
  const listHref = location.pathname + location.search;

  return (
    <div className="submissions-page">
      <AdminPageHeader
        title="Contact Inquiries"
        description="Messages sent through the contact form, newest first."
        actions={
          <Button asChild size="3" variant="outline">
            {/* A file download: a plain link, never a client-side navigation. */}
            <a href={exportHref} download>
              <DownloadIcon /> Export CSV
            </a>
          </Button>
        }
      />
      {actionData && !actionData.ok ? <FormAlert messages={[actionData.message]} /> : null}
      <SubmissionSearch
        action={INQUIRIES_PATH}
        q={q}
        placeholder="Search by name, email, or topic..."
        label="Search inquiries by name, email, or topic"
      >
        <div className="submission-search__filter">
          <label htmlFor="inquiry-status-filter" className="submission-search__filter-label">
            Status
          </label>
          <select
            id="inquiry-status-filter"
            name="status"
            defaultValue={status ?? ""}
            key={status ?? "all"}
            className="submission-input submission-select"
          >
            <option value="">All</option>
            {INQUIRY_STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </SubmissionSearch>
      <p className="submission-status" role="status">
        {loading
          ? "Loading inquiries…"
          : total === 0
            ? ""
            : `${total.toLocaleString("en-US")} ${total === 1 ? "inquiry" : "inquiries"}${
                status ? ` (${inquiryStatusLabel(status)})` : ""
              }${q ? ` matching “${q}”` : ""}`}
      </p>
      {!loading && inquiries.length === 0 ? (
        <EmptyState clearHref={q || status ? INQUIRIES_PATH : null}>No inquiries found</EmptyState>
      ) : (
        <SubmissionTable caption="Contact inquiries" columns={COLUMNS} busy={loading}>
          {loading ? (
            <SkeletonRows count={SUBMISSIONS_SKELETON_COUNT} columns={COLUMNS} />
          ) : (
            inquiries.map((i) => (
              <tr key={i.id}>
                <Cell label="Name" className="submission-table__name">
                  {i.name}
                </Cell>
                <Cell label="Email" className="submission-table__email">
                  <EmailLink email={i.email} />
                </Cell>
                <Cell label="Phone" className="submission-table__nowrap">
                  {i.phone ? (
                    <a href={`tel:${i.phone.replace(/[^\d+]/g, "")}`}>{i.phone}</a>
                  ) : (
                    <NoValue label="No phone" />
                  )}
                </Cell>
                <Cell label="Topic" className="submission-table__nowrap">
                  {i.topic}
                </Cell>
                <Cell label="Message" className="submission-table__text">
                  <LongText text={i.message} />
                </Cell>
                <Cell label="Status">
                  <StatusSelector inquiry={i} returnTo={listHref} />
                </Cell>
                <Cell label="Date">
                  <SubmittedAt iso={i.submittedAt} text={i.submittedAtText} />
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

/**
 * The inline status selector. With JavaScript a change is saved at once (a fetcher) and answered with a
 * toast; the selector shows the new value while it saves and goes back if saving fails. Without
 * JavaScript it is a small form with a 'Save' button.
 */
function StatusSelector({
  inquiry,
  returnTo,
}: {
  inquiry: { id: string; name: string; status: string };
  returnTo: string;
}) {
  const fetcher = useFetcher<typeof action>({ key: `inquiry-status-${inquiry.id}` });
  const hydrated = useHydrated();
  const selectId = `inquiry-status-${inquiry.id}`;
  const pending = fetcher.formData?.get("status");
  const shown = typeof pending === "string" ? pending : inquiry.status;
  const announced = useRef<unknown>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || announced.current === fetcher.data) return;
    announced.current = fetcher.data;
    showToast({
      type: fetcher.data.ok ? "success" : "error",
      message: fetcher.data.ok ? STATUS_UPDATED_MESSAGE : fetcher.data.message || STATUS_UPDATE_FAILED_MESSAGE,
    });
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form method="post" action={INQUIRIES_PATH} className="inquiry-status">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={inquiry.id} />
      <input type="hidden" name="via" value={hydrated ? "fetcher" : "form"} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <label htmlFor={selectId} className="visually-hidden">
        Status of the inquiry from {inquiry.name}
      </label>
      <select
        id={selectId}
        name="status"
        value={shown}
        data-status={shown}
        className="submission-input submission-select inquiry-status__select"
        onChange={(event) => {
          const formData = new FormData(event.currentTarget.form ?? undefined);
          formData.set("status", event.currentTarget.value);
          void fetcher.submit(formData, { method: "post", action: INQUIRIES_PATH });
        }}
      >
        {INQUIRY_STATUSES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <Button type="submit" size="2" variant="soft">
          Save<span className="visually-hidden"> status of the inquiry from {inquiry.name}</span>
        </Button>
      )}
    </fetcher.Form>
  );
}
