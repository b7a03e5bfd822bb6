import { z } from "zod";

/** The inquiry statuses of the spec, with the labels people read. */
export const INQUIRY_STATUSES = [
  { value: "new", label: "New" },
  { value: "in-progress", label: "In Progress" },
  { value: "closed", label: "Closed" },
] as const;

export type InquiryStatus = (typeof INQUIRY_STATUSES)[number]["value"];

const statusValues = INQUIRY_STATUSES.map((s) => s.value) as [InquiryStatus, ...InquiryStatus[]];

export function isInquiryStatus(value: string): value is InquiryStatus {
  return (statusValues as string[]).includes(value);
}

export function inquiryStatusLabel(value: string): string {
  return INQUIRY_STATUSES.find((s) => s.value === value)?.label ?? value;
}

export const STATUS_UPDATED_MESSAGE = "Status updated successfully";
export const STATUS_UPDATE_FAILED_MESSAGE = "Failed to update status";
export const UNKNOWN_STATUS_MESSAGE = "Choose New, In Progress or Closed";
export const INQUIRY_NOT_FOUND_MESSAGE = "This inquiry no longer exists";

/**
 * The row selector's form on /admin/inquiries. `via` says who posted it: the page's script ("fetcher"),
 * answered with data for a toast, or a plain HTML form, answered with a redirect back to the list.
 */
export const inquiryStatusSchema = z.object({
  intent: z.literal("status"),
  id: z.uuid("Unknown inquiry"),
  status: z.enum(statusValues, UNKNOWN_STATUS_MESSAGE),
  via: z.enum(["fetcher", "form"]).default("form"),
  returnTo: z.string().optional(),
});

/** The list's ?status= filter: one status, or null for all (also for anything unknown). */
export function parseStatusFilter(raw: string | null): InquiryStatus | null {
  return raw && isInquiryStatus(raw) ? raw : null;
}
