import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Badge, Button, Card, Flex, IconButton, Text, TextArea, TextField } from "@radix-ui/themes";
import { useEffect } from "react";
import { data, Form, Link, redirect, useActionData, useLocation, useNavigation } from "react-router";
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from "remix-toast";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminField } from "~/components/admin/admin-field";
import { PencilIcon, PlusIcon, SearchIcon, TrashIcon } from "~/components/admin/admin-icons";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { FormAlert } from "~/components/admin/form-alert";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { ListPager } from "~/components/admin/list-pager";
import { MoveButtons } from "~/components/admin/move-buttons";
import { showToast } from "~/components/ui/toaster";
import {
  ADMIN_LIST_PAGE_SIZE,
  DEAL_ATTENTION_FILTERS,
  isRowId,
  listHref,
  listPage,
  MOVE_MESSAGES,
  moveDirection,
  parseDealAttentionFilter,
  redirectPastLastPage,
} from "~/lib/admin-list";
import { formatShortDate } from "~/lib/dates";
import { FIX_FIELDS_MESSAGE, type FormActionData } from "~/lib/form-result";
import { IMAGE_TOO_LARGE } from "~/lib/image-rules";
import { imageSrcSet } from "~/lib/image-srcset";
import { pageCountFor } from "~/lib/pagination";
import { DEAL_FILTERS, DEAL_MESSAGES, dealLimits, dealSchema, parseDealFilter } from "~/lib/schemas/deal";
import { pageMeta, titleWithSite } from "~/lib/seo";
import {
  createDealSlide,
  deleteDealSlide,
  type DealFilter,
  getDealSlide,
  listDealSlidesPageForAdmin,
  moveDealSlide,
  updateDealSlide,
} from "~/models/deals.server";
import { IMAGE_FORM_LIMITS, storeUpload } from "~/server/admin-uploads.server";
import { requireAdmin } from "~/server/auth.server";
import { readFormBody } from "~/server/form-body.server";
import { deleteImage } from "~/server/images.server";
import type { DealSlide } from "~/server/schema.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import type { Route } from "./+types/deals";
import { useSearchAsYouType } from "~/components/ui/use-search-as-you-type";
import { useListLoading } from "~/components/ui/use-list-loading";

const PATH = "/admin/deals";
const BUCKET = "deals";
const DEAL_SKELETON_COUNT = 3;
const MAX_QUERY_LENGTH = 100;
const GONE_DESCRIPTION = "This deal no longer exists.";
const SAVE_FAILED_DESCRIPTION = "The deal could not be saved. Please try again.";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: titleWithSite("Deals"),
    description: "Manage the promotional deal slides and their dates.",
    path: PATH,
    noindex: true,
  });

interface DealView {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  startDate: string | null;
  endDate: string | null;
  isActive: boolean;
  sortOrder: number;
  /** First or last of the whole list: it cannot move further that way. */
  isFirst?: boolean;
  isLast?: boolean;
}

const toView = (deal: DealSlide): DealView => ({
  id: deal.id,
  title: deal.title,
  description: deal.description,
  imageUrl: deal.image_url,
  startDate: deal.start_date,
  endDate: deal.end_date,
  isActive: deal.is_active,
  sortOrder: deal.sort_order,
});

