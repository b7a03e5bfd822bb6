// Preparing the app's database: opened and migrated (db.server.ts), then seeded when empty, under the
// start-up lock, once per process. The production server runs it before it listens (prepareServer in
// entry.server.tsx); the dev server on its first request. It lives apart from db.server.ts because the
// seed uses the models, which use db.server.ts.
import { openAppDatabase, type OpenedDatabase, underStartupLock } from "~/server/db.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { checkUncheckedContent } from "~/models/ad-findings.server";
import { seedIfEmpty } from "~/services/seed.server";

// Kept across dev-server reloads, for the database it was started on: after closeDatabase() the next
// database is prepared anew.
const globalForStartup = globalThis as unknown as {
  __databaseStartup?: { opened: Promise<OpenedDatabase>; prepared: Promise<OpenedDatabase> };
};

/** The app's database: opened, migrated and (when empty) seeded, once per process. A failure is retried by the next call. */
export function prepareDatabase(): Promise<OpenedDatabase> {
  const opened = openAppDatabase();
  const current = globalForStartup.__databaseStartup;
  if (current?.opened === opened) return current.prepared;
  const startup = {
    opened,
    prepared: (async () => {
      const database = await opened;
      await underStartupLock(database, () => seedIfEmpty(database.db, { demo: env().SEED_DEMO }));
      // The advertising findings of content written before (or checked with other rules than) this version:
      // once, here, rather than on the dashboard's first load. A failure leaves them for that load.
      await checkUncheckedContent(database.db, { rulesChanged: true }).catch((error: unknown) =>
        logger.warn({ err: error }, "Could not check the content's advertising findings at start-up"),
      );
      return database;
    })().catch((error) => {
      if (globalForStartup.__databaseStartup === startup) globalForStartup.__databaseStartup = undefined;
      throw error;
    }),
  };
  globalForStartup.__databaseStartup = startup;
  return startup.prepared;
}
