import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { databaseReadiness, type OpenedDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { appliedMigrations, migrateToLatest, pendingMigrations } from "~/server/migrate.server";
import { createTestDatabase } from "../support/database";

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await database.close();
});

const addApplied = (name: string) =>
  sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
    database.db,
  );
const removeApplied = (name: string) => sql`delete from kysely_migration where name = ${name}`.execute(database.db);

describe("readiness", () => {
  it("is not ready while a migration of this release is missing, and ready once it is there", async () => {
    const newest = (await appliedMigrations(database.db)).at(-1)!;
    await removeApplied(newest);
    expect(await pendingMigrations(database.db)).toEqual([newest]);
    expect(await databaseReadiness()).toEqual({ ready: false, reason: `migrations pending: ${newest}` });
    await addApplied(newest);
    expect(await databaseReadiness()).toEqual({ ready: true });
  });

  it("takes the app's own answered queries as proof, and asks the database only when none came in the last second", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      expect(await databaseReadiness()).toEqual({ ready: true });
      const asked = vi.spyOn(database.db.getExecutor(), "executeQuery");
      // A page's query has just been answered: readiness asks nothing (it would queue behind the pages).
      await database.db.selectFrom("brands").select("id").execute();
      asked.mockClear();
      expect(await databaseReadiness()).toEqual({ ready: true });
      expect(asked).not.toHaveBeenCalled();
      // A quiet second later it asks again.
      vi.setSystemTime(Date.now() + 1_000);
      expect(await databaseReadiness()).toEqual({ ready: true });
      expect(asked).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("migrating", () => {
  it("does nothing on an up-to-date database", async () => {
    expect(await migrateToLatest(database.db)).toEqual({ applied: [], newerInDatabase: [] });
  });

  it("starts a rolled-back release on a database with newer migrations, with a warning", async () => {
    const warn = vi.spyOn(logger, "warn");
    const newer = "29990101000000_added_by_a_newer_release";
    await addApplied(newer);
    try {
      expect(await migrateToLatest(database.db)).toEqual({ applied: [], newerInDatabase: [newer] });
      expect(warn).toHaveBeenCalledWith(
        { newerMigrations: [newer] },
        expect.stringContaining("migrations newer than this release"),
      );
      // Readiness is about this release's migrations: all there.
      expect(await pendingMigrations(database.db)).toEqual([]);
    } finally {
      await removeApplied(newer);
    }
  });

  it("refuses a database with a migration this release never had among its own", async () => {
    const foreign = "20200101000000_from_another_branch";
    await addApplied(foreign);
    try {
      await expect(migrateToLatest(database.db)).rejects.toThrow(
        /The database's migrations do not match this release: it has 20200101000000_from_another_branch/,
      );
    } finally {
      await removeApplied(foreign);
    }
  });
});
