// The production HTTP server: compression, security headers, static assets, the React Router
// request handler, and a graceful shutdown. Runs directly on Node 24 (type stripping).
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";

// Before anything loads React: it picks its build from NODE_ENV at import time.
process.env.NODE_ENV ??= "production";
const { createRequestHandler } = await import("@react-router/express");

const buildDirectory = path.resolve(process.env.BUILD_DIR ?? "build");
const buildPath = path.join(buildDirectory, "server/index.js");
const build = (await import(buildPath)) as ServerBuild;
const entry = build.entry.module as unknown as {
  prepareServer: () => Promise<{ databaseKind: string }>;
  shutdownServer: () => Promise<void>;
  baseSecurityHeaders: Record<string, string>;
  env: () => {
    PORT: number;
    HOST: string;
    PUBLIC_URL: string;
    TRUST_PROXY: boolean;
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

const app = express();
app.disable("x-powered-by");
// Behind a reverse proxy, trust its X-Forwarded-* headers for the client IP and protocol.
app.set("trust proxy", config.TRUST_PROXY);
app.use(compression());
app.use((req, res, next) => {
  for (const [name, value] of Object.entries(entry.baseSecurityHeaders)) res.setHeader(name, value);
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  // The client address the app sees (rate limits); never taken from the request itself.
  req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
});
// Refuse an oversized body before reading it.
app.use((req, res, next) => {
  const length = Number(req.headers["content-length"] ?? 0);
  if (length > config.BODY_LIMIT_BYTES) {
    res.status(413).type("text/plain").send("The request is too large.");
    return;
  }
  next();
});
app.use(
  "/assets",
  express.static(path.join(buildDirectory, "client/assets"), { immutable: true, maxAge: "1y", index: false }),
);
app.use(express.static(path.join(buildDirectory, "client"), { maxAge: "1h", index: false }));

const allowedActionOrigins = config.ALLOWED_ACTION_ORIGINS?.split(",")
  .map((o) => o.trim())
  .filter(Boolean);
app.all(
  "/{*splat}",
  createRequestHandler({
    build: allowedActionOrigins?.length ? { ...build, allowedActionOrigins } : build,
  }),
);

const server = http.createServer(app);
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
