// The production server (server.ts on the built app) as a child process, for tests that need a real one.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { copyMigratedDatabase } from "./data-dir-templates";
import { freePort } from "./postgres-cluster";

export interface AppServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Whether the process is still running. */
  alive: () => boolean;
  stop: () => Promise<void>;
}

const nodeBinary = path.resolve("node_modules/.bin/node");

/**
 * Starts server.ts with these variables on top of a quiet production base, and waits until it is ready
 * (GET /readyz answers 200: serving, with its database migrated). Nothing else comes from this process's
 * environment (PATH and BUILD_DIR aside): a DATABASE_URL, SMTP_URL or other deployment setting of the
 * shell never reaches the server unless the caller passes it. `unset` removes base variables (e.g. to see
 * a default); `args` follow server.ts on its command line.
 */
export async function startAppServer(
  env: Record<string, string>,
  options: { waitMs?: number; unset?: string[]; args?: string[] } = {},
): Promise<AppServer> {
  if (!fs.existsSync(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js"))) {
    throw new Error("These tests run the production build: run `npm run build` first (npm test does).");
  }
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "app-server-"));
  // A data directory of our own starts from the run's migrated database when there is one (Playwright's global
  // setup makes it); a caller's DATA_DIR is left as the caller made it.
  if (!env.DATA_DIR) copyMigratedDatabase(dataDir);
  const childEnv: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    SESSION_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
    ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
  };
  for (const name of options.unset ?? []) delete childEnv[name];
  const child = spawn(
    fs.existsSync(nodeBinary) ? nodeBinary : process.execPath,
    ["server.ts", ...(options.args ?? [])],
    {
      env: { ...childEnv, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      running = false;
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.waitMs ?? 60_000);
  while (!(await answersReady(url))) {
    if (!running) throw new Error(`The server exited before serving:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => output,
    exited,
    alive: () => running,
    stop: async () => {
      if (running) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether the server answers GET /readyz with 200 (false while it does not listen yet, or is not ready). */
export async function answersReady(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}
