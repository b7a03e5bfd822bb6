import { z } from "zod";
import { emailField, optionalText, requiredPhone, requiredText } from "./fields";

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

const positionValues = POSITIONS.map((p) => p.value) as [Position, ...Position[]];

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

function hasResumeExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return RESUME_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/** The job application form ('Join Our Team'): the browser (conform) and the server validate with it. */
export const careersSchema = z.object({
  full_name: requiredText("Full name", careersLimits.fullName),
  email: emailField(careersLimits.email),
  phone: requiredPhone(careersLimits.phone),
  position: z.enum(positionValues, {
    error: (issue) =>
      issue.input === undefined ? "Please choose a position" : "Please choose a position from the list",
  }),
  availability: requiredText("Availability", careersLimits.availability),
  how_did_you_hear: optionalText("This answer", careersLimits.howDidYouHear),
  // The server also checks the file's content; the name only catches honest mistakes early.
  resume: z
    .file({ error: "Please choose a file" })
    .min(1, "The resume file is empty")
    .max(RESUME_MAX_BYTES, RESUME_SIZE_MESSAGE)
    .refine((file) => hasResumeExtension(file.name), RESUME_TYPE_MESSAGE)
    .optional(),
  honeypot: z.string().optional(),
});

export type CareersSubmission = z.infer<typeof careersSchema>;

export const APPLICATION_SUCCESS_MESSAGE = "Application submitted successfully! We'll be in touch soon.";
export const APPLICATION_FAILURE_MESSAGE = "Failed to submit application. Please try again.";
