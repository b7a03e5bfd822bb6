import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import {
  DEAL_ENDING_SOON_DAYS,
  type DealAttentionFilter,
  type MoveDirection,
  type MoveOutcome,
} from "~/lib/admin-list";
import { addDays, todayInStoreZone } from "~/lib/dates";
import { containsPattern } from "./like-pattern.server";
import { type ActivityActor, recordRowChange, type RowActivity } from "./activity.server";
import { type OverrideFor, overrideFor, recordAdvertisingOverride } from "./ad-findings.server";
import { moveInOrder } from "./ordered-rows.server";
import { db, type DB } from "~/server/db.server";
import type { Database, DealSlide } from "~/server/schema.server";
import { lockRowForUpdate } from "./row-lock.server";
import { readUntilChanged } from "~/server/content-memo.server";

/** The public carousel: active slides whose dates include today (store time zone), in sort order. */
export function listCurrentDealSlides(now = new Date()): Promise<DealSlide[]> {
  const today = todayInStoreZone(now);
  return readUntilChanged(`deals current ${today}`, async () => {
    return (await db())
      .selectFrom("deals_slides")
      .selectAll()
      .where("is_active", "=", true)
      .where((eb) => eb.or([eb("start_date", "is", null), eb("start_date", "<=", today)]))
      .where((eb) => eb.or([eb("end_date", "is", null), eb("end_date", ">=", today)]))
      .orderBy("sort_order", "asc")
      .orderBy("created_at", "asc")
      .execute();
  });
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
  /** Seeded demo content (the seed sets it; an admin's save clears it). */
  isDemo?: boolean;
}

/** The fields an admin edits, as the activity log compares them (the image by its address). */
const DEAL_FIELDS = ["title", "description", "image_url", "start_date", "end_date", "is_active", "sort_order"] as const;

function dealValues(input: DealInput) {
  return {
    title: input.title.trim(),
    description: input.description?.trim() || null,
    image_url: input.imageUrl ?? null,
    image_key: input.imageKey ?? null,
    start_date: input.startDate ?? null,
    end_date: input.endDate ?? null,
    is_active: input.isActive ?? true,
    sort_order: input.sortOrder ?? 0,
    is_demo: input.isDemo ?? false,
  };
}

/** A deal in the activity log: its name as the title, and the fields an admin edits. */
const DEAL_ACTIVITY: RowActivity<DealSlide> = {
  subject: (deal) => ({ type: "deal", id: deal.id, title: deal.title }),
  fields: DEAL_FIELDS,
};

/** An admin adds a slide: the row and its activity entry in one transaction. */
export async function createDealSlide(
  input: DealInput,
  actor: ActivityActor,
  override?: OverrideFor<DealSlide>,
): Promise<DealSlide> {
  return (await db()).transaction().execute(async (trx) => {
    const deal = await trx
      .insertInto("deals_slides")
      .values(dealValues(input))
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordRowChange(trx, "deal.create", actor, DEAL_ACTIVITY, null, deal);
    const decided = overrideFor(override, undefined);
    if (decided) await recordAdvertisingOverride(trx, actor, DEAL_ACTIVITY.subject(deal), decided);
    return deal;
  });
}

/** Inserts a slide without an activity entry: the demo seed and test fixtures, never an admin's write. */
export async function insertDealSlide(input: DealInput): Promise<DealSlide> {
  return (await db()).insertInto("deals_slides").values(dealValues(input)).returningAll().executeTakeFirstOrThrow();
}

export type DealFilter = "all" | "active" | "upcoming" | "expired" | DealAttentionFilter;

/**
 * What a filter of the admin list means, relative to `today` ("YYYY-MM-DD" in the stores' zone); null for
 * all. Shared by the list and the dashboard's counts, so a count and the list it links to agree.
 */
export function dealFilterCondition(
  eb: ExpressionBuilder<Database, "deals_slides">,
  filter: DealFilter,
  today: string,
): Expression<SqlBool> | null {
  switch (filter) {
    case "active":
      return eb("is_active", "=", true);
    case "upcoming":
      return eb("start_date", ">", today);
    case "expired":
      return eb("end_date", "<", today);
    case "ending-soon":
      return eb.and([
        eb("is_active", "=", true),
        eb("end_date", ">=", today),
        eb("end_date", "<=", addDays(today, DEAL_ENDING_SOON_DAYS)),
      ]);
    case "expired-active":
      return eb.and([eb("is_active", "=", true), eb("end_date", "<", today)]);
    default:
      return null;
  }
}

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
  if (q) query = query.where("title", "ilike", containsPattern(q));
  const filter = options.filter ?? "all";
  if (filter !== "all") query = query.where((eb) => dealFilterCondition(eb, filter, today) ?? eb.lit(true));
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
  actor: ActivityActor,
  /** The owner published words with advertising findings anyway: kept in the activity log. */
  override?: OverrideFor<DealSlide>,
): Promise<{ before: DealSlide; after: DealSlide } | undefined> {
  return (await db()).transaction().execute(async (trx) => {
    const before = await lockRowForUpdate(trx, "deals_slides", id);
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
        // Saved by an admin: no longer demo content.
        is_demo: input.isDemo ?? false,
        updated_at: new Date(),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordRowChange(trx, "deal.update", actor, DEAL_ACTIVITY, before, after);
    const decided = overrideFor(override, before);
    if (decided) await recordAdvertisingOverride(trx, actor, DEAL_ACTIVITY.subject(after), decided);
    return { before, after };
  });
}

/** Deletes a slide; returns it (so its image file can be removed), or undefined when it did not exist. */
export async function deleteDealSlide(id: string, actor: ActivityActor): Promise<DealSlide | undefined> {
  return (await db()).transaction().execute(async (trx) => {
    const deal = await trx.deleteFrom("deals_slides").where("id", "=", id).returningAll().executeTakeFirst();
    if (!deal) return undefined;
    await recordRowChange(trx, "deal.delete", actor, DEAL_ACTIVITY, deal, null);
    return deal;
  });
}

/** Moves one place up or down the order (see moveInOrder); 'edge' when it is already first or last. */
export function moveDealSlide(id: string, direction: MoveDirection, actor: ActivityActor): Promise<MoveOutcome> {
  return moveInOrder("deals_slides", id, direction, { kind: "deal.move", actor, subject: DEAL_ACTIVITY.subject });
}
