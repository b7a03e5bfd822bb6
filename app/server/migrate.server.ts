import fs from "node:fs/promises";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import { logger } from "./logger.server";
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

/** What a migration run found and did. */
export interface MigrationOutcome {
  applied: string[];
  /** Migrations the database has and this release does not: a newer release ran here before a roll-back. */
  newerInDatabase: string[];
}

// Kysely's bookkeeping table (Migrator's default name).
const MIGRATION_TABLE = "kysely_migration";

/** The names of the migrations already applied to the database, in order ([] for a fresh database). */
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ exists: boolean }>`select to_regclass(${MIGRATION_TABLE}) is not null as exists`.execute(
    db,
  );
  if (!rows[0]?.exists) return [];
  const applied = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db);
  return applied.rows.map((row) => row.name);
}

/** The migrations this release has and the database lacks ([] when it is up to date, or ahead). */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const known = Object.keys(await new SqlFileMigrationProvider().getMigrations()).sort();
  const applied = new Set(await appliedMigrations(db));
  return known.filter((name) => !applied.has(name));
}

/**
 * Applies this release's pending migrations. A database that already has newer ones — a release was rolled
 * back — is left as it is with a warning, so the older release starts: migrations only ever add (tables,
 * nullable or defaulted columns, indexes), so older code still works on a newer schema. Anything else
 * unknown (an older name this release lacks, or gaps) is a database of another version: refused.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationOutcome> {
  const provider = new SqlFileMigrationProvider();
  const known = Object.keys(await provider.getMigrations()).sort();
  const applied = await appliedMigrations(db);
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    const newest = known.at(-1) ?? "";
    const pending = known.filter((name) => !applied.includes(name));
    if (unknown.some((name) => name <= newest) || pending.length > 0) {
      throw new Error(
        `The database's migrations do not match this release: it has ${unknown.join(", ")}` +
          (pending.length ? ` and lacks ${pending.join(", ")}` : "") +
          ". Deploy the release that made them, or restore a backup.",
      );
    }
    logger.warn(
      { newerMigrations: unknown },
      "The database has migrations newer than this release (a rolled-back deploy?); starting without migrating, as migrations only add.",
    );
    return { applied: [], newerInDatabase: unknown };
  }
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Error") logger.error({ migration: result.migrationName }, "Migration failed");
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return {
    applied: (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName),
    newerInDatabase: [],
  };
}
