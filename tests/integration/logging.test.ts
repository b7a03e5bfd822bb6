// The logs of a real production server (server.ts on the build), at the most verbose level: one JSON
// object per line, a line per request with its id (the one in X-Request-Id), the id on the app's own lines,
// and none of what a visitor or an administrator typed: a password, a reset token, a session cookie, a
// form's values. Then, behind a trusted proxy on Postgres, the proxy's id and an error that really happens.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { readMail, samples } from "../support/forms";
import { type PostgresCluster, startPostgresCluster } from "../support/postgres-cluster";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const ADMIN_EMAIL = "log-owner@example.com";
const ADMIN_PASSWORD = "Pa55-distinctive-ADMIN-secret";
const WRONG_PASSWORD = "Wr0ng-distinctive-GUESS-secret";
const CONTACT = {
  name: "Zebediah Quillfeather",
  email: "zebediah.quill@example.net",
  phone: "405-555-0199",
  topic: "general",
  message: "Distinctive message about my order 7f3kq9",
  honeypot: "",
};
const APPLICATION = {
  full_name: "Philippa Marchbanks",
  email: "philippa.marchbanks@example.org",
  phone: "405-555-0142",
  position: "budtender",
  availability: "Weekends only, distinctive-availability-4kz",
  how_did_you_hear: "A distinctive-referral-8mw friend",
  honeypot: "",
};

type Line = Record<string, unknown>;

/** Every line of the server's output, parsed: a line that is not a JSON object fails the test. */
function parsedLines(server: AppServer): Line[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      let parsed: unknown;
      expect(() => (parsed = JSON.parse(line)), `not JSON: ${line}`).not.toThrow();
      expect(parsed, line).toEqual(expect.any(Object));
      return parsed as Line;
    });
}

interface Sent {
  method: string;
  path: string;
  status: number;
  requestId: string;
  response: Response;
}

async function send(server: AppServer, target: string, init: RequestInit = {}): Promise<Sent> {
  const response = await fetch(`${server.url}${target}`, { redirect: "manual", ...init });
  await response.clone().arrayBuffer();
  return {
    method: init.method ?? "GET",
    path: target.split("?")[0],
    status: response.status,
    requestId: response.headers.get("X-Request-Id") ?? "",
    response,
  };
}

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);

