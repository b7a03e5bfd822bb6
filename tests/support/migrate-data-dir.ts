// Run by tests/support/data-dir-templates.ts: migrates the embedded database in DATA_DIR (as a server's start
// would) and closes it. Test support only; the app never reads it.
import { openDatabase } from "~/server/db.server";
import { migrateToLatest } from "~/server/migrate.server";

const opened = await openDatabase();
try {
  await migrateToLatest(opened.db);
} finally {
  await opened.close();
}
