// The advertising checker's speed (issue 27: a 100,000-character post checked in ≤ 20 ms): the demo posts
// joined and repeated to 100,000 characters, with a few claims in it, checked 50 times after 5 untimed runs;
// beside it, in the same run, the site's own markdown rendering of the same post (what every save of a post
// already does) as the reference.
//   npm run bench:ad-rules
import { performance } from "node:perf_hooks";
import { demoPosts } from "~/content/demo";
import { checkAdvertising } from "~/lib/ad-rules/check";
import { renderMarkdown } from "~/server/markdown.server";
import { percentile } from "./bench/timing.ts";

const LENGTH = 100_000;
const RUNS = 50;
const TARGET_MS = 20;

function longPost(): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < LENGTH; i++) {
    const post = demoPosts[i % demoPosts.length].content;
    // A claim now and then, in markup, so the checker has findings to report.
    const part = i % 7 === 3 ? `${post}\n\nThis **relieves anxiety** and is [100% safe](/x).` : post;
    parts.push(part);
    length += part.length + 2;
  }
  return parts.join("\n\n").slice(0, LENGTH);
}

function time(work: () => unknown): { median: number; p95: number } {
  for (let i = 0; i < 5; i++) work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

const post = longPost();
const findings = checkAdvertising(post).length;
const check = time(() => checkAdvertising(post));
const render = time(() => renderMarkdown(post));
console.log(`A ${post.length.toLocaleString("en-US")}-character post, ${findings} findings, ${RUNS} runs (ms)\n`);
console.log(`${"".padEnd(34)}${"median".padStart(9)}${"p95".padStart(9)}`);
console.log(
  `${"advertising check".padEnd(34)}${check.median.toFixed(2).padStart(9)}${check.p95.toFixed(2).padStart(9)}`,
);
console.log(
  `${"reference: markdown rendering".padEnd(34)}${render.median.toFixed(2).padStart(9)}${render.p95.toFixed(2).padStart(9)}`,
);
console.log(
  `\ncheck p95 ${check.p95.toFixed(2)} ms: ${((check.p95 / TARGET_MS) * 100).toFixed(0)} % of the ${TARGET_MS} ms target, ${(check.p95 / render.p95).toFixed(2)} × the rendering ${check.p95 <= TARGET_MS ? "ok" : "OVER TARGET"}`,
);
if (check.p95 > TARGET_MS) process.exitCode = 1;
