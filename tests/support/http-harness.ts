// The real request handler in this process: the production build behind server/http-app.ts (request-line
// checks, headers, body limit, request scope), on an in-memory database, listening on a free port.
import type http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { listenForContentChanges } from "~/server/content-changes.server";
import type { OpenedDatabase } from "~/server/db.server";
import { createHttpApp, createHttpServer } from "../../server/http-app";
import type { ServerEntry } from "../../server/server-entry";
import { createTestDatabase } from "./database";

export interface InProcessApp {
  url: string;
  server: http.Server;
  database: OpenedDatabase;
  /** Waits for the work the app queued after its last responses (e.g. reset mails). */
  settle: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startInProcessApp(
  options: { bodyLimitBytes?: number; trustProxy?: false | number | string[] } = {},
): Promise<InProcessApp> {
  const buildDirectory = path.resolve(process.env.BUILD_DIR ?? "build");
  const database = await createTestDatabase();
  // As the app's own Postgres database does (db.server.ts): the page cache hears changes through it.
  const stopListening = database.url ? listenForContentChanges(database.url) : async () => {};
  let build: ServerBuild;
  try {
    build = (await import(pathToFileURL(path.join(buildDirectory, "server/index.js")).href)) as ServerBuild;
  } catch (error) {
    throw new Error("These tests run the production build: run `npm run build` first (npm test does).", {
      cause: error,
    });
  }
  const entry = build.entry.module as unknown as ServerEntry & { settleBackgroundTasks: () => Promise<void> };
  const app = createHttpApp({
    build,
    entry,
    buildDirectory,
    trustProxy: options.trustProxy ?? ["loopback"],
    bodyLimitBytes: options.bodyLimitBytes ?? 6 * 1024 * 1024,
  });
  // No pre-warming: tests count the renders a drop leaves to visitors (page-cache-http.test.ts turns it on).
  const server = createHttpServer(app, { prewarm: false });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    database,
    settle: async () => {
      // Queued work starts when the server sees the response close, a turn after the client has it.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await entry.settleBackgroundTasks();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await stopListening();
      await database.close();
    },
  };
}
