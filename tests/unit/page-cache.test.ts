// The page cache's own rules: which requests it may answer, what it keeps, the policy of a shared page, and
// when its pages stop being right (a fixed clock).
import crypto from "node:crypto";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AGE_COOKIE_NAME } from "~/lib/age-gate";
import { createPost } from "~/models/posts.server";
import { saveWeeklyHours } from "~/models/store-hours-settings.server";
import { setWatchingContent } from "~/server/content-changes.server";
import type { OpenedDatabase } from "~/server/db.server";
import {
  FLASH_COOKIE_NAME,
  MAX_PAGE_AGE_MS,
  nextTimeBasedChange,
  PageCache,
  type PageToStore,
} from "~/services/page-cache.server";
import { sharedPagePolicy } from "~/server/security.server";
import { SESSION_COOKIE_NAME } from "~/lib/session-cookie";
import { createTestDatabase } from "../support/database";
import { makeUser } from "./auth-support";

const NONCE = "bm9uY2Utb2YtdGVzdA==";
const POLICY = `default-src 'self'; script-src 'self' 'nonce-${NONCE}' https://menu.example.com; object-src 'none'`;
const HTML =
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="${NONCE}"/></head><body>` +
  `<p>Deals</p><script nonce="${NONCE}">window.__ctx = {"a":1};</script>` +
  `<script type="module" nonce="${NONCE}">import "/assets/a.js";</script>` +
  `<script src="/assets/b.js" nonce="${NONCE}"></script></body></html>`;

function page(overrides: Partial<PageToStore> = {}): PageToStore {
  return {
    status: 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "public, max-age=60, s-maxage=300, stale-while-revalidate=600",
      vary: "Cookie",
      etag: 'W/"abc"',
      "content-security-policy": POLICY,
    },
    body: Buffer.from(HTML),
    ...overrides,
  };
}

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
const later = () => Promise.resolve(new Date(Date.now() + 3_600_000));

describe("which requests the cache may answer", () => {
  const cache = new PageCache({ nextTimeBasedChange: later });
  beforeAll(() => setWatchingContent(true));
  const keyFor = (url: string, cookie?: string, method = "GET") => cache.keyFor({ method, url, cookie });

  it("GET and HEAD of public paths share a key; other methods, the admin, files and data requests have none", () => {
    expect(keyFor("/deals")).toBeDefined();
    expect(keyFor("/deals", undefined, "HEAD")).toBe(keyFor("/deals"));
    expect(keyFor("/feed.xml")).toBeDefined();
    for (const url of ["/admin", "/admin/login", "/admin/brands?page=2", "/media/deals/x.webp", "/assets/a.js"]) {
      expect(keyFor(url), url).toBeUndefined();
    }
    expect(keyFor("/deals", undefined, "POST")).toBeUndefined();
    expect(keyFor("/deals.data")).toBeUndefined();
    expect(keyFor("/deals?_routes=root")).toBeUndefined();
    expect(keyFor("//evil.example/")).toBeUndefined();
  });

  it("a signed-in admin (any session cookie) and a visitor with a flash message are never answered from it", () => {
    expect(keyFor("/", `${SESSION_COOKIE_NAME}=anything`)).toBeUndefined();
    expect(keyFor("/", `a=b; ${FLASH_COOKIE_NAME}=x; c=d`)).toBeUndefined();
    // Other cookies (a CDN's, an analytics one on the same domain) change nothing.
    expect(keyFor("/", "__cf_bm=1")).toBe(keyFor("/"));
  });

  it("keys the two age-gate variants apart: a confirmed visitor and a new one never share a page", () => {
    const confirmed = `${AGE_COOKIE_NAME}=${Date.now() - 1000}`;
    const expired = `${AGE_COOKIE_NAME}=${Date.now() - 31 * 24 * 3600 * 1000}`;
    expect(keyFor("/deals", confirmed)).not.toBe(keyFor("/deals"));
    expect(keyFor("/deals", expired)).toBe(keyFor("/deals"));
    expect(keyFor("/deals", "ageVerified=garbage")).toBe(keyFor("/deals"));
    // Pages that never show the gate have one variant.
    expect(keyFor("/terms", confirmed)).toBe(keyFor("/terms"));
  });

  it("answers nothing while changes cannot be heard (the listening connection is down)", () => {
    setWatchingContent(false);
    try {
      expect(keyFor("/deals")).toBeUndefined();
    } finally {
      setWatchingContent(true);
    }
  });
});

describe("what the cache keeps", () => {
  it("keeps a public 200 as identity, gzip and brotli bytes of the same page", async () => {
    const cache = new PageCache({ nextTimeBasedChange: later });
    expect(await cache.store("k", cache.beginRender(), page())).toBe(true);
    const kept = cache.lookup("k")!;
    expect(zlib.gunzipSync(kept.gzip)).toEqual(kept.identity);
    expect(zlib.brotliDecompressSync(kept.br)).toEqual(kept.identity);
    expect(kept.headers.vary).toBe("Cookie, Accept-Encoding");
    expect(kept.etag).toBe('W/"abc"');
  });

  it("refuses what must not be shared: another status, private, a cookie being set, a binary type", async () => {
    const cache = new PageCache({ nextTimeBasedChange: later });
    const refused: Array<Partial<PageToStore>> = [
      { status: 404 },
      { status: 503 },
      { headers: { ...page().headers, "cache-control": "private, no-cache" } },
      { headers: { ...page().headers, "cache-control": undefined } },
      { headers: { ...page().headers, "set-cookie": ["toast-session=; Max-Age=0"] } },
      { headers: { ...page().headers, "content-type": "image/webp" } },
    ];
    for (const overrides of refused) {
      expect(await cache.store("k", cache.beginRender(), page(overrides)), JSON.stringify(overrides)).toBe(false);
    }
    expect(cache.lookup("k")).toBeUndefined();
  });

  it("never keeps a page rendered before a drop (a write committed while it rendered)", async () => {
    const cache = new PageCache({ nextTimeBasedChange: later });
    const renderedIn = cache.beginRender();
    cache.drop("write");
    expect(await cache.store("k", renderedIn, page())).toBe(false);
    expect(cache.lookup("k")).toBeUndefined();
  });

  it("a shared page carries no nonce: its policy names the hashes of its inline scripts", async () => {
    const cache = new PageCache({ nextTimeBasedChange: later });
    await cache.store("k", cache.beginRender(), page());
    const kept = cache.lookup("k")!;
    const html = kept.identity.toString();
    expect(html).not.toContain("nonce");
    const policy = kept.headers["content-security-policy"];
    expect(policy).not.toContain("nonce");
    expect(policy).toContain(
      `script-src 'self' ${sha256('window.__ctx = {"a":1};')} ${sha256('import "/assets/a.js";')} https://menu.example.com`,
    );
    // The external script is allowed by 'self' and hashes nothing.
    expect(policy.match(/sha256-/g)).toHaveLength(2);
  });

  it("leaves a policy without a nonce as it is", () => {
    expect(sharedPagePolicy("<p>x</p>", "default-src 'self'")).toEqual({
      html: "<p>x</p>",
      policy: "default-src 'self'",
    });
  });
});

