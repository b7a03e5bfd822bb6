// Lighthouse (npm) on one page, in the system's Chromium: the default configuration, i.e. a mobile phone
// with simulated throttling. The age gate would cover the page, so every request carries the cookie of a
// visitor who confirmed their age. Nothing leaves the machine: Chromium resolves no host but the page's, and
// the outside addresses the page names (menu embed, maps) are blocked through Lighthouse, which leaves those
// blocked requests out of its console-error audit.
// Usage: npx tsx scripts/bench/lighthouse.ts http://127.0.0.1:3000 [/path …] [--runs=3] [--verbose]
// Without paths: /, /blog, a post (the first on /blog), /deals, /locations, /about and /reviews.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { runAsScript } from "./run-as-script.ts";
import { ageVerifiedCookie, discoverBlogPages } from "./blog-pages.ts";

export interface LighthouseResult {
  url: string;
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The largest contentful paint's element, as an HTML snippet. */
  lcpElement?: string;
  /** The audits that cost points in accessibility, best practices and SEO ("category: audit id"). */
  failingAudits?: string[];
}

export interface LighthouseOptions {
  /** Chromium's executable; default CHROME_PATH, else /usr/bin/chromium. */
  chromePath?: string;
  /** The remote-debugging port to launch Chromium on; default a free one. */
  port?: number;
}

const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu"];

/** The hosts other than the page's own that its HTML names (links, the menu embed and maps in its data). */
async function outsideHosts(url: string, cookie: string): Promise<string[]> {
  const own = new URL(url).host;
  const html = await (await fetch(url, { headers: { cookie } })).text();
  const hosts = new Set<string>();
  for (const match of html.matchAll(/https?:(?:\\?\/){2}([a-z0-9.-]+(?::\d+)?)/gi)) {
    if (match[1].toLowerCase() !== own) hosts.add(match[1].toLowerCase());
  }
  return [...hosts];
}

type Details = { type?: string; items?: unknown[]; node?: { snippet?: string; selector?: string } };

/** The first node in an audit's details (largest-contentful-paint-element nests tables in a list). */
function firstNode(details: unknown): string | undefined {
  if (!details || typeof details !== "object") return undefined;
  const d = details as Details;
  if (d.node?.snippet) return d.node.snippet;
  for (const item of d.items ?? []) {
    const found = firstNode(item);
    if (found) return found;
  }
  return undefined;
}

/** Runs Lighthouse (mobile, simulated throttling) on `url` in a fresh headless Chromium. */
export async function runLighthouse(url: string, options: LighthouseOptions = {}): Promise<LighthouseResult> {
  const cookie = ageVerifiedCookie();
  const ownHost = new URL(url).hostname;
  const blocked = (await outsideHosts(url, cookie)).flatMap((host) => [`*://${host}/*`, `*://${host}`]);
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromePath ?? process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: [...CHROME_FLAGS, `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${ownHost}`],
    port: options.port,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      extraHeaders: { Cookie: cookie },
      blockedUrlPatterns: blocked,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const failingAudits = ["accessibility", "best-practices", "seo"].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}: ${ref.id}`),
    );
    return {
      url,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(numeric("largest-contentful-paint")),
      cls: Math.round(numeric("cumulative-layout-shift") * 1000) / 1000,
      tbtMs: Math.round(numeric("total-blocking-time")),
      lcpElement: firstNode(lhr.audits["largest-contentful-paint-element"]?.details),
      failingAudits,
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse `runs` times on `url`: the median run by performance score (a single run varies by a few points). */
export async function medianLighthouse(url: string, runs = 3): Promise<LighthouseResult> {
  const results: LighthouseResult[] = [];
  for (let i = 0; i < runs; i++) results.push(await runLighthouse(url));
  results.sort((a, b) => a.performance - b.performance);
  return results[Math.floor(results.length / 2)];
}

/** The seven pages issue 14 scores (a post: the first on /blog). */
export async function scoredPaths(baseUrl: string): Promise<string[]> {
  const { post } = await discoverBlogPages(baseUrl);
  return ["/", "/blog", ...(post ? [post] : []), "/deals", "/locations", "/about", "/reviews"];
}

async function main(argv: string[]) {
  const flags = argv.filter((arg) => arg.startsWith("--"));
  const [baseUrl, ...given] = argv.filter((arg) => !arg.startsWith("--"));
  if (!baseUrl || !/^https?:\/\//.test(baseUrl)) {
    console.error("usage: npx tsx scripts/bench/lighthouse.ts http://127.0.0.1:PORT [/path …] [--runs=N] [--verbose]");
    return 2;
  }
  const runs = Math.max(1, Number(flags.find((f) => f.startsWith("--runs="))?.slice(7) ?? 1) || 1);
  const verbose = flags.includes("--verbose");
  const paths = given.length > 0 ? given : await scoredPaths(baseUrl);
  const rows: LighthouseResult[] = [];
  for (const pagePath of paths) rows.push(await medianLighthouse(new URL(pagePath, baseUrl).href, runs));
  const pad = (text: string | number, width: number) => String(text).padEnd(width);
  console.log(
    `${pad("page", 44)}${pad("perf", 6)}${pad("a11y", 6)}${pad("bp", 6)}${pad("seo", 6)}${pad("LCP ms", 8)}${pad("CLS", 7)}${pad("TBT ms", 8)}LCP element`,
  );
  for (const row of rows) {
    const page = new URL(row.url).pathname;
    console.log(
      `${pad(page.length > 42 ? `${page.slice(0, 41)}…` : page, 44)}${pad(row.performance, 6)}${pad(row.accessibility, 6)}${pad(row.bestPractices, 6)}${pad(row.seo, 6)}${pad(row.lcpMs, 8)}${pad(row.cls, 7)}${pad(row.tbtMs, 8)}${(row.lcpElement ?? "").replace(/\s+/g, " ").slice(0, 90)}`,
    );
    if (verbose && row.failingAudits?.length) console.log(`    failing: ${row.failingAudits.join(", ")}`);
  }
  return 0;
}

runAsScript(import.meta.url, main);
