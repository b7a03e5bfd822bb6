// The production HTTP server: the app (server/http-app.ts), start-up and a graceful shutdown.
// Runs directly on Node 24 (type stripping).
import path from "node:path";
import type { ServerBuild } from "react-router";
import type { ServerEntry } from "./server/http-app.ts";

// Before anything loads React: it picks its build from NODE_ENV at import time.
process.env.NODE_ENV ??= "production";
const { createHttpApp, createHttpServer } = await import("./server/http-app.ts");

const buildDirectory = path.resolve(process.env.BUILD_DIR ?? "build");
const buildPath = path.join(buildDirectory, "server/index.js");
const build = (await import(buildPath)) as ServerBuild;
const entry = build.entry.module as unknown as ServerEntry & {
  prepareServer: () => Promise<{ databaseKind: string }>;
  shutdownServer: () => Promise<void>;
  env: () => {
    PORT: number;
    HOST: string;
    PUBLIC_URL: string;
    TRUST_PROXY: false | number | string[];
    BODY_LIMIT_BYTES: number;
    ALLOWED_ACTION_ORIGINS?: string;
  };
};

let config: ReturnType<typeof entry.env>;
try {
  config = entry.env();
  const started = Date.now();
  const { databaseKind } = await entry.prepareServer();
  console.log(`Database ready (${databaseKind}) in ${Date.now() - started} ms`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const app = createHttpApp({
  build,
  entry,
  buildDirectory,
  trustProxy: config.TRUST_PROXY,
  bodyLimitBytes: config.BODY_LIMIT_BYTES,
  allowedActionOrigins: config.ALLOWED_ACTION_ORIGINS?.split(",")
    .map((o) => o.trim())
    .filter(Boolean),
});

const server = createHttpServer(app);
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  console.log(`Serving http://${host}:${port} (public URL ${config.PUBLIC_URL})`);
});

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal}: finishing in-flight requests`);
  const force = setTimeout(() => server.closeAllConnections(), 8_000);
  force.unref();
  server.close(async () => {
    try {
      await entry.shutdownServer();
      console.log("Stopped cleanly");
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
