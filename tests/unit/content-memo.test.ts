// Reads kept until their table changes (issue 38): the settings and hours every page reads cost no query
// while nothing changed, and a change, heard from the database, is read at once.
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getPublicSite } from "~/models/site-settings.server";
import {
  contentChanged,
  isWatchingContent,
  listenForContentChanges,
  setWatchingContent,
} from "~/server/content-changes.server";
import { forgetKeptReads, readUntilChanged } from "~/server/content-memo.server";
import type { OpenedDatabase } from "~/server/db.server";
import { currentRequestScope, runInRequestScope } from "~/server/request-scope.server";
import { createTestDatabase } from "../support/database";

describe("readUntilChanged", () => {
  let reads = 0;
  /** A read that queries `table` (as the database driver notes a query's public tables). */
  const readOf = (table: string) => async () => {
    currentRequestScope()?.tablesRead.add(table);
    return { value: ++reads, nested: { list: [1, 2] } };
  };
  const read = readOf("t");
  beforeEach(() => {
    reads = 0;
    setWatchingContent(true);
    contentChanged("*");
  });
  afterAll(() => setWatchingContent(false));

  it("reads once, until a write to a table it read commits; a write to another table keeps it", async () => {
    expect((await readUntilChanged("k", read)).value).toBe(1);
    expect((await readUntilChanged("k", read)).value).toBe(1);
    expect((await readUntilChanged("other key", read)).value).toBe(2);
    contentChanged("another_table");
    expect((await readUntilChanged("k", read)).value).toBe(1);
    contentChanged("t");
    expect((await readUntilChanged("k", read)).value).toBe(3);
    contentChanged("*");
    expect((await readUntilChanged("k", read)).value).toBe(4);
  });

  it("drops a read of several tables when any of them changes, and keeps none that read no table", async () => {
    const joined = async () => {
      currentRequestScope()?.tablesRead.add("a").add("b");
      return ++reads;
    };
    expect(await readUntilChanged("joined", joined)).toBe(1);
    expect(await readUntilChanged("joined", joined)).toBe(1);
    contentChanged("b");
    expect(await readUntilChanged("joined", joined)).toBe(2);
    const nothingRead = async () => ++reads;
    expect(await readUntilChanged("no table", nothingRead)).toBe(3);
    expect(await readUntilChanged("no table", nothingRead)).toBe(4);
  });

  it("keeps a read until the time it gives, then reads again", async () => {
    let until = new Date(Date.now() + 60_000);
    const options = { until: async () => until };
    expect((await readUntilChanged("k", read, options)).value).toBe(1);
    expect((await readUntilChanged("k", read, options)).value).toBe(1);
    contentChanged("t");
    until = new Date(Date.now() - 1);
    expect((await readUntilChanged("k", read, options)).value).toBe(2);
    expect((await readUntilChanged("k", read, options)).value).toBe(3);
  });

  it("a request that uses a kept read still depends on its tables, though it sent no query", async () => {
    await readUntilChanged("k", read);
    let done!: Promise<unknown>;
    const scope = runInRequestScope(() => {
      done = readUntilChanged("k", read);
    });
    await done;
    expect(scope.database.queries).toBe(0);
    expect([...scope.tablesRead]).toEqual(["t"]);
  });

  it("acts on a transaction's notification once, however many connections bring it", async () => {
    await readUntilChanged("k", read);
    contentChanged(`t ${process.hrtime.bigint()}`);
    expect((await readUntilChanged("k", read)).value).toBe(2);
    const notification = `t ${process.hrtime.bigint()}`;
    contentChanged(notification);
    expect((await readUntilChanged("k", read)).value).toBe(3);
    contentChanged(notification);
    expect((await readUntilChanged("k", read)).value).toBe(3);
  });

  it("concurrent callers share one read", async () => {
    const values = await Promise.all(Array.from({ length: 20 }, () => readUntilChanged("k", read)));
    expect(new Set(values.map((v) => v.value))).toEqual(new Set([1]));
    expect(reads).toBe(1);
  });

  it("keeps nothing while changes are not heard", async () => {
    setWatchingContent(false);
    await readUntilChanged("k", read);
    await readUntilChanged("k", read);
    expect(reads).toBe(2);
    setWatchingContent(true);
    await readUntilChanged("k", read);
    await readUntilChanged("k", read);
    expect(reads).toBe(3);
  });

  it("while changes are not heard, keeps a read for its request only, until that request writes", async () => {
    setWatchingContent(false);
    const inRequest = async (work: () => Promise<void>) => {
      let done!: Promise<void>;
      runInRequestScope(() => {
        done = work();
      });
      await done;
    };
    await inRequest(async () => {
      await readUntilChanged("k", read);
      expect((await readUntilChanged("k", read)).value).toBe(1);
      expect((await readUntilChanged("other key", readOf("other table"))).value).toBe(2);
      forgetKeptReads(["unrelated"]);
      expect((await readUntilChanged("k", read)).value).toBe(3);
    });
    await inRequest(async () => {
      expect((await readUntilChanged("k", read)).value).toBe(4);
    });
  });

  it("does not keep a failed read, nor one that was in flight when its table changed", async () => {
    await expect(readUntilChanged("k", () => Promise.reject(new Error("database away")))).rejects.toThrow();
    expect((await readUntilChanged("k", read)).value).toBe(1);
    contentChanged("t");
    let finish!: () => void;
    const slow = readUntilChanged("k", async () => {
      currentRequestScope()?.tablesRead.add("t");
      return new Promise<{ value: number }>((r) => (finish = () => r({ value: 99 })));
    });
    contentChanged("t");
    finish();
    expect((await slow).value).toBe(99);
    expect((await readUntilChanged("k", read)).value).toBe(2);
  });

  it("hands out a frozen value, so no request changes what the next one reads", async () => {
    const value = await readUntilChanged("k", read);
    expect(() => {
      value.nested.list.push(3);
    }).toThrow(TypeError);
    expect(Object.isFrozen(value.nested)).toBe(true);
  });
});

