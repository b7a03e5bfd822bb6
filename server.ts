// The production HTTP server: the app (server/http-app.ts), start-up and a graceful shutdown.
// Runs directly on Node 24 (type stripping).
import path from "node:path";
import type { ServerBuild } from "react-router";
import type { ServerEntry } from "./server/server-entry.ts";

// Before anything loads React: it picks its build from NODE_ENV at import time.
process.env.NODE_ENV ??= "production";
const args = process.argv.slice(2);
// `npm start` (trying the site out) passes --demo: the demo content, unless SEED_DEMO (set or in .env) says
// otherwise. A deployment runs plain `node server.ts`, where SEED_DEMO defaults to false.
if (args[0] === "--demo") {
  args.shift();
  process.env.SEED_DEMO ??= "true";
}
const { createHttpApp, createHttpServer } = await import("./server/http-app.ts");

const buildDirectory = path.resolve(process.env.BUILD_DIR ?? "build");
const buildPath = path.join(buildDirectory, "server/index.js");
const build = (await import(buildPath)) as ServerBuild;
const entry = build.entry.module as unknown as ServerEntry & {
  prepareServer: () => Promise<{ databaseKind: string }>;
  shutdownServer: () => Promise<void>;
  runCommand: (command: string, args: string[]) => Promise<number>;
  env: () => {
    PORT: number;
    HOST: string;
    PUBLIC_URL: string;
    TRUST_PROXY: false | number | string[];
    BODY_LIMIT_BYTES: number;
    ALLOWED_ACTION_ORIGINS?: string;
  };
};

// `node server.ts <command> [args]`: one-off operator commands (migrate, backup, restore) on the same
// configuration, then exit. Without a command it serves.
const [command, ...commandArgs] = args;
if (command) {
  try {
    process.exit(await entry.runCommand(command, commandArgs));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

// From here on every line is the app's logger's (JSON, or readable at a terminal: see the README's Logs).
const { logger } = entry;

/**
 * Exits once the logger has written every line: its writes are asynchronous, and exiting with one in flight
 * prints it after the lines flushed at exit (a mail worker's last line came after "Stopped cleanly").
 */
function exitAfterLogs(code: number): Promise<never> {
  // A destination that never answers the flush still lets the process go.
  setTimeout(() => process.exit(code), 2_000).unref();
  logger.flush(() => process.exit(code));
  return new Promise<never>(() => {});
}

// Assigned before anything below runs: a failed start never returns from exitAfterLogs.
let config!: ReturnType<typeof entry.env>;
try {
  config = entry.env();
  const started = Date.now();
  const { databaseKind } = await entry.prepareServer();
  const durationMs = Date.now() - started;
  logger.info({ databaseKind, durationMs }, `Database ready (${databaseKind}) in ${durationMs} ms`);
} catch (error) {
  // A configuration problem or a database that cannot be opened: its message says what to do.
  logger.fatal({ err: error }, `Could not start: ${error instanceof Error ? error.message : String(error)}`);
  await exitAfterLogs(1);
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
server.once("error", (error) => {
  logger.fatal({ err: error }, `Could not listen on ${config.HOST}:${config.PORT}: ${error.message}`);
  void exitAfterLogs(1);
});
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  logger.info(
    { port, publicUrl: config.PUBLIC_URL },
    `Serving http://${host}:${port} (public URL ${config.PUBLIC_URL})`,
  );
});

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, `${signal}: finishing in-flight requests`);
  const force = setTimeout(() => server.closeAllConnections(), 8_000);
  force.unref();
  server.close(async () => {
    try {
      await entry.shutdownServer();
      logger.info("Stopped cleanly");
      await exitAfterLogs(0);
    } catch (error) {
      logger.error({ err: error }, "Could not stop cleanly");
      await exitAfterLogs(1);
    }
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
