import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_PAGE_SIZE } from "~/lib/blog";
import { pageCountFor, pageHref, pageItems, parsePageParam } from "~/lib/pagination";
import { readMinutes } from "~/lib/text";
import { listFeedPosts, listSitemapPosts, listSitemapTerms } from "~/models/post-feeds.server";
import {
  countPublishedPosts,
  findPublishedPostBySlug,
  listLatestPublishedPosts,
  listPublishedPosts,
} from "~/models/post-listing.server";
import { ensureTerms, findTermBySlug } from "~/models/post-terms.server";
import { containsPattern } from "~/models/like-pattern.server";
import { createPost, postRowValues } from "~/models/posts.server";
import { loader as categoryLoader } from "~/routes/blog/category";
import { loader as listLoader } from "~/routes/blog/list";
import { loader as postLoader } from "~/routes/blog/post";
import { loader as tagLoader } from "~/routes/blog/tag";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";

const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

type AnyLoaderArgs = { request: Request; params: Record<string, string>; context: unknown };
type DataResult<T> = { data: T; init: { status?: number; headers?: HeadersInit } | null };

/** Calls a route loader; returns its data and status, or the thrown/returned Response (a redirect). */
async function call<T>(
  loader: (args: any) => Promise<unknown>,
  url: string,
  params: Record<string, string> = {},
): Promise<{ status: number; data?: T; headers: Headers; location?: string | null }> {
  const args: AnyLoaderArgs = { request: new Request(`http://localhost:3000${url}`), params, context: {} };
  try {
    const result = (await loader(args)) as DataResult<T> | Response;
    if (result instanceof Response) {
      return { status: result.status, headers: result.headers, location: result.headers.get("Location") };
    }
    return { status: result.init?.status ?? 200, data: result.data, headers: new Headers(result.init?.headers) };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, headers: thrown.headers, location: thrown.headers.get("Location") };
    }
    throw thrown;
  }
}

