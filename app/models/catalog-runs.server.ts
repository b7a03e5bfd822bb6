import { type DB, db } from "~/server/db.server";
import type { CatalogSync } from "~/server/schema.server";
import { readUntilChanged } from "~/server/content-memo.server";

// Each import of a POS export and each sync of the menu provider, and how it ended: the dashboard's line
// ("Menu last synced 3 hours ago: provider answered 401") and the product pages' "Prices as of".

export interface CatalogRun {
  source: string;
  kind: CatalogSync["kind"];
  startedAt: Date;
  /** When it ended; by default now (a test passes its own clock). */
  finishedAt?: Date;
  ok: boolean;
  /** Why it failed, in the owner's words; null when it worked. */
  message?: string | null;
  counts?: { added: number; changed: number; removed: number };
}

/** Records a run; pass the transaction that applied it, so a run is recorded only when its changes are. */
export async function recordCatalogRun(run: CatalogRun, executor?: DB): Promise<void> {
  await (executor ?? (await db()))
    .insertInto("catalog_syncs")
    .values({
      source: run.source,
      kind: run.kind,
      started_at: run.startedAt,
      finished_at: run.finishedAt ?? new Date(),
      ok: run.ok,
      message: run.message ?? null,
      added: run.counts?.added ?? 0,
      changed: run.counts?.changed ?? 0,
      removed: run.counts?.removed ?? 0,
    })
    .execute();
}

/** When the catalog was last known current: the latest run that worked (any source); null before any. */
export function pricesAsOf(): Promise<Date | null> {
  return readUntilChanged("catalog prices as of", async () => {
    const row = await (
      await db()
    )
      .selectFrom("catalog_syncs")
      .select((eb) => eb.fn.max("finished_at").as("at"))
      .where("ok", "=", true)
      .executeTakeFirst();
    return row?.at ? new Date(row.at) : null;
  });
}

/** Per source, its latest run and its latest run that worked (the dashboard's menu line). */
export async function latestCatalogRuns(): Promise<
  { source: string; latest: CatalogSync; lastGood: CatalogSync | null }[]
> {
  const executor = await db();
  const latest = await executor
    .selectFrom("catalog_syncs")
    .selectAll()
    .distinctOn("source")
    .orderBy("source")
    .orderBy("finished_at", "desc")
    .execute();
  const good = await executor
    .selectFrom("catalog_syncs")
    .selectAll()
    .distinctOn("source")
    .where("ok", "=", true)
    .orderBy("source")
    .orderBy("finished_at", "desc")
    .execute();
  const goodBySource = new Map(good.map((run) => [run.source, run]));
  return latest.map((run) => ({ source: run.source, latest: run, lastGood: goodBySource.get(run.source) ?? null }));
}

/** Keeps the log short: runs older than 30 days go, except each source's latest good one. */
export async function pruneCatalogRuns(now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const executor = await db();
  const keep = (await latestCatalogRuns()).flatMap((entry) => [entry.latest.id, entry.lastGood?.id]).filter(Boolean);
  let query = executor.deleteFrom("catalog_syncs").where("finished_at", "<", cutoff);
  if (keep.length > 0) query = query.where("id", "not in", keep as string[]);
  await query.execute();
}

/** A source's latest run, whatever its outcome. */
export async function latestCatalogRun(source: string): Promise<CatalogSync | null> {
  const row = await (
    await db()
  )
    .selectFrom("catalog_syncs")
    .selectAll()
    .where("source", "=", source)
    .orderBy("finished_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}
