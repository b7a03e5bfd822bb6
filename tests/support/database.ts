import { openDatabase, installDatabase, type OpenedDatabase } from "~/server/db.server";
import { migrateToLatest } from "~/server/migrate.server";

/**
 * A fresh in-memory PGlite with every migration applied, installed as the app's database,
 * so models, loaders and actions run against the real schema.
 */
export async function createTestDatabase(): Promise<OpenedDatabase> {
  const opened = await openDatabase({ memory: true });
  await migrateToLatest(opened.db);
  installDatabase(opened);
  return opened;
}
