import fs from "node:fs";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "~/server/db.server";
import { migrationsDirectory, migrateToLatest, SqlFileMigrationProvider } from "~/server/migrate.server";
import { createTestDatabase } from "../support/database";

const DEMO_FLAGS = "20261123090000_demo_content_flags";
const DEAL_HINT = "(Demo deal — edit or replace it in Admin → Deals.)";
const POST_HINT = "*Demo article — edit or delete it in Admin → Blog.*";

/** The migration just before the demo flags: a database seeded by an earlier release. */
function previousMigration(): string {
  const names = fs
    .readdirSync(migrationsDirectory())
    .filter((f) => f.endsWith(".sql"))
    .map((f) => f.replace(/\.sql$/, ""))
    .sort();
  return names[names.indexOf(DEMO_FLAGS) - 1]!;
}

describe("the demo flags migration on a database seeded with hints in the text", () => {
  let database: OpenedDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    const migrator = new Migrator({ db: database.db, provider: new SqlFileMigrationProvider() });
    const { error } = await migrator.migrateTo(previousMigration());
    if (error) throw error;
    await sql`insert into deals_slides (title, description) values
      ('Seeded', ${`Save on your first visit. ${DEAL_HINT}`}),
      ('Only the hint', ${DEAL_HINT}),
      ('Owner''s deal', 'Our own words.')`.execute(database.db);
    await sql`insert into posts (title, slug, content, status) values
      ('Seeded post', 'seeded-post', ${`## Before you go\n\nBring cash.\n\n${POST_HINT}\n`}, 'draft'),
      ('Owner''s post', 'owners-post', 'Mentions the *Demo article* words mid-text, then more.', 'draft')`.execute(
      database.db,
    );
    await migrateToLatest(database.db);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it("moves the deal hint into is_demo and leaves the owner's deals alone", async () => {
    const rows = await sql<{ title: string; description: string | null; is_demo: boolean }>`
      select title, description, is_demo from deals_slides order by title`.execute(database.db);
    expect(rows.rows).toEqual([
      { title: "Only the hint", description: null, is_demo: true },
      { title: "Owner's deal", description: "Our own words.", is_demo: false },
      { title: "Seeded", description: "Save on your first visit.", is_demo: true },
    ]);
  });

  it("moves the post hint into is_demo and leaves the owner's posts alone", async () => {
    const rows = await sql<{ slug: string; content: string; is_demo: boolean }>`
      select slug, content, is_demo from posts order by slug`.execute(database.db);
    expect(rows.rows).toEqual([
      { slug: "owners-post", content: "Mentions the *Demo article* words mid-text, then more.", is_demo: false },
      { slug: "seeded-post", content: "## Before you go\n\nBring cash.", is_demo: true },
    ]);
  });
});
