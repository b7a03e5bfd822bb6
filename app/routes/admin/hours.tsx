import { type FieldMetadata, getCollectionProps, getFormProps, getInputProps } from "@conform-to/react";
import { Button, Callout, Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { Form, Link, useActionData, useLocation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminField } from "~/components/admin/admin-field";
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
import { AdminListPager } from "~/components/admin/list-pager";
import { StoreStatusLine } from "~/components/site/store-status";
import { useListLoading } from "~/components/ui/use-list-loading";
import { storeFromParam, type StoreId, stores, storeShortName } from "~/content/stores";
import { ADMIN_LIST_PAGE_SIZE, listPage, redirectPastLastPage } from "~/lib/admin-list";
import { todayInStoreZone } from "~/lib/dates";
import { pageCountFor } from "~/lib/pagination";
import {
  clockFromInput,
  dayField,
  EXCEPTION_KINDS,
  exceptionOf,
  HOURS_MESSAGES,
  HOURS_PATH as PATH,
  hoursExceptionSchema,
  hoursLimits,
  hoursListHref,
  WEEKDAYS,
  type WeeklyHoursActionData,
  weeklyHoursSchema,
} from "~/lib/schemas/hours";
import { isCalendarDay } from "~/lib/schemas/admin-fields";
import { pageMeta } from "~/lib/seo";
import { formatClockSpaced, type HoursException, storeStatus, type WeeklySchedule } from "~/lib/store-hours";
import { weeklyLines } from "~/lib/hours-sentences";
import { holidaysWithoutEntry } from "~/lib/us-holidays";
import {
  createHoursException,
  deleteHoursException,
  getHoursException,
  getWeeklyHours,
  listCurrentHoursExceptions,
  listHoursExceptionsForAdmin,
  toHoursException,
  updateHoursException,
} from "~/models/site-settings.server";
import { signedInAdmin } from "~/server/auth.server";
import { dialogFromUrl, type ListActionData, listAction } from "~/server/admin-list-action.server";
import type { StoreHoursException } from "~/server/schema.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import hoursStyles from "~/styles/admin-hours.css?url";
import type { Route } from "./+types/hours";
import { now, weeklyHoursAction } from "./hours.server";

const EXCEPTION_SKELETON_COUNT = 3;
/** How far ahead the holiday reminder looks. */
const HOLIDAY_WARNING_DAYS = 30;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: hoursStyles },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Hours",
    description: "Weekly hours, holidays and special hours of each store.",
    path: PATH,
    noindex: true,
  });

/** An exception as the hours engine reads it, and which store it belongs to. */
type ExceptionView = HoursException & { store: StoreId };

const toView = (row: StoreHoursException): ExceptionView => ({ ...toHoursException(row), store: row.store });

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const store = storeFromParam(url.searchParams.get("store"));
  const past = url.searchParams.get("show") === "past";
  const page = listPage(url, PATH);
  const at = now();
  const today = todayInStoreZone(at);
  const [weekly, current, { exceptions, total }] = await Promise.all([
    getWeeklyHours(store),
    listCurrentHoursExceptions(store, at),
    listHoursExceptionsForAdmin(store, { upcomingFrom: today, page, pageSize: ADMIN_LIST_PAGE_SIZE, past }),
  ]);
  const pageCount = pageCountFor(total, ADMIN_LIST_PAGE_SIZE);
  redirectPastLastPage(url, PATH, page, pageCount);
  const dialog = await dialogFromUrl(url, PATH, { find: getHoursException, view: toView, messages: HOURS_MESSAGES });

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
    exceptions: exceptions.map(toView),
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
    save: async ({ intent, existing, value: submitted, actor }) => {
      const value = exceptionOf(submitted);
      // Back to the saved exception's store, on the list that shows it (upcoming, or past).
      const to = hoursListHref(url.search, {
        store: value.store,
        show: value.endDate < todayInStoreZone(now()) ? "past" : null,
        page: null,
      });
      const description = `${storeShortName(value.store)}: ${dateRangeText(value.startDate, value.endDate)}`;
      if (intent === "create") {
        await createHoursException(value, actor);
        const message = value.closed ? HOURS_MESSAGES.closureAdded : HOURS_MESSAGES.specialAdded;
        return redirectWithSuccess(to, { message, description });
      }
      const saved = await updateHoursException(existing!.id, value, actor);
      if (!saved) {
        return redirectWithError(to, { message: HOURS_MESSAGES.updateFailed, description: HOURS_MESSAGES.gone });
      }
      return redirectWithSuccess(to, { message: HOURS_MESSAGES.updated, description });
    },
  });
}

