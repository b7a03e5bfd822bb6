import { AsyncLocalStorage } from "node:async_hooks";
import { options, type VNode } from "preact";
import { renderToStringAsync } from "preact-render-to-string";
import type { ReactElement } from "react";

type ImagePreload = { href: string; srcSet?: string; sizes?: string };

const imagePreloads = new AsyncLocalStorage<ImagePreload[]>();

// Every <img fetchPriority="high"> rendered for a document (the page's LCP image, see imageLoading) gets a
// <link rel="preload"> in the head, as React 19's renderer did: the browser starts on it before the body.
const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as { src?: unknown; srcSet?: unknown; sizes?: unknown; fetchPriority?: unknown };
  const found = vnode.type === "img" && props.fetchPriority === "high" ? imagePreloads.getStore() : undefined;
  if (found && typeof props.src === "string") {
    const srcSet = typeof props.srcSet === "string" ? props.srcSet : undefined;
    found.push({ href: props.src, srcSet, sizes: srcSet && typeof props.sizes === "string" ? props.sizes : undefined });
  }
  previousVNodeHook?.(vnode);
};

const attribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/** With a srcset the browser picks from it, as for the image itself; `href` is only for an image without one. */
function preloadLink({ href, srcSet, sizes }: ImagePreload): string {
  const source = srcSet
    ? `imagesrcset="${attribute(srcSet)}"${sizes ? ` imagesizes="${attribute(sizes)}"` : ""}`
    : `href="${attribute(href)}"`;
  return `<link rel="preload" as="image" ${source} fetchpriority="high">`;
}

const DOCUMENT_END = "</body></html>";

/**
 * The whole HTML document for the app's element, rendered by preact-render-to-string (not streamed: pages are
 * small, the page cache keeps them whole, and crawlers and visitors without JavaScript get everything at once).
 * Waits for React Router's data scripts, its only suspense.
 */
export async function renderDocument(element: ReactElement): Promise<string> {
  const preloads: ImagePreload[] = [];
  let html = await imagePreloads.run(preloads, () => renderToStringAsync(element as unknown as VNode));
  // React Router renders its data scripts after the app, that is after </html>; React's renderer kept the
  // document's end for last, Preact's does not. Back inside the body, where HTML allows them.
  const end = html.indexOf(DOCUMENT_END);
  if (end !== -1 && end + DOCUMENT_END.length < html.length) {
    html = html.slice(0, end) + html.slice(end + DOCUMENT_END.length) + DOCUMENT_END;
  }
  // Last in the head: hydration keeps the head's own elements in order and drops this one, already fetched.
  if (preloads.length > 0) html = html.replace("</head>", `${preloads.map(preloadLink).join("")}</head>`);
  return `<!DOCTYPE html>${html}`;
}
