// The Content field's rendering, kept current as the admin types (JavaScript): the server renders it, the
// browser only shows what comes back.
import { useEffect, useRef, useState } from "react";
import type { MarkdownPreviewResult } from "~/lib/post-editor";

/** The live preview's resource route (app/routes/admin/blog-markdown-preview.ts). */
const MARKDOWN_PREVIEW_PATH = "/admin/blog/markdown-preview";

export type LivePreviewState = "idle" | "updating" | "failed";

/**
 * The rendered content, kept current as the admin types (JavaScript): `render` (called when typing pauses)
 * posts the Content field to the guarded preview route, which renders it through the post page's sanitizer. The browser never
 * renders markdown itself.
 */
export function useLivePreview(serverHtml: string) {
  const [html, setHtml] = useState(serverHtml);
  const [state, setState] = useState<LivePreviewState>("idle");
  const inFlight = useRef<AbortController | null>(null);

  // A new server rendering (another post, or 'Update preview' before the script ran) replaces the shown one.
  useEffect(() => setHtml(serverHtml), [serverHtml]);
  useEffect(
    () => () => {
      inFlight.current?.abort();
    },
    [],
  );

  async function render(content: string) {
    inFlight.current?.abort();
    if (!content.trim()) {
      setHtml("");
      setState("idle");
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setState("updating");
    try {
      const body = new FormData();
      body.set("content", content);
      const response = await fetch(MARKDOWN_PREVIEW_PATH, {
        method: "POST",
        body,
        signal: controller.signal,
        // A signed-out admin is redirected to the login page: that is a failure here, not a preview.
        redirect: "manual",
        headers: { Accept: "application/json" },
      });
      const result: MarkdownPreviewResult | null = response.headers.get("Content-Type")?.includes("json")
        ? await response.json()
        : null;
      if (controller.signal.aborted) return;
      if (result?.ok) {
        setHtml(result.html);
        setState("idle");
      } else {
        setState("failed");
      }
    } catch {
      if (!controller.signal.aborted) setState("failed");
    }
  }

  return { html, state, render };
}
