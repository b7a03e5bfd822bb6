import { todayInStoreZone } from "~/lib/dates";
import { db } from "~/server/db.server";
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
