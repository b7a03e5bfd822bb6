// The page cache: anonymous visitors' public pages, feeds and sitemaps, kept in memory as the bytes to
// send (identity, gzip and brotli), so a hit costs a lookup and a write. The HTTP layer (server/http-app.ts)
// asks for a key, serves hits, and hands in what the app rendered on a miss; what may be cached, for how
// long and when everything is dropped is decided here. See docs/decisions/2026-11-28-page-cache.md.
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import { AGE_COOKIE_NAME, ageGateShownFor } from "~/lib/age-gate";
import { isAdminPath } from "~/lib/admin-paths";
import { STORE_IDS } from "~/content/stores";
import { nextStatusChange } from "~/lib/store-hours";
import { nextPostPublishAt } from "~/models/posts.server";
import { getAllStoreHours } from "~/models/store-hours-settings.server";
import { isWatchingContent, onContentChange } from "~/server/content-changes.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { sharedPagePolicy } from "~/server/security.server";
import { SESSION_COOKIE_NAME } from "~/lib/session-cookie";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** remix-toast's flash cookie (its default name, which toast.server.ts keeps). */
export const FLASH_COOKIE_NAME = "toast-session";

/** The most memory the cached bytes may take; the least recently used pages go first. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * Brotli's quality for kept pages. 11, its highest, took 20–80 ms a page (3–8 times the render) for bytes
 * about a tenth smaller than quality 5, which takes under a millisecond: a page is compressed again after
 * every drop, and a sync drops every page (docs/decisions/2026-11-29-suite-time.md).
 */
const BROTLI_QUALITY = 5;
/** A page larger than this is not kept (none of ours comes near it). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/**
 * The longest any page is kept. Every change the site knows of drops the cache (writes, the next store
 * opening or closing, midnight, a post's publish time); this bounds whatever time-dependence nobody listed.
 */
export const MAX_PAGE_AGE_MS = 10 * 60_000;

/**
 * After a drop, this many of the most visited dropped pages are rendered again, one after another, before
 * anyone asks (the rest on their next visit): the home page, the menu and the popular products are fresh
 * again a few tens of milliseconds after an import.
 */
export const PAGES_PREWARMED = 20;
/** A drop comes in bursts (an import writes several tables): pre-warming starts once it has settled. */
const PREWARM_DELAY_MS = 50;

/** The responses kept: pages, feeds, sitemaps and robots.txt. */
const CACHEABLE_TYPES = /^(text\/html|application\/rss\+xml|application\/xml|text\/xml|text\/plain)\b/i;
// Paths that are never pages: the admin, files, the age gate's form target, probes, build assets.
const UNCACHED_PREFIXES = [
  "/media/",
  "/assets/",
  "/age-gate",
  "/healthz",
  "/readyz",
  "/bag",
  "/order/",
  "/subscribe",
  "/unsubscribe",
];

export interface CachedPage {
  /** Response headers as the app sent them (the policy rewritten for sharing), without length or encoding. */
  headers: Record<string, string>;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag?: string;
}

/** A render under way for a key, begun in `generation`: requests that find no current copy meanwhile wait for it. */
interface RenderUnderWay {
  generation: number;
  done: Promise<void>;
  finish: () => void;
  /** Begun by the pre-warming after a drop, not by a visitor: the requests meanwhile wait for it. */
  prewarm: boolean;
}

/** What a request does about a page the cache has no current copy of (see PageCache.missed). */
export type MissedPage =
  /** Render it: this request's render is the one under way (`renderedIn` goes to store()). */
  | { action: "render"; renderedIn: number }
  /** Another request is rendering it: send the copy kept from before the drop at once. */
  | { action: "stale"; page: CachedPage }
  /** Another request is rendering it and there is no older copy: wait for that render, then look again. */
  | { action: "wait"; until: Promise<void> };

export interface PageToStore {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

/** What the HTTP layer tells about a request so the cache can key it; undefined means "never from the cache". */
export interface CacheableRequest {
  method: string;
  url: string;
  cookie: string | undefined;
}

function hasCookie(cookieHeader: string, name: string): boolean {
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if ((eq === -1 ? part : part.slice(0, eq)).trim() === name) return true;
  }
  return false;
}

