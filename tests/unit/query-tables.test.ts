// Which public tables a query reads (query-tables.server.ts): what the page cache drops a page by.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPublicTables, PUBLIC_CONTENT_TABLES } from "~/server/query-tables.server";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const tablesOf = (query: { compile(db: OpenedDatabase["db"]): { query: unknown } }) => {
  const tables = new Set<string>();
  addPublicTables(query.compile(database.db).query, tables);
  return [...tables].sort();
};

describe("addPublicTables", () => {
  it("names the public tables a built query reads: from, joins, subqueries; not the others", () => {
    const db = database.db;
    expect(tablesOf(db.selectFrom("brands").selectAll())).toEqual(["brands"]);
    expect(
      tablesOf(
        db
          .selectFrom("posts")
          .innerJoin("post_tags", "post_tags.post_id", "posts.id")
          .where("posts.id", "in", db.selectFrom("post_categories").select("post_id"))
          .select("posts.id"),
      ),
    ).toEqual(["post_categories", "post_tags", "posts"]);
    expect(tablesOf(db.selectFrom("sessions").selectAll())).toEqual([]);
  });

  it("names the public tables raw SQL mentions, as a whole query or a fragment of one", () => {
    expect(tablesOf(sql`select count(*) from reviews where is_hidden = ${false}`)).toEqual(["reviews"]);
    const db = database.db;
    expect(
      tablesOf(
        db
          .selectFrom("sessions")
          .select(sql<boolean>`exists (select 1 from catalog_products where gone_since is null)`.as("any")),
      ),
    ).toEqual(["catalog_products"]);
    expect(tablesOf(sql`select 1 from post_tags_archive`)).toEqual([]);
  });

  it("knows every table whose writes notify public_content_changed, and only those", async () => {
    const { rows } = await sql<{ table: string }>`
      select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname like '%_public_content_changed' and not t.tgisinternal`.execute(database.db);
    expect(rows.map((row) => row.table).sort()).toEqual([...PUBLIC_CONTENT_TABLES].sort());
  });
});
