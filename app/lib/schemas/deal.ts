import { z } from "zod";
import { optionalText, requiredText } from "./fields";
import { imageUploadField, isCalendarDay, optionalDayField, sortOrderField } from "./admin-fields";

export const dealLimits = { title: 200, description: 2000 } as const;

export const DATE_ORDER_MESSAGE = "End date must be on or after the start date";

/** The deal dialog ('Add New Deal' / 'Edit Deal'). */
export const dealSchema = z
  .object({
    title: requiredText("Title", dealLimits.title),
    description: optionalText("Description", dealLimits.description),
    start_date: optionalDayField("Start date"),
    end_date: optionalDayField("End date"),
    is_active: z.boolean().optional().default(false),
    sort_order: sortOrderField(),
    /** Editing: drop the current image (a new upload replaces it anyway). */
    remove_image: z.boolean().optional().default(false),
    // Last in the form: if the file is too large, the server still reads every field before it.
    image: imageUploadField(),
  })
  .superRefine(
    ({ start_date: start, end_date: end }, context) => {
      // Valid "YYYY-MM-DD" strings compare in calendar order.
      if (typeof start !== "string" || typeof end !== "string" || !isCalendarDay(start) || !isCalendarDay(end)) return;
      if (start > end) context.addIssue({ code: "custom", path: ["end_date"], message: DATE_ORDER_MESSAGE });
    },
    // Also when another field is wrong (say, no title), so every error shows at once.
    { when: () => true },
  );

export type DealSubmission = z.infer<typeof dealSchema>;

export const DEAL_FILTERS = [
  { value: "all", label: "All" },
  { value: "active", label: "Active" },
  { value: "upcoming", label: "Upcoming" },
  { value: "expired", label: "Expired" },
] as const;

export type DealFilterValue = (typeof DEAL_FILTERS)[number]["value"];

export function parseDealFilter(value: string | null): DealFilterValue {
  return DEAL_FILTERS.find((f) => f.value === value)?.value ?? "all";
}

export const DEAL_MESSAGES = {
  created: "Deal created successfully",
  updated: "Deal updated successfully",
  deleted: "Deal deleted successfully",
  imageUploaded: "Image uploaded successfully",
  createFailed: "Failed to create deal",
  updateFailed: "Failed to update deal",
  deleteFailed: "Failed to delete deal",
  uploadFailed: "Failed to upload image",
  confirmDelete: "Are you sure you want to delete this deal?",
  gone: "This deal no longer exists.",
  saveFailed: "The deal could not be saved. Please try again.",
} as const;