type Dialog = { mode: "new" } | { mode: "edit"; deal: DealView } | { mode: "confirm-delete"; deal: DealView };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const rawFilter = url.searchParams.get("filter");
  // The spec's four, or one the dashboard links to (ending soon; ended but still marked active).
  const filter: DealFilter = parseDealAttentionFilter(rawFilter) ?? parseDealFilter(rawFilter);
  const page = listPage(url, PATH);
  const { deals, total } = await listDealSlidesPageForAdmin({
    search: q,
    filter,
    page,
    pageSize: ADMIN_LIST_PAGE_SIZE,
  });
  const pageCount = pageCountFor(total, ADMIN_LIST_PAGE_SIZE);
  redirectPastLastPage(url, PATH, page, pageCount);

  let dialog: Dialog | null = null;
  const editId = url.searchParams.get("edit");
  const deleteId = url.searchParams.get("confirm-delete");
  const wanted = editId ?? deleteId;
  if (wanted !== null) {
    const deal = isRowId(wanted) ? await getDealSlide(wanted) : undefined;
    if (!deal) {
      throw await redirectWithError(listHref(PATH, url.search), {
        message: editId !== null ? DEAL_MESSAGES.updateFailed : DEAL_MESSAGES.deleteFailed,
        description: GONE_DESCRIPTION,
      });
    }
    dialog = { mode: editId !== null ? "edit" : "confirm-delete", deal: toView(deal) };
  } else if (url.searchParams.get("dialog") === "new") {
    dialog = { mode: "new" };
  }
  // The order is the whole list's: rows move only where the whole list shows (no search, no filter).
  const reorderable = q === "" && filter === "all";
  const offset = (page - 1) * ADMIN_LIST_PAGE_SIZE;
  const views = deals.map((deal, index) => ({
    ...toView(deal),
    isFirst: offset + index === 0,
    isLast: offset + index === total - 1,
  }));
  return { q, filter, deals: views, total, page, pageCount, dialog, reorderable };
}

type Intent = "create" | "update" | "delete";
type DealActionData = FormActionData & { intent: Intent };

