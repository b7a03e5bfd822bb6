// The production server (server.ts on the built app) as a child process, for tests that need a real one.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
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

/** Starts server.ts with these variables (on top of a quiet production base) and waits until it serves. */
export async function startAppServer(
  env: Record<string, string>,
  options: { waitMs?: number } = {},
): Promise<AppServer> {
  if (!fs.existsSync(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js"))) {
    throw new Error("These tests run the production build: run `npm run build` first (npm test does).");
  }
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "app-server-"));
  const child = spawn(fs.existsSync(nodeBinary) ? nodeBinary : process.execPath, ["server.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      SESSION_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
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
  while (!output.includes(`Serving http://127.0.0.1:${port}`)) {
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
