import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Badge, Button, Flex, TextArea, TextField } from "@radix-ui/themes";
import { Form, Link, useActionData, useLocation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminField } from "~/components/admin/admin-field";
import { SearchIcon } from "~/components/admin/admin-icons";
import {
  AddLink,
  ConfirmDeleteDialog,
  DeleteButton,
  DialogActions,
  EditLink,
  ListBody,
  ListSkeleton,
  useActionFailureToast,
  useAdminForm,
  useDialogResult,
} from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { FormAlert } from "~/components/admin/form-alert";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { AdminListPager } from "~/components/admin/list-pager";
import { MoveButtons } from "~/components/admin/move-buttons";
import { useListLoading } from "~/components/ui/use-list-loading";
import { useSearchAsYouType } from "~/components/ui/use-search-as-you-type";
import {
  ADMIN_LIST_PAGE_SIZE,
  DEAL_ATTENTION_FILTERS,
  listHref,
  listPage,
  parseDealAttentionFilter,
  redirectPastLastPage,
  withListEdges,
} from "~/lib/admin-list";
import { formatShortDate } from "~/lib/dates";
import { responsiveImage } from "~/lib/image-srcset";
import { pageCountFor } from "~/lib/pagination";
import { DEAL_FILTERS, DEAL_MESSAGES, dealLimits, dealSchema, parseDealFilter } from "~/lib/schemas/deal";
import { pageMeta } from "~/lib/seo";
import {
  createDealSlide,
  deleteDealSlide,
  type DealFilter,
  getDealSlide,
  listDealSlidesPageForAdmin,
  moveDealSlide,
  updateDealSlide,
} from "~/models/deals.server";
import { signedInAdmin } from "~/server/auth.server";
import { dialogFromUrl, type ListActionData, listAction } from "~/server/admin-list-action.server";
import {
  deleteReplacedImage,
  IMAGE_FORM_LIMITS,
  IMAGE_NOT_STORED,
  uploadForSave,
  withNewImage,
} from "~/server/admin-uploads.server";
import { deleteImage } from "~/server/images.server";
import type { DealSlide } from "~/server/schema.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import type { Route } from "./+types/deals";

const PATH = "/admin/deals";
const BUCKET = "deals";
const DEAL_SKELETON_COUNT = 3;
const MAX_QUERY_LENGTH = 100;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Deals",
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

export async function loader({ request }: Route.LoaderArgs) {
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

  const dialog = await dialogFromUrl(url, PATH, { find: getDealSlide, view: toView, messages: DEAL_MESSAGES });
  // The order is the whole list's: rows move only where the whole list shows (no search, no filter).
  const reorderable = q === "" && filter === "all";
  const views = withListEdges(deals.map(toView), page, total);
  return { q, filter, deals: views, total, page, pageCount, dialog, reorderable };
}

export function action({ request, context }: Route.ActionArgs) {
  return listAction(request, signedInAdmin(context), {
    path: PATH,
    noun: "Deal",
    messages: DEAL_MESSAGES,
    schema: dealSchema,
    limits: IMAGE_FORM_LIMITS,
    fileField: "image",
    confirmDelete: true,
    reasonIn: "title",
    find: getDealSlide,
    remove: deleteDealSlide,
    afterRemove: async (deal) => {
      if (deal.image_key) await deleteImage(BUCKET, deal.image_key);
    },
    move: moveDealSlide,
    save: async ({ intent, existing, value, listUrl, refuse, refuseField, actor }) => {
      const upload = await uploadForSave(BUCKET, value.image, {
        rejected: (message) => refuseField("image", message),
        failed: () => refuse(500, "error", DEAL_MESSAGES.uploadFailed, { description: IMAGE_NOT_STORED }),
      });
      if (!upload.ok) return upload.reply;
      const uploaded = upload.image;
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
      if (intent === "create") {
        await withNewImage(BUCKET, uploaded, () => createDealSlide(input, actor));
        return success(DEAL_MESSAGES.created);
      }
      const saved = await withNewImage(BUCKET, uploaded, () => updateDealSlide(existing!.id, input, actor));
      if (!saved) {
        return redirectWithError(listUrl, { message: DEAL_MESSAGES.updateFailed, description: DEAL_MESSAGES.gone });
      }
      await deleteReplacedImage(BUCKET, saved.before.image_key, saved.after.image_key);
      return success(DEAL_MESSAGES.updated);
    },
  });
}

export default function AdminDeals({ loaderData }: Route.ComponentProps) {
  const { q, filter, deals, page, pageCount, dialog, reorderable } = loaderData;
  const attention = DEAL_ATTENTION_FILTERS.find((f) => f.value === filter);
  const location = useLocation();
  useActionFailureToast(useActionData<typeof action>());
  const lastResult = useDialogResult<ListActionData>();

  // A new search, filter or page (not a dialog opening over the list) shows the skeletons.
  const changingList = useListLoading(PATH, ["q", "filter", "page"]);

  const closeTo = listHref(PATH, location.search);

  return (
    <div className="admin-catalog">
      <AdminPageHeader
        title="Deals"
        description="The slides of the Deals page carousel: active slides show while today is between their dates."
        breadcrumbs={[{ label: "Deals" }]}
        actions={<AddLink to={listHref(PATH, location.search, { dialog: "new" })}>Add Deal</AddLink>}
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

        <ListBody
          loading={changingList}
          skeleton={<ListSkeleton count={DEAL_SKELETON_COUNT} variant="rows" testId="deal-skeleton" />}
          isEmpty={deals.length === 0}
          emptyMessage="No deals found"
        >
          <DealTable deals={deals} search={location.search} reorderable={reorderable} />
        </ListBody>
        <AdminListPager path={PATH} page={page} pageCount={pageCount} label="Deal pages" />
      </Flex>

      {dialog?.mode === "confirm-delete" ? (
        <ConfirmDeleteDialog
          title="Delete deal"
          message={DEAL_MESSAGES.confirmDelete}
          id={dialog.row.id}
          name={dialog.row.title}
          closeTo={closeTo}
        />
      ) : dialog ? (
        <DealDialog
          key={dialog.mode === "edit" ? dialog.row.id : "new"}
          deal={dialog.mode === "edit" ? dialog.row : null}
          closeTo={closeTo}
          lastResult={lastResult}
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
                    {...responsiveImage(deal.imageUrl, "64px", { width: 64, height: 36 })}
                    alt=""
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
                <EditLink to={listHref(PATH, search, { edit: deal.id })} name={deal.title} />
                <DeleteButton id={deal.id} name={deal.title} confirmMessage={DEAL_MESSAGES.confirmDelete} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DealDialog({
  deal,
  closeTo,
  lastResult,
}: {
  deal: DealView | null;
  closeTo: string;
  lastResult: ListActionData | undefined;
}) {
  const [form, fields] = useAdminForm(dealSchema, {
    id: deal ? `deal-${deal.id}` : "deal-new",
    lastResult,
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
          <DialogActions
            closeTo={closeTo}
            label={deal ? "Update Deal" : "Create Deal"}
            busyLabel={deal ? "Updating..." : "Submitting..."}
          />
        </Flex>
      </Form>
    </AdminDialog>
  );
}