export interface PageCacheOptions {
  now?: () => number;
  /** The next instant a page may change by time alone. */
  nextTimeBasedChange?: (now: Date) => Promise<Date>;
  maxBytes?: number;
  /** False answers every request from the app (PAGE_CACHE=false: benchmarks of a page's real cost, debugging). */
  enabled?: boolean;
}

/**
 * The next instant any page can change with no write at all: a store opening or closing, midnight in the
 * stores' zone (a deal or banner starting or ending, "tomorrow" becoming "today", the month's name), a post
 * reaching its publish time — or MAX_PAGE_AGE_MS from now, whichever is first.
 */
export async function nextTimeBasedChange(now: Date): Promise<Date> {
  const [hours, nextPost] = await Promise.all([getAllStoreHours(now), nextPostPublishAt(now)]);
  let next = now.getTime() + MAX_PAGE_AGE_MS;
  for (const store of STORE_IDS) {
    next = Math.min(next, nextStatusChange(hours[store].weekly, hours[store].exceptions, now).getTime());
  }
  if (nextPost) next = Math.min(next, nextPost.getTime());
  return new Date(next);
}

interface KeptPage {
  page: CachedPage;
  /** The public tables its render read (undefined: unknown, any change drops it). */
  tables: ReadonlySet<string> | undefined;
  /** Dropped since it was rendered: sent only while its replacement renders. */
  stale: boolean;
  /** How often it was sent: the most visited pages are rendered again first after a drop. */
  visits: number;
}

/**
 * Tables whose change drops every page: the settings and hours (every page shows them, and when a store
 * opens or closes) and the posts (a scheduled post's publish time bounds how long any page is right).
 */
const TABLES_THAT_DROP_EVERYTHING = new Set(["site_settings", "store_hours_exceptions", "posts", "*"]);

export class PageCache {
  private readonly entries: LRUCache<string, KeptPage>;
  /** At most one render per key at a time (single flight): the rest are answered from it. */
  private readonly rendering = new Map<string, RenderUnderWay>();
  private readonly now: () => number;
  private readonly findNextChange: (now: Date) => Promise<Date>;
  /** Bumped by every drop: a page rendered before it is never stored after it. */
  private generation = 0;
  /** When this generation's pages stop being right, once known (the first store looks it up). */
  private validUntil: number | null = null;
  private validUntilLookup: Promise<void> | null = null;

  private readonly enabled: boolean;
  /** Renders a page again for the cache (the HTTP layer: a request to this server); set once it listens. */
  private prewarmRender: ((request: CacheableRequest) => Promise<void>) | undefined;
  private prewarmTimer: NodeJS.Timeout | undefined;
  private prewarming: Promise<void> | undefined;
  /** The page the pre-warming is requesting now: the render its request begins is marked as a pre-warm. */
  private prewarmingKey: string | undefined;

  constructor(options: PageCacheOptions = {}) {
    this.now = options.now ?? Date.now;
    this.enabled = options.enabled ?? true;
    this.findNextChange = options.nextTimeBasedChange ?? nextTimeBasedChange;
    this.entries = new LRUCache<string, KeptPage>({
      maxSize: options.maxBytes ?? MAX_CACHE_BYTES,
      sizeCalculation: ({ page }) => page.identity.length + page.gzip.length + page.br.length + 512,
    });
  }

  /**
   * The key of a request the cache may answer, or undefined: GET or HEAD of a public path, from a visitor
   * with no session (a signed-in admin) and no flash message. The key holds the age gate's state, so a
   * visitor who confirmed their age never gets the page with the gate, nor one who did not the page without.
   */
  keyFor(request: CacheableRequest): string | undefined {
    if (!this.enabled) return undefined;
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    const { url } = request;
    if (!url.startsWith("/") || url.startsWith("//") || isAdminPath(url.split("?")[0])) return undefined;
    if (UNCACHED_PREFIXES.some((prefix) => url.startsWith(prefix))) return undefined;
    // Client-side navigations' data requests carry the root data as it is for this visitor: not kept.
    if (/\.data(\?|$)/.test(url) || url.includes("_routes=")) return undefined;
    const cookie = request.cookie ?? "";
    if (cookie && (hasCookie(cookie, SESSION_COOKIE_NAME) || hasCookie(cookie, FLASH_COOKIE_NAME))) return undefined;
    if (!isWatchingContent()) return undefined;
    return `${ageGateShownFor(url, cookie, this.now()) ? "gate" : "age-ok"} ${url}`;
  }

