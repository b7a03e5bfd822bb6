import { z } from "zod";
import {
  careersLimits,
  POSITIONS,
  type Position,
  RESUME_EXTENSIONS,
  RESUME_MAX_BYTES,
  RESUME_SIZE_MESSAGE,
  RESUME_TYPE_MESSAGE,
} from "~/lib/careers-form";
import { emailField, optionalText, requiredPhone, requiredText } from "./fields";

const positionValues = POSITIONS.map((p) => p.value) as [Position, ...Position[]];

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
