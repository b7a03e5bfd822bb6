// The CSS and JavaScript a page loads at start, in gzip bytes (zlib's default level, each file counted once).
// Usage: npx tsx scripts/bench/page-weight.ts http://127.0.0.1:3000 / /blog /deals …
// (also imported by tests/e2e/page-weight.spec.ts and the benchmark).
import { gzipSync } from "node:zlib";
import { STATIC_PUBLIC_PAGES } from "../../app/lib/public-pages.ts";
import { runAsScript } from "./run-as-script.ts";

export type PageWeight = {
  path: string;
  /** Every script the page loads at start: inline scripts, <script src>, <link rel=modulepreload>, the
   *  imports of inline module scripts, and the static imports of those files in turn. */
  jsGzipBytes: number;
  /** Inline scripts that run (not data such as JSON-LD). */
  inlineScripts: number;
  /** Every <link rel=stylesheet>, render-blocking or not. */
  cssGzipBytes: number;
  /** The stylesheets that hold up the first paint (all but disabled and print-only ones). */
  renderBlockingCssGzipBytes: number;
  /** Absolute URLs, in the order found. */
  scripts: string[];
  stylesheets: string[];
  renderBlockingStylesheets: string[];
  /** The fetched bodies, by URL (for tests that look inside them). */
  bodies: Map<string, string>;
};

export type MeasureOptions = {
  /** Send a valid age-gate cookie (a returning visitor). Default: a first visit, the gate shown. */
  ageVerified?: boolean;
};

/** The attributes of every tag of one name in an HTML document (lower-cased names, raw values). */
function tags(html: string, name: string): Array<{ attrs: Record<string, string> }> {
  const found: Array<{ attrs: Record<string, string> }> = [];
  for (const match of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))) {
    const attrs: Record<string, string> = {};
    for (const attr of match[1].matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
      attrs[attr[1].toLowerCase()] = decodeEntities(attr[2] ?? attr[3] ?? attr[4] ?? "");
    }
    found.push({ attrs });
  }
  return found;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Module specifiers imported by a script: static `import … from "x"`, `import "x"`, `export … from "x"`,
 *  and (for inline scripts, which run at start) `import("x")` with a literal string. */
