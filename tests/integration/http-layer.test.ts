// What every request meets before any route (server/http-app.ts), against the real build in process:
// the body cap while streaming, the request line, one value per security header, the client address
// behind a proxy, and control characters in forms and searches.
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONTROL_CHARACTERS_MESSAGE } from "~/server/form-body.server";
import { seedIfEmpty } from "~/services/seed.server";
import { type InProcessApp, startInProcessApp } from "../support/http-harness";

const BODY_LIMIT = 1024 * 1024;
let app: InProcessApp;

beforeAll(async () => {
  process.env.FORM_RATE_LIMIT = "3";
  // Read by the build's own logger as it loads: refused requests' warnings stay out of the test output.
  process.env.LOG_LEVEL = "error";
  app = await startInProcessApp({ bodyLimitBytes: BODY_LIMIT, trustProxy: 1 });
  await seedIfEmpty(app.database.db, { demo: true });
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await app?.close();
});

/** Writes raw bytes and returns what came back until the server closed (or 3 s passed). */
function rawExchange(payload: string): Promise<string> {
  const { port } = new URL(app.url);
  return new Promise((resolve) => {
    let received = "";
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(payload));
    const done = () => resolve(received);
    socket.on("data", (chunk) => (received += chunk));
    socket.on("close", done);
    socket.on("error", done);
    setTimeout(() => {
      socket.destroy();
      done();
    }, 3000);
  });
}

/** Streams `megabytes` of a chunked form body; resolves with the answer and how much was written. */
function streamChunkedBody(path: string, megabytes: number): Promise<{ status: number; body: string; sentMb: number }> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    let sentMb = 0;
    const request = http.request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Transfer-Encoding": "chunked",
        Origin: app.url,
      },
    });
    const chunk = Buffer.alloc(1024 * 1024, "a");
    request.on("response", (response) => {
      let body = "";
      response.on("data", (data) => (body += data));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, sentMb }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      // The server may close the connection while we are still writing: that is the point.
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    const pump = () => {
      while (sentMb < megabytes) {
        sentMb++;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      request.end();
    };
    pump();
  });
}

