// The job application form's choices, limits and messages. No zod here: the page loads this module with it,
// and the validator (lib/schemas/careers.ts) only once the visitor starts on the form (usePublicForm in components/site/form-parts.tsx).

/** The positions of the spec, with the labels people read. */
export const POSITIONS = [
  { value: "budtender", label: "Budtender" },
  { value: "shift-lead", label: "Shift Lead" },
  { value: "manager", label: "Manager" },
  { value: "kitchen", label: "Kitchen" },
  { value: "packaging", label: "Packaging" },
  { value: "driver", label: "Driver" },
] as const;

export type Position = (typeof POSITIONS)[number]["value"];

export function positionLabel(value: string): string {
  return POSITIONS.find((p) => p.value === value)?.label ?? value;
}

export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const RESUME_EXTENSIONS = [".pdf", ".doc", ".docx"] as const;
/** For the file input's accept attribute: the extensions and their usual types. */
export const RESUME_ACCEPT = [
  ...RESUME_EXTENSIONS,
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
].join(",");

export const RESUME_TYPE_MESSAGE = "Resume must be a PDF, DOC or DOCX file";
export const RESUME_SIZE_MESSAGE = "Resume must be 5 MB or smaller";

export const careersLimits = {
  fullName: 200,
  email: 254,
  phone: 40,
  availability: 1000,
  howDidYouHear: 500,
} as const;

export const APPLICATION_SUCCESS_MESSAGE = "Application submitted successfully! We'll be in touch soon.";
export const APPLICATION_FAILURE_MESSAGE = "Failed to submit application. Please try again.";