  /** The page for this key, if one is kept and still right. */
  lookup(key: string): CachedPage | undefined {
    if (this.validUntil !== null && this.now() >= this.validUntil) this.drop("time");
    const kept = this.entries.get(key);
    if (!kept || kept.stale) return undefined;
    kept.visits++;
    return kept.page;
  }

  /**
   * A request for `key` that lookup() did not answer: the first one renders the page (single flight), and
   * until its render is kept the others get the copy from before the last drop at once (stale while it
   * revalidates), or, with none, wait for it. The request after a change that nobody is rendering yet
   * renders it, so it sees the change; one that finds the pre-warming rendering it waits for that render
   * (begun after the change) rather than get the old copy. `claim` false (a HEAD, which keeps nothing) renders without
   * becoming the render under way.
   */
  missed(key: string, claim = true): MissedPage {
    const underWay = this.rendering.get(key);
    if (underWay?.generation === this.generation) {
      const older = this.staleWhileRendering(key);
      return older ? { action: "stale", page: older } : { action: "wait", until: underWay.done };
    }
    if (!claim) return { action: "render", renderedIn: this.generation };
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    this.rendering.set(key, { generation: this.generation, done, finish, prewarm: key === this.prewarmingKey });
    return { action: "render", renderedIn: this.generation };
  }

  /** The copy from before the last drop, while another request renders its replacement (else undefined). */
  staleWhileRendering(key: string): CachedPage | undefined {
    const underWay = this.rendering.get(key);
    // A pre-warm render began after the change: the first visitors since wait the few milliseconds for it,
    // as they would have rendered the change themselves, rather than get the page from before it.
    if (underWay?.generation !== this.generation || underWay.prewarm) return undefined;
    const kept = this.entries.get(key);
    if (kept) kept.visits++;
    return kept?.page;
  }

  /** The render missed() handed out for `key` in `renderedIn` has ended, kept or not: its waiters look again. */
  endRender(key: string, renderedIn: number): void {
    const underWay = this.rendering.get(key);
    if (underWay?.generation !== renderedIn) return;
    this.rendering.delete(key);
    underWay.finish();
  }

  /** Called as a render starts that no request waits for (tests); its answer goes back to store(). */
  beginRender(): number {
    return this.generation;
  }

  /**
   * Keeps what the app answered, if it may be shared: a 200 whose Cache-Control says public, without
   * Set-Cookie, of a kept type, rendered with no change since it began. Compresses off the event loop.
   */
  async store(key: string, renderedIn: number, page: PageToStore, tables?: ReadonlySet<string>): Promise<boolean> {
    const header = (name: string) => {
      const value = page.headers[name];
      return Array.isArray(value) ? value.join(", ") : value === undefined ? undefined : String(value);
    };
    if (page.status !== 200 || renderedIn !== this.generation) return false;
    if (!/\bpublic\b/.test(header("cache-control") ?? "") || header("set-cookie") !== undefined) return false;
    if (!CACHEABLE_TYPES.test(header("content-type") ?? "") || page.body.length > MAX_PAGE_BYTES) return false;

    const headers: Record<string, string> = {};
    for (const name of ["content-type", "cache-control", "vary", "etag", "last-modified", "content-security-policy"]) {
      const value = header(name);
      if (value !== undefined) headers[name] = value;
    }
    // Served in the encoding each client takes: compression may have said so already.
    if (!/\baccept-encoding\b/i.test(headers.vary ?? "")) {
      headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
    }
    let body = page.body;
    if (headers["content-security-policy"] && /^text\/html/i.test(headers["content-type"])) {
      const shared = sharedPagePolicy(body.toString("utf8"), headers["content-security-policy"]);
      body = Buffer.from(shared.html, "utf8");
      headers["content-security-policy"] = shared.policy;
    }
    const [gzipped, brotlied] = await Promise.all([
      gzip(body, { level: 9 }),
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      this.knowValidity(),
    ]);
    if (renderedIn !== this.generation) return false;
    const kept = { headers, identity: body, gzip: gzipped, br: brotlied, etag: headers.etag };
    // A page rendered again keeps its count: it stays among the most visited.
    const visits = this.entries.get(key)?.visits ?? 1;
    this.entries.set(key, { page: kept, tables: tables && new Set(tables), stale: false, visits });
    return true;
  }