describe("blog posts: visibility, search and pagination", () => {
  let database: OpenedDatabase;
  let cannabis101: string;
  let terpenesTag: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    [cannabis101] = await ensureTerms("categories", ["Cannabis 101"]);
    await ensureTerms("categories", ["Empty Category"]);
    [terpenesTag] = await ensureTerms("tags", ["Terpenes"]);
    await ensureTerms("tags", ["Unused"]);
    const base = { content: "Body text.", categoryIds: [cannabis101], tagIds: [terpenesTag] };
    await createPost({
      ...base,
      title: "Published Yesterday",
      slug: "published-yesterday",
      status: "published",
      publishedAt: daysFromNow(-1),
      excerpt: "Terpene basics",
    });
    await createPost({ ...base, title: "Draft Post", slug: "draft-post", status: "draft" });
    await createPost({
      ...base,
      title: "Scheduled Future",
      slug: "scheduled-future",
      status: "scheduled",
      publishedAt: daysFromNow(3),
    });
    await createPost({
      ...base,
      title: "Published Future",
      slug: "published-future",
      status: "published",
      publishedAt: daysFromNow(2),
    });
    // The spec shows only status "published": a "scheduled" post stays hidden even after its date
    // (schedule a post by publishing it with a future date; it then appears by itself, no job needed).
    await createPost({
      ...base,
      title: "Scheduled Past",
      slug: "scheduled-past",
      status: "scheduled",
      publishedAt: daysFromNow(-2),
    });
    await createPost({
      title: "100% Pure Flower",
      slug: "pure-flower",
      status: "published",
      publishedAt: daysFromNow(-3),
      excerpt: "Under_score and back\\slash",
    });
    await createPost({
      title: "Plain Title",
      slug: "plain-title",
      status: "published",
      publishedAt: daysFromNow(-4),
      excerpt: "An excerpt about LIMONENE.",
    });
  });
  afterAll(async () => {
    await database.close();
  });

  describe("visibility", () => {
    it("shows only published posts whose publish date has come", async () => {
      const slugs = (await listPublishedPosts()).map((p) => p.slug);
      expect(slugs).toEqual(["published-yesterday", "pure-flower", "plain-title"]);
      expect(await countPublishedPosts()).toBe(3);
      expect((await listLatestPublishedPosts()).map((p) => p.slug)).toEqual(slugs);
    });

    it("finds a post by slug only when it is visible", async () => {
      expect((await findPublishedPostBySlug("published-yesterday"))?.title).toBe("Published Yesterday");
      for (const slug of ["draft-post", "scheduled-future", "published-future", "scheduled-past", "nope"]) {
        expect(await findPublishedPostBySlug(slug)).toBeNull();
      }
    });

    it("a post becomes visible by itself when its publish time passes", async () => {
      await database.db
        .updateTable("posts")
        .set({ published_at: daysFromNow(-0.5) })
        .where("slug", "=", "published-future")
        .execute();
      try {
        expect((await findPublishedPostBySlug("published-future"))?.slug).toBe("published-future");
        expect((await listPublishedPosts()).map((p) => p.slug)).toContain("published-future");
      } finally {
        await database.db
          .updateTable("posts")
          .set({ published_at: daysFromNow(2) })
          .where("slug", "=", "published-future")
          .execute();
      }
    });

    it("a published or scheduled post cannot lack a publish date (database check)", async () => {
      for (const status of ["published", "scheduled"] as const) {
        await expect(
          sql`insert into posts (title, slug, status, published_at) values ('No date', ${`no-date-${status}`}, ${status}, null)`.execute(
            database.db,
          ),
        ).rejects.toThrow(/posts_publish_date_matches_status/);
      }
      // And a draft never has one.
      await expect(
        sql`insert into posts (title, slug, status, published_at) values ('Dated draft', 'dated-draft', 'draft', now())`.execute(
          database.db,
        ),
      ).rejects.toThrow(/posts_publish_date_matches_status/);
    });

    it("category and tag lists, the feed and the sitemap follow the same rule", async () => {
      const inCategory = await listPublishedPosts({ categoryId: cannabis101 });
      expect(inCategory.map((p) => p.slug)).toEqual(["published-yesterday"]);
      expect(await countPublishedPosts({ tagId: terpenesTag })).toBe(1);
      expect((await listFeedPosts()).map((p) => p.slug)).toEqual(["published-yesterday", "pure-flower", "plain-title"]);
      expect((await listFeedPosts())[0].categories).toEqual(["Cannabis 101"]);
      expect((await listSitemapPosts()).map((p) => p.slug)).toEqual([
        "published-yesterday",
        "pure-flower",
        "plain-title",
      ]);
      // Only terms with a visible post are listed.
      expect((await listSitemapTerms("categories")).map((t) => t.slug)).toEqual(["cannabis-101"]);
      expect((await listSitemapTerms("tags")).map((t) => t.slug)).toEqual(["terpenes"]);
    });

    it("the post page returns 404 with the not-found state for hidden and unknown posts", async () => {
      const ok = await call<{ post: { title: string; html: string } | null }>(postLoader, "/blog/published-yesterday", {
        slug: "published-yesterday",
      });
      expect(ok.status).toBe(200);
      expect(ok.data?.post?.title).toBe("Published Yesterday");
      expect(ok.data?.post?.html).toContain("<p>Body text.</p>");
      for (const slug of ["draft-post", "scheduled-future", "published-future", "missing", "Not A Slug"]) {
        const result = await call<{ post: unknown }>(postLoader, `/blog/${encodeURIComponent(slug)}`, { slug });
        expect(result.status, slug).toBe(404);
        expect(result.data?.post).toBeNull();
      }
    });

    it("unknown categories and tags are 404; known ones without visible posts are empty pages", async () => {
      expect((await call(categoryLoader, "/blog/category/nope", { slug: "nope" })).status).toBe(404);
      expect((await call(tagLoader, "/blog/tag/nope", { slug: "nope" })).status).toBe(404);
      const empty = await call<{ posts: unknown[] }>(categoryLoader, "/blog/category/empty-category", {
        slug: "empty-category",
      });
      expect(empty.status).toBe(200);
      expect(empty.data?.posts).toEqual([]);
      const tag = await call<{ tag: { name: string }; posts: { slug: string }[] }>(tagLoader, "/blog/tag/terpenes", {
        slug: "terpenes",
      });
      expect(tag.data?.tag.name).toBe("Terpenes");
      expect(tag.data?.posts.map((p) => p.slug)).toEqual(["published-yesterday"]);
      expect(await findTermBySlug("tags", "unused")).not.toBeNull();
    });
  });

  describe("search", () => {
    const search = async (q: string) => (await listPublishedPosts({ search: q })).map((p) => p.slug);

    it("is a case-insensitive substring of the title or the excerpt", async () => {
      expect(await search("PUBLISHED")).toEqual(["published-yesterday"]);
      expect(await search("terpene BAS")).toEqual(["published-yesterday"]);
      expect(await search("limonene")).toEqual(["plain-title"]);
      expect(await search("lish")).toEqual(["published-yesterday"]);
      expect(await countPublishedPosts({ search: "title" })).toBe(1);
    });

    it("takes LIKE wildcards and backslashes literally", async () => {
      expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
      expect(await search("%")).toEqual(["pure-flower"]);
      expect(await search("_")).toEqual(["pure-flower"]);
      expect(await search("\\")).toEqual(["pure-flower"]);
      expect(await search("100%")).toEqual(["pure-flower"]);
      expect(await search("%%%")).toEqual([]);
    });

    it("never matches hidden posts", async () => {
      expect(await search("draft")).toEqual([]);
      expect(await search("future")).toEqual([]);
    });

    it("does not match across the title and excerpt boundary", async () => {
      expect(await search("yesterday terpene")).toEqual([]);
    });

    it("the list loader searches and shows the spec's empty state inputs", async () => {
      const hit = await call<{ q: string; total: number; posts: { slug: string }[] }>(listLoader, "/blog?q=Flower");
      expect(hit.data?.q).toBe("Flower");
      expect(hit.data?.posts.map((p) => p.slug)).toEqual(["pure-flower"]);
      const none = await call<{ total: number; posts: unknown[] }>(listLoader, "/blog?q=nothing-matches-this");
      expect(none.status).toBe(200);
      expect(none.data?.total).toBe(0);
      // Whitespace-only and over-long searches are harmless.
      expect((await call<{ q: string }>(listLoader, "/blog?q=%20%20")).data?.q).toBe("");
      expect((await call<{ q: string }>(listLoader, `/blog?q=${"a".repeat(5000)}`)).data?.q).toHaveLength(100);
    });
  });

  describe("pagination", () => {
    beforeAll(async () => {
      // 30 more visible posts: 33 in all, 3 pages of 12.
      const rows = Array.from({ length: 30 }, (_, i) =>
        postRowValues({
          title: `Bulk ${String(i + 1).padStart(2, "0")}`,
          slug: `bulk-${i + 1}`,
          status: "published",
          publishedAt: daysFromNow(-10 - i),
        }),
      );
      await database.db.insertInto("posts").values(rows).execute();
    });

    it("pages of 12, newest first, no post twice", async () => {
      const total = await countPublishedPosts();
      expect(total).toBe(33);
      const pages = [];
      for (let page = 1; page <= pageCountFor(total, BLOG_PAGE_SIZE); page++) {
        const result = await call<{ page: number; pageCount: number; posts: { slug: string; published_at: string }[] }>(
          listLoader,
          `/blog?page=${page}`,
        );
        expect(result.data?.pageCount).toBe(3);
        expect(result.data?.page).toBe(page);
        pages.push(result.data!.posts);
      }
      expect(pages.map((p) => p.length)).toEqual([12, 12, 9]);
      const all = pages.flat();
      expect(new Set(all.map((p) => p.slug)).size).toBe(33);
      const times = all.map((p) => Date.parse(p.published_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it("sends public caching headers that vary with cookies", async () => {
      const result = await call(listLoader, "/blog?page=2");
      expect(result.headers.get("Cache-Control")).toMatch(/public/);
      expect(result.headers.get("Cache-Control")).toMatch(/stale-while-revalidate/);
      expect(result.headers.get("Vary")).toBe("Cookie");
      expect(result.headers.get("Last-Modified")).toMatch(/GMT$/);
    });

    it("redirects a malformed page number to page 1 and one past the end to the last page", async () => {
      // Beyond the largest page any list reads (MAX_PAGE), a number is malformed too.
      for (const page of ["0", "-1", "abc", "1.5", "", "1e3", "%20", "99999999999999999999999"]) {
        const result = await call(listLoader, `/blog?page=${page}`);
        expect(result.status, page).toBe(302);
        expect(result.location, page).toBe("/blog");
      }
      for (const page of ["4", "500", "1000000000"]) {
        const result = await call(listLoader, `/blog?page=${page}`);
        expect(result.status, page).toBe(302);
        expect(result.location, page).toBe("/blog?page=3");
      }
      // The search is kept; a search with one page of results goes back to page 1.
      expect((await call(listLoader, "/blog?q=bulk&page=abc")).location).toBe("/blog?q=bulk");
      expect((await call(listLoader, "/blog?q=bulk&page=9")).location).toBe("/blog?q=bulk&page=3");
      expect((await call(listLoader, "/blog?q=zzz&page=2")).location).toBe("/blog?q=zzz");
      // The same rules on category pages.
      expect(
        (await call(categoryLoader, "/blog/category/cannabis-101?page=2", { slug: "cannabis-101" })).location,
      ).toBe("/blog/category/cannabis-101");
    });

    it("a search counts and pages its own results", async () => {
      const result = await call<{ total: number; pageCount: number; posts: unknown[] }>(
        listLoader,
        "/blog?q=bulk&page=3",
      );
      expect(result.data?.total).toBe(30);
      expect(result.data?.pageCount).toBe(3);
      expect(result.data?.posts).toHaveLength(6);
    });
  });
});

describe("pagination helpers", () => {
  it("parses only whole page numbers of at least 1", () => {
    expect(parsePageParam("1")).toBe(1);
    expect(parsePageParam("12")).toBe(12);
    expect(parsePageParam("007")).toBe(7);
    for (const bad of ["0", "-2", "2.5", "abc", "", " 2", "1e2", "0x10"]) expect(parsePageParam(bad), bad).toBeNull();
  });

  it("counts at least one page", () => {
    expect(pageCountFor(0, 12)).toBe(1);
    expect(pageCountFor(12, 12)).toBe(1);
    expect(pageCountFor(13, 12)).toBe(2);
  });

  it("shows the first, last and neighbouring pages with gaps", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 10)).toEqual([1, 2, "gap", 10]);
    expect(pageItems(500, 834)).toEqual([1, "gap", 499, 500, 501, "gap", 834]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, "gap", 10]);
    expect(pageItems(10, 10)).toEqual([1, "gap", 9, 10]);
  });

  it("builds page URLs that keep the search and drop page 1", () => {
    expect(pageHref("/blog", { q: "thc" }, 1)).toBe("/blog?q=thc");
    expect(pageHref("/blog", { q: "a b&c" }, 2)).toBe("/blog?q=a+b%26c&page=2");
    expect(pageHref("/blog", { q: "" }, 3)).toBe("/blog?page=3");
  });
});

describe("read time", () => {
  it("is words / 200, rounded up, at least 1", () => {
    expect(readMinutes("")).toBe(1);
    expect(readMinutes("word ".repeat(200))).toBe(1);
    expect(readMinutes("word ".repeat(201))).toBe(2);
    expect(readMinutes("word ".repeat(1000))).toBe(5);
  });

  it("is computed from the content when a post is saved, unless set", () => {
    expect(postRowValues({ title: "T", status: "draft", content: "word ".repeat(450) }).read_minutes).toBe(3);
    expect(
      postRowValues({ title: "T", status: "draft", content: "word ".repeat(450), readMinutes: 7 }).read_minutes,
    ).toBe(7);
    // Markdown syntax and links are not words.
    expect(readMinutes(`# Title\n\n${"[link](https://example.com/a/b) ".repeat(200)}`)).toBe(2);
  });
});
