// The Nu HTML checker (vnu.jar from the vnu-jar package, run with the system's `java`) over saved pages:
// one JVM for all of them. Errors only; the checker's warnings and notes are left out.
// Usage: npx tsx scripts/bench/html-check.ts http://127.0.0.1:3000 [/ /deals …]
// Without paths it checks every public page (a post, a category and a tag found on /blog). Each page is
// checked twice: as a first visit (age gate shown) and with the age confirmed. Exits 1 when any has errors.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runAsScript } from "./run-as-script.ts";
import { ageVerifiedCookie, publicPaths } from "./blog-pages.ts";

export interface HtmlError {
  line?: number;
  message: string;
  extract?: string;
}

export interface HtmlCheckResult {
  name: string;
  errors: HtmlError[];
}

/** One entry of vnu's `--format json` output. */
interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  firstLine?: number;
  message: string;
  extract?: string;
  /** Where, in `extract`, the offending markup is. */
  hiliteStart?: number;
  hiliteLength?: number;
}

/**
 * Markup the HTML standard allows and this checker does not know yet, each with the exact message it gives and
 * the element it gives it for. `<link rel="expect" blocking="render">` (render-blocking until an element is
 * parsed: https://html.spec.whatwg.org/multipage/links.html#link-type-expect, in Chromium since 124): vnu
 * still allows `blocking` on rel="stylesheet" links only.
 */
const AHEAD_OF_THE_CHECKER: { message: string; markup: RegExp }[] = [
  {
    message: "A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.",
    markup: /^<link rel="expect" href="#[\w-]+" blocking="render"\/?>$/,
  },
];

function aheadOfTheChecker(message: VnuMessage): boolean {
  const markup = message.extract?.substr(message.hiliteStart ?? 0, message.hiliteLength ?? 0) ?? "";
  return AHEAD_OF_THE_CHECKER.some((known) => known.message === message.message && known.markup.test(markup));
}

const VNU_JAR = fileURLToPath(new URL("../../node_modules/vnu-jar/build/dist/vnu.jar", import.meta.url));

function runVnu(files: string[]): Promise<string> {
  const java = process.env.JAVA ?? "java";
  // vnu exits 1 when it found errors: the JSON on stdout is the answer either way.
  const args = ["-Xss8m", "-jar", VNU_JAR, "--format", "json", "--stdout", "--exit-zero-always", ...files];
  return new Promise((resolve, reject) => {
    execFile(java, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        const why =
          (error as NodeJS.ErrnoException).code === "ENOENT"
            ? `${java} not found: the Nu HTML checker needs Java (Debian: apt-get install default-jre-headless)`
            : `vnu.jar failed: ${stderr || error.message}`;
        reject(new Error(why, { cause: error }));
      } else {
        resolve(stdout);
      }
    });
  });
}

/** Checks every page with the Nu HTML checker (one run); returns each page's errors, in the pages' order. */
export async function checkHtml(pages: { name: string; html: string }[]): Promise<HtmlCheckResult[]> {
  if (pages.length === 0) return [];
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "html-check-"));
  try {
    const files = pages.map((_, i) => path.join(dir, `page-${i}.html`));
    await Promise.all(pages.map((page, i) => fs.writeFile(files[i], page.html)));
    const output = await runVnu(files);
    const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
    const byUrl = new Map(files.map((file, i) => [pathToFileURL(file).href, i]));
    const results: HtmlCheckResult[] = pages.map((page) => ({ name: page.name, errors: [] }));
    for (const message of messages) {
      if (message.type === "info" || aheadOfTheChecker(message)) continue;
      // vnu names files "file:/tmp/…" (one slash); pathToFileURL gives "file:///tmp/…".
      const index = message.url ? byUrl.get(pathToFileURL(fileURLToPath(message.url)).href) : undefined;
      if (index === undefined) {
        // A problem with no page (the checker could not read a file): nothing was checked.
        throw new Error(`vnu.jar: ${message.message}`);
      }
      results[index].errors.push({
        line: message.lastLine ?? message.firstLine,
        message: message.message,
        extract: message.extract,
      });
    }
    return results;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A page's HTML as a first visitor (age gate shown) and as a visitor who confirmed their age. */
export async function fetchBothAgeGateVariants(
  baseUrl: string,
  paths: readonly string[],
): Promise<{ name: string; html: string }[]> {
  const pages: { name: string; html: string }[] = [];
  for (const pagePath of paths) {
    for (const confirmed of [false, true]) {
      const response = await fetch(new URL(pagePath, baseUrl), {
        headers: confirmed ? { cookie: ageVerifiedCookie() } : {},
        redirect: "manual",
      });
      const type = response.headers.get("content-type") ?? "";
      if (!type.startsWith("text/html")) {
        throw new Error(`${pagePath}: answered ${response.status} ${type || "without a content type"}, not HTML`);
      }
      pages.push({ name: `${pagePath} (${confirmed ? "age confirmed" : "age gate"})`, html: await response.text() });
    }
  }
  return pages;
}

async function main(argv: string[]) {
  const [baseUrl, ...given] = argv;
  if (!baseUrl || !/^https?:\/\//.test(baseUrl)) {
    console.error("usage: npx tsx scripts/bench/html-check.ts http://127.0.0.1:PORT [/path …]");
    return 2;
  }
  const paths = given.length > 0 ? given : await publicPaths(baseUrl);
  const results = await checkHtml(await fetchBothAgeGateVariants(baseUrl, paths));
  let total = 0;
  for (const { name, errors } of results) {
    total += errors.length;
    console.log(
      `${errors.length === 0 ? "ok  " : "FAIL"} ${name}: ${errors.length} error${errors.length === 1 ? "" : "s"}`,
    );
    for (const error of errors) {
      console.log(`     line ${error.line ?? "?"}: ${error.message}`);
      if (error.extract) console.log(`       ${error.extract.replace(/\s+/g, " ").trim().slice(0, 200)}`);
    }
  }
  console.log(`Nu HTML checker: ${total} error${total === 1 ? "" : "s"} on ${results.length} pages`);
  return total === 0 ? 0 : 1;
}

runAsScript(import.meta.url, main);