async function waitFor<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the logs of a production server", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "logging-test-"));
  const outbox = path.join(dataDir, "outbox");
  let server: AppServer;
  const sent: Sent[] = [];
  const secrets: string[] = [];

  beforeAll(async () => {
    server = await startAppServer({
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: "trace",
    });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("signs in, resets a password and takes two forms, then stops, writing only JSON lines", async () => {
    const form = (fields: Record<string, string>, cookie?: string): RequestInit => ({
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });
    // A client's own X-Request-Id is not believed without TRUST_PROXY.
    const probe = await send(server, "/healthz", { headers: { "X-Request-Id": "chosen-by-the-client" } });
    sent.push(probe);
    expect(probe.requestId).toMatch(UUID);

    const failed = await send(server, "/admin/login", form({ email: ADMIN_EMAIL, password: WRONG_PASSWORD }));
    expect(failed.status).toBe(401);
    sent.push(failed);
    const signedIn = await send(server, "/admin/login", form({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }));
    expect(signedIn.status).toBe(302);
    sent.push(signedIn);
    const session = cookiesOf(signedIn.response);
    expect(session.length).toBeGreaterThan(0);
    secrets.push(...session.map((cookie) => cookie.slice(cookie.indexOf("=") + 1)).filter((v) => v.length >= 16));
    sent.push(await send(server, "/admin", { headers: { Cookie: session.join("; ") } }));

    const reset = await send(server, "/admin/reset", form({ email: ADMIN_EMAIL }));
    expect(reset.status).toBe(302);
    sent.push(reset);
    const token = await waitFor(
      () => {
        for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
          const { text } = readMail(fs.readFileSync(path.join(outbox, file), "utf8"));
          const found = /\/admin\/reset\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
          if (found) return found;
        }
        return undefined;
      },
      15_000,
      "the reset mail in the outbox",
    );
    secrets.push(token);
    const opened = await send(server, `/admin/reset/confirm?token=${token}`);
    expect(opened.status).toBe(302);
    sent.push(opened);
    secrets.push(
      ...cookiesOf(opened.response)
        .map((c) => c.slice(c.indexOf("=") + 1))
        .filter((v) => v.length >= 16),
    );

    const verified = `ageVerified=${Date.now()}`;
    const contact = await send(server, "/contact", form(CONTACT, verified));
    expect(contact.status).toBe(200);
    sent.push(contact);
    const application = new FormData();
    for (const [name, value] of Object.entries(APPLICATION)) application.append(name, value);
    application.append("resume", new File([samples.pdf()], "resume.pdf", { type: "application/pdf" }));
    const careers = await send(server, "/careers", {
      method: "POST",
      headers: { Origin: server.url, Cookie: verified },
      body: application,
    });
    expect(careers.status).toBe(200);
    sent.push(careers);
    sent.push(await send(server, "/no-such-page?email=zebediah.quill@example.net"));

    // The store's two notification mails, if their worker writes them in time: their lines are checked too.
    await waitFor(
      () => ((fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0) >= 3 ? true : undefined),
      10_000,
      "the notification mails",
    ).catch(() => {});
    await server.stop();
    expect(server.output()).toContain("Stopped cleanly");
  }, 90_000);

  it("has no password, token, cookie, address or form value in it", () => {
    const output = server.output();
    const forbidden = [
      ADMIN_PASSWORD,
      WRONG_PASSWORD,
      ADMIN_EMAIL,
      ...secrets,
      CONTACT.name,
      CONTACT.email,
      CONTACT.phone,
      CONTACT.message,
      APPLICATION.full_name,
      APPLICATION.email,
      APPLICATION.phone,
      APPLICATION.availability,
      APPLICATION.how_did_you_hear,
      "Quillfeather",
      "Marchbanks",
      "7f3kq9",
      "4kz",
      "8mw",
    ];
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    for (const value of forbidden) {
      for (const form of new Set([
        value,
        encodeURIComponent(value),
        new URLSearchParams({ v: value }).toString().slice(2),
      ])) {
        expect(output.toLowerCase(), `the log holds ${form}`).not.toContain(form.toLowerCase());
      }
    }
    // No client address either (the server and its client are both 127.0.0.1 here, as is its own address).
    expect(parsedLines(server).filter((line) => JSON.stringify(line).includes("127.0.0.1"))).toEqual([
      expect.objectContaining({ msg: expect.stringMatching(/^Serving http:\/\/127\.0\.0\.1:\d+ \(public URL/) }),
    ]);
  });

  it("is one JSON object per line, with a line per request carrying its id, method, path, status and duration", () => {
    const lines = parsedLines(server);
    expect(lines.length).toBeGreaterThan(sent.length);
    for (const line of lines) expect(line).toMatchObject({ level: expect.any(String), time: expect.any(String) });
    for (const request of sent) {
      const requestLines = lines.filter((line) => line.requestId === request.requestId && "status" in line);
      expect(requestLines, `${request.method} ${request.path}`).toEqual([
        expect.objectContaining({
          method: request.method,
          path: request.path,
          status: request.status,
          durationMs: expect.any(Number),
        }),
      ]);
    }
    expect(lines.some((line) => line.requestId === "chosen-by-the-client")).toBe(false);
    // The probe's success is a debug line; the rest are info.
    expect(lines.find((line) => line.requestId === sent[0].requestId)?.level).toBe("debug");
    // The reset link's token never reaches the log; its name does.
    const opened = sent.find((request) => request.path === "/admin/reset/confirm")!;
    expect(lines.find((line) => line.requestId === opened.requestId && "status" in line)?.query).toBe(
      "token=[redacted]",
    );
  });

  it("puts the request's id on the app's own lines, also on work done after the answer", () => {
    const lines = parsedLines(server);
    const notFound = sent.find((request) => request.path === "/no-such-page")!;
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: "info",
        msg: "Page not found",
        path: "/no-such-page",
        requestId: notFound.requestId,
      }),
    );
    // The reset mail is written after the answer has been sent: its line still names the request.
    const reset = sent.find((request) => request.path === "/admin/reset")!;
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: expect.stringContaining("Mail written to the outbox"),
        requestId: reset.requestId,
        file: expect.stringContaining(outbox),
      }),
    );
    // Start and stop are the server's own lines, without a request.
    expect(lines.find((line) => String(line.msg).startsWith("Database ready"))).toMatchObject({
      level: "info",
      databaseKind: expect.any(String),
    });
    expect(lines.at(-1)).toMatchObject({ msg: "Stopped cleanly" });
    expect(lines.filter((line) => line.level === "error" || line.level === "fatal")).toEqual([]);
  });
});

