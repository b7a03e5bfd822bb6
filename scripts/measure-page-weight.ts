// Reports the JavaScript a page loads (gzip bytes), by reading the page's module scripts and preloads.
// Usage: node scripts/measure-page-weight.ts http://localhost:3000/ [more URLs…]
import { gzipSync } from "node:zlib";

const urls = process.argv.slice(2);
if (urls.length === 0) {
  console.error("usage: node scripts/measure-page-weight.ts URL [URL…]");
  process.exit(2);
}
const cookie = `ageVerified=${Date.now()}`;
for (const url of urls) {
  const html = await (await fetch(url, { headers: { cookie } })).text();
  const scripts = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) scripts.add(match[1]);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) scripts.add(match[1]);
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) scripts.add(match[1]);
  let raw = 0;
  let gzip = 0;
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  const inline = Buffer.byteLength(
    [...html.matchAll(/<script(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join(""),
  );
  console.log(
    `${url}: ${scripts.size} scripts, ${(raw / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} KiB gzip (+ ${(inline / 1024).toFixed(1)} KiB inline), HTML ${(Buffer.byteLength(html) / 1024).toFixed(1)} KiB`,
  );
}
