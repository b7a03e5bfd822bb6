// The page cache behind the real request handler: hits, encodings and 304s, who never gets a cached page,
// the age gate's two variants, and each kind of write dropping the pages at once.
import zlib from "node:zlib";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGE_COOKIE_NAME } from "~/lib/age-gate";
import { createBrand } from "~/models/brands.server";
import { applyCatalog } from "~/models/catalog.server";
import { createPost } from "~/models/posts.server";
import { listenForContentChanges, setWatchingContent } from "~/server/content-changes.server";
import { openPostgresDatabase } from "~/server/db.server";
import { PageCache } from "~/services/page-cache.server";
import type { Database } from "~/server/schema.server";
import { prewarmThrough } from "../../server/page-cache-http";
import { startInProcessApp, type InProcessApp } from "../support/http-harness";
import { createPostgresTestDatabase } from "../support/database";
import { CART, GUMMIES, MENU_SOURCE, STAR } from "../support/menu-catalog-data";
import { makeUser, sessionCookieFor } from "./auth-support";

let app: InProcessApp;
const confirmed = () => `${AGE_COOKIE_NAME}=${Date.now() - 1000}`;

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}${path}`, { headers: { "Accept-Encoding": "identity", ...headers } });
  return {
    status: response.status,
    cache: response.headers.get("X-Cache"),
    headers: response.headers,
    text: await response.text(),
  };
}

/** Requests the page until the cache holds it (the first answer is kept once compressed). */
async function cached(path: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = await get(path, headers);
    if (answer.cache === "HIT") return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} was never served from the cache`);
}

beforeAll(async () => {
  app = await startInProcessApp();
});
afterAll(() => app?.close());

