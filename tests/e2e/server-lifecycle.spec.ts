import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The production server as a process: one owner per embedded database, clean exit on SIGTERM.
function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(predicate: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

test.describe("server process", () => {
  let first: ReturnType<typeof startServer> & { child: ChildProcess };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "server-lifecycle-"));
  test.afterAll(() => {
    first?.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("locks its database, refuses a second server, and stops cleanly on SIGTERM", async ({ request }) => {
    test.setTimeout(90_000);
    first = startServer(dataDir, 3297);
    await waitFor(() => first.output().includes("Serving http://127.0.0.1:3297"), 60_000);
    expect((await request.get("http://127.0.0.1:3297/healthz")).status()).toBe(200);
    expect(fs.statSync(path.join(dataDir, "pglite", "pglite.lock")).isDirectory()).toBe(true);

    // The second server waits a little more than the lock's 10 s stale threshold (in case the lock was
    // left by a crash), then refuses: the first one's heartbeat keeps the lock fresh.
    const second = startServer(dataDir, 3298);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain("in use by another process");

    const stoppedAt = Date.now();
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(first.output()).toContain("Stopped cleanly");
    expect(fs.existsSync(path.join(dataDir, "pglite", "pglite.lock"))).toBe(false);
  });
});
