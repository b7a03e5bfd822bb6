// Node's own floor for the throughput benchmark: node:http answering each page's bytes and the app's headers
// with nothing else (no framework, no log line; a random request id, as the app makes one).
// Usage: node scripts/bench/bare-node-server.ts PORT MANIFEST, where MANIFEST is a JSON file of
// { "/page-0": { "file": "…", "type": "…", "encoding": "br", "headers": [["Vary", "…"], …] }, … }.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";

const [port, manifestPath] = process.argv.slice(2);
const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Record<
  string,
  { file: string; type: string; encoding: string; headers: [string, string][] }
>;
const pages = new Map(
  Object.entries(manifest).map(([route, page]) => {
    const body = fs.readFileSync(page.file);
    const headers = ["Content-Type", page.type, ...page.headers.flat(), "Content-Length", String(body.length)];
    if (page.encoding !== "identity") headers.push("Content-Encoding", page.encoding);
    return [route, { body, headers }];
  }),
);

http
  .createServer((req, res) => {
    const page = pages.get(req.url ?? "");
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, [...page.headers, "X-Request-Id", crypto.randomUUID()]);
    res.end(page.body);
  })
  .listen(Number(port), "127.0.0.1");
