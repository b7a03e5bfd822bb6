import { todayInStoreZone } from "~/lib/dates";
import { escapeLike } from "./brands.server";
import { db, type DB } from "~/server/db.server";
import type { DealSlide } from "~/server/schema.server";

/** The public carousel: active slides whose dates include today (store time zone), in sort order. */
export async function listCurrentDealSlides(now = new Date()): Promise<DealSlide[]> {
  const today = todayInStoreZone(now);
  return (await db())
    .selectFrom("deals_slides")
    .selectAll()
    .where("is_active", "=", true)
    .where((eb) => eb.or([eb("start_date", "is", null), eb("start_date", "<=", today)]))
    .where((eb) => eb.or([eb("end_date", "is", null), eb("end_date", ">=", today)]))
    .orderBy("sort_order", "asc")
    .orderBy("created_at", "asc")
    .execute();
}

export interface DealInput {
  title: string;
  description?: string | null;
  imageUrl?: string | null;
  imageKey?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  isActive?: boolean;
  sortOrder?: number;
}

export async function createDealSlide(input: DealInput): Promise<DealSlide> {
  return (await db())
    .insertInto("deals_slides")
    .values({
      title: input.title.trim(),
      description: input.description?.trim() || null,
      image_url: input.imageUrl ?? null,
      image_key: input.imageKey ?? null,
      start_date: input.startDate ?? null,
      end_date: input.endDate ?? null,
      is_active: input.isActive ?? true,
      sort_order: input.sortOrder ?? 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type DealFilter = "all" | "active" | "upcoming" | "expired";

/** Admin list: title search plus the spec's filters, relative to today in the stores' time zone. */
export async function listDealSlidesForAdmin(
  options: { search?: string; filter?: DealFilter } = {},
  now = new Date(),
): Promise<DealSlide[]> {
  return filteredDealSlides(await db(), options, now)
    .selectAll()
    .orderBy("sort_order", "asc")
    .orderBy("created_at", "asc")
    .execute();
}

function filteredDealSlides(database: DB, options: { search?: string; filter?: DealFilter }, now: Date) {
  const today = todayInStoreZone(now);
  let query = database.selectFrom("deals_slides");
  const q = options.search?.trim();
  if (q) query = query.where("title", "ilike", `%${escapeLike(q)}%`);
  if (options.filter === "active") query = query.where("is_active", "=", true);
  if (options.filter === "upcoming") query = query.where("start_date", ">", today);
  if (options.filter === "expired") query = query.where("end_date", "<", today);
  return query;
}

/** One page of the admin list (same search and filters, a stable order), and how many match in all. */
export async function listDealSlidesPageForAdmin(
  options: { search?: string; filter?: DealFilter; page: number; pageSize: number },
  now = new Date(),
): Promise<{ deals: DealSlide[]; total: number }> {
  const database = await db();
  const [deals, count] = await Promise.all([
    filteredDealSlides(database, options, now)
      .selectAll()
      .orderBy("sort_order", "asc")
      .orderBy("created_at", "asc")
      .orderBy("id", "asc")
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    filteredDealSlides(database, options, now)
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { deals, total: Number(count.total) };
}

export async function getDealSlide(id: string): Promise<DealSlide | undefined> {
  return (await db()).selectFrom("deals_slides").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Updates a slide; returns the previous row (so a replaced image file can be removed). */
export async function updateDealSlide(
  id: string,
  input: DealInput,
): Promise<{ before: DealSlide; after: DealSlide } | undefined> {
  return (await db()).transaction().execute(async (trx) => {
    const before = await trx.selectFrom("deals_slides").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!before) return undefined;
    const after = await trx
      .updateTable("deals_slides")
      .set({
        title: input.title.trim(),
        description: input.description?.trim() || null,
        image_url: input.imageUrl === undefined ? before.image_url : input.imageUrl,
        image_key: input.imageKey === undefined ? before.image_key : input.imageKey,
        start_date: input.startDate ?? null,
        end_date: input.endDate ?? null,
        is_active: input.isActive ?? true,
        sort_order: input.sortOrder ?? 0,
        updated_at: new Date(),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { before, after };
  });
}

/** Deletes a slide; returns it (so its image file can be removed), or undefined when it did not exist. */
export async function deleteDealSlide(id: string): Promise<DealSlide | undefined> {
  return (await db()).deleteFrom("deals_slides").where("id", "=", id).returningAll().executeTakeFirst();
}
