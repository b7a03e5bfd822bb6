// The end-to-end tests' site: scripts/e2e-server.ts (the production build on a fresh embedded database with the
// demo content and the fixture accounts) on a free port, one per Playwright worker (tests/e2e/fixtures.ts).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { answersReady } from "./app-server";
import { freePort } from "./postgres-cluster";

export interface E2ESite {
  /** "http://localhost:<port>", as the pages' own links and PUBLIC_URL say it. */
  url: string;
  /** The server's DATA_DIR: its outbox and stored files. */
  dataDir: string;
  /** The last part of what the server printed (attached to a failed test). */
  output: () => string;
  stop: () => Promise<void>;
}

const OUTPUT_KEPT = 64 * 1024;

/** Starts a site of its own and waits until it is ready (at most `waitMs`). */
export async function startE2ESite(waitMs = 120_000): Promise<E2ESite> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.resolve("scripts/e2e-server.ts")], {
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The last OUTPUT_KEPT characters or more, as chunks: joined only when read (a busy site logs every request).
  let chunks: string[] = [];
  let kept = 0;
  const keep = (chunk: Buffer) => {
    chunks.push(chunk.toString());
    kept += chunks.at(-1)!.length;
    if (kept > 2 * OUTPUT_KEPT) {
      const joined = chunks.join("").slice(-OUTPUT_KEPT);
      chunks = [joined];
      kept = joined.length;
    }
  };
  const output = () => chunks.join("").slice(-OUTPUT_KEPT);
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let running = true;
  void exited.then(() => (running = false));

  const url = `http://localhost:${port}`;
  const dataDir = path.resolve(`.tmp/e2e-data-${port}`);
  const deadline = Date.now() + waitMs;
  while (!(await answersReady(`http://127.0.0.1:${port}`))) {
    if (!running) throw new Error(`The end-to-end server exited before serving:\n${output()}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The end-to-end server did not start in time:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir,
    output,
    stop: async () => {
      if (running) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
