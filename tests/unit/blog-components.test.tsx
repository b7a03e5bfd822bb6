import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Pagination } from "~/components/blog/pagination";
import { PostCard, PostGridSkeleton } from "~/components/blog/post-card";
import { ShareLinks } from "~/components/blog/share-menu";
import { pageHref } from "~/lib/pagination";
import { shareTargets } from "~/lib/share";

const render = (element: React.ReactElement) => renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);
/** A <span> that says it is disabled, with these classes, whatever order the renderer writes its attributes in. */
const disabledStep = (label: string) =>
  new RegExp(
    `<span (?=[^>]*aria-disabled="true")(?=[^>]*class="pagination__link pagination__step")[^>]*>(?:(?!</span>).)*${label}`,
  );
const hrefFor = (page: number) => pageHref("/blog", { q: "thc" }, page);

describe("pagination", () => {
  it("is absent with one page", () => {
    expect(render(<Pagination page={1} pageCount={1} hrefFor={hrefFor} />)).toBe("");
  });

  it("disables Previous on the first page and links Next", () => {
    const html = render(<Pagination page={1} pageCount={3} hrefFor={hrefFor} />);
    expect(html).toContain('aria-label="Pagination"');
    expect(html).toMatch(disabledStep("Previous"));
    expect(html).toMatch(/rel="next" href="\/blog\?q=thc&amp;page=2"[^>]*>Next/);
    expect(html).toMatch(/aria-current="page" aria-label="Page 1" href="\/blog\?q=thc"/);
  });

  it("disables Next on the last page and links Previous", () => {
    const html = render(<Pagination page={3} pageCount={3} hrefFor={hrefFor} />);
    expect(html).toMatch(/rel="prev" href="\/blog\?q=thc&amp;page=2"[^>]*>.*Previous/);
    expect(html).toMatch(disabledStep("Next"));
    expect(html).toMatch(/aria-current="page" aria-label="Page 3"/);
  });

  it("numbers the pages around the current one with gaps", () => {
    const html = render(<Pagination page={500} pageCount={834} hrefFor={(p) => pageHref("/blog", {}, p)} />);
    const labels = [...html.matchAll(/aria-label="Page (\d+)"/g)].map((m) => Number(m[1]));
    expect(labels).toEqual([1, 499, 500, 501, 834]);
    expect(html.match(/pagination__gap/g)).toHaveLength(2);
  });
});

describe("post card", () => {
  const post = {
    id: "1",
    title: "Terpenes <Explained>",
    slug: "terpenes-explained",
    excerpt: "Aromas.",
    hero_image_url: "/img.png",
    author: "The Lindsey Street Team",
    // 03:30 UTC is still the day before in Norman.
    published_at: "2026-11-22T03:30:00.000Z",
    read_minutes: 4,
  };

  it("shows image, long date in the stores' zone, read time, title, excerpt, author and Read More", () => {
    const html = render(<PostCard post={post} />);
    expect(html).toContain('src="/img.png"');
    // (Attribute names are case-insensitive in HTML: React writes dateTime.)
    expect(html).toMatch(/<time datetime="2026-11-22T03:30:00\.000Z">November 21, 2026<\/time>/i);
    expect(html).toContain("4 min read");
    // The title is text, never markup: its "<" and ">" are escaped.
    expect(html).toContain('<a href="/blog/terpenes-explained" data-discover="true">Terpenes &lt;Explained&gt;</a>');
    expect(html).toContain("Aromas.");
    expect(html).toContain("By The Lindsey Street Team");
    expect(html).toMatch(/Read More<span class="visually-hidden">: Terpenes &lt;Explained&gt;<\/span>/);
  });

  it("leaves out the author on category and tag pages, and the image when there is none", () => {
    const html = render(<PostCard post={{ ...post, hero_image_url: null }} showAuthor={false} />);
    expect(html).not.toContain("By The Lindsey Street Team");
    expect(html).not.toContain("<img");
  });

  it("six skeleton cards, hidden from assistive technology", () => {
    const html = render(<PostGridSkeleton count={6} />);
    expect(html).toContain('aria-hidden="true"');
    expect(html.match(/post-card--skeleton/g)).toHaveLength(6);
  });
});

describe("share links", () => {
  it("are real links to Facebook, X/Twitter and Reddit with the encoded URL and title", () => {
    const url = "https://example.com/blog/a-post";
    const [facebook, x, reddit] = shareTargets(url, "Edibles & You");
    expect(facebook.href).toBe(
      "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.com%2Fblog%2Fa-post",
    );
    expect(x.href).toBe(
      "https://twitter.com/intent/tweet?url=https%3A%2F%2Fexample.com%2Fblog%2Fa-post&text=Edibles%20%26%20You",
    );
    expect(reddit.href).toBe(
      "https://www.reddit.com/submit?url=https%3A%2F%2Fexample.com%2Fblog%2Fa-post&title=Edibles%20%26%20You",
    );
    const html = render(<ShareLinks url={url} title="Edibles & You" />);
    expect(html.match(/target="_blank" rel="noopener noreferrer"/g)).toHaveLength(3);
    // Copying needs JavaScript and the clipboard: not in the server's HTML.
    expect(html).not.toContain("Copy link");
  });
});
