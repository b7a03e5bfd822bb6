import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { dateRangeText } from "~/components/admin/hours/exception-view";
import { storeShortName } from "~/content/stores";
import { todayInStoreZone } from "~/lib/dates";
import { FIX_FIELDS_MESSAGE } from "~/lib/form-result";
import {
  COPY_SOURCE_DAY,
  dayField,
  exceptionOf,
  HOURS_MESSAGES,
  type HoursExceptionSubmission,
  hoursListHref,
  isWeeklyIntent,
  WEEKDAYS,
  type WeeklyHoursActionData,
  weekOf,
  weeklyHoursSchema,
} from "~/lib/schemas/hours";
import { createHoursException, saveWeeklyHours, updateHoursException } from "~/models/store-hours-settings.server";
import type { AdminUser } from "~/services/auth.server";
import { logger } from "~/server/logger.server";
import type { StoreHoursException } from "~/server/schema.server";
import type { SaveContext } from "./list-action.server";

// Admin → Hours beside its route: the clock, the weekly form's action (save the week, or fill every row
// from Monday's), answered before the exceptions' list action, and saving an exception.

/** The clock of the page ("today", the status line, the holiday warning); tests set it with vi.setSystemTime. */
export const now = () => new Date();

/**
 * Answers the weekly form (intent save-week or copy-monday), or null when the post is something else (the
 * exceptions' list action's `otherIntents`, so the admin session is checked and the body read already).
 */
export async function weeklyHoursAction(
  intent: FormDataEntryValue | null,
  formData: FormData,
  url: URL,
  actor: AdminUser,
) {
  if (!isWeeklyIntent(intent)) return null;

  const submission = parseWithZod(formData, { schema: weeklyHoursSchema });
  if (submission.status !== "success") {
    return data<WeeklyHoursActionData>(
      {
        intent,
        result: submission.reply({ formErrors: [FIX_FIELDS_MESSAGE] }),
        outcome: "invalid",
        message: HOURS_MESSAGES.saveHoursFailed,
        description: FIX_FIELDS_MESSAGE,
      },
      { status: 400 },
    );
  }

  const { store } = submission.value;
  if (intent === "copy-monday") {
    // Not saved: the rows come back filled from Monday's, for the admin to check and save.
    return data<WeeklyHoursActionData>({
      intent,
      result: copiedRows(submission.payload),
      outcome: "success",
      message: HOURS_MESSAGES.copied,
      description: HOURS_MESSAGES.copiedHint,
    });
  }

  try {
    await saveWeeklyHours(store, weekOf(submission.value), actor);
  } catch (error) {
    logger.error({ err: error }, "Could not save the weekly hours");
    return data<WeeklyHoursActionData>(
      {
        intent,
        result: submission.reply({ formErrors: [HOURS_MESSAGES.hoursNotSaved] }),
        outcome: "error",
        message: HOURS_MESSAGES.saveHoursFailed,
        description: HOURS_MESSAGES.hoursNotSaved,
      },
      { status: 500 },
    );
  }
  return redirectWithSuccess(hoursListHref(url.search, { store }), {
    message: HOURS_MESSAGES.saved,
    description: `${storeShortName(store)}: every page of the website shows the new hours now.`,
  });
}

/**
 * The form's values with every day set to Monday's, as conform's "update" intent: without JavaScript the
 * page renders them as the inputs' values; with it, conform writes them into the inputs in place.
 */
function copiedRows(payload: Record<string, unknown>): SubmissionResult<string[]> {
  const { intent: _intent, ...values } = payload;
  const monday = (values[dayField(COPY_SOURCE_DAY)] ?? {}) as Record<string, string>;
  const copied: Record<string, Record<string, string> | string> = { ...(values as Record<string, string>) };
  WEEKDAYS.forEach((_, day) => {
    copied[dayField(day)] = { ...monday };
  });
  return { initialValue: copied, intent: { type: "update", payload: { value: copied } }, error: {} };
}

/**
 * Saves a holiday or special hours (the exceptions' list action's `save`), then goes back to its store's
 * list that shows it (upcoming, or past), the toast naming the store and the dates.
 */
export async function saveHoursException(
  url: URL,
  { intent, existing, value: submitted, actor, gone }: SaveContext<StoreHoursException, HoursExceptionSubmission>,
) {
  const value = exceptionOf(submitted);
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
  if (!saved) return gone(to);
  return redirectWithSuccess(to, { message: HOURS_MESSAGES.updated, description });
}
