import { type FieldMetadata, getFormProps, getInputProps } from "@conform-to/react";
import { Button, Callout, Flex, Text, TextField } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { useAdminForm } from "~/components/admin/admin-list-parts";
import { FormAlert } from "~/components/admin/form-alert";
import type { StoreId } from "~/content/stores";
import {
  clockFromInput,
  dayField,
  HOURS_MESSAGES,
  WEEKDAYS,
  type WeeklyHoursActionData,
  weeklyHoursSchema,
} from "~/lib/schemas/hours";
import type { WeeklySchedule } from "~/lib/store-hours";

// Admin → Hours' weekly form of one store: a row a day (closed, or opening and closing times), saved
// together, and 'Copy Monday to all days' (answered by routes/admin/hours.server.ts).

export function WeeklyHoursForm({
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
type TimeMeta = FieldMetadata<string | undefined, any, string[]>;

function DayRow({ dayName, field }: { dayName: string; field: FieldMetadata<DayShape | undefined, any, string[]> }) {
  const { closed, opens, closes } = field.getFieldset();
  const nameId = `${field.id}-name`;
  const { key: closedKey, ...closedProps } = getInputProps(closed, { type: "checkbox" });
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
      <DayTime meta={opens} className="hours-day__opens" label="Opens" />
      <DayTime
        meta={closes}
        className="hours-day__closes"
        label={
          <>
            Closes
            {overnight ? <span className="hours-day__overnight"> · next day</span> : null}
          </>
        }
      />
    </div>
  );
}

/** A day's opening or closing time, with its error. */
function DayTime({ meta, className, label }: { meta: TimeMeta; className: string; label: ReactNode }) {
  const { key, ...props } = getInputProps(meta, { type: "time" });
  return (
    <div className={`hours-day__time ${className}`}>
      <label htmlFor={meta.id} className="hours-day__label">
        {label}
      </label>
      <TextField.Root key={key} {...props} size="2" step={60} />
      {meta.errors?.[0] ? (
        <Text as="p" size="2" color="red" id={meta.errorId} className="admin-field-error">
          {meta.errors[0]}
        </Text>
      ) : null}
    </div>
  );
}
