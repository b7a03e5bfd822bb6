import { FormDataParseError, parseFormData } from "@remix-run/form-data-parser";
import { data } from "react-router";
import {
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";

export interface FormBodyLimits {
  /** The largest single file (and single multipart field) accepted, in bytes. */
  maxFileSize: number;
  /** The largest body accepted, in bytes; counted as it streams in, with or without a Content-Length. */
  maxTotalSize: number;
  /** How many files one submission may carry. */
  maxFiles: number;
  /** How many fields (parts) one submission may carry. */
  maxParts?: number;
}

export type FormBody =
  | {
      ok: true;
      formData: FormData;
      /**
       * A part went over maxFileSize. Reading stopped there: formData holds the fields before it, so a
       * form whose file input comes last can still answer with the visitor's other values.
       */
      oversizedPart: boolean;
    }
  | { ok: false; status: 400 | 413 | 415; message: string };

export const FORM_CONTENT_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded"];

/** Limits for forms of text fields only (sign-in, reset, status changes…). */
export const TEXT_FORM_LIMITS: FormBodyLimits = { maxFileSize: 64 * 1024, maxTotalSize: 256 * 1024, maxFiles: 0 };

// C0 control characters other than tab, line feed and carriage return, and DEL. Postgres text cannot hold
// NUL at all, and no person types the others into a form.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARACTERS_MESSAGE =
  "The form contains characters that are not allowed (control characters). Please remove them and try again.";

const TOO_LARGE = "The form is too large. Please shorten your answers or choose a smaller file.";
const UNREADABLE = "The form could not be read. Please try again.";

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

/**
 * Reads a posted form without ever holding more than the limits in memory: multipart bodies are parsed
 * as they stream in, a file over maxFileSize or a body over maxTotalSize stops the read. Anything other
 * than a form (JSON, plain text…) is refused with 415.
 */
export async function readFormBody(request: Request, limits: FormBodyLimits): Promise<FormBody> {
  const body = await readFormParts(request, limits);
  if (body.ok && containsControlCharacters(body.formData)) {
    return { ok: false, status: 400, message: CONTROL_CHARACTERS_MESSAGE };
  }
  return body;
}

function containsControlCharacters(formData: FormData): boolean {
  for (const [name, value] of formData) {
    if (CONTROL_CHARACTERS.test(name)) return true;
    if (CONTROL_CHARACTERS.test(typeof value === "string" ? value : value.name)) return true;
  }
  return false;
}

/**
 * The posted form, or a thrown 400/413/415 answer with a clear message (shown by the error boundary).
 * For forms whose refusal needs no field-by-field answer: sign-in, reset, setup, status changes.
 */
export async function readFormOrThrow(request: Request, limits: FormBodyLimits = TEXT_FORM_LIMITS): Promise<FormData> {
  const body = await readFormBody(request, limits);
  if (!body.ok) throw data(body.message, { status: body.status });
  return body.formData;
}

async function readFormParts(request: Request, limits: FormBodyLimits): Promise<FormBody> {
  const type = mediaType(request);
  if (!FORM_CONTENT_TYPES.includes(type)) {
    return {
      ok: false,
      status: 415,
      message: "Please send the form as multipart/form-data or application/x-www-form-urlencoded.",
    };
  }
  const maxParts = limits.maxParts ?? 50;
  if (type === "application/x-www-form-urlencoded") {
    try {
      const formData = await parseFormData(request, { maxParts, maxTotalSize: limits.maxTotalSize, maxFiles: 0 });
      return { ok: true, formData, oversizedPart: false };
    } catch (error) {
      if (error instanceof MaxTotalSizeExceededError || error instanceof MaxPartsExceededError) {
        return { ok: false, status: 413, message: TOO_LARGE };
      }
      if (error instanceof FormDataParseError) return { ok: false, status: 400, message: UNREADABLE };
      throw error;
    }
  }

  const formData = new FormData();
  let files = 0;
  try {
    for await (const part of parseMultipartRequest(request, {
      maxFileSize: limits.maxFileSize,
      maxTotalSize: limits.maxTotalSize,
      maxParts,
      maxHeaderSize: 4 * 1024,
    })) {
      const name = part.name;
      if (!name) continue;
      if (part.isFile) {
        // An empty file input still sends a part, with no name and no bytes.
        if (!part.filename && part.size === 0) continue;
        if (++files > limits.maxFiles) return { ok: false, status: 413, message: "Too many files were attached." };
        formData.append(
          name,
          new File([part.bytes as Uint8Array<ArrayBuffer>], part.filename ?? "upload", {
            type: part.mediaType ?? "application/octet-stream",
          }),
        );
      } else {
        formData.append(name, part.text);
      }
    }
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) return { ok: true, formData, oversizedPart: true };
    if (error instanceof MaxTotalSizeExceededError || error instanceof MaxPartsExceededError) {
      return { ok: false, status: 413, message: TOO_LARGE };
    }
    // Malformed multipart, or a text field that is not UTF-8.
    if (error instanceof MultipartParseError || error instanceof TypeError) {
      return { ok: false, status: 400, message: UNREADABLE };
    }
    throw error;
  }
  return { ok: true, formData, oversizedPart: false };
}