const failureMessage = (intent: Intent) =>
  intent === "delete"
    ? DEAL_MESSAGES.deleteFailed
    : intent === "update"
      ? DEAL_MESSAGES.updateFailed
      : DEAL_MESSAGES.createFailed;

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const listUrl = listHref(PATH, url.search);
  const guessedIntent: Intent = url.searchParams.has("edit") ? "update" : "create";

  const body = await readFormBody(request, IMAGE_FORM_LIMITS);
  if (!body.ok) {
    return data<DealActionData>(
      {
        intent: guessedIntent,
        result: { status: "error", error: { "": [body.message] } },
        outcome: "error",
        message: body.message,
      },
      { status: body.status },
    );
  }
  const formData = body.formData;
  const rawIntent = formData.get("intent");
  const id = formData.get("id")?.toString();

  if (rawIntent === "delete") {
    if (!isRowId(id)) {
      return redirectWithError(listUrl, { message: DEAL_MESSAGES.deleteFailed, description: GONE_DESCRIPTION });
    }
    // Without JavaScript there was no browser confirmation: ask on a page first.
    if (formData.get("confirmed") !== "yes") throw redirect(listHref(PATH, url.search, { "confirm-delete": id }));
    const deleted = await deleteDealSlide(id);
    if (!deleted) {
      return redirectWithError(listUrl, { message: DEAL_MESSAGES.deleteFailed, description: GONE_DESCRIPTION });
    }
    if (deleted.image_key) await deleteImage(BUCKET, deleted.image_key);
    return redirectWithSuccess(listUrl, DEAL_MESSAGES.deleted);
  }
  const direction = moveDirection(rawIntent);
  if (direction) {
    const outcome = isRowId(id) ? await moveDealSlide(id, direction) : "missing";
    if (outcome === "moved") return redirectWithSuccess(listUrl, MOVE_MESSAGES.moved("Deal", direction));
    if (outcome === "edge") return redirectWithInfo(listUrl, MOVE_MESSAGES.edge("Deal", direction));
    return redirectWithError(listUrl, { message: MOVE_MESSAGES.failed("Deal"), description: GONE_DESCRIPTION });
  }
  if (rawIntent !== "create" && rawIntent !== "update") throw data("Unknown action", { status: 400 });
  const intent: Intent = rawIntent;

  let existing: DealSlide | undefined;
  if (intent === "update") {
    existing = isRowId(id) ? await getDealSlide(id) : undefined;
    if (!existing) {
      return redirectWithError(listUrl, { message: DEAL_MESSAGES.updateFailed, description: GONE_DESCRIPTION });
    }
  }

  const submission = parseWithZod(formData, { schema: dealSchema });
  const refuse = (
    status: number,
    outcome: "invalid" | "error",
    message: string,
    description?: string,
    fieldErrors?: Record<string, string[]>,
  ) =>
    data<DealActionData>(
      {
        intent,
        // A field's own error says what is wrong with it; the form's summary just points at the fields.
        result: submission.reply({
          formErrors: [outcome === "invalid" ? FIX_FIELDS_MESSAGE : (description ?? message)],
          fieldErrors,
        }),
        outcome,
        message,
        description,
      },
      { status },
    );
  // The spec's toast is the server's message when there is one, else 'Failed to … deal'.
  if (body.oversizedPart) return refuse(400, "invalid", IMAGE_TOO_LARGE, undefined, { image: [IMAGE_TOO_LARGE] });
  if (submission.status !== "success") return refuse(400, "invalid", failureMessage(intent), FIX_FIELDS_MESSAGE);
  const value = submission.value;

  const upload = await storeUpload(BUCKET, value.image);
  if (upload.status === "rejected")
    return refuse(400, "invalid", upload.message, undefined, { image: [upload.message] });
  if (upload.status === "failed") {
    return refuse(500, "error", DEAL_MESSAGES.uploadFailed, "The image could not be stored. Please try again.");
  }
  const uploaded = upload.status === "stored" ? upload.image : null;
  // A new image replaces the old one; 'Remove image' clears it; otherwise the image stays as it is.
  const image = uploaded
    ? { imageUrl: uploaded.url, imageKey: uploaded.key }
    : value.remove_image
      ? { imageUrl: null, imageKey: null }
      : {};
  const input = {
    title: value.title,
    description: value.description ?? null,
    startDate: value.start_date ?? null,
    endDate: value.end_date ?? null,
    isActive: value.is_active,
    sortOrder: value.sort_order,
    ...image,
  };
  const success = (message: string) =>
    redirectWithSuccess(listUrl, uploaded ? { message, description: DEAL_MESSAGES.imageUploaded } : message);

  try {
    if (intent === "create") {
      await createDealSlide(input);
      return success(DEAL_MESSAGES.created);
    }
    const saved = await updateDealSlide(existing!.id, input);
    if (!saved) {
      if (uploaded) await deleteImage(BUCKET, uploaded.key);
      return redirectWithError(listUrl, { message: DEAL_MESSAGES.updateFailed, description: GONE_DESCRIPTION });
    }
    const { before, after } = saved;
    if (before.image_key && before.image_key !== after.image_key) await deleteImage(BUCKET, before.image_key);
    return success(DEAL_MESSAGES.updated);
  } catch (error) {
    console.error(`Could not ${intent} a deal:`, error);
    if (uploaded) await deleteImage(BUCKET, uploaded.key);
    return refuse(500, "error", failureMessage(intent), SAVE_FAILED_DESCRIPTION);
  }
}

