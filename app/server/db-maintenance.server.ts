import { sql } from "kysely";
import type { OpenedDatabase } from "./db.server";

/**
 * Refreshes the planner's statistics and the visibility map of the embedded database. PGlite runs no
 * autovacuum, and without statistics the planner guesses badly (e.g. sorting every post for one page of
 * the blog instead of walking the published_at index). A server Postgres does this by itself.
 */
export async function maintainEmbeddedDatabase(database: OpenedDatabase): Promise<void> {
  if (database.kind === "postgres") return;
  await sql`vacuum (analyze)`.execute(database.db);
}
