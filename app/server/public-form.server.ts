import { isDatabaseUnavailable } from "./db-guards.server";
import { clientIp, hitRateLimit, type RateLimitResult } from "./rate-limit.server";
import { env } from "./env.server";
import { FORM_CONTENT_TYPES, readFormBody, type FormBodyLimits } from "./form-body.server";
import { logger } from "./logger.server";

export type PublicFormName = "careers" | "contact";

export type PublicFormRead =
  | { kind: "refused"; status: 400 | 413 | 415 | 429; message: string; headers?: Record<string, string> }
  /** The honeypot was filled: answer like a success, store nothing. */
  | { kind: "spam" }
  | { kind: "form"; formData: FormData; oversizedPart: boolean };

function isFormRequest(request: Request): boolean {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  return FORM_CONTENT_TYPES.includes(type);
}

function minutes(seconds: number): string {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return n === 1 ? "1 minute" : `${n} minutes`;
}

/**
 * Counts the submission against the client's limit. While the database is unreachable there is nothing
 * to count in, and nothing can be stored either: the form goes on, so its store step fails and answers
 * 503 with the visitor's values kept.
 */
async function hitFormRateLimit(request: Request, form: PublicFormName): Promise<RateLimitResult | null> {
  const config = env();
  try {
    return await hitRateLimit({
      key: `form:${form}:${clientIp(request)}`,
      limit: config.FORM_RATE_LIMIT,
      windowMs: config.FORM_RATE_WINDOW_MINUTES * 60_000,
    });
  } catch (error) {
    if (isDatabaseUnavailable(error)) return null;
    throw error;
  }
}

/**
 * The gate in front of every public form: only forms (415 otherwise), a limit per client address and
 * form counted in the database (429), a body read within limits (413), and the honeypot.
 */
export async function readPublicForm(
  request: Request,
  form: PublicFormName,
  limits: FormBodyLimits,
): Promise<PublicFormRead> {
  if (!isFormRequest(request)) {
    return {
      kind: "refused",
      status: 415,
      message: "Please send the form as multipart/form-data or application/x-www-form-urlencoded.",
    };
  }
  const limit = await hitFormRateLimit(request, form);
  if (limit && !limit.allowed) {
    return {
      kind: "refused",
      status: 429,
      message: `Too many submissions from your connection. Please wait ${minutes(limit.retryAfterSeconds)} and try again.`,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    };
  }
  const body = await readFormBody(request, limits);
  if (!body.ok) return { kind: "refused", status: body.status, message: body.message };
  const honeypot = body.formData.get("honeypot");
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger.info({ form }, "Ignored a submission: the honeypot field was filled");
    return { kind: "spam" };
  }
  return { kind: "form", formData: body.formData, oversizedPart: body.oversizedPart };
}