// A calendar day reads the same everywhere: format it in UTC so no zone can shift it.
const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const formatDay = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));

/** "Thu, Nov 26, 2026" or "Thu, Dec 24, 2026 – Sat, Dec 26, 2026". */
function dateRangeText(start: string, end: string): string {
  return start === end ? formatDay(start) : `${formatDay(start)} – ${formatDay(end)}`;
}

function hoursText(exception: Pick<ExceptionView, "closed" | "opens" | "closes">): string {
  if (exception.closed || !exception.opens || !exception.closes) return "Closed all day";
  const overnight = exception.closes <= exception.opens ? " (next day)" : "";
  return `${formatClockSpaced(exception.opens)} – ${formatClockSpaced(exception.closes)}${overnight}`;
}

export default function AdminHours({ loaderData }: Route.ComponentProps) {
  const { store, past, page, pageCount, weekly, status, holidays, exceptions, dialog, prefill } = loaderData;
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  useActionFailureToast(actionData);
  const dialogResult = useDialogResult<ListActionData>();
  const weeklyResult =
    actionData && (actionData.intent === "save-week" || actionData.intent === "copy-monday")
      ? (actionData as WeeklyHoursActionData)
      : undefined;
  const exceptionResult =
    dialogResult && (dialogResult.intent === "create" || dialogResult.intent === "update") ? dialogResult : undefined;

  // Another store's tab shows skeletons for the whole store; another list (upcoming, past, a page) for the list.
  const changingStore = useListLoading(PATH, ["store"]);
  const changingList = useListLoading(PATH, ["store", "show", "page"]);

  const closeTo = hoursListHref(location.search);
  const name = storeShortName(store);

  return (
    <div className="admin-catalog admin-hours">
      <AdminPageHeader
        title="Hours"
        description="Weekly hours, holidays and special hours. Every page of the website shows them as soon as you save."
        breadcrumbs={[{ label: "Hours" }]}
        actions={<AddLink to={hoursListHref(location.search, { dialog: "new" })}>Add holiday or special hours</AddLink>}
      />

      <Flex direction="column" gap="5">
        <nav aria-label="Stores" className="admin-filters admin-hours__stores">
          <ul>
            {stores.map((option) => (
              <li key={option.id}>
                <Link
                  to={hoursListHref(location.search, { store: option.id, page: null })}
                  className="admin-filters__link"
                  aria-current={store === option.id ? "true" : undefined}
                  preventScrollReset
                >
                  {option.shortName}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {changingStore ? (
          <StoreSkeleton />
        ) : (
          <>
            <Card size="3" className="admin-hours__card" asChild>
              <section aria-labelledby="hours-now-title">
                <Heading as="h2" size="4" id="hours-now-title">
                  What visitors see now
                </Heading>
                <Text as="p" size="2" color="gray" className="admin-hours__lead">
                  {name} on the Locations page, in the footer and in search results:
                </Text>
                <div className="admin-hours__preview" data-testid="hours-preview">
                  <StoreStatusLine status={status} />
                  <ul>
                    {weeklyLines(weekly).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </div>
              </section>
            </Card>

            {holidays.length > 0 ? (
              <Callout.Root color="amber" variant="surface" className="admin-hours__holidays">
                <Callout.Text>
                  <strong>
                    {holidays.length === 1
                      ? "A holiday in the next 30 days has no hours set"
                      : `${holidays.length} holidays in the next 30 days have no hours set`}{" "}
                    for {name}.
                  </strong>{" "}
                  Add a closure or special hours, or the usual weekly hours apply.
                </Callout.Text>
                <ul className="admin-hours__holiday-list" aria-label={`Holidays without hours for ${name}`}>
                  {holidays.map((holiday) => (
                    <li key={holiday.date}>
                      <span>
                        <strong>{holiday.name}</strong> <time dateTime={holiday.date}>{formatDay(holiday.date)}</time>
                      </span>
                      <Button asChild size="2">
                        <Link
                          to={hoursListHref(location.search, {
                            dialog: "new",
                            date: holiday.date,
                            label: holiday.name,
                          })}
                          preventScrollReset
                        >
                          Add closure<span className="visually-hidden"> for {holiday.name}</span>
                        </Link>
                      </Button>
                    </li>
                  ))}
                </ul>
              </Callout.Root>
            ) : null}

            <Card size="3" className="admin-hours__card" asChild>
              <section aria-labelledby="hours-week-title">
                <Heading as="h2" size="4" id="hours-week-title">
                  Weekly hours
                </Heading>
                <WeeklyHoursForm key={store} store={store} weekly={weekly} action={closeTo} lastResult={weeklyResult} />
              </section>
            </Card>
          </>
        )}

        <section aria-labelledby="hours-exceptions-title" className="admin-hours__exceptions">
          <Flex gap="3" wrap="wrap" align="center" justify="between">
            <Heading as="h2" size="4" id="hours-exceptions-title">
              Holidays and special hours
            </Heading>
            <nav aria-label="Which exceptions" className="admin-filters">
              <ul>
                <li>
                  <Link
                    to={hoursListHref(location.search, { show: null, page: null })}
                    className="admin-filters__link"
                    aria-current={past ? undefined : "true"}
                    preventScrollReset
                  >
                    Upcoming
                  </Link>
                </li>
                <li>
                  <Link
                    to={hoursListHref(location.search, { show: "past", page: null })}
                    className="admin-filters__link"
                    aria-current={past ? "true" : undefined}
                    preventScrollReset
                  >
                    Past
                  </Link>
                </li>
              </ul>
            </nav>
          </Flex>
          <ListBody
            loading={changingList}
            skeleton={<ListSkeleton count={EXCEPTION_SKELETON_COUNT} variant="rows" testId="exception-skeleton" />}
            isEmpty={exceptions.length === 0}
            emptyMessage={past ? "No past holidays or special hours." : "No holidays or special hours coming up."}
          >
            <ExceptionTable exceptions={exceptions} search={location.search} storeName={name} />
          </ListBody>
          <AdminListPager path={PATH} page={page} pageCount={pageCount} label="Exception pages" />
        </section>
      </Flex>

      {dialog?.mode === "confirm-delete" ? (
        <ConfirmDeleteDialog
          title="Delete exception"
          message={HOURS_MESSAGES.confirmDelete}
          id={dialog.row.id}
          name={`${dialog.row.label}: ${dateRangeText(dialog.row.startDate, dialog.row.endDate)}`}
          closeTo={closeTo}
        />
      ) : dialog ? (
        <ExceptionDialog
          key={dialog.mode === "edit" ? dialog.row.id : `new-${prefill.date}`}
          exception={dialog.mode === "edit" ? dialog.row : null}
          store={store}
          prefill={prefill}
          closeTo={closeTo}
          lastResult={exceptionResult}
        />
      ) : null}
    </div>
  );
}

function StoreSkeleton() {
  return (
    <div className="admin-hours__skeleton" aria-hidden="true" data-testid="hours-skeleton">
      {[3, 7].map((lines, index) => (
        <div key={index} className="admin-skeleton admin-skeleton__row">
          {Array.from({ length: lines }, (_, i) => (
            <span key={i} className={`admin-skeleton__line${i % 2 ? " admin-skeleton__line--short" : ""}`} />
          ))}
        </div>
      ))}
    </div>
  );
}

function WeeklyHoursForm({
  store,
  weekly,
  action,
  lastResult,
}: {
  store: StoreId;
  weekly: WeeklySchedule;
  /** The page's own address without a dialog, so a save never re-opens one. */
  action: string;
  lastResult: WeeklyHoursActionData | undefined;
}) {
  const [form, fields] = useAdminForm(weeklyHoursSchema, {
    id: `hours-week-${store}`,
    lastResult,
    defaultValue: {
      store,
      ...Object.fromEntries(
        WEEKDAYS.map((_, day) => {
          const hours = weekly[day];
          return [dayField(day), { closed: !hours, opens: hours?.opens ?? "", closes: hours?.closes ?? "" }];
        }),
      ),
    },
  });
  const copied = lastResult?.intent === "copy-monday" && lastResult.outcome === "success";

  return (
    <Form method="post" action={action} preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="store" value={store} />
      <Flex direction="column" gap="4">
        <Text as="p" size="2" color="gray" className="admin-hours__lead">
          A closing time earlier than the opening time means after midnight: 9:00 AM – 2:00 AM is open until 2 AM the
          next morning.
        </Text>
        <FormAlert id={form.errorId} messages={form.errors} />
        {copied ? (
          <Callout.Root color="blue" variant="surface" role="status" size="1">
            <Callout.Text>
              <strong>{HOURS_MESSAGES.copied}.</strong> {HOURS_MESSAGES.copiedHint}
            </Callout.Text>
          </Callout.Root>
        ) : null}
        <div className="hours-week">
          {WEEKDAYS.map((dayName, day) => (
            <DayRow key={dayName} dayName={dayName} field={fields[dayField(day)]} />
          ))}
        </div>
        <Flex gap="3" wrap="wrap" className="admin-hours__actions">
          {/* First in the form: the button Enter presses. */}
          <Button type="submit" name="intent" value="save-week" size="3">
            Save hours
          </Button>
          <Button type="submit" name="intent" value="copy-monday" size="3" variant="soft">
            Copy Monday to all days
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

type DayShape = { closed?: boolean; opens?: string; closes?: string };

function DayRow({ dayName, field }: { dayName: string; field: FieldMetadata<DayShape | undefined, any, string[]> }) {
  const { closed, opens, closes } = field.getFieldset();
  const nameId = `${field.id}-name`;
  const { key: closedKey, ...closedProps } = getInputProps(closed, { type: "checkbox" });
  const { key: opensKey, ...opensProps } = getInputProps(opens, { type: "time" });
  const { key: closesKey, ...closesProps } = getInputProps(closes, { type: "time" });
  // "next day" under a closing time at or before the opening, as typed (live with JavaScript).
  const open = clockFromInput(typeof opens.value === "string" ? opens.value : undefined);
  const close = clockFromInput(typeof closes.value === "string" ? closes.value : undefined);
  const overnight = open && close && close < open;

  return (
    <div className="hours-day" role="group" aria-labelledby={nameId}>
      <span className="hours-day__name" id={nameId}>
        {dayName}
      </span>
      <label className="admin-checkbox hours-day__closed" htmlFor={closed.id}>
        <input key={closedKey} {...closedProps} />
        Closed
      </label>
      <p className="hours-day__closed-note">Closed all day</p>
      <div className="hours-day__time hours-day__opens">
        <label htmlFor={opens.id} className="hours-day__label">
          Opens
        </label>
        <TextField.Root key={opensKey} {...opensProps} size="2" step={60} />
        {opens.errors?.[0] ? (
          <Text as="p" size="2" color="red" id={opens.errorId} className="admin-field-error">
            {opens.errors[0]}
          </Text>
        ) : null}
      </div>
      <div className="hours-day__time hours-day__closes">
        <label htmlFor={closes.id} className="hours-day__label">
          Closes
          {overnight ? <span className="hours-day__overnight"> · next day</span> : null}
        </label>
        <TextField.Root key={closesKey} {...closesProps} size="2" step={60} />
        {closes.errors?.[0] ? (
          <Text as="p" size="2" color="red" id={closes.errorId} className="admin-field-error">
            {closes.errors[0]}
          </Text>
        ) : null}
      </div>
    </div>
  );
}

function ExceptionTable({
  exceptions,
  search,
  storeName: name,
}: {
  exceptions: ExceptionView[];
  search: string;
  storeName: string;
}) {
  // A table on wide screens; below 900px each row is a card (admin-catalog.css), its actions in view.
  return (
    <table className="admin-table admin-hours-table">
      <caption className="visually-hidden">Holidays and special hours of {name}</caption>
      <thead>
        <tr>
          <th scope="col">Label</th>
          <th scope="col">Dates</th>
          <th scope="col">Hours</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {exceptions.map((exception) => {
          const what = `${exception.label} (${dateRangeText(exception.startDate, exception.endDate)})`;
          return (
            <tr key={exception.id}>
              <th scope="row" className="admin-hours-table__label">
                {exception.label}
              </th>
              <td data-label="Dates">
                {exception.startDate === exception.endDate ? (
                  <time dateTime={exception.startDate}>{formatDay(exception.startDate)}</time>
                ) : (
                  <>
                    <time dateTime={exception.startDate}>{formatDay(exception.startDate)}</time>
                    {" – "}
                    <time dateTime={exception.endDate}>{formatDay(exception.endDate)}</time>
                  </>
                )}
              </td>
              <td data-label="Hours">
                {exception.closed ? (
                  <span className="admin-hours-table__closed">Closed all day</span>
                ) : (
                  hoursText(exception)
                )}
              </td>
              <td className="admin-deal-table__actions">
                <div className="admin-row-actions">
                  <EditLink to={hoursListHref(search, { edit: exception.id })} name={what} />
                  <DeleteButton id={exception.id} name={what} confirmMessage={HOURS_MESSAGES.confirmDelete} />
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function ExceptionDialog({
  exception,
  store,
  prefill,
  closeTo,
  lastResult,
}: {
  exception: ExceptionView | null;
  /** The store tab the page shows: a new exception is for it. */
  store: StoreId;
  prefill: { date: string; label: string };
  closeTo: string;
  lastResult: ListActionData | undefined;
}) {
  const forStore = exception?.store ?? store;
  const [form, fields] = useAdminForm(hoursExceptionSchema, {
    id: exception ? `exception-${exception.id}` : "exception-new",
    lastResult,
    defaultValue: exception
      ? {
          store: exception.store,
          start_date: exception.startDate,
          end_date: exception.endDate === exception.startDate ? "" : exception.endDate,
          kind: exception.closed ? "closed" : "special",
          opens: exception.opens ?? "",
          closes: exception.closes ?? "",
          label: exception.label,
        }
      : { store, start_date: prefill.date, end_date: "", kind: "closed", label: prefill.label },
  });

  const { key: labelKey, ...labelProps } = getInputProps(fields.label, {
    type: "text",
    ariaDescribedBy: `${fields.label.id}-hint`,
  });
  const { key: startKey, ...startProps } = getInputProps(fields.start_date, { type: "date" });
  const { key: endKey, ...endProps } = getInputProps(fields.end_date, {
    type: "date",
    ariaDescribedBy: `${fields.end_date.id}-hint`,
  });
  const { key: opensKey, ...opensProps } = getInputProps(fields.opens, { type: "time" });
  const { key: closesKey, ...closesProps } = getInputProps(fields.closes, {
    type: "time",
    ariaDescribedBy: `${fields.closes.id}-hint`,
  });
  const kindOptions = getCollectionProps(fields.kind, {
    type: "radio",
    options: EXCEPTION_KINDS.map((k) => k.value),
  });
  const kindError = fields.kind.errors?.[0];

  return (
    <AdminDialog
      title={exception ? "Edit exception" : "Add holiday or special hours"}
      closeTo={closeTo}
      description={`${storeShortName(forStore)}. On these dates the website shows these hours instead of the weekly ones.`}
      size="wide"
    >
      <Form method="post" preventScrollReset {...getFormProps(form)} className="hours-exception">
        <input type="hidden" name="intent" value={exception ? "update" : "create"} />
        {exception ? <input type="hidden" name="id" value={exception.id} /> : null}
        <input type="hidden" name="store" value={forStore} />
        <Flex direction="column" gap="4">
          <FormAlert id={form.errorId} messages={form.errors} />
          <AdminField
            id={fields.label.id}
            label="Label"
            required
            hint="Shown on the website, e.g. “Closed today (Thanksgiving)”."
            hintId={`${fields.label.id}-hint`}
            errorId={fields.label.errorId}
            errors={fields.label.errors}
          >
            <TextField.Root key={labelKey} {...labelProps} maxLength={hoursLimits.label} autoComplete="off" />
          </AdminField>
          <div className="admin-form-row">
            <AdminField
              id={fields.start_date.id}
              label="Date"
              required
              errorId={fields.start_date.errorId}
              errors={fields.start_date.errors}
            >
              <TextField.Root key={startKey} {...startProps} />
            </AdminField>
            <AdminField
              id={fields.end_date.id}
              label="Until (optional)"
              hint="For a range of days. Leave blank for one day."
              hintId={`${fields.end_date.id}-hint`}
              errorId={fields.end_date.errorId}
              errors={fields.end_date.errors}
            >
              <TextField.Root key={endKey} {...endProps} />
            </AdminField>
          </div>
          <fieldset className="hours-exception__kind" aria-describedby={kindError ? fields.kind.errorId : undefined}>
            <legend className="hours-exception__legend">Hours on these dates</legend>
            <div className="hours-exception__options">
              {kindOptions.map(({ key, ...props }) => (
                <label key={key} htmlFor={props.id} className="admin-checkbox">
                  <input {...props} aria-describedby={undefined} aria-invalid={undefined} />
                  {EXCEPTION_KINDS.find((k) => k.value === props.value)?.label}
                </label>
              ))}
            </div>
            {kindError ? (
              <Text as="p" size="2" color="red" id={fields.kind.errorId} className="admin-field-error">
                {kindError}
              </Text>
            ) : null}
          </fieldset>
          <div className="admin-form-row hours-exception__times">
            <AdminField id={fields.opens.id} label="Opens" errorId={fields.opens.errorId} errors={fields.opens.errors}>
              <TextField.Root key={opensKey} {...opensProps} step={60} />
            </AdminField>
            <AdminField
              id={fields.closes.id}
              label="Closes"
              hint="Earlier than the opening time means after midnight."
              hintId={`${fields.closes.id}-hint`}
              errorId={fields.closes.errorId}
              errors={fields.closes.errors}
            >
              <TextField.Root key={closesKey} {...closesProps} step={60} />
            </AdminField>
          </div>
          <DialogActions
            closeTo={closeTo}
            label={exception ? "Save changes" : "Add"}
            busyLabel={exception ? "Saving..." : "Adding..."}
          />
        </Flex>
      </Form>
    </AdminDialog>
  );
}