function importsOf(code: string, { dynamic }: { dynamic: boolean }): string[] {
  const specifiers: string[] = [];
  // Static imports and re-exports sit at the top of a built chunk; read statements until the first other one.
  const statement =
    /^\s*(?:import\s*(?:[\w$*{}\s,]+?\s*from\s*)?|export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*)(["'])([^"']+)\1\s*;?/;
  let rest = code.replace(/^\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, "");
  for (let match = statement.exec(rest); match; match = statement.exec(rest)) {
    specifiers.push(match[2]);
    rest = rest.slice(match[0].length).replace(/^\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, "");
  }
  if (dynamic) {
    // Inline scripts are short, hand-written by the framework: any import of a literal path counts.
    for (const match of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?(["'])([^"']+)\1/g)) {
      specifiers.push(match[2]);
    }
    for (const match of code.matchAll(/\bimport\(\s*(["'])([^"']+)\1\s*\)/g)) specifiers.push(match[2]);
  }
  return specifiers;
}

/** A stylesheet link that does not hold up rendering: disabled, print-only, or opted out of blocking. */
function isNonBlockingStylesheet(attrs: Record<string, string>): boolean {
  if ("disabled" in attrs) return true;
  const media = (attrs.media ?? "").trim().toLowerCase();
  return media === "print" || media === "not all" || media === "none";
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

const gzipBytes = (body: string) => gzipSync(Buffer.from(body)).length;

/** Script types a browser runs (JSON-LD and other data blocks are not code). */
const JAVASCRIPT_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

export async function measurePageWeight(
  baseUrl: string,
  pagePath: string,
  options: MeasureOptions = {},
): Promise<PageWeight> {
  const pageUrl = new URL(pagePath, baseUrl).href;
  const headers: Record<string, string> = { accept: "text/html" };
  if (options.ageVerified) headers.cookie = `ageVerified=${Date.now()}`;
  const response = await fetch(pageUrl, { headers });
  // A 404 page is still a page (its HTML and assets are what a visitor gets); a server error is not.
  if (response.status >= 500) throw new Error(`${pageUrl}: HTTP ${response.status}`);
  const html = await response.text();

  const bodies = new Map<string, string>();
  const scripts: string[] = [];
  const addScript = async (url: string) => {
    if (bodies.has(url) || scripts.includes(url)) return;
    scripts.push(url);
    const body = await fetchText(url);
    bodies.set(url, body);
    for (const specifier of importsOf(body, { dynamic: false })) {
      if (specifier.startsWith(".") || specifier.startsWith("/") || /^https?:/.test(specifier)) {
        await addScript(new URL(specifier, url).href);
      }
    }
  };

  for (const { attrs } of tags(html, "link")) {
    const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
    if (rel.includes("modulepreload") && attrs.href) await addScript(new URL(attrs.href, pageUrl).href);
  }
  let inlineScripts = 0;
  let inlineGzipBytes = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [{ attrs }] = tags(`<script ${match[1]}>`, "script");
    if (!JAVASCRIPT_TYPES.has((attrs.type ?? "").toLowerCase())) continue;
    if (!attrs.src) {
      inlineScripts++;
      inlineGzipBytes += gzipBytes(match[2]);
    }
    if (attrs.src) {
      await addScript(new URL(attrs.src, pageUrl).href);
    } else if ((attrs.type ?? "").toLowerCase() === "module") {
      for (const specifier of importsOf(match[2], { dynamic: true })) {
        await addScript(new URL(specifier, pageUrl).href);
      }
    }
  }

  const stylesheets: string[] = [];
  const renderBlockingStylesheets: string[] = [];
  for (const { attrs } of tags(html, "link")) {
    const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
    if (!rel.includes("stylesheet") || !attrs.href) continue;
    const url = new URL(attrs.href, pageUrl).href;
    if (stylesheets.includes(url)) continue;
    stylesheets.push(url);
    if (!isNonBlockingStylesheet(attrs)) renderBlockingStylesheets.push(url);
    bodies.set(url, await fetchText(url));
  }

  const sum = (urls: string[]) => urls.reduce((total, url) => total + gzipBytes(bodies.get(url) ?? ""), 0);
  return {
    path: pagePath,
    jsGzipBytes: inlineGzipBytes + sum(scripts),
    inlineScripts,
    cssGzipBytes: sum(stylesheets),
    renderBlockingCssGzipBytes: sum(renderBlockingStylesheets),
    scripts,
    stylesheets,
    renderBlockingStylesheets,
    bodies,
  };
}

/** Kilobytes of 1,000 bytes, as the budgets are written. */
export const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export function formatTable(rows: PageWeight[]): string {
  const width = Math.max(4, ...rows.map((row) => row.path.length));
  const lines = [
    `${"page".padEnd(width)}  JS gzip KB  CSS gzip KB  blocking CSS KB  scripts  inline  stylesheets`,
    ...rows.map(
      (row) =>
        `${row.path.padEnd(width)}  ${kb(row.jsGzipBytes).padStart(10)}  ${kb(row.cssGzipBytes).padStart(11)}  ${kb(
          row.renderBlockingCssGzipBytes,
        ).padStart(15)}  ${String(row.scripts.length).padStart(7)}  ${String(row.inlineScripts).padStart(6)}  ${String(
          row.stylesheets.length,
        ).padStart(11)}`,
    ),
  ];
  return lines.join("\n");
}

async function main(argv: string[]) {
  const [baseUrl, ...rest] = argv;
  if (!baseUrl || !/^https?:\/\//.test(baseUrl)) {
    process.stderr.write("usage: npx tsx scripts/bench/page-weight.ts BASE_URL [PATH …] [--verified] [--list]\n");
    process.exit(2);
  }
  const ageVerified = rest.includes("--verified");
  const list = rest.includes("--list");
  const paths = rest.filter((arg) => !arg.startsWith("--"));
  const rows: PageWeight[] = [];
  for (const pagePath of paths.length > 0 ? paths : STATIC_PUBLIC_PAGES) {
    rows.push(await measurePageWeight(baseUrl, pagePath, { ageVerified }));
  }
  process.stdout.write(`${formatTable(rows)}\n`);
  if (list) {
    for (const row of rows) {
      process.stdout.write(`\n${row.path}\n`);
      for (const url of [...row.scripts, ...row.stylesheets]) {
        const blocking = row.renderBlockingStylesheets.includes(url) ? " (render-blocking)" : "";
        process.stdout.write(
          `  ${kb(gzipBytes(row.bodies.get(url) ?? "")).padStart(7)} KB  ${new URL(url).pathname}${blocking}\n`,
        );
      }
    }
  }
}

// Run as a script; imported (by the e2e spec or the benchmark), it only offers measurePageWeight.
runAsScript(import.meta.url, main);
