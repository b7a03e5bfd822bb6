import fs from "node:fs/promises";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import { splitSqlStatements } from "./sql-script.server";

/** Where the SQL migrations live (the Supabase CLI layout); the app runs from the project root. */
export function migrationsDirectory(): string {
  return path.resolve(process.env.MIGRATIONS_DIR ?? "supabase/migrations");
}

/** Reads supabase/migrations/<timestamp>_<name>.sql, in name order. */
export class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly directory = migrationsDirectory()) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(this.directory)).filter((f) => f.endsWith(".sql")).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const script = await fs.readFile(path.join(this.directory, file), "utf8");
      migrations[file.replace(/\.sql$/, "")] = {
        async up(db: Kysely<unknown>) {
          for (const statement of splitSqlStatements(script)) await sql.raw(statement).execute(db);
        },
      };
    }
    return migrations;
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: new SqlFileMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Error") console.error(`Migration ${result.migrationName} failed`);
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
