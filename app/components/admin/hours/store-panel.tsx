import { Button, Callout, Card, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { StoreStatusLine } from "~/components/site/store-status";
import type { StoreId } from "~/content/stores";
import type { WeeklyHoursActionData } from "~/lib/schemas/hours";
import { weeklyLines } from "~/lib/hours-sentences";
import type { PublicStore } from "~/lib/site-settings";
import type { WeeklySchedule } from "~/lib/store-hours";
import type { Holiday } from "~/lib/us-holidays";
import { formatDay } from "./exception-view";
import { WeeklyHoursForm } from "./weekly-hours-form";

// The top of Admin → Hours for one store: what visitors see now, the holidays coming up without hours, and
// the weekly form; or its skeleton while the browser loads another store's.

export function StorePanel({
  store,
  name,
  status,
  weekly,
  holidays,
  addClosureHref,
  weeklyAction,
  weeklyResult,
}: {
  store: StoreId;
  /** The store's short name. */
  name: string;
  status: PublicStore["status"];
  weekly: WeeklySchedule;
  /** Holidays coming up that have no closure or special hours yet. */
  holidays: Holiday[];
  /** The new-exception dialog with the holiday's date and name filled in. */
  addClosureHref: (holiday: Holiday) => string;
  /** The page's own address without a dialog, so a save never re-opens one. */
  weeklyAction: string;
  weeklyResult: WeeklyHoursActionData | undefined;
}) {
  return (
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
                  <Link to={addClosureHref(holiday)} preventScrollReset>
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
          <WeeklyHoursForm key={store} store={store} weekly={weekly} action={weeklyAction} lastResult={weeklyResult} />
        </section>
      </Card>
    </>
  );
}

/** Placeholder blocks for the preview and the weekly form while another store's load. */
export function StorePanelSkeleton() {
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