describe("the settings and hours every page reads", () => {
  let database: OpenedDatabase;
  let stopListening = async () => {};
  beforeAll(async () => {
    database = await createTestDatabase();
    // On Postgres the server's dedicated listening connection is what says changes are heard (the embedded
    // database says so as it opens).
    if (database.url) {
      stopListening = listenForContentChanges(database.url);
      await vi.waitFor(() => expect(isWatchingContent()).toBe(true));
    }
  });
  afterAll(async () => {
    await stopListening();
    await database.close();
  });

  /** The queries one request's getPublicSite() sends, and what it read. */
  async function publicSiteInRequest() {
    let site!: Awaited<ReturnType<typeof getPublicSite>>;
    let done!: Promise<void>;
    const scope = runInRequestScope(() => {
      done = getPublicSite().then((value) => void (site = value));
    });
    await done;
    return { site, queries: scope.database.queries };
  }

  it("are read by the first page only, and again at once after a write to them, however it was made", async () => {
    const first = await publicSiteInRequest();
    expect(first.queries).toBeGreaterThan(0);
    expect((await publicSiteInRequest()).queries).toBe(0);

    // An operator's SQL, not the models: the database's notification is what drops the kept reads.
    await sql`insert into site_settings (key, value) values ('site', ${JSON.stringify({ name: "Renamed" })})
      on conflict (key) do update set value = excluded.value`.execute(database.db);
    const after = await publicSiteInRequest();
    expect(after.queries).toBeGreaterThan(0);
    expect(after.site.name).toBe("Renamed");
    // On Postgres the listening connection hears the same write a moment after the writing one did, and
    // drops once more: kept again after that.
    await vi.waitFor(async () => expect((await publicSiteInRequest()).queries).toBe(0));

    await sql`insert into store_hours_exceptions (store, start_date, end_date, closed, label)
      values ('Lindsey', current_date, current_date + 1, true, 'Inventory day')`.execute(database.db);
    const withException = await publicSiteInRequest();
    expect(withException.queries).toBeGreaterThan(0);
    expect(JSON.stringify(withException.site)).toContain("Inventory day");
  });
});

describe("a write this process commits", () => {
  let database: OpenedDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    // No notification from brands in this database: only the driver, as the write commits, can drop the read.
    await sql`drop trigger brands_public_content_changed on brands`.execute(database.db);
    setWatchingContent(true);
  });
  afterAll(async () => {
    setWatchingContent(false);
    await database.close();
  });

  /** The featured brands as one request reads them, and the queries it sent. */
  async function featuredBrandsInRequest() {
    let names!: string[];
    let done!: Promise<void>;
    const scope = runInRequestScope(() => {
      done = readUntilChanged("test featured brands", () =>
        database.db.selectFrom("brands").select("name").where("is_featured", "=", true).execute(),
      ).then((rows) => void (names = rows.map((row) => row.name)));
    });
    await done;
    return { names, queries: scope.database.queries };
  }

  it("drops the reads kept from its tables as it commits, not before, whatever the notification's delay", async () => {
    await featuredBrandsInRequest();
    expect((await featuredBrandsInRequest()).queries).toBe(0);
    const brand = { name: "Committed Co", logo_url: "/x.png", is_featured: true, sort_order: 99 };
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto("brands").values(brand).execute();
      // Not committed: what others read is still right.
      expect((await featuredBrandsInRequest()).queries).toBe(0);
    });
    const after = await featuredBrandsInRequest();
    expect(after.queries).toBe(1);
    expect(after.names).toContain("Committed Co");
    // Outside a transaction too; a write that rolls back drops nothing.
    await database.db.deleteFrom("brands").where("name", "=", "Committed Co").execute();
    expect((await featuredBrandsInRequest()).names).not.toContain("Committed Co");
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto("brands").values(brand).execute();
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow();
    expect((await featuredBrandsInRequest()).queries).toBe(0);
  });
});
