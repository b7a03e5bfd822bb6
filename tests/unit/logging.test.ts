// The logs (issue 13, item 5), where a unit test is cheaper than a server: what the request line keeps of
// an address, which X-Request-Id is believed, what an error shows, and the HTTP layer's lines written to a
// logger of our own (the same options as the app's) — including an error that escapes to Express.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggerOptions, logSettings, serializeError } from "~/server/logger.server";
import { maskEmailAddresses } from "~/server/mask-email.server";
import { isNotModified } from "~/server/http-cache.server";
import { setWatchingContent } from "~/server/content-changes.server";
import { PageCache } from "~/services/page-cache.server";
import { runInRequestScope, runWithRequestId } from "~/server/request-scope.server";
import { createHttpApp, createHttpServer } from "../../server/http-app";
import { chooseRequestId, loggedTarget, REQUEST_ID_HEADER } from "../../server/request-log";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A logger with the app's options writing into an array, one parsed object per line. */
function captureLogger(level = "trace") {
  const raw: string[] = [];
  const logger = pino(loggerOptions(level), { write: (line: string) => void raw.push(line) });
  return { logger, raw, lines: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe("what the request line keeps of an address", () => {
  it("keeps the path, and drops every query value but paging, filters and ids", () => {
    expect(loggedTarget("/blog")).toEqual({ path: "/blog" });
    expect(loggedTarget("/blog?")).toEqual({ path: "/blog" });
    expect(loggedTarget("/admin/invite?token=s3cr3t-invitation-token")).toEqual({
      path: "/admin/invite",
      query: "token=[redacted]",
    });
    expect(loggedTarget("/admin/reset/confirm.data?token=abc&_routes=root,routes/admin/reset-confirm")).toEqual({
      path: "/admin/reset/confirm.data",
      query: "token=[redacted]&_routes=root,routes/admin/reset-confirm",
    });
    expect(loggedTarget("/admin/inquiries?q=Jane+Doe&status=new&page=2&edit=42&index")).toEqual({
      path: "/admin/inquiries",
      query: "q=[redacted]&status=new&page=2&edit=42&index",
    });
    // An allowed name with a value that is not a plain word is redacted too.
    expect(loggedTarget("/blog?page=<script>").query).toBe("page=[redacted]");
    // A name that is not a plain word may itself be the secret.
    expect(loggedTarget("/?jane%40example.com=1").query).toBe("[redacted]=[redacted]");
  });

  it("masks an e-mail address in the path and cuts a long one", () => {
    expect(loggedTarget("/users/jane.doe@example.com/x").path).toBe("/users/[email]/x");
    expect(loggedTarget("/jane.doe%40example.com").path).toBe("/[email]");
    expect(loggedTarget(`/${"a".repeat(1000)}`).path).toHaveLength(301);
    expect(loggedTarget(`/x?${Array.from({ length: 30 }, (_, i) => `p${i}=1`).join("&")}`).query).toMatch(/&…$/);
    expect(maskEmailAddresses("550 <bob@example.org>: rejected")).toBe("550 <[email]>: rejected");
  });
});

describe("the request id", () => {
  it("is a fresh random one unless a trusted proxy sent a well-formed one", () => {
    expect(chooseRequestId("proxy-id-1", false)).toMatch(UUID);
    expect(chooseRequestId(undefined, true)).toMatch(UUID);
    expect(chooseRequestId("proxy-id-1", true)).toBe("proxy-id-1");
    // An AWS-style trace header is not an id this site takes ("=" is not allowed).
    expect(chooseRequestId("Root=1-67891233-abcdef012345678912345678", true)).toMatch(UUID);
    for (const malformed of ["has space", "x".repeat(129), "", "new\nline", 'quote"', ["a", "b"]]) {
      expect(chooseRequestId(malformed, true)).toMatch(UUID);
    }
    expect(chooseRequestId("a".repeat(128), true)).toBe("a".repeat(128));
    expect(chooseRequestId("f47ac10b-58cc-4372-a567-0e02b2c3d479.1:2_x", true)).toBe(
      "f47ac10b-58cc-4372-a567-0e02b2c3d479.1:2_x",
    );
  });

  it("is on every line written while its request is handled, and on its after-response work", async () => {
    const { logger, lines } = captureLogger();
    logger.info("outside");
    let inside: Promise<void> = Promise.resolve();
    runInRequestScope(() => {
      inside = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        logger.info("after an await");
        // A field given explicitly is not written twice.
        logger.info({ requestId: "req-1" }, "explicit");
      })();
    }, "req-1");
    await inside;
    runWithRequestId("req-1", () => logger.info("after the response"));
    expect(lines().map((line) => [line.msg, line.requestId])).toEqual([
      ["outside", undefined],
      ["after an await", "req-1"],
      ["explicit", "req-1"],
      ["after the response", "req-1"],
    ]);
    expect(JSON.stringify(lines()[2]).match(/"requestId"/g)).toHaveLength(1);
  });
});