export default function AdminDeals({ loaderData }: Route.ComponentProps) {
  const { q, filter, deals, page, pageCount, dialog, reorderable } = loaderData;
  const attention = DEAL_ATTENTION_FILTERS.find((f) => f.value === filter);
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const navigation = useNavigation();

  // A new search, filter or page (not a dialog opening over the list) shows the skeletons.
  const changingList = useListLoading(PATH, ["q", "filter", "page"]);

  useEffect(() => {
    if (actionData && actionData.outcome !== "success") {
      showToast({ type: "error", message: actionData.message, description: actionData.description });
    }
  }, [actionData]);

  const closeTo = listHref(PATH, location.search);

  return (
    <div className="admin-catalog">
      <AdminPageHeader
        title="Deals"
        description="The slides of the Deals page carousel: active slides show while today is between their dates."
        breadcrumbs={[{ label: "Deals" }]}
        actions={
          <Button asChild size="3">
            <Link to={listHref(PATH, location.search, { dialog: "new" })} preventScrollReset>
              <PlusIcon /> Add Deal
            </Link>
          </Button>
        }
      />

      <Flex direction="column" gap="4">
        <Flex gap="3" wrap="wrap" align="center" justify="between">
          <DealSearch q={q} filter={filter} />
          <nav aria-label="Deal filters" className="admin-filters">
            <ul>
              {DEAL_FILTERS.map((option) => (
                <li key={option.value}>
                  <Link
                    to={listHref(PATH, location.search, {
                      filter: option.value === "all" ? null : option.value,
                      page: null,
                    })}
                    className="admin-filters__link"
                    aria-current={filter === option.value ? "true" : undefined}
                    preventScrollReset
                  >
                    {option.label}
                  </Link>
                </li>
              ))}
              {attention ? (
                <li>
                  <Link
                    to={listHref(PATH, location.search, { page: null })}
                    className="admin-filters__link"
                    aria-current="true"
                    preventScrollReset
                  >
                    {attention.label}
                  </Link>
                </li>
              ) : null}
            </ul>
          </nav>
        </Flex>

        {changingList ? (
          <DealTableSkeleton />
        ) : deals.length === 0 ? (
          <Card size="3" className="admin-empty">
            <Text as="p" align="center" color="gray">
              No deals found
            </Text>
          </Card>
        ) : (
          <DealTable deals={deals} search={location.search} reorderable={reorderable} />
        )}
        <ListPager
          page={page}
          pageCount={pageCount}
          label="Deal pages"
          hrefFor={(p) => listHref(PATH, location.search, { page: p > 1 ? String(p) : null })}
        />
      </Flex>

      {dialog?.mode === "confirm-delete" ? (
        <ConfirmDeleteDialog deal={dialog.deal} closeTo={closeTo} />
      ) : dialog ? (
        <DealDialog
          key={dialog.mode === "edit" ? dialog.deal.id : "new"}
          deal={dialog.mode === "edit" ? dialog.deal : null}
          closeTo={closeTo}
          lastResult={
            navigation.state === "idle" && actionData && actionData.intent !== "delete" ? actionData : undefined
          }
        />
      ) : null}
    </div>
  );
}

function DealSearch({ q, filter }: { q: string; filter: string }) {
  // The current filter travels as a hidden field, with and without JavaScript.
  const { inputRef, formProps } = useSearchAsYouType({ action: PATH, q });

  return (
    <Form method="get" action={PATH} role="search" className="admin-search" {...formProps}>
      <label htmlFor="deal-search" className="visually-hidden">
        Search deals by title
      </label>
      <TextField.Root
        ref={inputRef}
        id="deal-search"
        type="search"
        name="q"
        defaultValue={q}
        placeholder="Search deals..."
        maxLength={MAX_QUERY_LENGTH}
        autoComplete="off"
        size="3"
        className="admin-search__input"
      >
        <TextField.Slot>
          <SearchIcon />
        </TextField.Slot>
      </TextField.Root>
      {filter !== "all" ? <input type="hidden" name="filter" value={filter} /> : null}
      <Button type="submit" variant="soft" size="3">
        Search
      </Button>
    </Form>
  );
}

const dateCell = (day: string | null, what: string) =>
  day ? (
    <time dateTime={day}>{formatShortDate(day)}</time>
  ) : (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">No {what}</span>
    </>
  );

