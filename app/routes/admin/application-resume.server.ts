// An application's resume, from the private bucket, as a download for a signed-in admin.
import path from "node:path";
import { getJobApplicationResume, RESUME_BUCKET } from "~/models/applications.server";
import { getObject } from "~/server/storage.server";
import { logger } from "~/server/logger.server";

const MAX_NAME_LENGTH = 150;

/**
 * The visitor's file name made safe for a Content-Disposition header and a downloads folder: no folders,
 * quotes, backslashes or control characters; the stored file's extension at the end; "resume" if
 * nothing is left.
 */
export function downloadFileName(originalName: string, storedKey: string): string {
  const extension = path.extname(storedKey).toLowerCase();
  let name = (originalName.split(/[/\\]/).pop() ?? "")
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, "");
  let base = extension && name.toLowerCase().endsWith(extension) ? name.slice(0, -extension.length) : name;
  base = base.replace(/[.\s]+$/g, "");
  if (!base) base = "resume";
  if (base.length > MAX_NAME_LENGTH) base = base.slice(0, MAX_NAME_LENGTH).trim();
  name = base + extension;
  return name;
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / RFC 8187). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/** The stored resume as an attachment, or 404 for an unknown application, one without a resume, or a missing file. */
export async function resumeDownloadResponse(applicationId: string): Promise<Response> {
  const resume = await getJobApplicationResume(applicationId);
  if (!resume) return notFound();
  const object = await getObject(RESUME_BUCKET, resume.key);
  if (!object) {
    logger.error({ bucket: RESUME_BUCKET, key: resume.key, applicationId }, "A resume is missing from storage");
    return notFound();
  }
  return new Response(object.bytes as BodyInit, {
    headers: {
      "Content-Type": resume.contentType,
      "Content-Length": String(object.bytes.byteLength),
      "Content-Disposition": attachmentDisposition(downloadFileName(resume.fileName, resume.key)),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      // Opened by mistake in a tab, the file can run nothing.
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
