// POST /admin/blog/markdown-preview: the post editor's live preview, the Content field rendered and
// sanitized as the post page renders it (JSON). Inside the guarded layout, whose middleware lets admins only.
import { data } from "react-router";
import type { MarkdownPreviewResult } from "~/lib/post-editor";
import { POST_MESSAGES } from "~/lib/schemas/post";
import { type FormBodyLimits, readFormBody } from "~/server/form-body.server";
import { renderMarkdown } from "~/server/markdown.server";
import type { Route } from "./+types/blog-markdown-preview";

/** The live preview's text: the content alone, up to 100,000 characters of 4 bytes each. */
const MARKDOWN_PREVIEW_LIMITS: FormBodyLimits = {
  maxFileSize: 512 * 1024,
  maxTotalSize: 520 * 1024,
  maxFiles: 0,
  maxParts: 4,
};

/** Only the editor's script uses this address, by POST; a signed-out visitor is sent to sign in like anywhere. */
export async function loader() {
  throw data("Post the content to preview it.", { status: 405, headers: { Allow: "POST" } });
}

/**
 * The live preview (the editor's script posts the Content field as it is typed): the markdown rendered
 * and sanitized exactly as the post page does it. Admins only; stores nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  const headers = { "Cache-Control": "no-store" };
  const body = await readFormBody(request, MARKDOWN_PREVIEW_LIMITS);
  if (!body.ok || body.oversizedPart) {
    const message = body.ok ? POST_MESSAGES.contentTooLong : body.message;
    return Response.json({ ok: false, message } satisfies MarkdownPreviewResult, {
      status: body.ok ? 413 : body.status,
      headers,
    });
  }
  const content = body.formData.get("content");
  const html = typeof content === "string" ? renderMarkdown(content) : "";
  return Response.json({ ok: true, html } satisfies MarkdownPreviewResult, { headers });
}
