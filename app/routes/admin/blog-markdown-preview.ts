// POST /admin/blog/markdown-preview: the post editor's live preview, the Content field rendered and
// sanitized as the post page renders it (JSON). Inside the guarded layout, whose middleware lets admins only.
import { data } from "react-router";
import { markdownPreviewAction } from "~/server/post-editor.server";
import type { Route } from "./+types/blog-markdown-preview";

/** Only the editor's script uses this address, by POST; a signed-out visitor is sent to sign in like anywhere. */
export async function loader() {
  throw data("Post the content to preview it.", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  return markdownPreviewAction(request);
}
