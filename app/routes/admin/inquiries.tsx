// /admin/inquiries: the messages sent through the contact form, newest first, to search, filter by status,
// page through and export; each row's status is changed in place.
import { Button } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import { data, useActionData, useFetcher, useLocation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { FormAlert } from "~/components/admin/form-alert";
import { SearchFilter, SelectOptions } from "~/components/admin/lists/filter-select";
import { LongText, useHydrated } from "~/components/admin/submission-list";
import { SubmissionListPage, submissionColumns } from "~/components/admin/submissions/submission-list-page";
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
import { INQUIRIES_EXPORT_PATH, INQUIRIES_PATH, normalizeSubmissionSearch, parsePageCursor } from "~/lib/submissions";
import { listContactInquiries, updateInquiryStatus } from "~/models/inquiries.server";
import { readFormOrThrow } from "~/server/form-body.server";
import { logger } from "~/server/logger.server";
import { signedInAdmin } from "~/services/auth.server";
import submissionsStyles from "~/styles/admin-submissions.css?url";
import type { Route } from "./+types/inquiries";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { submissionPageLinks, submittedAt } from "./submission-page.server";

export const links: Route.LinksFunction = () => stylesheets(submissionsStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, INQUIRIES_PATH, "Contact Inquiries", "Messages sent through the contact form.");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = normalizeSubmissionSearch(url.searchParams.get("q"));
  const status = parseStatusFilter(url.searchParams.get("status"));
  const page = await listContactInquiries({ search: q, status }, parsePageCursor(url.searchParams));
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
      ...submittedAt(i.created_at),
    })),
    ...submissionPageLinks(INQUIRIES_PATH, INQUIRIES_EXPORT_PATH, page, { q, status }),
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

type InquiryRow = Route.ComponentProps["loaderData"]["inquiries"][number];

export default function AdminInquiries({ loaderData }: Route.ComponentProps) {
  const { q, status, total, inquiries, previousHref, nextHref, exportHref } = loaderData;
  const actionData = useActionData<typeof action>();
  // Where the no-JavaScript form returns to: this very list (search, filter and page).
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  const columns = submissionColumns<InquiryRow>([
    { label: "Topic", className: "submission-table__nowrap", cell: (i) => i.topic },
    { label: "Message", className: "submission-table__text", cell: (i) => <LongText text={i.message} /> },
    { label: "Status", cell: (i) => <StatusSelector inquiry={i} returnTo={returnTo} /> },
  ]);

  return (
    <SubmissionListPage
      path={INQUIRIES_PATH}
      title="Contact Inquiries"
      description="Messages sent through the contact form, newest first."
      exportHref={exportHref}
      noun={["inquiry", "inquiries"]}
      searchPlaceholder="Search by name, email, or topic..."
      searchLabel="Search inquiries by name, email, or topic"
      alert={actionData && !actionData.ok ? <FormAlert messages={[actionData.message]} /> : null}
      filters={
        <SearchFilter
          id="inquiry-status-filter"
          label="Status"
          name="status"
          value={status}
          allLabel="All"
          options={INQUIRY_STATUSES}
        />
      }
      q={q}
      qualifier={status ? ` (${inquiryStatusLabel(status)})` : ""}
      filtered={Boolean(q || status)}
      total={total}
      caption="Contact inquiries"
      columns={columns}
      rows={inquiries}
      previousHref={previousHref}
      nextHref={nextHref}
    />
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
        <SelectOptions options={INQUIRY_STATUSES} />
      </select>
      {hydrated ? null : (
        <Button type="submit" size="2" variant="soft">
          Save<span className="visually-hidden"> status of the inquiry from {inquiry.name}</span>
        </Button>
      )}
    </fetcher.Form>
  );
}
