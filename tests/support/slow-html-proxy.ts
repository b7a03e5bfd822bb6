// A loopback proxy in front of the site that delivers each page's HTML in pieces, a pause between them, as a
// slow network or a busy phone does: the browser has part of the page and may paint it before the rest.
// Everything else (styles, fonts, scripts, data requests) passes straight through.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface SlowHtmlProxy {
  url: string;
  close: () => Promise<void>;
}

/** Headers that describe the upstream's bytes, not the (decoded, re-sent) body this proxy writes. */
const BODY_FRAMING = new Set(["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"]);

/**
 * Where to cut a page: each marker's end (the first place it occurs, after the previous cut). A marker the page
 * lacks is skipped. The pieces are written `pauseMs` apart.
 */
export async function startSlowHtmlProxy(
  upstream: string,
  options: { cutsAfter: readonly (string | RegExp)[]; pauseMs: number },
): Promise<SlowHtmlProxy> {
  const server = createServer((request, response) => {
    forward(upstream, request, response, options).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function forward(
  upstream: string,
  request: IncomingMessage,
  response: ServerResponse,
  options: { cutsAfter: readonly (string | RegExp)[]; pauseMs: number },
) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string" && name !== "host" && name !== "accept-encoding") headers.set(name, value);
  }
  const body =
    request.method === "GET" || request.method === "HEAD" ? undefined : new Uint8Array(await readBody(request));
  const answer = await fetch(new URL(request.url ?? "/", upstream), {
    method: request.method,
    headers,
    body,
    redirect: "manual",
  });
  const outgoing: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    if (!BODY_FRAMING.has(name) && name !== "set-cookie") outgoing[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) outgoing["set-cookie"] = cookies;
  response.writeHead(answer.status, outgoing);
  const isPage = (answer.headers.get("content-type") ?? "").startsWith("text/html");
  if (!isPage) {
    response.end(Buffer.from(await answer.arrayBuffer()));
    return;
  }
  const pieces = cut(await answer.text(), options.cutsAfter);
  for (const [index, piece] of pieces.entries()) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    response.write(piece);
  }
  response.end();
}

function cut(html: string, markers: readonly (string | RegExp)[]): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const marker of markers) {
    const rest = html.slice(start);
    const found = typeof marker === "string" ? rest.indexOf(marker) : rest.search(marker);
    if (found < 0) continue;
    const length = typeof marker === "string" ? marker.length : (rest.match(marker)?.[0].length ?? 0);
    const end = start + found + length;
    pieces.push(html.slice(start, end));
    start = end;
  }
  pieces.push(html.slice(start));
  return pieces;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