function DealTable({ deals, search, reorderable }: { deals: DealView[]; search: string; reorderable: boolean }) {
  // A table on wide screens; below 900px each row is a card (admin-catalog.css), its actions in view.
  return (
    <table className="admin-table admin-deal-table">
      <caption className="visually-hidden">Deals</caption>
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Start Date</th>
          <th scope="col">End Date</th>
          <th scope="col">Status</th>
          <th scope="col">Order</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {deals.map((deal) => (
          <tr key={deal.id}>
            <th scope="row">
              <div className="admin-deal-table__title">
                {deal.imageUrl ? (
                  <img
                    src={deal.imageUrl}
                    srcSet={imageSrcSet(deal.imageUrl)}
                    sizes="64px"
                    alt=""
                    width={64}
                    height={36}
                    loading="lazy"
                    decoding="async"
                    className="admin-deal-table__thumb"
                  />
                ) : (
                  <span className="admin-deal-table__thumb admin-deal-table__thumb--none" aria-hidden="true" />
                )}
                <span className="admin-deal-table__name">{deal.title}</span>
              </div>
            </th>
            <td data-label="Start Date" className="admin-deal-table__nowrap">
              {dateCell(deal.startDate, "start date")}
            </td>
            <td data-label="End Date" className="admin-deal-table__nowrap">
              {dateCell(deal.endDate, "end date")}
            </td>
            <td data-label="Status">
              {deal.isActive ? (
                <Badge color="green" variant="soft">
                  Active
                </Badge>
              ) : (
                <Badge color="gray" variant="soft">
                  Inactive
                </Badge>
              )}
            </td>
            <td data-label="Order">{deal.sortOrder}</td>
            <td className="admin-deal-table__actions">
              <div className="admin-row-actions">
                {reorderable ? (
                  <MoveButtons
                    id={deal.id}
                    name={deal.title}
                    isFirst={deal.isFirst ?? false}
                    isLast={deal.isLast ?? false}
                  />
                ) : null}
                <IconButton asChild variant="soft" size="2">
                  <Link
                    to={listHref(PATH, search, { edit: deal.id })}
                    preventScrollReset
                    aria-label={`Edit ${deal.title}`}
                  >
                    <PencilIcon />
                  </Link>
                </IconButton>
                <DeleteDealButton deal={deal} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** With JavaScript, the browser's confirmation; without, the server answers with a confirmation page. */
function DeleteDealButton({ deal }: { deal: DealView }) {
  return (
    <Form
      method="post"
      preventScrollReset
      onSubmit={(event) => {
        if (!window.confirm(DEAL_MESSAGES.confirmDelete)) {
          event.preventDefault();
          return;
        }
        const confirmed = event.currentTarget.elements.namedItem("confirmed");
        if (confirmed instanceof HTMLInputElement) confirmed.value = "yes";
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={deal.id} />
      <input type="hidden" name="confirmed" value="" />
      <IconButton type="submit" variant="soft" color="red" size="2" aria-label={`Delete ${deal.title}`}>
        <TrashIcon />
      </IconButton>
    </Form>
  );
}

function ConfirmDeleteDialog({ deal, closeTo }: { deal: DealView; closeTo: string }) {
  return (
    <AdminDialog title="Delete deal" closeTo={closeTo} description={DEAL_MESSAGES.confirmDelete}>
      <Flex direction="column" gap="4">
        <Text as="p" weight="medium">
          {deal.title}
        </Text>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={deal.id} />
          <input type="hidden" name="confirmed" value="yes" />
          <Flex gap="3" justify="end" className="admin-dialog__actions">
            <Button asChild variant="soft" color="gray" size="3">
              <Link to={closeTo} preventScrollReset>
                Cancel
              </Link>
            </Button>
            <Button type="submit" color="red" size="3">
              Delete
            </Button>
          </Flex>
        </Form>
      </Flex>
    </AdminDialog>
  );
}

function DealTableSkeleton() {
  return (
    <div className="admin-skeleton-table" aria-hidden="true">
      {Array.from({ length: DEAL_SKELETON_COUNT }, (_, i) => (
        <div key={i} className="admin-skeleton admin-skeleton__row" data-testid="deal-skeleton">
          <span className="admin-skeleton__line" />
          <span className="admin-skeleton__line admin-skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}

function DealDialog({
  deal,
  closeTo,
  lastResult,
}: {
  deal: DealView | null;
  closeTo: string;
  lastResult: DealActionData | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const [form, fields] = useForm({
    id: deal ? `deal-${deal.id}` : "deal-new",
    lastResult: lastResult?.result,
    defaultValue: deal
      ? {
          title: deal.title,
          description: deal.description ?? "",
          start_date: deal.startDate ?? "",
          end_date: deal.endDate ?? "",
          is_active: deal.isActive,
          sort_order: String(deal.sortOrder),
        }
      : { is_active: true, sort_order: "0" },
    constraint: getZodConstraint(dealSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dealSchema }),
  });

  const { key: titleKey, ...titleProps } = getInputProps(fields.title, { type: "text" });
  const { key: descriptionKey, ...descriptionProps } = getTextareaProps(fields.description);
  const { key: startKey, ...startProps } = getInputProps(fields.start_date, { type: "date" });
  const { key: endKey, ...endProps } = getInputProps(fields.end_date, { type: "date" });
  const { key: orderKey, ...orderProps } = getInputProps(fields.sort_order, { type: "number" });
  const { key: activeKey, ...activeProps } = getInputProps(fields.is_active, { type: "checkbox" });
  const { key: removeKey, ...removeProps } = getInputProps(fields.remove_image, { type: "checkbox" });

  return (
    <AdminDialog title={deal ? "Edit Deal" : "Add New Deal"} closeTo={closeTo} size="wide">
      <Form method="post" encType="multipart/form-data" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value={deal ? "update" : "create"} />
        {deal ? <input type="hidden" name="id" value={deal.id} /> : null}
        <Flex direction="column" gap="4">
          <FormAlert id={form.errorId} messages={form.errors} />
          <AdminField
            id={fields.title.id}
            label="Title"
            required
            errorId={fields.title.errorId}
            errors={fields.title.errors}
          >
            <TextField.Root key={titleKey} {...titleProps} maxLength={dealLimits.title} autoComplete="off" />
          </AdminField>
          <AdminField
            id={fields.description.id}
            label="Description"
            errorId={fields.description.errorId}
            errors={fields.description.errors}
          >
            <TextArea key={descriptionKey} {...descriptionProps} rows={3} maxLength={dealLimits.description} />
          </AdminField>
          <div className="admin-form-row">
            <AdminField
              id={fields.start_date.id}
              label="Start date"
              errorId={fields.start_date.errorId}
              errors={fields.start_date.errors}
            >
              <TextField.Root key={startKey} {...startProps} />
            </AdminField>
            <AdminField
              id={fields.end_date.id}
              label="End date"
              errorId={fields.end_date.errorId}
              errors={fields.end_date.errors}
            >
              <TextField.Root key={endKey} {...endProps} />
            </AdminField>
          </div>
          <Flex gap="4" wrap="wrap" align="end">
            <AdminField
              id={fields.sort_order.id}
              label="Sort order"
              errorId={fields.sort_order.errorId}
              errors={fields.sort_order.errors}
            >
              <TextField.Root key={orderKey} {...orderProps} step={1} className="admin-number-input" />
            </AdminField>
            <label className="admin-checkbox" htmlFor={fields.is_active.id}>
              <input key={activeKey} {...activeProps} />
              Active
            </label>
          </Flex>
          {deal?.imageUrl ? (
            <label className="admin-checkbox" htmlFor={fields.remove_image.id}>
              <input key={removeKey} {...removeProps} />
              Remove the current image
            </label>
          ) : null}
          <ImageUploadField
            field={fields.image}
            label="Image"
            currentUrl={deal?.imageUrl}
            currentAlt={deal ? deal.title : undefined}
            hint="JPEG, PNG, WebP or GIF, less than 5MB. Shown 16:9 in the carousel."
          />
          <Flex gap="3" justify="end" className="admin-dialog__actions">
            <Button asChild variant="soft" color="gray" size="3">
              <Link to={closeTo} preventScrollReset>
                Cancel
              </Link>
            </Button>
            <Button type="submit" size="3" disabled={submitting}>
              {submitting ? (deal ? "Updating..." : "Submitting...") : deal ? "Update Deal" : "Create Deal"}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </AdminDialog>
  );
}