describe("one render per page (single flight), the old copy meanwhile", () => {
  it("the first request renders; the others wait for it, or, with a copy from before a drop, get that at once", async () => {
    const cache = new PageCache({ nextTimeBasedChange: async (now) => new Date(now.getTime() + 60_000) });
    const first = cache.missed("k");
    expect(first).toEqual({ action: "render", renderedIn: expect.any(Number) });
    const second = cache.missed("k");
    expect(second.action).toBe("wait");
    let waited = false;
    if (second.action === "wait") void second.until.then(() => (waited = true));
    if (first.action !== "render") throw new Error("expected a render");
    expect(await cache.store("k", first.renderedIn, page())).toBe(true);
    cache.endRender("k", first.renderedIn);
    await Promise.resolve();
    expect(waited).toBe(true);
    const old = cache.lookup("k")!;

    cache.drop("write");
    expect(cache.lookup("k")).toBeUndefined();
    const again = cache.missed("k");
    expect(again.action).toBe("render");
    expect(cache.missed("k")).toEqual({ action: "stale", page: old });
    expect(cache.staleWhileRendering("k")).toBe(old);
    if (again.action !== "render") throw new Error("expected a render");
    await cache.store("k", again.renderedIn, page({ body: Buffer.from("<p>new</p>") }));
    cache.endRender("k", again.renderedIn);
    expect(cache.lookup("k")!.identity.toString()).toBe("<p>new</p>");
    expect(cache.staleWhileRendering("k")).toBeUndefined();
  });

  it("a render begun before a drop is not the one under way after it; a HEAD renders without claiming", () => {
    const cache = new PageCache();
    const before = cache.missed("k");
    cache.drop("write");
    expect(cache.missed("k").action).toBe("render");
    if (before.action === "render") cache.endRender("k", before.renderedIn);
    // The render under way is still the new one.
    expect(cache.missed("k").action).toBe("wait");
    expect(cache.missed("other", false).action).toBe("render");
    expect(cache.missed("other", false).action).toBe("render");
  });
});

