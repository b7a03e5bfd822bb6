// `npm run seed`: applies migrations and seeds the demo content into an empty database.
// Refuses while a server holds the embedded database (stop it first).
import { openDatabase, installDatabase } from "~/server/db.server";
import { migrateToLatest } from "~/server/migrate.server";
import { seedIfEmpty } from "~/services/seed.server";

try {
  const opened = await openDatabase();
  installDatabase(opened);
  try {
    await migrateToLatest(opened.db);
    const seeded = await seedIfEmpty(opened.db, { demo: true });
    if (!seeded) console.log("The database already has content; nothing was seeded.");
  } finally {
    await opened.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
