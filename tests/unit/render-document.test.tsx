import { describe, expect, it } from "vitest";
import { renderDocument } from "~/server/render-document.server";

/** The body comes from a component, as a page's does: its elements are made while the document renders. */
function Body({ render }: { render: () => React.ReactNode }) {
  return <body>{render()}</body>;
}

const page = (body: () => React.ReactNode, after?: React.ReactNode) => (
  <>
    <html lang="en-US">
      <head>
        <title>Page</title>
      </head>
      <Body render={body} />
    </html>
    {after}
  </>
);

describe("renderDocument", () => {
  it("is a whole document, with React Router's data scripts (rendered after the app) inside the body", async () => {
    const html = await renderDocument(page(() => <main>Hello</main>, <script>window.data = 1;</script>));
    expect(html.startsWith('<!DOCTYPE html><html lang="en-US"><head><title>Page</title></head>')).toBe(true);
    expect(html.endsWith("<script>window.data = 1;</script></body></html>")).toBe(true);
    expect(html.indexOf("</html>")).toBe(html.length - "</html>".length);
  });

  it("preloads the high-priority image at the end of the head: its srcset and sizes, else its src", async () => {
    const responsive = await renderDocument(
      page(() => (
        <img
          src="/media/a.png"
          srcSet="/media/a-w480.webp 480w, /media/a-w960.webp 960w"
          sizes="(min-width: 800px) 780px, 100vw"
          fetchPriority="high"
          alt=""
        />
      )),
    );
    expect(responsive).toContain(
      '<link rel="preload" as="image" imagesrcset="/media/a-w480.webp 480w, /media/a-w960.webp 960w" ' +
        'imagesizes="(min-width: 800px) 780px, 100vw" fetchpriority="high"></head>',
    );
    const plain = await renderDocument(page(() => <img src='/demo/a "b".svg?x=1&y=2' fetchPriority="high" alt="" />));
    expect(plain).toContain(
      '<link rel="preload" as="image" href="/demo/a &quot;b&quot;.svg?x=1&amp;y=2" fetchpriority="high"></head>',
    );
  });

  it("preloads nothing for lazy images, and keeps each render's preloads to itself", async () => {
    const [lazy, eager] = await Promise.all([
      renderDocument(page(() => <img src="/a.png" loading="lazy" alt="" />)),
      renderDocument(page(() => <img src="/b.png" fetchPriority="high" alt="" />)),
    ]);
    expect(lazy).not.toContain('rel="preload"');
    expect(eager.match(/rel="preload"/g)).toHaveLength(1);
    expect(eager).toContain('href="/b.png"');
  });
});
