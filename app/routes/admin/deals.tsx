import { Flex } from "@radix-ui/themes";
import type { z } from "zod";
import { AddLink, ListBody, ListSkeleton, useAdminList } from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { DealDialog } from "~/components/admin/deals/deal-dialog";
import { DealTable, type DealView } from "~/components/admin/deals/deal-table";
import { ListDialogs } from "~/components/admin/list-dialogs";
import { FilterNav, ListSearch } from "~/components/admin/list-filters";
import { AdminListPager } from "~/components/admin/list-pager";
import { DEAL_ATTENTION_FILTERS, parseDealAttentionFilter, withListEdges } from "~/lib/admin-list";
import { DEAL_FILTERS, DEAL_MESSAGES, dealSchema, parseDealFilter } from "~/lib/schemas/deal";
import {
  createDealSlide,
  deleteDealSlide,
  type DealFilter,
  getDealSlide,
  listDealSlidesPageForAdmin,
  moveDealSlide,
  updateDealSlide,
} from "~/models/deals.server";
import { signedInAdmin } from "~/services/auth.server";
import type { DealSlide } from "~/server/schema.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import type { Route } from "./+types/deals";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { imageListAction, type ImageSave } from "./image-list-action.server";
import { loadListPage } from "./list-action.server";

// Admin → Deals: the slides of the Deals page carousel, searched, filtered by their dates, and in order.

const PATH = "/admin/deals";
const MAX_QUERY_LENGTH = 100;

export const links: Route.LinksFunction = () => stylesheets(catalogStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, PATH, "Deals", "Manage the promotional deal slides and their dates.");

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
  const { rows, total, page, pageCount, dialog } = await loadListPage(url, PATH, {
    load: (page, pageSize) =>
      listDealSlidesPageForAdmin({ search: q, filter, page, pageSize }).then(({ deals, total }) => ({
        rows: deals,
        total,
      })),
    find: getDealSlide,
    view: toView,
    messages: DEAL_MESSAGES,
  });
  // The order is the whole list's: rows move only where the whole list shows (no search, no filter).
  const reorderable = q === "" && filter === "all";
  return { q, filter, deals: withListEdges(rows, page, total), total, page, pageCount, dialog, reorderable };
}

/** The slide as saved: a new image replaces the old one; 'Remove image' clears it; otherwise it stays. */
function dealInput({ value, uploaded }: ImageSave<DealSlide, z.output<typeof dealSchema>>) {
  const image = uploaded
    ? { imageUrl: uploaded.url, imageKey: uploaded.key }
    : value.remove_image
      ? { imageUrl: null, imageKey: null }
      : {};
  return {
    title: value.title,
    description: value.description ?? null,
    startDate: value.start_date ?? null,
    endDate: value.end_date ?? null,
    isActive: value.is_active,
    sortOrder: value.sort_order,
    ...image,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return imageListAction(request, signedInAdmin(context), {
    path: PATH,
    noun: "Deal",
    messages: DEAL_MESSAGES,
    schema: dealSchema,
    bucket: "deals",
    fileField: "image",
    imageKey: (deal) => deal.image_key,
    confirmDelete: true,
    reasonIn: "title",
    find: getDealSlide,
    remove: deleteDealSlide,
    move: moveDealSlide,
    // An active slide is on the Deals page (or will be, on its start date): its words are advertising.
    advertising: (value, existing) => ({
      fields: { title: value.title, description: value.description },
      publishing: value.is_active,
      stored: existing && {
        fields: { title: existing.title, description: existing.description },
        published: existing.is_active,
      },
    }),
    create: (save) => createDealSlide(dealInput(save), save.actor, save.override),
    update: (id, save) => updateDealSlide(id, dealInput(save), save.actor, save.override),
  });
}

export default function AdminDeals({ loaderData }: Route.ComponentProps) {
  const { q, filter, deals, page, pageCount, dialog, reorderable } = loaderData;
  const attention = DEAL_ATTENTION_FILTERS.find((f) => f.value === filter);
  // A new search, filter or page (not a dialog opening over the list) shows the skeletons.
  const list = useAdminList(PATH, ["q", "filter", "page"]);

  return (
    <div className="admin-catalog">
      <AdminPageHeader
        title="Deals"
        description="The slides of the Deals page carousel: active slides show while today is between their dates."
        breadcrumbs={[{ label: "Deals" }]}
        actions={<AddLink to={list.href({ dialog: "new" })}>Add Deal</AddLink>}
      />

      <Flex direction="column" gap="4">
        <Flex gap="3" wrap="wrap" align="center" justify="between">
          <ListSearch
            path={PATH}
            q={q}
            id="deal-search"
            label="Search deals by title"
            placeholder="Search deals..."
            maxLength={MAX_QUERY_LENGTH}
            keep={{ filter: filter === "all" ? null : filter }}
          />
          <FilterNav
            label="Deal filters"
            links={[
              ...DEAL_FILTERS.map((option) => ({
                key: option.value,
                to: list.href({ filter: option.value === "all" ? null : option.value, page: null }),
                current: filter === option.value,
                children: option.label,
              })),
              // A dashboard's filter shows as the current one, a link back to its first page.
              ...(attention
                ? [{ key: attention.value, to: list.href({ page: null }), current: true, children: attention.label }]
                : []),
            ]}
          />
        </Flex>

        <ListBody
          loading={list.loading}
          skeleton={<ListSkeleton variant="rows" testId="deal-skeleton" />}
          isEmpty={deals.length === 0}
          emptyMessage="No deals found"
        >
          <DealTable deals={deals} editHref={(id) => list.href({ edit: id })} reorderable={reorderable} />
        </ListBody>
        <AdminListPager path={PATH} page={page} pageCount={pageCount} label="Deal pages" />
      </Flex>

      <ListDialogs
        dialog={dialog}
        closeTo={list.closeTo}
        confirmDelete={{ title: "Delete deal", message: DEAL_MESSAGES.confirmDelete, name: (deal) => deal.title }}
        form={(deal) => <DealDialog deal={deal} closeTo={list.closeTo} lastResult={list.lastResult} />}
      />
    </div>
  );
}