describe("the body limit", () => {
  it("answers a chunked body far over the limit with 413 before reading it, with flat memory", async () => {
    // Pages rendered once first: the database's and the renderer's first-use growth is not the body's.
    for (const path of ["/", "/admin/login", "/blog", "/about"]) await (await fetch(app.url + path)).arrayBuffer();
    global.gc?.();
    // This thread's memory, not the process's: Vitest runs other files in worker threads of the same process,
    // and their allocations move the RSS (Node: "rss … for the entire process, the other fields … the current
    // thread"). A body read into memory would show here, as heap or as Buffers (external).
    const threadMemory = () => {
      const { heapUsed, external } = process.memoryUsage();
      return heapUsed + external;
    };
    const before = threadMemory();
    // Sampled while the bodies stream (the server runs on this thread's event loop): a body held in memory, even
    // for a moment, raises the peak, whether or not it is collected before the end.
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, threadMemory())), 5);
    // /age-gate and /admin/login read forms; /admin/inquiries sends a signed-out post to sign in; /blog has no
    // action at all (405 at once), and the server stops reading what follows.
    for (const [path, status] of [
      ["/age-gate", 413],
      ["/admin/login", 413],
      ["/admin/inquiries", 302],
      ["/blog", 405],
    ] as const) {
      const answer = await streamChunkedBody(path, 200);
      expect(answer.status, path).toBe(status);
      expect(answer.sentMb, path).toBeLessThan(200);
    }
    clearInterval(sampler);
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);

  it("keeps a keep-alive connection usable after answering without reading the body (a signed-out upload)", async () => {
    const { port } = new URL(app.url);
    const boundary = "----keepalive";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="shop.png"\r\n` +
          "Content-Type: image/png\r\n\r\n",
      ),
      Buffer.alloc(300 * 1024, 0x41),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const socket = net.connect(Number(port), "127.0.0.1");
    let received = "";
    let failure: Error | undefined;
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("error", (error) => (failure = error));
    const answers = () => received.match(/^HTTP\/1\.1 \d{3}/gm) ?? [];
    const waitForAnswers = async (count: number) => {
      const deadline = Date.now() + 5_000;
      while (answers().length < count && !failure && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    socket.write(
      `POST /admin/gallery HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${app.url}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body);
    await waitForAnswers(1);
    expect(answers()).toEqual(["HTTP/1.1 302"]);
    expect(received).toMatch(/\r\nConnection: keep-alive\r\n/i);
    // The same connection, as a proxy's pool or undici reuses it: the next request is answered, not reset.
    socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await waitForAnswers(2);
    socket.destroy();
    expect(failure).toBeUndefined();
    expect(answers()).toEqual(["HTTP/1.1 302", "HTTP/1.1 200"]);
  });

  it("refuses a declared length over the limit at once, and lets a body under it through", async () => {
    const over = await fetch(`${app.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: "message=" + "a".repeat(BODY_LIMIT + 10),
    });
    expect(over.status).toBe(413);
    expect(await over.text()).toMatch(/too large/i);
    const age = await fetch(`${app.url}/age-gate`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: "returnTo=%2Fdeals",
    });
    expect(age.status).toBe(302);
    expect(age.headers.get("location")).toBe("/deals");
  });
});

describe("the request line", () => {
  it("answers TRACE and other unused methods 405 with Allow", async () => {
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const answer = await rawExchange(`${method} / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(answer, method).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer, method).toMatch(/\r\nAllow: GET, HEAD, POST\r\n/i);
    }
  });

  it("answers an absolute-form target and an HTTP/0.9 request 400, never 500", async () => {
    const absolute = await rawExchange(
      "GET http://evil.example/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(absolute).toMatch(/^HTTP\/1\.1 400 /);
    for (const line of ["GET /\r\n\r\n", "GET / HTTP/0.9\r\n\r\n"]) {
      expect(await rawExchange(line), JSON.stringify(line)).toMatch(/^HTTP\/1\.1 400 /);
    }
    // HTTP/1.0 without Host (old health checkers) is still served.
    expect(await rawExchange("GET /healthz HTTP/1.0\r\n\r\n")).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("answers a request head past Node's limit with a plain 431", async () => {
    const answer = await rawExchange(
      `GET /blog/${"a".repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
  });

  it("keeps the sign-in redirect's head small when a signed-out visitor asks for a very long address", async () => {
    const answer = await fetch(`${app.url}/admin/blog/edit/${encodeURIComponent("é".repeat(2000))}`, {
      redirect: "manual",
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin/login");
  });

  it("answers an undecodable path parameter 400", async () => {
    expect((await fetch(`${app.url}/blog/%ED%A0%80`)).status).toBe(400);
  });
});

describe("security headers", () => {
  it("sends each one once, with the page's own value where it sets one", async () => {
    for (const path of ["/", "/admin/login", "/admin/reset/confirm", "/feed.xml", "/favicon.svg", "/no-such-page"]) {
      const answer = await rawExchange(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      const head = answer.split("\r\n\r\n")[0].toLowerCase();
      for (const name of [
        "x-content-type-options",
        "referrer-policy",
        "x-frame-options",
        "cross-origin-opener-policy",
      ]) {
        const lines = head.split("\r\n").filter((line) => line.startsWith(`${name}:`));
        expect(lines, `${path} ${name}`).toHaveLength(1);
        expect(lines[0], `${path} ${name}`).not.toContain(",");
      }
    }
  });
});

describe("Server-Timing", () => {
  it("says what a rendered page cost: its queries, their time, React's render, and the whole", async () => {
    const timing = (response: Response) => response.headers.get("server-timing") ?? "";
    // (The count itself is content-memo.test.ts's: here the database was opened by the test's copy of the
    // modules, whose queries the build's request scope does not see.)
    const search = await fetch(`${app.url}/blog?q=${Date.now()}`);
    expect(timing(search)).toMatch(/^db;desc="\d+ quer(y|ies)";dur=\d+\.\d, react;dur=\d+\.\d, app;dur=\d+\.\d$/);
    // No page, no React: a resource route says what it cost without it.
    expect(timing(await fetch(`${app.url}/healthz`))).toMatch(
      /^db;desc="\d+ quer(y|ies)";dur=\d+\.\d, app;dur=\d+\.\d$/,
    );
  });
});

describe("the client address behind a proxy (TRUST_PROXY=1)", () => {
  it("takes the address the proxy appended, so a forged X-Forwarded-For cannot dodge the limits", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await fetch(`${app.url}/contact`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: app.url,
          // The client writes the left part; the (one) trusted proxy appends the real address.
          "X-Forwarded-For": `198.51.100.${i}, 203.0.113.77`,
        },
        body: new URLSearchParams({ name: "Pat", email: "pat@example.com", topic: "general", message: "Hi" }),
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});

describe("control characters", () => {
  it("refuse a form with a clear 400 and store nothing", async () => {
    const before = await app.database.db
      .selectFrom("contact_inquiries")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const answer = await fetch(`${app.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, "X-Forwarded-For": "192.0.2.9" },
      body: new URLSearchParams({ name: "Pat\u0000", email: "pat@example.com", topic: "general", message: "Hi" }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(CONTROL_CHARACTERS_MESSAGE.replace("'", "&#x27;").slice(0, 40));
    const after = await app.database.db
      .selectFrom("contact_inquiries")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("in a search match nothing instead of failing", async () => {
    const brands = await fetch(`${app.url}/brands?q=%00`, { headers: { Cookie: `ageVerified=${Date.now()}` } });
    expect(brands.status).toBe(200);
    const blog = await fetch(`${app.url}/blog?q=a%00b`, { headers: { Cookie: `ageVerified=${Date.now()}` } });
    expect(blog.status).toBe(200);
    expect(await blog.text()).not.toContain('class="post-card');
  });
});