  /**
   * Makes kept pages stale (a write, a time boundary, a lost listener): none of them is a hit any more, and
   * each is sent only while another request renders its replacement (missed()). A write to `table` drops
   * the pages whose render read it (a sync that changed products: the menu, product and brand pages, the
   * deals; not /about); without one, or for the settings, hours and posts, every page.
   */
  drop(reason: string, table?: string): void {
    this.generation++;
    const everything = table === undefined || TABLES_THAT_DROP_EVERYTHING.has(table);
    if (everything) {
      this.validUntil = null;
      this.validUntilLookup = null;
    }
    let dropped = 0;
    this.entries.forEach((kept) => {
      if (!kept.stale && (everything || kept.tables === undefined || kept.tables.has(table))) {
        kept.stale = true;
        dropped++;
      }
    });
    if (dropped) {
      logger.debug({ reason, pages: dropped }, "Page cache dropped");
      this.schedulePrewarm();
    }
  }

  /**
   * From now on, after each drop, the most visited dropped pages are rendered again through `render` (a
   * request for the page as its visitors make it), one at a time, before anyone asks. A visitor who asks
   * for one meanwhile waits for that render (staleWhileRendering gives no old copy of it).
   */
  prewarmWith(render: (request: CacheableRequest) => Promise<void>): void {
    this.prewarmRender = render;
  }

  /** Whether a current copy of the page is kept (counts no visit, unlike lookup). */
  isFresh(key: string): boolean {
    const kept = this.entries.peek(key);
    return kept !== undefined && !kept.stale;
  }

  private schedulePrewarm(): void {
    if (!this.prewarmRender || this.prewarmTimer) return;
    this.prewarmTimer = setTimeout(() => {
      this.prewarmTimer = undefined;
      this.prewarming ??= this.prewarm().finally(() => (this.prewarming = undefined));
    }, PREWARM_DELAY_MS);
    this.prewarmTimer.unref();
  }

  /** Renders the most visited stale pages again, most visited first, until none is left or a drop restarts it. */
  private async prewarm(): Promise<void> {
    const generation = this.generation;
    const keys = [...this.entries.entries()]
      .filter(([, kept]) => kept.stale)
      .sort(([, a], [, b]) => b.visits - a.visits)
      .slice(0, PAGES_PREWARMED)
      .map(([key]) => key);
    for (const key of keys) {
      // A newer drop schedules its own round; a page someone rendered meanwhile is fresh already.
      if (generation !== this.generation || !this.entries.get(key)?.stale || this.rendering.has(key)) continue;
      this.prewarmingKey = key;
      try {
        await this.prewarmRender?.(requestFor(key, this.now()));
      } catch (error) {
        logger.debug({ err: error }, "A page was not rendered ahead of its visitors");
      } finally {
        this.prewarmingKey = undefined;
      }
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private knowValidity(): Promise<void> {
    if (this.validUntil !== null) return Promise.resolve();
    const generation = this.generation;
    this.validUntilLookup ??= this.findNextChange(new Date(this.now())).then(
      (until) => {
        if (generation === this.generation) this.validUntil = until.getTime();
      },
      (error: unknown) => {
        // Not known (the database is away): nothing is kept, and the next store asks again.
        if (generation === this.generation) this.validUntilLookup = null;
        throw error;
      },
    );
    return this.validUntilLookup;
  }
}

/** The request a key stands for: its address, and the age cookie for the variant without the gate. */
function requestFor(key: string, now: number): CacheableRequest {
  const space = key.indexOf(" ");
  const variant = key.slice(0, space);
  return {
    method: "GET",
    url: key.slice(space + 1),
    cookie: variant === "age-ok" ? `${AGE_COOKIE_NAME}=${now}` : undefined,
  };
}

const globalForCache = globalThis as unknown as { __pageCache?: PageCache };

/** The process's page cache, dropped whenever the database reports a change to public content. */
export function pageCache(): PageCache {
  if (!globalForCache.__pageCache) {
    const cache = new PageCache({ enabled: env().PAGE_CACHE });
    onContentChange((event) => {
      if (event.kind === "changed") cache.drop(`write to ${event.table}`, event.table);
      else if (!event.watching) cache.drop("not hearing changes");
    });
    globalForCache.__pageCache = cache;
  }
  return globalForCache.__pageCache;
}
