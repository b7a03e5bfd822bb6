import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { FIX_FIELDS_MESSAGE } from "~/lib/form-result";
import {
  COPY_SOURCE_DAY,
  dayField,
  HOURS_MESSAGES,
  hoursListHref,
  isWeeklyIntent,
  WEEKDAYS,
  type WeeklyHoursActionData,
  weekOf,
  weeklyHoursSchema,
} from "~/lib/schemas/hours";
import { storeShortName } from "~/content/stores";
import { saveWeeklyHours } from "~/models/site-settings.server";
import type { AdminUser } from "~/server/auth.server";
import { logger } from "~/server/logger.server";

// Admin → Hours beside its route: the clock, and the weekly form's action
// (save the week, or fill every row from Monday's), answered before the exceptions' list action.

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