describe("a log line", () => {
  it("is one JSON object with an ISO time and a level name, and masks keys that hold secrets", () => {
    const { logger, raw, lines } = captureLogger("info");
    logger.info({ password: "hunter2", user: { email: "a@b.example", token: "t0k3n" }, count: 3 }, "careless");
    logger.debug("below the level");
    expect(raw).toHaveLength(1);
    const [line] = lines();
    expect(line).toMatchObject({ level: "info", msg: "careless", count: 3, password: "[redacted]" });
    expect(line.user).toEqual({ email: "[redacted]", token: "[redacted]" });
    expect(new Date(String(line.time)).toISOString()).toBe(line.time);
    expect(raw[0]).not.toMatch(/hunter2|t0k3n|a@b\.example/);
  });

  it("gives an error's type, message and stack, its causes and codes, never a database row's values", () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const error = Object.assign(new Error("duplicate key value violates unique constraint", { cause }), {
      code: "23505",
      constraint: "users_email_key",
      detail: "Key (email)=(jane@example.com) already exists.",
      parameters: ["jane@example.com", "secret-hash"],
    });
    const serialized = serializeError(error);
    expect(serialized).toMatchObject({
      type: "Error",
      message: "duplicate key value violates unique constraint",
      code: "23505",
      constraint: "users_email_key",
      cause: { type: "Error", message: "connect ECONNREFUSED", code: "ECONNREFUSED" },
    });
    expect(String(serialized.stack)).toContain("logging.test.ts");
    expect(JSON.stringify(serialized)).not.toMatch(/jane@example\.com|secret-hash|detail|parameters/);

    const smtp = new Error("Can't send mail - all recipients were rejected: 550 <owner@store.example> unknown");
    expect(serializeError(smtp).message).toBe("Can't send mail - all recipients were rejected: 550 <[email]> unknown");
    expect(serializeError("a string")).toEqual({ type: "string", message: "a string" });
    expect(serializeError(new AggregateError([new Error("one")], "all failed")).errors).toEqual([
      expect.objectContaining({ message: "one" }),
    ]);
  });
});

describe("LOG_LEVEL and LOG_FORMAT", () => {
  it("default to info (warn under tests), pretty at a terminal or in development, JSON elsewhere", () => {
    expect(logSettings({ NODE_ENV: "production" }, false)).toEqual({ level: "info", format: "json", problems: [] });
    expect(logSettings({ NODE_ENV: "production" }, true).format).toBe("pretty");
    expect(logSettings({ NODE_ENV: "development" }, false).format).toBe("pretty");
    expect(logSettings({ NODE_ENV: "test" }, true)).toEqual({ level: "warn", format: "json", problems: [] });
    expect(logSettings({ NODE_ENV: "production", LOG_FORMAT: "json" }, true).format).toBe("json");
    expect(logSettings({ NODE_ENV: "production", LOG_LEVEL: "Debug", LOG_FORMAT: "PRETTY" }, false)).toEqual({
      level: "debug",
      format: "pretty",
      problems: [],
    });
  });

  it("fall back to the default, said once the logger exists, when a value is not understood", () => {
    const settings = logSettings({ NODE_ENV: "production", LOG_LEVEL: "verbose", LOG_FORMAT: "xml" }, false);
    expect(settings.level).toBe("info");
    expect(settings.format).toBe("json");
    expect(settings.problems).toEqual([
      expect.stringContaining("LOG_LEVEL=verbose is not one of fatal, error, warn, info, debug, trace, silent"),
      expect.stringContaining("LOG_FORMAT=xml is not one of json, pretty"),
    ]);
  });
});