describe("behind a trusted proxy, on Postgres", () => {
  let cluster: PostgresCluster;
  let server: AppServer;

  async function query(text: string): Promise<void> {
    const client = new pg.Client({ connectionString: cluster.url("logging") });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    cluster.createDatabase("logging");
    server = await startAppServer({
      DATABASE_URL: cluster.url("logging"),
      SINGLE_INSTANCE: "true",
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "trace",
    });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    cluster?.destroy();
  });

  it("takes the proxy's well-formed X-Request-Id, and makes its own for a malformed one", async () => {
    const fromProxy = await send(server, "/healthz", { headers: { "X-Request-Id": "lb-7f3a.2:9_x" } });
    expect(fromProxy.requestId).toBe("lb-7f3a.2:9_x");
    const malformed = await send(server, "/healthz", { headers: { "X-Request-Id": "two words" } });
    expect(malformed.requestId).toMatch(UUID);
    await waitFor(
      () => (parsedLines(server).some((line) => line.requestId === malformed.requestId) ? true : undefined),
      5_000,
      "the request line",
    );
    expect(parsedLines(server).filter((line) => line.requestId === "lb-7f3a.2:9_x")).toEqual([
      expect.objectContaining({ method: "GET", path: "/healthz", status: 200 }),
    ]);
  });

  it("logs a request that really fails once, with the error's stack and the request's id", async () => {
    // The blog's table goes away under the running server: the blog's query fails, as a broken
    // migration or a hand-made change would make it fail. The database itself still answers (no 503).
    await query("alter table posts rename to posts_away");
    let failed: Sent;
    try {
      failed = await send(server, "/blog");
    } finally {
      await query("alter table posts_away rename to posts");
    }
    expect(failed.status).toBe(500);
    expect(failed.requestId).toMatch(UUID);
    const lines = await waitFor(
      () => {
        const found = parsedLines(server).filter((line) => line.requestId === failed.requestId);
        return found.some((line) => "status" in line) ? found : undefined;
      },
      5_000,
      "the failed request's lines",
    );
    const errors = lines.filter((line) => line.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ method: "GET", path: "/blog", err: expect.any(Object) });
    const err = errors[0].err as { message: string; stack: string; code?: string };
    expect(err.message).toContain('relation "posts" does not exist');
    expect(err.code).toBe("42P01");
    expect(err.stack.split("\n").length).toBeGreaterThan(2);
    expect(lines.filter((line) => "status" in line)).toEqual([
      expect.objectContaining({ level: "warn", method: "GET", path: "/blog", status: 500 }),
    ]);
    // And the blog is back.
    expect((await send(server, "/blog")).status).toBe(200);
  }, 30_000);
});
