import { Flex, Heading } from "@radix-ui/themes";
import { AddLink, ListBody, ListSkeleton, useAdminList } from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { ExceptionDialog } from "~/components/admin/hours/exception-dialog";
import { ExceptionTable } from "~/components/admin/hours/exception-table";
import { dateRangeText, type ExceptionView } from "~/components/admin/hours/exception-view";
import { StorePanel, StorePanelSkeleton } from "~/components/admin/hours/store-panel";
import { ListDialogs } from "~/components/admin/list-dialogs";
import { FilterNav } from "~/components/admin/list-filters";
import { AdminListPager } from "~/components/admin/list-pager";
import { useListLoading } from "~/components/ui/use-list-loading";
import { storeFromParam, stores, storeShortName } from "~/content/stores";
import { todayInStoreZone } from "~/lib/dates";
import { isCalendarDay } from "~/lib/schemas/admin-fields";
import {
  HOURS_MESSAGES,
  HOURS_PATH as PATH,
  hoursExceptionSchema,
  hoursLimits,
  hoursListHref,
  isWeeklyIntent,
  type WeeklyHoursActionData,
} from "~/lib/schemas/hours";
import { storeStatus } from "~/lib/store-hours";
import { holidaysWithoutEntry } from "~/lib/us-holidays";
import {
  deleteHoursException,
  getHoursException,
  getWeeklyHours,
  listCurrentHoursExceptions,
  listHoursExceptionsForAdmin,
  toHoursException,
} from "~/models/store-hours-settings.server";
import { signedInAdmin } from "~/services/auth.server";
import type { StoreHoursException } from "~/server/schema.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import hoursStyles from "~/styles/admin-hours.css?url";
import type { Route } from "./+types/hours";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { now, saveHoursException, weeklyHoursAction } from "./hours.server";
import { listAction, loadListPage } from "./list-action.server";

// Admin → Hours: each store's weekly hours, and its holidays and special hours (a list with dialogs).

/** How far ahead the holiday reminder looks. */
const HOLIDAY_WARNING_DAYS = 30;

export const links: Route.LinksFunction = () => stylesheets(catalogStyles, hoursStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, PATH, "Hours", "Weekly hours, holidays and special hours of each store.");

const toView = (row: StoreHoursException): ExceptionView => ({ ...toHoursException(row), store: row.store });

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const store = storeFromParam(url.searchParams.get("store"));
  const past = url.searchParams.get("show") === "past";
  const at = now();
  const today = todayInStoreZone(at);
  const [weekly, current, { rows, page, pageCount, dialog }] = await Promise.all([
    getWeeklyHours(store),
    listCurrentHoursExceptions(store, at),
    loadListPage(url, PATH, {
      load: (page, pageSize) =>
        listHoursExceptionsForAdmin(store, { upcomingFrom: today, page, pageSize, past }).then(
          ({ exceptions, total }) => ({ rows: exceptions, total }),
        ),
      find: getHoursException,
      view: toView,
      messages: HOURS_MESSAGES,
    }),
  ]);

  // Worked out here, in the stores' zone, exactly as the public pages' root loader does.
  const { state, text, label } = storeStatus(weekly, current, at);
  const date = url.searchParams.get("date") ?? "";
  return {
    store,
    past,
    page,
    pageCount,
    weekly,
    status: label ? { state, text, label } : { state, text },
    holidays: holidaysWithoutEntry(current, today, HOLIDAY_WARNING_DAYS),
    exceptions: rows,
    dialog,
    // 'Add closure' on a holiday opens the new-exception dialog with its date and name filled in.
    prefill: {
      date: isCalendarDay(date) ? date : "",
      label: (url.searchParams.get("label") ?? "").trim().slice(0, hoursLimits.label),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  return listAction(request, signedInAdmin(context), {
    path: PATH,
    // The weekly form (save, or copy Monday to every day); the rest is the exceptions list's.
    otherIntents: weeklyHoursAction,
    noun: "Exception",
    messages: HOURS_MESSAGES,
    schema: hoursExceptionSchema,
    confirmDelete: true,
    find: getHoursException,
    remove: deleteHoursException,
    save: (saving) => saveHoursException(url, saving),
  });
}

export default function AdminHours({ loaderData }: Route.ComponentProps) {
  const { store, past, page, pageCount, weekly, status, holidays, exceptions, dialog, prefill } = loaderData;
  // Another list (upcoming, past, a page) shows skeletons for the list; another store's tab for the whole store.
  const list = useAdminList(PATH, ["store", "show", "page"], hoursListHref);
  const changingStore = useListLoading(PATH, ["store"]);
  const weeklyResult = isWeeklyIntent(list.actionData?.intent) ? (list.actionData as WeeklyHoursActionData) : undefined;
  const name = storeShortName(store);

  return (
    <div className="admin-catalog admin-hours">
      <AdminPageHeader
        title="Hours"
        description="Weekly hours, holidays and special hours. Every page of the website shows them as soon as you save."
        breadcrumbs={[{ label: "Hours" }]}
        actions={<AddLink to={list.href({ dialog: "new" })}>Add holiday or special hours</AddLink>}
      />

      <Flex direction="column" gap="5">
        <FilterNav
          label="Stores"
          className="admin-filters admin-hours__stores"
          links={stores.map((option) => ({
            key: option.id,
            to: list.href({ store: option.id, page: null }),
            current: store === option.id,
            children: option.shortName,
          }))}
        />

        {changingStore ? (
          <StorePanelSkeleton />
        ) : (
          <StorePanel
            store={store}
            name={name}
            status={status}
            weekly={weekly}
            holidays={holidays}
            addClosureHref={(holiday) => list.href({ dialog: "new", date: holiday.date, label: holiday.name })}
            weeklyAction={list.closeTo}
            weeklyResult={weeklyResult}
          />
        )}

        <section aria-labelledby="hours-exceptions-title" className="admin-hours__exceptions">
          <Flex gap="3" wrap="wrap" align="center" justify="between">
            <Heading as="h2" size="4" id="hours-exceptions-title">
              Holidays and special hours
            </Heading>
            <FilterNav
              label="Which exceptions"
              links={[
                { key: "upcoming", to: list.href({ show: null, page: null }), current: !past, children: "Upcoming" },
                { key: "past", to: list.href({ show: "past", page: null }), current: past, children: "Past" },
              ]}
            />
          </Flex>
          <ListBody
            loading={list.loading}
            skeleton={<ListSkeleton variant="rows" testId="exception-skeleton" />}
            isEmpty={exceptions.length === 0}
            emptyMessage={past ? "No past holidays or special hours." : "No holidays or special hours coming up."}
          >
            <ExceptionTable exceptions={exceptions} editHref={(id) => list.href({ edit: id })} storeName={name} />
          </ListBody>
          <AdminListPager path={PATH} page={page} pageCount={pageCount} label="Exception pages" />
        </section>
      </Flex>

      <ListDialogs
        dialog={dialog}
        closeTo={list.closeTo}
        confirmDelete={{
          title: "Delete exception",
          message: HOURS_MESSAGES.confirmDelete,
          name: (row) => `${row.label}: ${dateRangeText(row.startDate, row.endDate)}`,
        }}
        form={(exception) => (
          <ExceptionDialog
            // A holiday's 'Add closure' after another's: a fresh form with its date.
            key={exception ? exception.id : `new-${prefill.date}`}
            exception={exception}
            store={store}
            prefill={prefill}
            closeTo={list.closeTo}
            lastResult={list.lastResult}
          />
        )}
      />
    </div>
  );
}