describe("the HTTP layer's lines", () => {
  const capture = captureLogger("debug");
  const buildDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "logging-build-"));
  let url = "";
  let trustingUrl = "";
  const servers: Array<ReturnType<typeof createHttpServer>> = [];
  // Kept pages live an hour here: no database to ask for the next store opening.
  const pageCache = new PageCache({ nextTimeBasedChange: async (now) => new Date(now.getTime() + 3_600_000) });

  beforeAll(async () => {
    fs.mkdirSync(path.join(buildDirectory, "client"), { recursive: true });
    fs.writeFileSync(path.join(buildDirectory, "client", "hello.txt"), "hello");
    // A build that fails every request before any route: the error reaches the HTTP layer's own handler.
    const failingBuild = (() => {
      throw new Error("The build could not be loaded (test)");
    }) as unknown as ServerBuild;
    const entry = {
      baseSecurityHeaders: { "X-Content-Type-Options": "nosniff" },
      runInRequestScope,
      runWithRequestId,
      logger: capture.logger,
      pageCache: () => pageCache,
      isNotModified,
    };
    const listen = async (trustProxy: false | string[]) => {
      const app = createHttpApp({ build: failingBuild, entry, buildDirectory, trustProxy, bodyLimitBytes: 1024 });
      const server = createHttpServer(app);
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    };
    url = await listen(false);
    trustingUrl = await listen(["loopback"]);
  });
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    fs.rmSync(buildDirectory, { recursive: true, force: true });
  });

  /** The lines of one request, by the id its answer carried. */
  const linesOf = (requestId: string | null) => capture.lines().filter((line) => line.requestId === requestId);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it("logs an error that escaped the app once, with its stack and the request's id, and answers 500", async () => {
    const response = await fetch(`${url}/admin/invite?token=escaped-token`, {
      headers: { Cookie: "__session=cookie-value-1", Authorization: "Bearer bearer-value-1" },
    });
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("could not be loaded");
    await settle();
    const requestId = response.headers.get(REQUEST_ID_HEADER);
    expect(requestId).toMatch(UUID);
    const lines = linesOf(requestId);
    const errors = lines.filter((line) => line.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: "Unhandled error", method: "GET", path: "/admin/invite" });
    const err = errors[0].err as { message: string; stack: string };
    expect(err.message).toBe("The build could not be loaded (test)");
    expect(err.stack).toContain("logging.test.ts");
    // The request's line: at warn (the error itself was logged above), without the error again.
    const requestLine = lines.find((line) => "status" in line);
    expect(requestLine).toMatchObject({
      level: "warn",
      method: "GET",
      path: "/admin/invite",
      query: "token=[redacted]",
      status: 500,
      msg: "GET /admin/invite 500",
    });
    expect(requestLine).not.toHaveProperty("err");
    expect(requestLine!.durationMs).toEqual(expect.any(Number));
    expect(capture.raw.join("")).not.toMatch(/escaped-token|cookie-value-1|bearer-value-1|127\.0\.0\.1/);
  });

  it("answers a page-cache hit ahead of the chain with its id, the security headers and its line", async () => {
    setWatchingContent(true);
    const key = pageCache.keyFor({ method: "GET", url: "/kept?page=2", cookie: undefined })!;
    const stored = await pageCache.store(key, pageCache.beginRender(), {
      status: 200,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=60" },
      body: Buffer.from("<p>Kept</p>"),
    });
    expect(stored).toBe(true);
    // The failing build answers every request the chain sees with 500: a 200 came from the cache alone.
    const hit = await fetch(`${url}/kept?page=2`, { headers: { "Accept-Encoding": "identity" } });
    const viaProxy = await fetch(`${trustingUrl}/kept?page=2`, {
      headers: { "X-Forwarded-Proto": "https", "X-Request-Id": "proxy-id-1" },
    });
    const head = await fetch(`${url}/kept?page=2`, { method: "HEAD" });
    expect([hit.status, viaProxy.status, head.status]).toEqual([200, 200, 200]);
    expect(await hit.text()).toBe("<p>Kept</p>");
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    expect(hit.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(hit.headers.get("Strict-Transport-Security")).toBeNull();
    expect(viaProxy.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(viaProxy.headers.get(REQUEST_ID_HEADER)).toBe("proxy-id-1");
    await settle();
    for (const [response, method] of [
      [hit, "GET"],
      [viaProxy, "GET"],
      [head, "HEAD"],
    ] as const) {
      const requestId = response.headers.get(REQUEST_ID_HEADER);
      expect(requestId).toBeTruthy();
      expect(linesOf(requestId)).toEqual([
        expect.objectContaining({
          level: "info",
          method,
          path: "/kept",
          query: "page=2",
          status: 200,
          durationMs: expect.any(Number),
          msg: `${method} /kept 200`,
        }),
      ]);
    }
    // A request with a body is never a hit: the chain answers it.
    const withBody = await fetch(`${url}/kept?page=2`, { method: "POST", body: "x" });
    expect(withBody.headers.get("X-Cache")).toBeNull();
  });

  it("gives every answer an id and a line: refused methods, oversized bodies, static files, unparsable requests", async () => {
    const refused = await fetch(`${url}/`, { method: "DELETE" });
    const tooLarge = await fetch(`${url}/contact`, { method: "POST", body: "x".repeat(4096) });
    const file = await fetch(`${url}/hello.txt`);
    expect([refused.status, tooLarge.status, file.status]).toEqual([405, 413, 200]);
    await settle();
    for (const [response, method, target, status] of [
      [refused, "DELETE", "/", 405],
      [tooLarge, "POST", "/contact", 413],
      [file, "GET", "/hello.txt", 200],
    ] as const) {
      const requestId = response.headers.get(REQUEST_ID_HEADER);
      expect(requestId).toMatch(UUID);
      expect(linesOf(requestId)).toEqual([
        expect.objectContaining({ level: "info", method, path: target, status, durationMs: expect.any(Number) }),
      ]);
    }

    const raw = await new Promise<string>((resolve) => {
      let received = "";
      const socket = net.connect(Number(new URL(url).port), "127.0.0.1", () =>
        socket.write("GET / HTTP/1.1\r\nHost\r\n\r\n"),
      );
      socket.on("data", (chunk) => (received += chunk));
      socket.on("close", () => resolve(received));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    const requestId = /\r\nX-Request-Id: ([^\r]+)\r\n/.exec(raw)?.[1] ?? null;
    expect(requestId).toMatch(UUID);
    expect(linesOf(requestId)).toEqual([
      expect.objectContaining({ level: "info", status: 400, msg: "Refused a request that did not parse" }),
    ]);
  });

  it("takes X-Request-Id only from a trusted proxy, and only a well-formed one", async () => {
    const fromClient = await fetch(`${url}/hello.txt`, { headers: { "X-Request-Id": "chosen-by-client" } });
    expect(fromClient.headers.get(REQUEST_ID_HEADER)).toMatch(UUID);
    const fromProxy = await fetch(`${trustingUrl}/hello.txt`, { headers: { "X-Request-Id": "chosen-by-proxy" } });
    expect(fromProxy.headers.get(REQUEST_ID_HEADER)).toBe("chosen-by-proxy");
    const malformed = await fetch(`${trustingUrl}/hello.txt`, { headers: { "X-Request-Id": "not well formed!" } });
    expect(malformed.headers.get(REQUEST_ID_HEADER)).toMatch(UUID);
    await settle();
    expect(linesOf("chosen-by-proxy")).toEqual([expect.objectContaining({ path: "/hello.txt", status: 200 })]);
    expect(linesOf("chosen-by-client")).toEqual([]);
  });
});

describe("JSON lines written in batches", () => {
  it("a line reaches the output within a quarter second, and the last ones before the process exits are not lost", async () => {
    const { spawn } = await import("node:child_process");
    // The app's logger in a process of its own: a line, a pause, a last line, then an abrupt exit.
    const script = `
      const { logger } = await import(${JSON.stringify(path.resolve("app/server/logger.server.ts"))});
      logger.info("early line");
      setTimeout(() => { process.stderr.write("checkpoint\\n"); logger.info("last line"); process.exit(3); }, 600);
    `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      env: { ...process.env, LOG_FORMAT: "json", LOG_LEVEL: "info" },
    });
    let stdout = "";
    let earlyBeforeCheckpoint = false;
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("checkpoint")) earlyBeforeCheckpoint = stdout.includes("early line");
    });
    // "close": the process has exited and its output is read to the end.
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect(code).toBe(3);
    expect(earlyBeforeCheckpoint).toBe(true);
    const messages = stdout
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual(["early line", "last line"]);
  });
});
