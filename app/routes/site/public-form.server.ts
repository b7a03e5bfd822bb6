import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { FIX_FIELDS_MESSAGE, type FormActionData } from "~/lib/form-result";
import { isDatabaseUnavailable } from "~/server/db-guards.server";
import { clientIp, hitRateLimit, type RateLimitResult } from "~/services/rate-limit.server";
import { env } from "~/server/env.server";
import { FORM_CONTENT_TYPES, readFormBody, type FormBodyLimits } from "~/server/form-body.server";
import { logger } from "~/server/logger.server";

export type PublicFormName = "careers" | "contact" | "order" | "subscribe";

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

/** What a public form's action does once the gate has let a submission through. */
export interface PublicFormAction<Schema extends z.ZodType, Prepared> {
  form: PublicFormName;
  limits: FormBodyLimits;
  /** The form's one schema (shared with the page's inline checks). */
  schema: Schema;
  /** The toasts' titles: the spec's success and failure messages. */
  messages: { success: string; failure: string };
  /** The field errors when a part was cut off at its size limit (it is the form's last field). */
  oversizedErrors: Record<string, string[]>;
  /** Checks what the schema cannot (a file's real type) and readies what is stored; field errors refuse it. */
  prepare: (value: z.output<Schema>) => Promise<{ fieldErrors: Record<string, string[]> } | { value: Prepared }>;
  /** Stores the submission and queues its notification mail, all or nothing. */
  store: (value: Prepared) => Promise<unknown>;
  /** The log line when storing fails (never the submission's values). */
  failureLog: string;
}

/**
 * A public form's action, the same steps for every form: the gate (readPublicForm: 415, 429, 413, the
 * honeypot answered like a success), the schema (400 with the fields' errors and the visitor's values),
 * the form's own checks, then store; a failure to store answers 500 (503 in an outage, by the HTTP layer)
 * with the values kept. The answer is conform's result with the words for the toast or the notice.
 */
export async function publicFormAction<Schema extends z.ZodType, Prepared>(
  request: Request,
  action: PublicFormAction<Schema, Prepared>,
) {
  const answer = (body: FormActionData, status: number, headers?: Record<string, string>) =>
    data(body, { status, headers });
  const { success, failure } = action.messages;
  const succeeded = () => answer({ result: { initialValue: null }, outcome: "success", message: success }, 200);

  const read = await readPublicForm(request, action.form, action.limits);
  if (read.kind === "spam") return succeeded();
  if (read.kind === "refused") {
    return answer(
      {
        result: { status: "error", error: { "": [read.message] } },
        outcome: "error",
        message: failure,
        description: read.message,
      },
      read.status,
      read.headers,
    );
  }

  const submission = parseWithZod(read.formData, { schema: action.schema });
  const invalid = (fieldErrors?: Record<string, string[]>) =>
    answer(
      {
        result: submission.reply({ formErrors: [FIX_FIELDS_MESSAGE], fieldErrors }),
        outcome: "invalid",
        message: failure,
        description: FIX_FIELDS_MESSAGE,
      },
      400,
    );
  // Reading stopped at the oversized part (the last field), so everything before it is here to keep.
  if (read.oversizedPart) return invalid(action.oversizedErrors);
  if (submission.status !== "success") return invalid();
  const prepared = await action.prepare(submission.value);
  if ("fieldErrors" in prepared) return invalid(prepared.fieldErrors);

  try {
    await action.store(prepared.value);
  } catch (error) {
    logger.error({ err: error }, action.failureLog);
    return answer({ result: submission.reply({ formErrors: [failure] }), outcome: "error", message: failure }, 500);
  }
  return succeeded();
}