describe("after a drop, the most visited pages are rendered again", () => {
  it("most visited first, up to the limit; a visitor meanwhile waits for that render instead of the old copy", async () => {
    const cache = new PageCache({ nextTimeBasedChange: async (now) => new Date(now.getTime() + 60_000) });
    const keep = async (key: string, visits: number) => {
      const render = cache.missed(key);
      if (render.action !== "render") throw new Error("expected a render");
      await cache.store(key, render.renderedIn, page());
      cache.endRender(key, render.renderedIn);
      for (let i = 0; i < visits; i++) cache.lookup(key);
    };
    await keep("age-ok /rare", 1);
    await keep("age-ok /popular", 9);
    await keep("gate /", 5);
    const requested: { url: string; cookie?: string }[] = [];
    const answers: string[] = [];
    cache.prewarmWith(async (request) => {
      requested.push({ url: request.url, cookie: request.cookie });
      // As the server would: the request finds no current copy and renders it (the pre-warm's render);
      // a visitor asking meanwhile is told to wait for it, never handed the page from before the drop.
      const key = `${request.cookie ? "age-ok" : "gate"} ${request.url}`;
      const render = cache.missed(key);
      if (render.action !== "render") throw new Error("expected the pre-warm to render");
      expect(cache.staleWhileRendering(key)).toBeUndefined();
      answers.push(cache.missed(key).action);
      await cache.store(key, render.renderedIn, page({ body: Buffer.from(`<p>new ${request.url}</p>`) }));
      cache.endRender(key, render.renderedIn);
    });

    cache.drop("write");
    await vi.waitFor(() => expect(requested).toHaveLength(3), { timeout: 2_000 });
    expect(requested.map((r) => r.url)).toEqual(["/popular", "/", "/rare"]);
    expect(requested[0].cookie).toMatch(/^ageVerified=\d+$/);
    expect(requested[1].cookie).toBeUndefined();
    expect(answers).toEqual(["wait", "wait", "wait"]);
    await vi.waitFor(() => expect(cache.isFresh("age-ok /rare")).toBe(true));
    expect(cache.lookup("age-ok /popular")!.identity.toString()).toBe("<p>new /popular</p>");
  });
});

describe("a write drops the pages made from its table", () => {
  it("a catalog change drops the pages that read the catalog, and those whose tables are unknown; the settings drop all", async () => {
    const cache = new PageCache({ nextTimeBasedChange: async (now) => new Date(now.getTime() + 60_000) });
    const menu = new Set(["catalog_products", "site_settings"]);
    const about = new Set(["gallery_photos", "site_settings"]);
    await cache.store("menu", cache.beginRender(), page(), menu);
    await cache.store("about", cache.beginRender(), page(), about);
    await cache.store("unknown", cache.beginRender(), page());
    cache.drop("write to catalog_products", "catalog_products");
    expect(cache.lookup("menu")).toBeUndefined();
    expect(cache.lookup("unknown")).toBeUndefined();
    expect(cache.lookup("about")).toBeDefined();
    // The dropped page is still there for the requests that come while its replacement renders.
    expect(cache.missed("menu").action).toBe("render");
    expect(cache.missed("menu").action).toBe("stale");

    await cache.store("menu", cache.beginRender(), page(), menu);
    for (const table of ["site_settings", "store_hours_exceptions", "posts"]) {
      cache.drop(`write to ${table}`, table);
      expect(cache.lookup("about"), table).toBeUndefined();
      await cache.store("about", cache.beginRender(), page(), about);
    }
  });
});

describe("when kept pages stop being right (fixed clock)", () => {
  let database: OpenedDatabase;
  // Tuesday 24 November 2026, 10:00 in Norman (16:00 UTC): both stores open, closing at night.
  const tenAm = new Date("2026-11-24T16:00:00Z");
  beforeAll(async () => {
    database = await createTestDatabase();
    setWatchingContent(true);
  });
  afterAll(() => database.close());

  it("an entry expires at a scheduled post's publish time, and not before", async () => {
    let now = tenAm.getTime();
    const publishAt = new Date(now + 4 * 60_000);
    await createPost({
      title: "Holiday hours are here",
      content: "Soon.",
      status: "published",
      publishedAt: publishAt,
    });
    const cache = new PageCache({ now: () => now });
    await cache.store("blog", cache.beginRender(), page());

    now = publishAt.getTime() - 1;
    expect(cache.lookup("blog")).toBeDefined();
    now = publishAt.getTime();
    expect(cache.lookup("blog")).toBeUndefined();
  });

  it("without a scheduled post the same entry lives on, up to the longest age", async () => {
    await database.db.deleteFrom("posts").execute();
    let now = tenAm.getTime();
    const cache = new PageCache({ now: () => now });
    await cache.store("blog", cache.beginRender(), page());
    now += 4 * 60_000;
    expect(cache.lookup("blog")).toBeDefined();
    now = tenAm.getTime() + MAX_PAGE_AGE_MS;
    expect(cache.lookup("blog")).toBeUndefined();
  });

  it("the next change is the first of a store opening or closing, midnight and a post's publish time", async () => {
    await database.db.deleteFrom("posts").execute();
    // 21:55 on a Tuesday: the stores close at 22:00 (the demo's weekday hours) or later.
    const late = new Date("2026-11-25T03:55:00Z");
    const next = await nextTimeBasedChange(late);
    expect(next.getTime()).toBeLessThanOrEqual(new Date("2026-11-25T06:00:00Z").getTime());
    expect(next.getTime()).toBeGreaterThan(late.getTime());
    // A store closing in five minutes comes first.
    const nineToTen = { opens: "09:00", closes: "22:00" } as const;
    const owner = await makeUser("owner@example.com", "a long enough password", { admin: true });
    await saveWeeklyHours(
      "Lindsey",
      Array.from({ length: 7 }, () => nineToTen),
      owner,
    );
    expect(await nextTimeBasedChange(late)).toEqual(new Date("2026-11-25T04:00:00Z"));
  });
});