describe("hits", () => {
  it("answers an anonymous visitor's second request from the cache, in the encoding asked for, with the same page", async () => {
    const first = await get("/deals");
    expect(first.cache).toBe("MISS");
    const hit = await cached("/deals");
    expect(hit.text).toBe(first.text.replace(/ nonce="[^"]+"/g, ""));
    expect(hit.headers.get("Content-Security-Policy")).toMatch(/script-src 'self' 'sha256-/);
    expect(hit.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(hit.headers.get("X-Frame-Options")).toBe("DENY");

    for (const [encoding, decode] of [
      ["br", zlib.brotliDecompressSync],
      ["gzip", zlib.gunzipSync],
    ] as const) {
      const response = await fetch(`${app.url}/deals`, { headers: { "Accept-Encoding": encoding } });
      expect(response.headers.get("Content-Encoding")).toBe(encoding);
      expect(response.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
      // fetch decodes the body itself; the length is of the compressed bytes.
      const raw = Buffer.from(await response.arrayBuffer());
      expect(raw.toString()).toBe(hit.text);
      expect(Number(response.headers.get("Content-Length"))).toBeLessThan(raw.length);
      void decode;
    }
  });

  it("keeps a page without scripts with a policy that allows none inline: no nonce, no hash", async () => {
    const first = await get("/about");
    expect(first.text).not.toContain("<script");
    const hit = await cached("/about");
    expect(hit.text).toBe(first.text.replace(/ nonce="[^"]+"/g, ""));
    expect(hit.headers.get("Content-Security-Policy")).not.toMatch(/'nonce-|'sha256-/);
  });

  it("answers HEAD and a current copy (If-None-Match) from the cache too", async () => {
    const hit = await cached("/about");
    const head = await fetch(`${app.url}/about`, { method: "HEAD" });
    expect(head.headers.get("X-Cache")).toBe("HIT");
    expect(await head.text()).toBe("");
    const conditional = await get("/about", { "If-None-Match": hit.headers.get("ETag")! });
    expect(conditional.status).toBe(304);
    expect(conditional.cache).toBe("HIT");
  });

  it("keeps feeds and sitemaps as well", async () => {
    await get("/feed.xml");
    expect((await cached("/feed.xml")).headers.get("Content-Type")).toMatch(/rss\+xml/);
    await get("/sitemap-pages.xml");
    await cached("/sitemap-pages.xml");
  });
});

describe("who never gets a cached page", () => {
  it("a signed-in admin: the page with their footer link, never the anonymous copy, and theirs is never kept", async () => {
    // The footer's list link that only a signed-in user sees (the faint one in the notice is for everyone).
    const adminLink = '<li><a href="/admin">Admin</a></li>';
    const anonymous = await cached("/deals", { Cookie: confirmed() });
    expect(anonymous.text).not.toContain(adminLink);
    const admin = await makeUser("cache-admin@example.com", "a long enough password", { admin: true });
    const cookie = `${confirmed()}; ${await sessionCookieFor(admin.id)}`;
    for (let i = 0; i < 3; i++) {
      const answer = await get("/deals", { Cookie: cookie });
      expect(answer.cache).toBeNull();
      expect(answer.text).toContain(adminLink);
      expect(answer.headers.get("Cache-Control")).toBe("private, no-cache");
    }
    // The anonymous copy did not become the admin's either.
    expect((await get("/deals", { Cookie: confirmed() })).text).not.toContain(adminLink);
  });

  it("a visitor with a flash message", async () => {
    await cached("/contact", { Cookie: confirmed() });
    const answer = await get("/contact", { Cookie: `${confirmed()}; toast-session=anything` });
    expect(answer.cache).toBeNull();
  });
});

describe("the age gate's two variants", () => {
  it("a new visitor always gets the gate and a confirmed one never does, however the cache was filled", async () => {
    const gate = /<dialog[^>]*aria-labelledby="age-gate-title"/;
    for (let round = 0; round < 3; round++) {
      const fresh = await get("/brands");
      const confirmedVisitor = await get("/brands", { Cookie: confirmed() });
      expect(fresh.text).toMatch(gate);
      expect(confirmedVisitor.text).not.toMatch(gate);
    }
    expect((await cached("/brands")).text).toMatch(gate);
    expect((await cached("/brands", { Cookie: confirmed() })).text).not.toMatch(gate);
  });
});

describe("each kind of write drops the cached pages at once", () => {
  type Write = { kind: string; page: string; write: () => Promise<unknown> };
  const db = () => app.database.db;
  // A statement that changes no row still fires the statement-level trigger: any write counts.
  const touch = (table: keyof Database) => () => sql`delete from ${sql.table(table)} where false`.execute(db());
  const writes: Write[] = [
    { kind: "brands", page: "/brands", write: touch("brands") },
    { kind: "deals", page: "/deals", write: touch("deals_slides") },
    { kind: "posts", page: "/blog", write: touch("posts") },
    { kind: "categories", page: "/blog/category/news", write: touch("categories") },
    { kind: "tags", page: "/blog/tag/hours", write: touch("tags") },
    { kind: "a post's categories", page: "/blog/category/news", write: touch("post_categories") },
    { kind: "a post's tags", page: "/blog/tag/hours", write: touch("post_tags") },
    { kind: "reviews", page: "/reviews", write: touch("reviews") },
    { kind: "gallery photos (uploads)", page: "/about", write: touch("gallery_photos") },
    { kind: "settings and weekly hours", page: "/", write: touch("site_settings") },
    {
      kind: "holiday hours",
      page: "/locations",
      write: () =>
        db()
          .insertInto("store_hours_exceptions")
          .values({
            store: "Lindsey",
            start_date: "2026-12-25",
            end_date: "2026-12-25",
            closed: true,
            label: "Christmas",
          })
          .execute(),
    },
  ];

  // A page is dropped by the tables its render read: a category's and a tag's page read them and the posts'.
  beforeAll(async () => {
    const category = await db()
      .insertInto("categories")
      .values({ name: "News", slug: "news" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const tag = await db()
      .insertInto("tags")
      .values({ name: "Hours", slug: "hours" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await createPost({
      title: "Our holiday hours",
      content: "Open as usual.",
      status: "published",
      categoryIds: [category.id],
      tagIds: [tag.id],
    });
  });

  for (const { kind, page, write } of writes) {
    it(`${kind}: ${page} is made anew on the next request`, async () => {
      await get(page, { Cookie: confirmed() });
      await cached(page, { Cookie: confirmed() });
      await write();
      expect((await get(page, { Cookie: confirmed() })).cache).toBe("MISS");
    });
  }

  it("an admin's change through the model shows on the very next request", async () => {
    const owner = await makeUser("cache-owner@example.com", "a long enough password", { admin: true });
    await cached("/brands", { Cookie: confirmed() });
    await createBrand({ name: "Prairie Sun Growers", logoUrl: "/brands/placeholder.svg" }, owner);
    const next = await get("/brands", { Cookie: confirmed() });
    expect(next.cache).toBe("MISS");
    expect(next.text).toContain("Prairie Sun Growers");
  });

  it("a write that rolls back drops nothing; writes elsewhere (a contact message, a sign-in) drop nothing", async () => {
    await cached("/reviews", { Cookie: confirmed() });
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await sql`delete from reviews where false`.execute(trx);
          throw new Error("changed my mind");
        }),
    ).rejects.toThrow("changed my mind");
    await sql`delete from sessions where false`.execute(db());
    await sql`delete from rate_limits where false`.execute(db());
    await sql`delete from contact_inquiries where false`.execute(db());
    expect((await get("/reviews", { Cookie: confirmed() })).cache).toBe("HIT");
  });
});

describe("a page nobody has, or one that was dropped, is rendered once however many ask", () => {
  /** The build's own page cache (the app's, not this file's copy of the module). */
  const buildCache = () => (globalThis as unknown as { __pageCache: PageCache }).__pageCache;
  const crowd = (path: string, count: number) =>
    Promise.all(Array.from({ length: count }, () => get(path, { Cookie: confirmed() })));

  it("100 concurrent requests for a page not kept: one renders, the others get what it rendered", async () => {
    // An address nobody asked for before: no copy of any age.
    const answers = await crowd("/privacy?from=crowd", 100);
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    expect(answers.filter((a) => a.cache === "MISS")).toHaveLength(1);
    expect(answers.filter((a) => a.cache === "HIT")).toHaveLength(99);
    const rendered = answers.find((a) => a.cache === "MISS")!.text.replace(/ nonce="[^"]+"/g, "");
    expect(new Set(answers.filter((a) => a.cache === "HIT").map((a) => a.text))).toEqual(new Set([rendered]));
  });

  it("a dropped page: the next request renders it, and while it does the rest get the old page at once, then the new", async () => {
    const before = await cached("/brands", { Cookie: confirmed() });
    const owner = await makeUser("stale-owner@example.com", "a long enough password", { admin: true });
    await createBrand({ name: "Red Dirt Botanicals", logoUrl: "/brands/placeholder.svg" }, owner);
    // A render of the new page under way (as a first visitor's would be): the others are not kept waiting.
    const key = buildCache().keyFor({ method: "GET", url: "/brands", cookie: confirmed() })!;
    const underWay = buildCache().missed(key);
    expect(underWay.action).toBe("render");
    const meanwhile = await crowd("/brands", 20);
    expect(new Set(meanwhile.map((a) => a.cache))).toEqual(new Set(["STALE"]));
    expect(new Set(meanwhile.map((a) => a.text))).toEqual(new Set([before.text]));
    expect(before.text).not.toContain("Red Dirt Botanicals");
    buildCache().endRender(key, underWay.action === "render" ? underWay.renderedIn : -1);

    // Nobody rendering it: the next request does, and sees the change; a crowd then is one render too.
    const answers = await crowd("/brands", 50);
    expect(answers.filter((a) => a.cache === "MISS")).toHaveLength(1);
    for (const answer of answers) {
      if (answer.cache === "STALE") expect(answer.text).toBe(before.text);
      else expect(answer.text).toContain("Red Dirt Botanicals");
    }
    expect((await cached("/brands", { Cookie: confirmed() })).text).toContain("Red Dirt Botanicals");
  });

  it("a render that keeps nothing lets the requests that waited for it render the page themselves", async () => {
    const key = buildCache().keyFor({ method: "GET", url: "/terms", cookie: confirmed() })!;
    await sql`delete from site_settings where false`.execute(app.database.db);
    const underWay = buildCache().missed(key);
    const waiting = get("/terms", { Cookie: confirmed() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    buildCache().endRender(key, underWay.action === "render" ? underWay.renderedIn : -1);
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(answer.cache).toBe("MISS");
  });
});

describe("an import drops only the pages its change touches", () => {
  it("a product's new price drops its page, its category and brand lists and /menu, and not /about or /terms", async () => {
    await applyCatalog(MENU_SOURCE, [STAR, GUMMIES, CART]);
    const touched = ["/menu", "/menu/flower", "/menu/flower/starlight-gelato", "/brands/sunday-extracts"];
    const untouched = ["/about", "/terms"];
    for (const page of [...touched, ...untouched]) await cached(page, { Cookie: confirmed() });

    const [regular, special] = STAR.options;
    const cheaper = { ...STAR, options: [{ ...regular, priceMedicalCents: 2900 }, special] };
    await applyCatalog(MENU_SOURCE, [cheaper, GUMMIES, CART]);
    for (const page of touched) expect((await get(page, { Cookie: confirmed() })).cache, page).toBe("MISS");
    expect((await cached("/menu/flower/starlight-gelato", { Cookie: confirmed() })).text).toContain("$29");
    for (const page of untouched) expect((await get(page, { Cookie: confirmed() })).cache, page).toBe("HIT");

    // The settings (every page shows them) still drop every page.
    await sql`delete from site_settings where false`.execute(app.database.db);
    for (const page of untouched) expect((await get(page, { Cookie: confirmed() })).cache, page).toBe("MISS");
  });
});

describe("after a drop, the most visited pages are rendered again before anyone asks", () => {
  it("a renamed store: /about and /deals are fresh with the new name when their next visitor comes", async () => {
    const cache = (globalThis as unknown as { __pageCache: PageCache }).__pageCache;
    prewarmThrough(app.server, cache);
    const pages = ["/about", "/deals"];
    for (const page of pages) {
      await cached(page, { Cookie: confirmed() });
      await get(page, { Cookie: confirmed() });
    }
    const keys = pages.map((url) => cache.keyFor({ method: "GET", url, cookie: confirmed() })!);

    // An operator renames the store: every page is dropped; nobody asks for these two meanwhile.
    await sql`insert into site_settings (key, value) values ('site', ${JSON.stringify({ name: "Prewarmed Dispensary" })})
      on conflict (key) do update set value = excluded.value`.execute(app.database.db);
    await waitFor(() => keys.every((key) => !cache.isFresh(key)), 5_000).catch(() => {});
    await waitFor(() => keys.every((key) => cache.isFresh(key)));
    for (const page of pages) {
      const answer = await get(page, { Cookie: confirmed() });
      expect(answer.cache, page).toBe("HIT");
      expect(answer.text, page).toContain("Prewarmed Dispensary");
    }
  });
});

describe("several instances on Postgres", () => {
  it("a write through another instance's connection drops this instance's pages, and a lost listener turns the cache off", async () => {
    const database = await createPostgresTestDatabase();
    const other = openPostgresDatabase(database.url!);
    const cache = new PageCache({ nextTimeBasedChange: () => Promise.resolve(new Date(Date.now() + 60_000)) });
    const dropped: string[] = [];
    const { onContentChange } = await import("~/server/content-changes.server");
    const unsubscribe = onContentChange((event) => {
      if (event.kind === "changed") {
        dropped.push(event.table);
        cache.drop(event.table);
      }
    });
    // This listener's first act is to drop everything ("*": what changed while nobody listened). The file's
    // app listens already, so "watching" holds before this one does: wait for its drop, or it lands on the
    // page stored below (a flake under load, and a drop the write below would not have caused).
    const stop = listenForContentChanges(database.url!);
    try {
      await waitFor(() => dropped.includes("*"));
      dropped.length = 0;
      await waitFor(() => cache.keyFor({ method: "GET", url: "/brands", cookie: undefined }) !== undefined);
      const key = cache.keyFor({ method: "GET", url: "/brands", cookie: undefined })!;
      await cache.store(key, cache.beginRender(), {
        status: 200,
        headers: { "content-type": "text/html", "cache-control": "public, max-age=60" },
        body: Buffer.from("<p>brands</p>"),
      });
      expect(cache.lookup(key)).toBeDefined();
      // Another instance (its own pool) writes.
      await sql`update brands set id = id`.execute(other.db);
      await waitFor(() => cache.lookup(key) === undefined);
      expect(dropped).toContain("brands");

      // The listening connection is killed: nothing is answered from the cache until it listens again.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database() and pid <> pg_backend_pid()",
      );
      await admin.end();
      await waitFor(() => cache.keyFor({ method: "GET", url: "/brands", cookie: undefined }) === undefined, 5_000);
      await waitFor(() => cache.keyFor({ method: "GET", url: "/brands", cookie: undefined }) !== undefined, 10_000);
    } finally {
      unsubscribe();
      await stop();
      await other.close();
      await database.close();
      setWatchingContent(true);
    }
  }, 60_000);
});

/** Polls until the condition holds; the bound is generous because a loaded CI machine hears NOTIFY late. */
async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
